"""Bad input (issue 8 §3): whatever is pasted or uploaded, ingest and the extractors either work or refuse
with the one clear input error (IngestError, a one-line sentence), and they do it in bounded time.

Property runs: random Unicode, legal fragments of all three jurisdictions glued together at random, quotes
of every kind nested and unbalanced, random bytes under every accepted extension. The default run tries a few
hundred cases; CI (`slow`) tries thousands. Pathological inputs run in a child process with a timeout per
call, because a catastrophic regex stuck in C code cannot be interrupted in-process.
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reliability.harness import record_figure
from tests.reliability.timed import ingest_and_extract
from verifier.citations import extract_claims
from verifier.ingest import IngestError, ingest_bytes, ingest_text

# The readers import their parsers on first use; load them now so that no case's time limit pays for it.
importlib.import_module("verifier.ingest.pdf")
importlib.import_module("verifier.ingest.docx")

FRAGMENTS = [
    # Korean statutes and cases, with the shorthand that refers back
    "민법 제103조",
    "제1조제1항",
    "제2조의2 제3항 제8호의2 다목",
    "같은 법 제5조",
    "동법 시행령 제3조",
    "대법원 2016. 8. 17. 선고 2014다235080 판결",
    "헌법재판소 2017헌바127",
    "「개인정보 보호법」",
    # Polish
    "art. 5 § 1 k.c.",
    "art. 385¹ k.c.",
    "art. 5 ust. 1 pkt 2 lit. a",
    "wyrok SN z dnia 12 marca 2019 r., II CSK 123/19",
    "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02",
    "Dz.U. 1964 nr 16 poz. 93",
    # EU
    "Article 6(1)(f) GDPR",
    "Case C-300/21",
    "ECLI:EU:C:2015:650",
    "CELEX 32016R0679",
    # quotes, brackets, breaks and marks that confuse sentence and quote finding
    "“",
    "”",
    "„",
    "«",
    "»",
    "「",
    "」",
    "『",
    "』",
    '"',
    "'",
    "[…]",
    "(",
    ")",
    ". ",
    "\n",
    "\n\n",
    "\t",
    "\u00ad",
    "\u200b",
    "\u0301",
    "\ufeff",
    "\r\n",
    "ibid.",
    "id.",
    "op. cit.",
]

legal_text = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=40)), min_size=1, max_size=120
).map("".join)
nested_quotes = st.integers(1, 400).flatmap(
    lambda depth: st.tuples(
        st.sampled_from([("「", "」"), ("“", "”"), ("„", "”"), ("«", "»"), ('"', '"'), ("『", "』")]),
        st.sampled_from(FRAGMENTS),
        st.booleans(),
    ).map(lambda t: t[0][0] * depth + t[1] + (t[0][1] * depth if t[2] else ""))
)
drafts = st.one_of(legal_text, nested_quotes, st.text(max_size=3000))
ENCODINGS = st.sampled_from(["utf-8", "utf-16", "cp1250", "cp949", "iso8859_2", "utf-8-sig"])
NAMES = st.sampled_from(["d.txt", "d.md", "d.docx", "d.pdf", "D.TXT", "d", "d.doc", "d.txt.pdf"])

QUICK = settings(
    max_examples=150,
    deadline=timedelta(seconds=5),
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
THOUSANDS = settings(QUICK, max_examples=2500)

cases_run: dict[str, int] = {}


@pytest.fixture(scope="module", autouse=True)
def _count_cases() -> Iterator[None]:
    yield
    record_figure("fuzz", cases=dict(cases_run), total=sum(cases_run.values()))


def check_claims(text: str, lang: str | None) -> None:
    claims = extract_claims(text, lang=lang)
    for claim in claims:
        start, end = claim.citation.span
        assert 0 <= start < end <= len(text)
        assert text[start:end] == claim.citation.text
        c_start, c_end = claim.claim_span
        assert 0 <= c_start <= c_end <= len(text)
        assert claim.claim_text == text[c_start:c_end]
        if claim.quote_span is not None:
            q_start, q_end = claim.quote_span
            assert 0 <= q_start <= q_end <= len(text)


def pasted_then_extracted(text: str, lang: str | None) -> None:
    cases_run["pasted"] = cases_run.get("pasted", 0) + 1
    refusal = ""
    try:
        document = ingest_text(text)
    except IngestError as error:
        refusal = str(error)
    if refusal:
        # Only a blank paste is refused, and the message says so in one line.
        assert "empty" in refusal
        assert "\n" not in refusal
        assert not text.strip()
        return
    check_claims(document.text, lang)


def uploaded_then_extracted(text: str, encoding: str, junk: bytes, name: str) -> None:
    cases_run["uploaded"] = cases_run.get("uploaded", 0) + 1
    data = text.encode(encoding, errors="ignore") + junk
    started = time.monotonic()
    try:
        document = ingest_bytes(data, name)
    except IngestError as refusal:
        message = str(refusal)
        assert message.strip()
        assert "\n" not in message
        assert "Traceback" not in message
        return
    finally:
        assert time.monotonic() - started < 5
    check_claims(document.text, None)


LANGS = st.sampled_from([None, "ko", "pl", "en"])


@QUICK
@given(text=drafts, lang=LANGS)
def test_pasted_drafts_are_extracted_or_refused_cleanly(text, lang):
    pasted_then_extracted(text, lang)


@QUICK
@given(text=drafts, encoding=ENCODINGS, junk=st.binary(max_size=64), name=NAMES)
def test_uploaded_bytes_are_extracted_or_refused_cleanly(text, encoding, junk, name):
    uploaded_then_extracted(text, encoding, junk, name)


@pytest.mark.slow
@THOUSANDS
@given(text=drafts, lang=LANGS)
def test_thousands_of_pasted_drafts(text, lang):
    pasted_then_extracted(text, lang)


@pytest.mark.slow
@THOUSANDS
@given(text=drafts, encoding=ENCODINGS, junk=st.binary(max_size=64), name=NAMES)
def test_thousands_of_uploaded_files(text, encoding, junk, name):
    uploaded_then_extracted(text, encoding, junk, name)


# --- pathological inputs, each in a child process with a time limit ---------------------------------

KB = 1024
MB = 1024 * KB
# (name, repeated unit, characters to reach). The default run uses a quarter megabyte of each, CI the full
# megabyte the issue names; the limit is for one call, ingest plus extraction, on a loaded CI machine.
PATHOLOGICAL = [
    ("1 MB of 제1조제1항", "제1조제1항"),
    ("one line without a break", "a"),
    ("nested corner brackets", "「"),
    ("unclosed curly quotes", "“"),
    ("every quote mark", "„»«“”‘’『』「」\"'"),
    ("'art. ' with no number", "art. "),
    ("'§ 1 ' over and over", "§ 1 "),
    ("'Case C-' with no number", "Case C-"),
    ("numbered list markers", "1. "),
    ("같은 법 without a law", "같은 법 동법 "),
    ("dense Polish pinpoints", "art. 5 ust. 1 pkt 2 lit. a "),
    ("ellipsis gaps", "[…] "),
    ("combining accents", "a\u0301"),
    ("ECLI prefixes", "ECLI:EU:C:"),
    ("soft hyphens and zero widths", "\u00ad\u200b"),
]
SECONDS = {"quick": 10.0, "full": 30.0}
SIZES = {"quick": MB // 4, "full": MB}


@pytest.fixture(scope="module")
def child() -> Iterator[dict[str, object]]:
    context = multiprocessing.get_context("spawn")  # fork would copy this process's threads and locks
    holder: dict[str, object] = {"pool": context.Pool(1), "context": context}
    # The first call pays for the imports and the Korean model; it must not count against an input's limit.
    holder["pool"].apply(ingest_and_extract, ("민법 제1조. ", 1))  # type: ignore[attr-defined]
    yield holder
    holder["pool"].terminate()  # type: ignore[attr-defined]


def timed_in_child(child: dict[str, object], unit: str, chars: int, seconds: float) -> tuple[int, int, float]:
    pool = child["pool"]
    job = pool.apply_async(ingest_and_extract, (unit, max(1, chars // len(unit)), " 민법 제1조."))  # type: ignore[attr-defined]
    try:
        return job.get(timeout=seconds)
    except multiprocessing.TimeoutError:
        pool.terminate()  # type: ignore[attr-defined]
        child["pool"] = child["context"].Pool(1)  # type: ignore[attr-defined]
        child["pool"].apply(ingest_and_extract, ("민법 제1조. ", 1))  # type: ignore[attr-defined]
        raise AssertionError(f"still running after {seconds:.0f} s: unbounded time on this input") from None


def pathological_params(size: str) -> list[object]:
    marks = [pytest.mark.slow] if size == "full" else []
    return [pytest.param(size, name, unit, id=f"{size}-{name}", marks=marks) for name, unit in PATHOLOGICAL]


@pytest.mark.parametrize(("size", "name", "unit"), pathological_params("quick") + pathological_params("full"))
def test_pathological_input_finishes_in_bounded_time(size, name, unit, child):
    chars, claims, seconds = timed_in_child(child, unit, SIZES[size], SECONDS[size])
    cases_run["pathological"] = cases_run.get("pathological", 0) + 1
    record_figure("pathological", input=name, chars=chars, claims=claims, seconds=round(seconds, 2))
    assert chars >= SIZES[size] - len(unit)
    assert claims >= 0, f"{name}: refused by ingest, but it is valid text"
