"""The verifier's code words (`needs_judgement`, `verbatim_quote`, "line 3", `fragment`) as words a lawyer
reads, in the reader's language. The codes stay what the findings JSON and CSS classes use; only what is
shown goes through here."""

from __future__ import annotations

import re

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from verifier.model import ClaimType, Jurisdiction, Kind, Level, Provenance, Status
from verifier.provenance import checked_against

STATUS_WORDS: dict[str, Promise] = {
    Status.VERIFIED: pgettext_lazy("finding status", "verified"),
    Status.MODIFIED: pgettext_lazy("finding status", "modified"),
    Status.NEEDS_JUDGEMENT: pgettext_lazy("finding status", "needs judgement"),
    Status.CALIBRATION: pgettext_lazy("finding status", "calibration"),
    Status.UNVERIFIED: pgettext_lazy("finding status", "unverified"),
    Status.NO_SOURCE: pgettext_lazy("finding status", "no source"),
    Status.NOT_CHECKED: pgettext_lazy("finding status", "not checked"),
}

CLAIM_TYPE_WORDS: dict[str, Promise] = {
    ClaimType.VERBATIM_QUOTE: _("verbatim quote"),
    ClaimType.PINPOINT: _("pinpoint reference"),
    ClaimType.COURT_HOLDING: _("court's holding"),
    ClaimType.PARAPHRASE: _("paraphrase"),
    ClaimType.PROCEDURAL_FACT: _("procedural fact"),
    ClaimType.BARE_CITATION: _("citation only"),
}

JURISDICTION_WORDS: dict[str, Promise] = {
    Jurisdiction.KR: _("Korea"),
    Jurisdiction.PL: _("Poland"),
    Jurisdiction.EU: _("European Union"),
    Jurisdiction.OTHER: _("other"),
}

KIND_WORDS: dict[str, Promise] = {
    Kind.STATUTE: _("statute"),
    Kind.JUDGMENT: _("judgment"),
    Kind.CONSTITUTIONAL_DECISION: _("constitutional court decision"),
    Kind.INTERPRETATION: _("official interpretation"),
    Kind.EU_ACT: _("EU act"),
    Kind.EU_CASE: _("EU case"),
    Kind.OTHER: _("other"),
}

ROLE_WORDS: dict[str, Promise] = {"associate": _("associate"), "partner": _("partner")}


def status_word(status: str) -> str:
    return str(STATUS_WORDS.get(status, "")) if status else gettext("checking…")


def claim_type_word(claim_type: str) -> str:
    return str(CLAIM_TYPE_WORDS.get(claim_type, claim_type))


def jurisdiction_word(jurisdiction: str) -> str:
    return str(JURISDICTION_WORDS.get(jurisdiction, jurisdiction))


def kind_word(kind: str) -> str:
    return str(KIND_WORDS.get(kind, kind))


def role_word(role: str) -> str:
    return str(ROLE_WORDS.get(role, role))


_ORIGIN = re.compile(
    r"^(?:(?P<line>line) (?P<line_n>\d+)"
    r"|(?P<paragraph>paragraph) (?P<paragraph_n>\d+)"
    r"|(?P<page>page) (?P<page_n>\d+)"
    r"|table (?P<table>\d+) row (?P<row>\d+)"
    r"|(?P<note>footnote|endnote) \(not referenced in the text\)"
    r"|(?P<mark>footnote|endnote) (?P<label>\S+))$"
)


def origin_word(origin: str) -> str:
    """ "line 3" → "line 3" / "wiersz 3" / "3행"; "footnote 2" → "footnote 2" / "przypis 2" / "각주 2"."""
    m = _ORIGIN.match(origin or "")
    if m is None:
        return origin or ""
    if m["line"]:
        return gettext("line %(n)s") % {"n": m["line_n"]}
    if m["paragraph"]:
        return gettext("paragraph %(n)s") % {"n": m["paragraph_n"]}
    if m["page"]:
        return gettext("page %(n)s") % {"n": m["page_n"]}
    if m["table"]:
        return gettext("table %(table)s, row %(row)s") % {"table": m["table"], "row": m["row"]}
    if m["note"]:
        return (
            gettext("a footnote not referenced in the text")
            if m["note"] == "footnote"
            else gettext("an endnote not referenced in the text")
        )
    if m["mark"] == "footnote":
        return gettext("footnote %(n)s") % {"n": m["label"]}
    return gettext("endnote %(n)s") % {"n": m["label"]}


