"""A rationale is read in the reader's language, not the draft's: the evidence view follows the interface
language, an export the language asked for; the findings JSON keeps the draft's, as the contract says."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from tests.workbench.factories import checked_review
from verifier.ingest import ingest_text
from workbench.models import Finding, Profile

# An English memo quoting 민법 제103조 in English: the article exists
# (tests/data/corpus/kr/statutes/민법/법률.md), its words are Korean, so the quote is for a person to compare
# (🟠 "different languages").
MEMO = 'Under 민법 제103조, "a juristic act contrary to good morals is void".\n'

WORDS = {
    "en": "different languages",
    "pl": "różnych językach",
    "ko": "언어가 달라",
}


@pytest.fixture
def review(people, data_dir):
    from workbench.pipeline.corpus import import_corpus

    import_corpus(data_dir / "corpus")
    made = checked_review(people, ingest_text(MEMO, name="memo.md"), title="en memo")
    assert made.language == "en"
    return made


def finding_of(review) -> Finding:
    return review.findings.get(ordinal=1)


@pytest.mark.parametrize("language", ["en", "pl", "ko"])
def test_the_evidence_view_gives_the_rationale_in_the_readers_language(
    review, people, client_for, language
) -> None:
    Profile.objects.create(user=people["associate"], language=language)
    finding = finding_of(review)
    html = client_for("associate").get(reverse("finding", args=[review.pk, finding.pk])).content.decode()
    rationale = html.split('<p class="rationale">', 1)[1].split("</p>", 1)[0]
    assert WORDS[language] in rationale, rationale
    for other, word in WORDS.items():
        if other != language:
            assert word not in rationale


@pytest.mark.parametrize("language", ["pl", "ko"])
def test_an_export_is_in_the_language_asked_for_and_the_json_in_the_drafts(
    review, client_for, language
) -> None:
    client = client_for("partner")
    url = reverse("review_export", args=[review.pk, "csv"])
    rows = list(
        csv.DictReader(
            io.StringIO(b"".join(client.get(url, {"lang": language}).streaming_content).decode("utf-8-sig"))
        )
    )
    assert WORDS[language] in rows[0]["rationale"]
    data = json.loads(
        b"".join(client.get(reverse("review_export", args=[review.pk, "json"])).streaming_content)
    )
    assert WORDS["en"] in data["documents"][0]["findings"][0]["rationale"]
    exported = review.audit_events.filter(kind="exported").order_by("-seq").values_list("payload", flat=True)
    assert [p["language"] for p in exported][:2] == ["en", language]


PDF_WORDS = {  # the report's own words, not only its rationales (every word in the reader's)
    "en": ("Citation review report", "Evidence for findings that are not green", "Rationale:", "Law as of:"),
    "pl": (
        "Raport z weryfikacji cytatów",
        "Dowody dla ustaleń innych niż zielone",
        "Uzasadnienie:",
        "Stan prawny",
    ),
    "ko": ("인용 검토 보고서", "녹색이 아닌 검토 결과의 근거", "판단 근거:", "법령 기준일:"),
}


@pytest.mark.parametrize("language", ["en", "pl", "ko"])
def test_the_pdf_report_is_written_in_the_language_asked_for(review, client_for, language) -> None:
    import subprocess

    response = client_for("partner").get(
        reverse("review_export", args=[review.pk, "pdf"]), {"lang": language}
    )
    pdf = b"".join(response.streaming_content)
    text = " ".join(
        subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True)
        .stdout.decode()
        .split()
    )
    for words in PDF_WORDS[language]:
        assert words in text, (words, text[:600])
    for other, words in PDF_WORDS.items():
        if other != language:
            assert words[0] not in text
    assert WORDS[language] in text  # and the rationale with them
