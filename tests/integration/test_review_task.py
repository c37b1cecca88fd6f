"""A review whose findings are one batch, every source at hand, is verified inside its own review task (one
task, one claim, one round trip fewer: scaling, issue 14); a review in several batches still sends each to a
task of its own. Either way the findings and the audit trail are what the separate task gives."""

from __future__ import annotations

import pytest

from tests.workbench.factories import unsent_review

pytestmark = pytest.mark.integration

# 민법 제103조 and 형법 제250조 as the corpus has them (tests/data/corpus/kr/statutes)
CIVIL = (
    '민법 제103조는 "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."'
    "고 규정한다."
)
CRIMINAL = "형법 제250조 제1항은 사람을 살해한 자를 처벌한다."


@pytest.fixture
def sent(monkeypatch):
    """The verify tasks the review task sends, not run: the test runs each afterwards, as a worker would."""
    from workbench.pipeline import tasks

    batches: list[list[int]] = []
    monkeypatch.setattr(tasks.verify_findings_task, "delay", lambda ids: batches.append(list(ids)))
    return batches


def outcome(review) -> tuple[str, list[tuple]]:
    review.refresh_from_db()
    findings = [
        (f.ordinal, f.citation, f.status, f.achieved_level, f.rationale) for f in review.findings.all()
    ]
    return review.status, sorted(findings)


def kinds(review) -> list[str]:
    return list(review.audit_events.order_by("seq").values_list("kind", flat=True))


def test_a_one_batch_review_is_verified_in_its_review_task_as_its_own_task_would(
    people, corpus_snapshots, settings, sent
) -> None:
    from workbench.pipeline import tasks, worker

    settings.WORKBENCH_LOCAL_ONLY = True
    text = f"{CIVIL}\n\n{CRIMINAL}\n"
    inline = unsent_review(people, text, "inline")
    tasks.process_review_task.apply(args=[inline.pk])
    assert sent == [], "a one-batch review with its sources at hand sent a task"

    separate = unsent_review(people, text, "separate")  # the same draft, through a task of its own
    tasks.verify_findings_task.apply(args=[worker.extract_findings(separate.pk)])
    status, findings = outcome(inline)
    assert status == "done"
    assert len(findings) == 2
    assert (status, findings) == outcome(separate)
    trail = kinds(inline)
    assert trail[trail.index("sources_prefetched") + 1 :].count("finding_computed") == 2
    assert trail[-1] == "review_completed"


def test_a_review_of_several_batches_sends_each_to_a_task_of_its_own(
    people, corpus_snapshots, settings, sent
) -> None:
    from workbench.pipeline import tasks

    settings.WORKBENCH_LOCAL_ONLY = True
    review = unsent_review(people, "\n\n".join([CIVIL] * 8 + [CRIMINAL] * 8) + "\n", "batches")
    tasks.process_review_task.apply(args=[review.pk])
    assert len(sent) == 2, sent  # 16 findings of two sources: two tasks, one a source
    assert sorted(fid for batch in sent for fid in batch) == sorted(
        review.findings.values_list("pk", flat=True)
    )
    for batch in sent:
        tasks.verify_findings_task.apply(args=[batch])
    status, findings = outcome(review)
    assert status == "done"
    assert len(findings) == 16