def note_of(origin: str) -> tuple[str, str] | None:
    """("footnote", "3") for "footnote 3"; None for the body."""
    m = _ORIGIN.match(origin or "")
    if m is None:
        return None
    if m["mark"]:
        return m["mark"], m["label"]
    if m["note"]:
        return m["note"], ""
    return None


def _level(label: str) -> Level:
    try:
        return Level[(label or "none").upper()]
    except KeyError:
        return Level.NONE


# What the check reached, said as a sentence instead of "fragment → content".
_MET = {
    Level.FRAGMENT: _("checked word for word"),
    Level.CONTENT: _("content checked against the source"),
    Level.EXISTENCE: _("the source exists"),
}
_SHORT = {
    (Level.FRAGMENT, Level.CONTENT): _("not word for word: only the content matches"),
    (Level.FRAGMENT, Level.EXISTENCE): _("source found, but not these words"),
    (Level.FRAGMENT, Level.NONE): _("source not found: the words could not be checked"),
    (Level.CONTENT, Level.EXISTENCE): _("source found, but its content does not confirm the claim"),
    (Level.CONTENT, Level.NONE): _("source not found: the content could not be checked"),
    (Level.EXISTENCE, Level.NONE): _("source not found"),
}


def check_word(required: str, achieved: str, claim_type: str = "", status: str = "") -> str:
    """ "fragment → fragment" → "quote checked word for word"; "fragment → content" → "not word for word:
    only the content matches"; no verdict yet → "checking…". `status` keeps the words from contradicting
    the verdict: a 🟡 modified quote was compared word for word and differs; a 🔴 whose source was found
    (the act exists, its article does not) is not "source not found"."""
    if not achieved:
        return gettext("checking…")
    need, got = _level(required), _level(achieved)
    if status == Status.MODIFIED and need == Level.FRAGMENT:
        return gettext("quote compared word for word: it differs from the source")
    if got == Level.NONE and status and status not in (Status.NO_SOURCE, Status.NOT_CHECKED):
        return gettext("source found, but not the provision or passage cited")
    if got >= need:
        if need == Level.FRAGMENT and claim_type == ClaimType.VERBATIM_QUOTE:
            return gettext("quote checked word for word")
        if need == Level.FRAGMENT and claim_type == ClaimType.PINPOINT:
            return gettext("checked in the provision cited")
        return str(_MET.get(need, _MET[Level.EXISTENCE]))
    return str(_SHORT.get((need, got), gettext("not checked")))


def place_in_source(kind: str, path: list[list[str]] | tuple[tuple[str, str], ...], label: str) -> str:
    """Where a match sits, as a lawyer cites it: "paragraph 51 of the judgment", "제15조 제1항"."""
    judgment = kind in (Kind.JUDGMENT, Kind.EU_CASE, Kind.CONSTITUTIONAL_DECISION)
    if judgment and path and path[-1][0] == "paragraph":
        return pgettext("place in a judgment", "paragraph %(n)s of the judgment") % {"n": path[-1][1]}
    return label


def reader_language() -> str:
    """The reader's language among the verifier's (en, pl, ko): what rationales and provenance are said in."""
    code = (get_language() or "en")[:2]
    return code if code in ("en", "pl", "ko") else "en"


def source_words(provenance: Provenance | None) -> str:
    """ "Checked against text pasted by associate on 1 Dec 2026, not an official source." in the reader's
    language ("" when there is no source)."""
    return checked_against(provenance, reader_language()) if provenance is not None else ""
