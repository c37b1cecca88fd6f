"""The benchmark drafts, built from the corpus: real sentences quoted from real sources, with their real
citations. Run `python -m bench.draft` to (re)write bench/data/draft-100.md; the benchmarks read that file.

draft-100.md: 100 numbered paragraphs in three languages, one citation each:
  - 40 quotes of Korean statutes (민법, 근로기준법, 개인정보 보호법, 주택임대차보호법, 형법),
  - 10 Korean precedents (bare citations),
  - 20 quotes of the Kodeks cywilny and 6 Polish judgments (bare),
  - 16 quotes of the GDPR and 8 quotes of CJEU judgments.
Every quote is copied from the corpus text of the
source it cites, so a correct verifier finds each of them."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from bench.common import BENCH_DATA
from bench.corpus import CORPUS, corpus_texts, sentences

DRAFT_100 = BENCH_DATA / "draft-100.md"
DRAFT_GDPR = BENCH_DATA / "draft-gdpr-100.md"
KR_STATUTES = ("민법", "근로기준법", "개인정보보호법", "주택임대차보호법", "형법")
PL_MONTHS = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
]
_KR_ARTICLE = re.compile(r"^##### 제(\d+)조(?:의(\d+))? \(([^)\n]*)\)\n\n(.*?)(?=\n#|\Z)", re.M | re.S)
_PL_ARTICLE = re.compile(r"Art\.\xa0(\d+)\.\n\n§\xa01\.\n\n(.*?)(?=\n\n)", re.S)
_GDPR_ARTICLE = re.compile(r"^Article (\d+)\n\n[^\n]+\n\n1\.\s+([^\n]+)", re.M)
_WS = re.compile(r"\s+")


def _first_sentence(text: str, end: str) -> str | None:
    text = _WS.sub(" ", text).strip()
    cut = text.find(end)
    if cut < 0:
        return None
    s = text[: cut + len(end)]
    return s if 25 <= len(s) <= 200 else None


def _one_citation(paragraph: str) -> bool:
    """A quote that itself cites something (제140조, Article 58(2)) would add a second citation."""
    from verifier.citations import extract_citations

    return len(extract_citations(paragraph)) == 1


def _spread[T](items: list[T], k: int) -> list[T]:
    if len(items) < k:
        raise ValueError(f"the corpus has only {len(items)} candidates, {k} needed")
    step = len(items) / k
    return [items[int(i * step)] for i in range(k)]


def _kr_statutes(per_law: int) -> Iterator[str]:
    for folder in KR_STATUTES:
        path = next((CORPUS / "kr" / "statutes" / folder).glob("*.md"))
        md = path.read_text(encoding="utf-8")
        title = re.search(r"^제목: (.+)$", md, re.M)
        assert title is not None, path
        law = title.group(1).strip()
        found = []
        for m in _KR_ARTICLE.finditer(md):
            number = m.group(1) + (f"조의{m.group(2)}" if m.group(2) else "조")
            body = m.group(4).strip()
            paragraph = ""
            if body.startswith("**①**"):
                body, paragraph = body.removeprefix("**①**"), " 제1항"
            quote = _first_sentence(body.split("\n")[0], "다.")
            if quote and "삭제" not in quote and "<" not in quote:
                found.append(f'{law} 제{number}{paragraph}에서는 "{quote}"라고 규정한다.')
        yield from _spread([p for p in found if _one_citation(p)], per_law)


def _kr_precedents(k: int) -> Iterator[str]:
    paths = sorted((CORPUS / "kr" / "precedents").rglob("*.md"))
    for path in _spread(paths, k):
        court, date, number = path.stem.split("_")
        y, m, d = (int(x) for x in date.split("-"))
        kind = "결정" if re.search(r"\d(모|마|그|스|카)\d", number) else "판결"
        yield f"{court} {y}. {m}. {d}. 선고 {number} {kind} 참조."


def _pl_code(k: int) -> Iterator[str]:
    html_text = next(t for t in corpus_texts() if t.name == "pl/statutes/eli/DU_1964_93/text.html").text
    found = []
    for m in _PL_ARTICLE.finditer(html_text):
        quote = _first_sentence(m.group(2), ".")
        if quote and "(uchylony)" not in quote:
            found.append(f"Zgodnie z art. {m.group(1)} § 1 k.c. „{quote[:-1]}”.")
    yield from _spread([p for p in found if _one_citation(p)], k)


def _pl_date(iso: str) -> str:
    y, m, d = (int(x) for x in iso.split("-"))
    return f"{d} {PL_MONTHS[m - 1]} {y}"


def _pl_judgments() -> Iterator[str]:
    records = json.loads((CORPUS / "pl/judgments/supreme_court/scJudgments_v1_1.json").read_text("utf-8"))
    for r in records:
        form = str(r.get("supremeCourtJudgmentForm") or "")
        word = "uchwała SN" if "uchwała" in form else "postanowienie SN" if "postan" in form else "wyrok SN"
        yield f"Por. {word} z dnia {_pl_date(str(r['judgmentDate']))} r., {r['caseNumber']}."
    yield "Por. wyrok SA we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12."


def _gdpr(k: int) -> Iterator[str]:
    text = (CORPUS / "eu/legislation/32016R0679/EU_document.txt").read_text(encoding="utf-8")
    found = []
    for m in _GDPR_ARTICLE.finditer(text):
        quote = _first_sentence(m.group(2), ".")
        if quote and ":" not in quote:
            found.append(f'Article {m.group(1)}(1) of Regulation (EU) 2016/679 provides that "{quote[:-1]}".')
    yield from _spread([p for p in found if _one_citation(p)], k)


def _cjeu(per_case: int) -> Iterator[str]:
    for case, name in (("C-311/18", "Facebook Ireland and Schrems"), ("C-300/21", "Österreichische Post")):
        path = CORPUS / "eu" / "case_law" / (case.replace("/", "-") + ".md")
        text = path.read_text(encoding="utf-8")
        body = text[text.find("Judgment") :]
        picked = [
            f'In Case {case} {name}, the Court of Justice stated that "{s[:-1]}".'
            for s in sentences(body, min_chars=80, max_chars=200)
            if s.endswith(".") and "*" not in s and s[0].isupper()
        ]
        yield from _spread([p for p in picked if _one_citation(p)], per_case)


def build_draft_100() -> str:
    parts = [
        *_kr_statutes(8),
        *_kr_precedents(10),
        *_pl_code(20),
        *_pl_judgments(),
        *_gdpr(16),
        *_cjeu(4),
    ]
    if len(parts) != 100:
        raise AssertionError(f"the draft should have 100 paragraphs, built {len(parts)}")
    lines = ["# Benchmark draft: 100 citations (built by bench/draft.py from tests/data/corpus)", ""]
    lines += [f"{i}. {p}\n" for i, p in enumerate(parts, start=1)]
    return "\n".join(lines)


def build_draft_gdpr() -> str:
    """100 quotes of the GDPR, each citing its article: the draft of the memory figure, checked against
    one 5 MB source (the GDPR followed by the rest of the corpus)."""
    text = (CORPUS / "eu/legislation/32016R0679/EU_document.txt").read_text(encoding="utf-8")
    found = []
    starts = [(m.start(), m.group(1)) for m in re.finditer(r"^Article (\d+)\n", text, re.M)]
    for (start, number), (end, _) in zip(starts, [*starts[1:], (len(text), "")], strict=True):
        for s in sentences(text[start:end], min_chars=60, max_chars=200):
            if s.endswith(".") and s[0].isupper():
                paragraph = f'Article {number} of Regulation (EU) 2016/679 provides that "{s[:-1]}".'
                if _one_citation(paragraph):
                    found.append(paragraph)
    parts = _spread(found, 100)
    lines = ["# Benchmark draft: 100 GDPR quotes (built by bench/draft.py from tests/data/corpus)", ""]
    lines += [f"{i}. {p}\n" for i, p in enumerate(parts, start=1)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    folder = Path(argv[0]) if argv else BENCH_DATA
    folder.mkdir(parents=True, exist_ok=True)
    for name, build in ((DRAFT_100.name, build_draft_100), (DRAFT_GDPR.name, build_draft_gdpr)):
        (folder / name).write_text(build(), encoding="utf-8")
        print(f"wrote {folder / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
