"""The PDF report keeps every letter of a Korean and a Polish finding, in bold headings too: its text layer
round-trips through poppler's pdftotext, Korean and Latin faces are embedded in both weights, and page 1 is
rendered (pdftoppm) into var/screenshots/ for a person to look at."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import timezone

from workbench import audit
from workbench.exports import report as exports
from workbench.models import Finding, Review
from workbench.words import status_word

SCREENSHOTS = Path(__file__).resolve().parents[3] / "var" / "screenshots"
TITLE = "Opinia: 개인정보 보호법 i dane osobowe — zażółć gęślą jaźń"
FINDINGS = [
    # citation, jurisdiction, kind, status, claim (the line of the draft)
    (
        "대법원 2016. 8. 17. 선고 2014다235080 판결",
        "kr",
        "judgment",
        "needs_judgement",
        "대법원 2016. 8. 17. 선고 2014다235080 판결은 공개된 개인정보의 수집이 위법하지 않다고 보았다.",
    ),
    (
        "개인정보 보호법 제17조 제1항",
        "kr",
        "statute",
        "unverified",
        "개인정보 보호법 제17조 제1항은 정보주체의 동의 없는 제3자 제공을 허용한다.",
    ),
    (
        "wyrok Sądu Najwyższego z dnia 12 marca 2019 r., II CSK 123/19",
        "pl",
        "judgment",
        "no_source",
        "Jak wskazał wyrok Sądu Najwyższego z dnia 12 marca 2019 r., II CSK 123/19, można czynić "
        "zastrzeżenia co do ważności czynności prawnej sprzecznej z ustawą (art. 58 § 1 k.c.).",
    ),
]


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} (poppler-utils) is required; make test installs it (scripts/browser.sh)")
    return path


@pytest.fixture
def review(people):
    draft = "\n".join(f"{n}. {claim}" for n, (*_, claim) in enumerate(FINDINGS, start=1)) + "\n"
    review = Review.objects.create(
        matter=people["matter"],
        title=TITLE,
        created_by=people["associate"],
        draft_name="opinia.md",
        draft_format="md",
        draft_text=draft,
        draft_sha256=hashlib.sha256(draft.encode()).hexdigest(),
        status=Review.Status.DONE,
        language="pl",
        progress_total=len(FINDINGS),
        progress_done=len(FINDINGS),
        finished_at=timezone.now(),
    )
    audit.append(review, "review_created", {"title": TITLE}, people["associate"])
    for ordinal, (citation, jurisdiction, kind, status, _) in enumerate(FINDINGS, start=1):
        start = draft.index(citation)
        line_start = draft.rfind("\n", 0, start) + 1
        Finding.objects.create(
            review=review,
            ordinal=ordinal,
            span_start=start,
            span_end=start + len(citation),
            citation=citation,
            jurisdiction=jurisdiction,
            kind=kind,
            claim_type="paraphrase",
            claim_text=draft[line_start : draft.index("\n", start)],
            claim_start=line_start,
            claim_end=draft.index("\n", start),
            required_level="content",
            achieved_level="none",
            status=status,
            risk=Finding.risk_of(status),
            rationale=f"Sprawdź źródło: {citation} — 원문을 확인하십시오.",
            progress=Finding.Progress.DONE,
            anchor_key=f"key-{ordinal}",
        )
    return review


def test_the_pdf_text_layer_keeps_korean_and_polish_letters_in_bold_headings(review, tmp_path):
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(exports.export_pdf(review, "en"))
    text = subprocess.run(
        [need("pdftotext"), "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = re.sub(r"\s+", " ", text)
    # Bold: the report's title and each evidence heading ("C1 · status · citation"); the table cells are
    # regular, so only the whole heading shows that the bold run kept its Hangul and diacritics.
    assert TITLE in flat
    for number, (citation, _, _, status, claim) in enumerate(FINDINGS, start=1):
        heading = (
            f"C{number} · {status_word(status)} · {citation}"  # the status in words, as the page says it
        )
        assert heading in flat, f"bold heading of C{number} lost letters"
        assert f"Claim: {number}. {claim}" in flat  # regular text, Korean and Polish alike
    assert "2014다235080" in flat
    assert "제17조 제1항" in flat
    assert "można czynić" in flat
    fonts = subprocess.run([need("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout
    embedded = {line.split()[0].split("+")[-1] for line in fonts.splitlines()[2:] if line.strip()}
    assert {"DejaVuSansBook", "DejaVuSansBold", "NotoSansCJKKR", "NotoSansCJKKRBold"} <= embedded


def test_page_one_of_the_pdf_is_rendered_for_a_person_to_look_at(review):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdf = SCREENSHOTS / "report-korean-polish.pdf"
    pdf.write_bytes(exports.export_pdf(review, "en"))
    png = SCREENSHOTS / "report-korean-polish-page-1"
    subprocess.run(
        [need("pdftoppm"), "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(png)],
        check=True,
    )
    rendered = png.with_suffix(".png").read_bytes()
    assert rendered.startswith(b"\x89PNG")
    assert len(rendered) > 20_000  # a page of text, not a blank one


def _open_font_files() -> list[str]:
    targets = []
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):  # the listing's own descriptor, closed by now
            targets.append(str(fd.readlink()))
    return sorted(t for t in targets if t.endswith((".ttf", ".ttc")))


def test_a_report_that_fails_half_way_leaves_no_font_file_open() -> None:
    # fpdf2 closes its fonts in output(): a report that failed before it kept four font files open (two
    # ~20 MB CJK collections) for the life of the process, held by fpdf2's glyph caches, and the next
    # report's output() let them go with a ResourceWarning in whatever request that was.
    from workbench.exports.common import new_pdf

    def failing_report() -> None:
        pdf = new_pdf("Opinia", timezone.now())
        pdf.add_page()
        pdf.set_font("body", size=11)
        pdf.multi_cell(0, 6, "art. 5 k.c. — zażółć gęślą jaźń; 민법 제103조")
        raise RuntimeError("the report failed half-way")

    gc.collect()
    before = _open_font_files()
    for _ in range(3):
        with pytest.raises(RuntimeError):
            failing_report()
    gc.collect()
    assert _open_font_files() == before
