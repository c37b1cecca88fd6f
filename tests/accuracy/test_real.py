"""The real-prose set (tests/data/real/): its ratchet, and what the set must be to measure anything.

The whole set runs here (about four minutes of CPU, shared out between two processes): no sample is needed.
The run is deterministic (the cases are generated with a fixed seed, the engine has no clock or randomness
on this path and the resolver is offline), so the tolerance is zero cases: a figure worse by one case is a
change of the product, not noise. It fails when the blocked share of correct citations rises, or a mutation
class's blocked share falls, or any other figure of scoring.DIRECTION gets worse — overall, per language,
per language × group and per language × class.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter

import pytest

from tests.accuracy import real, real_build, real_mutate, real_sources
from tests.accuracy.cases import DATA, fingerprint


@pytest.fixture(scope="module")
def cases():
    return real_build.load()


@pytest.fixture(scope="module")
def results(cases):
    return real.run(cases, processes=real.PROCESSES)  # the set's 4,000 cases take half as long on two cores


@pytest.fixture(scope="module")
def baseline():
    return real.read_baseline()


# ------------------------------------------------------------------------------------------ the ratchet


def test_the_baseline_was_measured_on_these_cases(baseline) -> None:
    assert baseline["data_sha256"] == fingerprint([real_build.CASES]), (
        "tests/data/real/cases.jsonl changed since the baseline was written: run "
        "`python -m tests.accuracy.real --write-baseline` and commit baseline.json with the cases"
    )


def test_no_figure_is_worse_than_the_baseline(results, baseline) -> None:
    problems = real.compare(results, baseline)
    assert not problems, "worse than tests/data/real/baseline.json:\n" + "\n".join(problems)


def test_the_cases_file_is_what_the_build_gives() -> None:
    # the set is generated: an edit by hand (or a change of the builder not run) would measure something else
    assert real_build.render(list(real_build.build())) == real_build.CASES.read_text(encoding="utf-8")


# ------------------------------------------------------------------------------------------ the set


def test_every_language_has_real_citations_from_several_judgments(cases) -> None:
    real_cases = [c for c in cases if c["group"] == "real"]
    per_lang = Counter(c["lang"] for c in real_cases)
    judgments = {lang: {c["judgment"] for c in real_cases if c["lang"] == lang} for lang in per_lang}
    assert set(per_lang) == {"ko", "pl", "en"}
    # Below the 150 a language the issue asks for: the judgments at hand hold no more (docs/ACCURACY.md).
    assert min(per_lang.values()) >= 75, per_lang
    assert len(judgments["ko"]) >= 35
    assert len(judgments["pl"]) >= 10
    assert len(judgments["en"]) >= 2


def test_the_judgments_the_real_set_holds_are_read_as_court_prose(cases) -> None:
    # every CJEU judgment in tests/data/real/eu and every Polish one in tests/data/real/pl (as the Korean
    # ones in kr/precedents) is read: its own reasoning found, citations taken from it, cases made of them
    read = {j.path: j for j in real_sources.judgments()}
    held = [*sorted((real_sources.REAL / "eu").glob("C-*.md")), *sorted(real_sources.PL_REAL.glob("*.txt"))]
    assert len(held) >= 6
    files = {c["file"] for c in cases if c["group"] == "real"}
    for path in held:
        name = path.relative_to(DATA).as_posix()
        judgment = read.get(name)
        assert judgment is not None, f"{name}: not read as a judgment"
        assert any(p.strip() for p in judgment.passages), f"{name}: no reasoning of the court's own found"
        assert any(real_build.real_extract.citations(judgment)), f"{name}: no citation found in it"
        assert name in files, f"{name}: no case in cases.jsonl (run the build)"


def test_every_mutation_group_is_there_in_every_language(cases) -> None:
    groups = Counter((c["lang"], c["group"]) for c in cases)
    for lang in ("ko", "pl", "en"):
        assert groups[lang, "anchor"] >= 50, lang
        assert groups[lang, "meaning"] >= 5, lang
    assert groups["ko", "quote"]
    assert groups["en", "quote"]


def test_each_case_is_consistent(cases) -> None:
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids))
    by_id = {c["id"]: c for c in cases}
    for c in cases:
        start, end = c["span"]
        assert c["draft"][start:end] == c["citation"], c["id"]
        assert (DATA / c["file"]).is_file(), c["id"]
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", c["as_of"]), c["id"]
        if c["group"] == "real":
            assert not c["faulty"], c["id"]
            assert "hard_block" not in c["expect"], c["id"]
        else:
            origin = by_id[c["origin"]]
            assert c["faulty"], c["id"]
            assert c["expect"] == ["hard_block"], c["id"]
            assert c["draft"] != origin["draft"], c["id"]
            assert c["change"], c["id"]


def test_a_meaning_mutation_changes_words_of_the_cited_unit(cases) -> None:
    # the mutated words were the unit's own: the source says what the mutated sentence denies
    for c in cases:
        if c["group"] != "meaning" or c["class"] == "number_digits":
            continue
        before = c["change"].split(" → ")[0]
        origin = next(o for o in cases if o["id"] == c["origin"])
        document = real_sources.source_document(origin["key"], origin["as_of"])
        assert document is not None, c["id"]
        assert before in document.text, (c["id"], before)


def test_the_statute_served_is_the_version_in_force_on_the_day() -> None:
    # 민법 제4조: 만20세 until the 2011 amendment took effect on 2013-07-01, 19세 after
    before = real_sources.source_document("kr:law:민법", "2012-06-01")
    after = real_sources.source_document("kr:law:민법", "2014-01-01")
    assert before is not None
    assert after is not None
    assert before.meta["시행일자"] < "2013-07-01" <= after.meta["시행일자"]
    assert "만20세로 성년이 된다" in before.text
    assert "19세로 성년에 이르게 된다" in after.text
    # before the first version the corpus holds there is nothing to check against: never today's text
    assert real_sources.source_document("kr:law:근로기준법", "1991-12-10") is None


def test_a_mutation_is_blocked_by_the_finding_that_owns_its_words(results) -> None:
    outcomes = {case["id"]: outcome for case, outcome, _ in results}
    # C-311/18: "not" put into the quote of Article 55(1) in a sentence the set names by its Article 57(1)
    turned = outcomes["en-0040-negation_added"]
    assert (turned.status, turned.found) == ("unverified", "Article\xa055(1) of the GDPR")
    # a mutation its own citation's finding blocks keeps that finding (97도1189's quote of 형법 제16조; found
    # by what it is, not by its id, which a rebuild of the set may change)
    own = next(
        case["id"]
        for case, _, _ in results
        if case["class"] == "quote_word"
        and case["judgment"] == "kr:97도1189"
        and case["draft"].startswith("형법 제16조가")
    )
    assert outcomes[own].found == "형법 제16조"
    # the real sentences are never scored through another finding
    assert outcomes["en-0040"].found == "Article\xa057(1) of that regulation"


def test_an_operative_point_is_one_sentence_with_its_provision() -> None:
    # C-507/23's ruling sets the provision on a line of its own and goes on in lower case: cut at the line
    # end, the citation would stand alone and any article put for it would "exist" (a wrong claim 🟢)
    ruling = (
        "2. Article 82(1) of Regulation 2016/679\n\nmust be interpreted as meaning that the making of an "
        "apology may constitute sufficient compensation for non-material damage.\n\n[Signatures]"
    )
    assert real_build.real_extract._split(ruling, "en") == [
        "Article 82(1) of Regulation 2016/679 must be interpreted as meaning that the making of an "
        "apology may constitute sufficient compensation for non-material damage."
    ]


def test_a_korean_sentence_does_not_end_inside_a_quotation() -> None:
    # 대법원 1998. 7. 10. 선고 98도477 판결: the press release the court sets out ends "… 고용한 것이다."
    # inside the quotation; cut there, the next draft opened inside it and a party's words read as 형법's
    reasons = (
        '피고인이 "공소외 2는 하수인으로 고용한 것이다. 거액을 사례하였다."라는 취지의 보도자료를 배포한 '
        "소위가 형법 제309조 제2항에 해당한다고 판단하였다. 원심의 이러한 판단은 정당하고 거기에 "
        "법리오해의 위법이 없다."
    )
    assert real_build.real_extract._split(reasons, "ko") == [
        '피고인이 "공소외 2는 하수인으로 고용한 것이다. 거액을 사례하였다."라는 취지의 보도자료를 배포한 '
        "소위가 형법 제309조 제2항에 해당한다고 판단하였다.",
        "원심의 이러한 판단은 정당하고 거기에 법리오해의 위법이 없다.",
    ]


def test_a_quote_set_out_after_a_colon_is_part_of_the_sentence_that_introduces_it() -> None:
    # C-311/18 ¶11 sets Article 23 out in paragraphs: cut at "states:", its citation was a bare heading and
    # any article put for it "existed" (a wrong claim 🟢); the quote is what the sentence claims
    judgment = next(j for j in real_sources.eu_judgments() if j.id == "eu:C-311/18")
    found = [f for f in real_build.real_extract.citations(judgment) if "GDPR states:" in f.draft]
    article_23 = next(f for f in found if f.draft.startswith("Article\xa023 of the GDPR states:\n\n"))
    paragraphs = article_23.draft.split("\n\n")
    assert paragraphs[1].startswith("‘1.")
    assert "(a) national security;" in paragraphs
    assert paragraphs[-1].endswith("prejudicial to the purpose of the restriction.’")
    # the articles the quote itself names ("Articles 12 to 22 and Article 34") are the act's, not the Court's
    assert not any(f.span[0] > len(paragraphs[0]) for f in found)
    # a sentence that does not end its line with a colon keeps no quote
    assert all("\n" not in f.draft for f in found if not f.draft.split("\n")[0].endswith(":"))


def test_mutations_are_made_the_same_way_every_time() -> None:
    # the first citation the set keeps: one of a law the corpus holds in the version of its date
    found, document = next(
        (f, d)
        for j in real_sources.kr_judgments()
        for f in real_build.real_extract.citations(j)
        if (d := real_sources.source_document(f.key, f.judgment.date)) is not None
    )
    first = real_mutate.mutations(found, document, (("유효", "무효"),), "seed")
    again = real_mutate.mutations(found, document, (("유효", "무효"),), "seed")
    assert first == again
    assert first


def test_the_command_prints_the_tables_and_dumps_the_false_alarms(tmp_path) -> None:
    out = io.StringIO()
    dump = tmp_path / "alarms.jsonl"
    assert real.main(["-k", "pl-000", "--dump", str(dump)], out=out) == 0
    text = out.getvalue()
    assert "correct citations blocked" in text
    assert "The annotated set" in text
    for line in dump.read_text(encoding="utf-8").splitlines():
        alarm = json.loads(line)
        assert alarm["id"].startswith("pl-000")
        assert alarm["draft"]
        assert alarm["status"] in ("unverified", "no_source")
