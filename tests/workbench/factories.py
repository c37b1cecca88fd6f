"""Small builders for reviews with findings, so workbench tests need no worker."""

from __future__ import annotations

import hashlib

from django.utils import timezone

from verifier.ingest import IngestedDocument
from workbench import audit
from workbench.models import Finding, Review, SourceSnapshot
from workbench.pipeline import worker
from workbench.reviews import services

DRAFT = (
    '1. 민법 제103조는 "선량한 풍속 기타 사회질서에 위반한 사항을 '
    '내용으로 하는 법률행위는 무효로 한다."라고 규정한다.\n'
    "2. Zgodnie z art. 58 k.c. czynność prawna sprzeczna z ustawą jest nieważna — zażółć gęślą jaźń.\n"
    "3. Por. wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.\n"
)
SOURCE = (
    "제103조(반사회질서의 법률행위) 선량한 풍속 기타 사회질서에 위반한 사항을 "
    "내용으로 하는 법률행위는 무효로 한다."
)


# 제17조 제1항's words, attributed to 제15조 제1항: the verifier says 🔴.
PIPA_MISQUOTE = (
    '1. 개인정보 보호법 제15조 제1항은 "개인정보처리자는 다음 각 호의 어느 하나에 해당되는 경우에는 '
    '정보주체의 개인정보를 제3자에게 제공(공유를 포함한다. 이하 같다)할 수 있다."라고 규정한다.\n'
)


def tasks_sent(callbacks) -> list:
    """Of what runs when a transaction commits, the tasks sent to the worker (not the audit head's anchor)."""
    return [c for c in callbacks if c.__qualname__.startswith("send_on_commit")]


def unsent_review(people, text: str, title: str) -> Review:
    """A review of a pasted draft by the associate, saved, not sent to a worker: the test runs its tasks."""
    from verifier.ingest import ingest_text

    return services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title=title,
        document=ingest_text(text, name=f"{title}.md"),
        enqueue=False,
    )


def checked_review(people, document: IngestedDocument, *, title: str) -> Review:
    """A review through the workbench services, in the order the worker runs them, without a worker."""
    review = services.create_review(
        user=people["associate"], matter=people["matter"], title=title, document=document, enqueue=False
    )
    worker.verify_findings(worker.extract_findings(review.pk))
    return Review.objects.get(pk=review.pk)


def span_of(text: str, needle: str) -> tuple[int, int]:
    start = text.index(needle)
    return start, start + len(needle)


def review_with_findings(people, *, title: str = "Memo", draft: str = DRAFT) -> Review:
    review = Review.objects.create(
        matter=people["matter"],
        title=title,
        created_by=people["associate"],
        draft_name="memo.md",
        draft_format="md",
        draft_text=draft,
        draft_sha256=hashlib.sha256(draft.encode()).hexdigest(),
        status=Review.Status.DONE,
        language="ko",
        progress_total=3,
        progress_done=3,
        finished_at=timezone.now(),
    )
    audit.append(review, "review_created", {"title": title}, people["associate"])
    snapshot = SourceSnapshot.objects.create(
        key="kr:law:민법",
        source_id="corpus:kr:law:민법",
        origin="corpus",
        jurisdiction="kr",
        kind="statute",
        title="민법",
        url="https://www.law.go.kr/법령/민법",
        version="284415",
        sha256=hashlib.sha256(SOURCE.encode()).hexdigest(),
        fetched_at=timezone.now(),
        text=SOURCE,
    )
    rows = [
        (
            "민법 제103조",
            "kr",
            "statute",
            "verbatim_quote",
            "fragment",
            "fragment",
            "verified",
            snapshot,
            {
                "start": 19,
                "end": 60,
                "excerpt": SOURCE[19:60],
                "similarity": 1.0,
                "diff": [],
                "rules": ["quotes"],
            },
        ),
        ("art. 58 k.c.", "pl", "statute", "paraphrase", "content", "content", "needs_judgement", None, None),
        (
            "wyrok SN z dnia 12 marca 2019 r., II CSK 123/19",
            "pl",
            "judgment",
            "bare_citation",
            "existence",
            "none",
            "no_source",
            None,
            None,
        ),
    ]
    for ordinal, (citation, jur, kind, claim_type, req, ach, status, snap, match) in enumerate(rows, start=1):
        start, end = span_of(draft, citation)
        line_start = draft.rfind("\n", 0, start) + 1
        line_end = draft.index("\n", end)
        Finding.objects.create(
            review=review,
            ordinal=ordinal,
            span_start=start,
            span_end=end,
            citation=citation,
            jurisdiction=jur,
            kind=kind,
            claim_type=claim_type,
            claim_text=draft[line_start:line_end],
            claim_start=line_start,
            claim_end=line_end,
            required_level=req,
            achieved_level=ach,
            status=status,
            risk=Finding.risk_of(status),
            rationale=f"Rationale for {citation} — ść 한글",
            snapshot=snap,
            match=match,
            progress=Finding.Progress.DONE,
            anchor_key=f"key-{ordinal}",
        )
    return review
