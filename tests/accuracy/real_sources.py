"""The judgments of the real-prose set and the law as it read on their dates.

    judgments()          every judgment of the set: its own reasoning, as passages of text
    in_force(law, d)     the Korean statute version in force on day d (version_document: its text)
    AsOfResolver(day)    the offline corpus, except that a Korean statute is served in the version in force
                         on `day` (the product's offline corpus holds one version only)

Korea: `tests/data/real/kr/precedents/` (Supreme Court judgments of legalize-kr/precedent-kr). Poland and the
EU: the judgments of the offline corpus (`tests/data/corpus/pl/judgments`, `eu/case_law`) and those the real
set holds (`tests/data/real/pl`, `tests/data/real/eu`). What counts as a
court's OWN reasoning (never a party's submission or a lower court's reasoning it reports) is decided here, by
the structure each court's judgments share; see tests/data/real/README.md "Own reasoning".
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from tests.accuracy.cases import CORPUS, DATA

REAL = DATA / "real"
KR_PRECEDENTS = REAL / "kr" / "precedents"
PL_REAL = REAL / "pl"
KR_STATUTES = CORPUS / "kr" / "statutes"
EXTRA_VERSIONS = REAL / "statutes"  # versions the offline corpus leaves out (민법: 6 of 37 there)

# The five Korean statutes of the corpus, by the name their files and law.go.kr use.
KR_LAWS = ("민법", "형법", "근로기준법", "주택임대차보호법", "개인정보보호법")


@dataclass(frozen=True, slots=True)
class Judgment:
    id: str  # "kr:2004도4869", "pl:II Ca 166/13", "eu:C-300/21"
    lang: str  # ko, pl, en
    jurisdiction: str  # kr, pl, eu
    date: str  # ISO: the as-of date of every citation in it
    path: str  # the file, relative to tests/data
    passages: tuple[str, ...]  # the court's own reasoning
    # (the line that introduces it, ending with a colon; the quote) for each passage of an act a CJEU
    # judgment sets out in paragraphs of its own ("Article 23 of the GDPR states:" ⏎⏎ "‘1. Union or …")
    set_out: tuple[tuple[str, str], ...] = ()


# ------------------------------------------------------------------------------------------------ Korea


def _front(md: str) -> tuple[dict[str, str], str]:
    front: dict[str, str] = {}
    if md.startswith("---"):
        end = md.find("\n---", 3)
        for line in md[3:end].splitlines():
            name, sep, value = line.partition(":")
            if sep and not name.startswith((" ", "-")):
                front[name.strip()] = value.strip().strip("'\"")
        md = md[end + 4 :]
    return front, md


# A sentence that REPORTS what someone other than the Supreme Court said or decided: the court below's
# reasoning ("원심판결 이유에 의하면 …", "원심은 … 판단하였다"), the grounds of appeal, what a party argues.
# A sentence that judges them ("원심의 판단은 정당하다", "원심이 … 형법 제16조의 법리를 오해한 것이다") is the
# Supreme Court's own and stays.
KR_OTHERS = re.compile(
    r"원심판결\s?이유에\s?의하면|(?:원심|제1심)은\s[^.]*(?:판단|인정|판시|설시|배척|선고)하였다\.?$|주장한다|"
    r"주장하나|주장하고|주장하였|주장하는 바|상고이유의\s?요지|소론은|논지는|항소이유의\s?요지|변호인의|"
    r"검사의\s?상고이유|공소사실의\s?요지"
)
# A sentence that ANSWERS them in the court's own voice names them only to judge them: "… 구성하지
# 않는다는 논지는 이유없다", "논지는 받아들일 수 없다", and the heading of that answer, "(1) 변호인의
# 상고이유 제1점 중 … 주장에 대하여, 생각컨대, …". Those words are taken out before a sentence is read for a
# report.
KR_ANSWERS = re.compile(
    r"논지(?:는|도)?\s?(?:모두\s?)?(?:이유(?:가)?\s?(?:없|있)|받아들일\s?수\s?없|채용할\s?수\s?없|받아들이지\s?아니)|"
    r"(?:\(\d\)\s*)?(?:변호인|검사|피고인|원고|피고)(?:의|들의)?\s?상고이유\s?(?:제\s?\d+\s?점)?[^.]{0,80}?에\s?대하여,?"
)


def reports_others(sentence: str, others: re.Pattern[str]) -> bool:
    """The sentence reports the court below or a party (it is not the court's own reasoning)."""
    if others is KR_OTHERS:
        sentence = KR_ANSWERS.sub(" ", sentence)
    return others.search(sentence) is not None


def kr_own_passages(md: str) -> tuple[str, ...]:
    """판결요지 (the holding as the court published it) and 판례내용's 【이유】 up to the judges' names."""
    _, body = _front(md)
    sections = {
        chunk.partition("\n")[0].strip(): chunk.partition("\n")[2]
        for chunk in re.split(r"^## ", body, flags=re.M)
    }
    passages = [sections.get("판결요지", "")]
    content = sections.get("판례내용", "")
    reasons = re.split(r"【\s*이\s*유\s*】", content, maxsplit=1)
    if len(reasons) == 2:
        passages.append(re.split(r"\n\s*대법관\s", reasons[1], maxsplit=1)[0])
    return tuple(p for p in passages if p.strip())


def kr_judgments() -> Iterator[Judgment]:
    for path in sorted(KR_PRECEDENTS.rglob("*.md")):
        md = path.read_text(encoding="utf-8")
        front, _ = _front(md)
        yield Judgment(
            id=f"kr:{front['사건번호']}",
            lang="ko",
            jurisdiction="kr",
            date=front["선고일자"],
            path=path.relative_to(DATA).as_posix(),
            passages=kr_own_passages(md),
        )


# ----------------------------------------------------------------------------------------------- Poland

# Where a Polish court's own reasoning begins: "Sąd Najwyższy zważył", "Sąd Okręgowy zważył, co następuje",
# "Trybunał Konstytucyjny zważył". Before it the reasons set out the facts, the judgment below and the
# parties' submissions.
PL_REASONS = re.compile(r"(?:Sąd|Trybunał)[^.:\n]{0,60}?(?:zważył|rozważył)", re.I)
PL_OTHERS = re.compile(
    r"\b(?:apelując\w*|skarżąc\w*|powód\w*|pozwan\w*|wnioskodaw\w*|uczestni\w*)\s+(?:\w+\s+){0,2}?"
    r"(?:zarzuci\w*|podni\w*|wni\w*|twierdzi\w*|domaga\w*|wskaza\w*)|w\s+apelacji|w\s+kasacji|apelacja\s+zarzuca|"
    r"Sąd\s+(?:Rejonowy|Okręgowy|Wojewódzki|pierwszej\s+instancji|I\s+instancji)\s+(?:ustalił|uznał|wskazał|przyjął|"
    r"oddalił|zasądził)",
    re.I,
)


def pl_own_passages(text: str) -> tuple[str, ...]:
    found = PL_REASONS.search(text)
    own = text[found.end() :] if found else ""
    return (own,) if own.strip() else ()


def pl_judgments() -> Iterator[Judgment]:
    """The Polish judgments of the offline corpus and of the real set (tests/data/real/pl)."""
    from verifier.sources.local import CorpusResolver

    corpus = CorpusResolver(CORPUS, jurisdictions=("pl",))
    for document in corpus.documents():
        if not document.key.startswith("pl:case:") or not document.date:
            continue
        yield Judgment(
            id=f"pl:{document.key.removeprefix('pl:case:')}",
            lang="pl",
            jurisdiction="pl",
            date=document.date,
            path="corpus/" + str(document.meta.get("corpus_file") or document.url.removeprefix("corpus:")),
            passages=pl_own_passages(document.text),
        )
    yield from pl_real_judgments()


def pl_real_judgments() -> Iterator[Judgment]:
    """tests/data/real/pl: a common court's judgment as SAOS serves its text (the HTML of `textContent`), read
    as the corpus reads its own (cc_html). Its signature and date are SAOS's metadata, kept in PROVENANCE.tsv
    (the court wrote "I A Ca 698/13" in the text, which the corpus's pattern does not take)."""
    from verifier.sources.corpus_pl import cc_html

    with (PL_REAL / "PROVENANCE.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    for row in rows:
        path = PL_REAL / row["file"]
        record = cc_html(
            path, path.read_text(encoding="utf-8"), {"signature": row["signature"], "date": row["date"]}
        )
        if record is None or not record.date:
            continue
        yield Judgment(
            id=f"pl:{record.signature}",
            lang="pl",
            jurisdiction="pl",
            date=record.date,
            path=path.relative_to(DATA).as_posix(),
            passages=pl_own_passages(record.text),
        )


# -------------------------------------------------------------------------------------------------- EU

# What the parties, the referring court or the Advocate General argue. "The referring court asks, in essence,
# whether Article 82 … must be interpreted" is the Court's own restatement and stays.
EU_OTHERS = re.compile(
    r"\bsubmits|\bsubmitted that|\bargues|\bargued|\bcontends|\bcontended|\bclaims that|\bmaintains that|"
    r"according to (?:the|that) (?:referring court|applicant|defendant|Commissioner|Commission|court)|"
    r"in the view of|takes the view|considers that",
)


def eu_own_passages(text: str) -> tuple[str, ...]:
    """The legal context (the Court sets out the law), the Court's consideration of the questions, and the
    operative part; not the dispute in the main proceedings (the facts and the referring court's view)."""
    lines = text.splitlines()

    def find(pattern: str, start: int = 0) -> int:
        rx = re.compile(pattern)
        heads = (lines[i].strip().lstrip("#").strip() for i in range(start, len(lines)))
        return next((start + i for i, head in enumerate(heads) if rx.match(head)), len(lines))

    legal = find(r"^Legal context$|^Legal framework$")
    dispute = find(r"^The dispute in the main proceedings", legal)
    reasons = find(r"^Consideration of the questions? referred$|^(?:The )?[Aa]dmissibility", dispute)
    costs = find(r"^Costs$", reasons)
    ruling = find(r"^On those grounds", costs)
    signatures = find(r"^\\?\[Signatures", ruling)
    keep = [*lines[legal:dispute], *lines[reasons:costs], *lines[ruling:signatures]]
    # a line that opens with a quotation mark is the act (or another judgment) quoted: not the Court's words
    return ("\n".join(_unquoted(keep)),)


def eu_set_out(text: str) -> tuple[tuple[str, str], ...]:
    """Each quotation set out after a line that ends with a colon, with that line: the quote is what the
    citation of that line claims the act says, as a reader of the judgment sees it."""
    found: list[tuple[str, str]] = []
    intro, quote, inside = "", list[str](), False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if inside or line.startswith(("‘", "“")):
            if not inside:
                quote = [_rendered(line)] if intro.endswith(":") else []
            elif quote:
                quote.append(_rendered(line))
            inside = not re.search(r"[’”][.;,]?$", line)
            if not inside and quote:
                found.append((intro, "\n\n".join(quote)))
                quote = []
            continue
        intro = _rendered(line)
    return tuple(found)


def _unquoted(lines: list[str]) -> Iterator[str]:
    """The lines outside quotations of the act or of another judgment: a quotation opens with a line that
    begins with ‘ and runs to the line that ends with ’ (the numbered paragraphs of a quoted article
    between them are the act's words, not the Court's). Headings are left out too."""
    inside = False
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if inside or line.startswith(("‘", "“")):
            inside = not re.search(r"[’”][.;,]?$", line)
            continue
        if not line.startswith(("…", "(", "#", "'")):
            yield _rendered(line)


def _rendered(line: str) -> str:
    """A line of the Markdown as a reader sees it: "[C‑300/21](http://…)" is "C‑300/21", "\\[" is "["."""
    line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
    return re.sub(r"\\([\[\]*])", r"\1", line)


MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def eu_date(text: str) -> str:
    """The date under "JUDGMENT OF THE COURT …" at the head of a CJEU judgment: "14 December 2023" → ISO."""
    m = re.search(rf"^(\d{{1,2}})\s({'|'.join(MONTHS)})\s(\d{{4}})", text[:600], flags=re.M)
    return f"{m.group(3)}-{MONTHS.index(m.group(2)) + 1:02d}-{int(m.group(1)):02d}" if m else ""


def eu_judgments() -> Iterator[Judgment]:
    """The CJEU judgments of the offline corpus and of the real set (tests/data/real/eu)."""
    paths = [*sorted((CORPUS / "eu" / "case_law").glob("C-*.md")), *sorted((REAL / "eu").glob("C-*.md"))]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        number = f"{path.stem[:-3]}/{path.stem[-2:]}"  # C-300-21.md → C-300/21
        day = eu_date(text)
        if not day:
            continue
        yield Judgment(
            id=f"eu:{number}",
            lang="en",
            jurisdiction="eu",
            date=day,
            path=path.relative_to(DATA).as_posix(),
            passages=eu_own_passages(text),
            set_out=eu_set_out(text),
        )


def judgments() -> list[Judgment]:
    return [*kr_judgments(), *pl_judgments(), *eu_judgments()]


# ----------------------------------------------------------------------------- Korean statute versions


@dataclass(frozen=True, slots=True)
class Version:
    law: str
    file: str
    mst: str
    effective: str  # 시행일자
    promulgated: str  # 공포일자

    @property
    def path(self) -> Path:
        for root in (KR_STATUTES, EXTRA_VERSIONS):
            candidate = root / self.law / "history" / self.file
            if candidate.is_file():
                return candidate
        raise FileNotFoundError(f"{self.law} {self.file}: in neither {KR_STATUTES} nor {EXTRA_VERSIONS}")


@cache
def versions(law: str) -> tuple[Version, ...]:
    """Every 연혁 version of `law` (history/versions.tsv of the offline corpus lists all of them)."""
    with (KR_STATUTES / law / "history" / "versions.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return tuple(Version(law, r["file"], r["법령MST"], r["시행일자"], r["공포일자"]) for r in rows)


def in_force(law: str, day: str) -> Version | None:
    """The version in force on `day`: the latest 시행일자 on or before it, and of those the latest
    promulgated (several versions can take effect on one day). None before the law existed."""
    candidates = [v for v in versions(law) if v.effective <= day]
    if not candidates:
        return None
    return max(candidates, key=lambda v: (v.effective, v.promulgated, int(v.mst)))


@cache
def version_document(version: Version) -> Any:
    """The SourceDocument of one version, built as the product's corpus builds the current one."""
    from verifier.model import Jurisdiction, Kind, SourceDocument
    from verifier.sources.lawgokr.structure_markdown import law_from_markdown
    from verifier.sources.stamps import fetched_now, text_sha256

    law = law_from_markdown(version.path.read_text(encoding="utf-8"))
    text, units = law.render()
    name = law.name or version.law
    return SourceDocument(
        id=f"corpus:kr:law:{law.law_id or name}@{version.mst}",
        key=f"kr:law:{re.sub(r'\s+', '', name)}",
        jurisdiction=Jurisdiction.KR,
        kind=Kind.STATUTE,
        title=name,
        text=text,
        url=f"https://www.law.go.kr/법령/{name.replace(' ', '%20')}",
        version=version.mst,
        sha256=text_sha256(text),
        fetched_at=fetched_now(),
        origin="corpus",
        number=law.law_id,
        date=law.effective_date,
        units=units,
        meta={"MST": version.mst, "시행일자": version.effective, "corpus_file": version.file},
    )


def law_of_key(key: str) -> str | None:
    name = key.removeprefix("kr:law:")
    return name if key.startswith("kr:law:") and name in KR_LAWS else None


@cache
def real_precedents() -> Any:
    from verifier.sources.local import CorpusResolver

    return CorpusResolver(REAL, jurisdictions=("kr",))


class AsOfResolver:
    """The resolver of `manage.py verify --local-only` (tests.accuracy.evaluate.corpus_router), with two
    additions the product does not have offline: a Korean statute in the version in force on `day`, and the
    Supreme Court judgments of the real set as cited precedents."""

    def __init__(self, day: str) -> None:
        from tests.accuracy.evaluate import corpus_router

        self.day = day
        self.upstream = corpus_router()

    def resolve(self, anchor: Any) -> Any:
        from verifier.model import Found
        from verifier.sources.local import not_in_corpus

        law = law_of_key(anchor.key)
        if law is not None:
            version = in_force(law, self.day)
            if version is None:  # never the current text for a day before the first version the corpus has
                return not_in_corpus(f"{anchor.key}@{self.day}")
            document = version_document(version)
            return Found(document if document.key == anchor.key else replace(document, key=anchor.key))
        if anchor.key.startswith("kr:prec:"):
            found = real_precedents().resolve(anchor)
            if isinstance(found, Found):
                return found
        return self.upstream.resolve(anchor)


def source_document(key: str, day: str) -> Any | None:
    """The document a statute key is checked against on `day` (None when the corpus does not hold it)."""
    from verifier.model import Anchor, Found

    found = AsOfResolver(day).resolve(Anchor(key=key))
    return found.document if isinstance(found, Found) else None
