"""What the three jurisdictions' writers share: a canonical form as a sequence of parts, each found again in
the draft's words, and the differences between the two as replacements of exact draft offsets."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from verifier.form.note import FormDifference
from verifier.rationales import Message

type Located = Mapping[str, tuple[int, int]]  # role → (start, end) in the written citation


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a canonical form: `role` names it ("court", "date" …), `rule` the row of RULES it
    implements; `sep` is what stands before it in the form (", ", " ")."""

    role: str
    text: str
    rule: str
    sep: str = " "
    # The sentence may name it before the citation ("Sąd Najwyższy w uchwale z dnia …"): left out of the
    # draft's words, it is not a difference (the citation's words alone cannot tell).
    may_precede: bool = False


def joined(parts: Sequence[Part]) -> str:
    out = ""
    for part in parts:
        out += (part.sep if out else "") + part.text
    return out


_DASHES = str.maketrans({"\u2011": "-", "\u2010": "-", "\u2013": "-", "\u2012": "-", "\u00a0": " "})


def same(written: str, canonical: str) -> bool:
    """Equal for the reader: a non-breaking hyphen or space is the same character on the page."""
    return " ".join(written.translate(_DASHES).split()) == " ".join(canonical.translate(_DASHES).split())


def differences(
    written: str,
    offset: int,
    parts: Sequence[Part],
    located: Located,
    *,
    whole_rule: str,
    equal: Callable[[str, Part], bool] | None = None,
) -> tuple[FormDifference, ...]:
    """Each canonical part against the draft's words for it; a part the draft leaves out is inserted after the
    part before it. Parts found out of the canonical order (or none found at all) are one replacement of the
    whole citation under `whole_rule`."""
    found = [(located[p.role], p) for p in parts if p.role in located]
    starts = [span[0] for span, _ in found]
    if not found or starts != sorted(starts):
        return _whole(written, offset, joined(parts), whole_rule)
    out: list[FormDifference] = []
    previous_end: int | None = None
    for part in parts:
        span = located.get(part.role)
        if span is None:
            if part.may_precede:
                continue
            if previous_end is None:  # the form's opening is missing: the citation is written otherwise
                return _whole(written, offset, joined(parts), whole_rule)
            text = part.sep + part.text
            out.append(_difference(part, "", text, offset + previous_end, offset + previous_end))
            continue
        start, end = span
        if previous_end is not None and start == previous_end and part.sep == " ":
            # two parts run together ("1983. 4. 2.자"): the space between them
            out.append(_difference(part, "", " ", offset + start, offset + start, label=written[start:end]))
        words = written[start:end]
        if not (equal(words, part) if equal is not None else same(words, part.text)):
            out.append(_difference(part, words, part.text, offset + start, offset + end))
        previous_end = end
    return tuple(out)


def _whole(written: str, offset: int, canonical: str, rule: str) -> tuple[FormDifference, ...]:
    if same(written, canonical):
        return ()
    message = Message("form_whole", {"written": written, "canonical": canonical})
    return (FormDifference(rule, message, written, canonical, offset, offset + len(written)),)


def _difference(
    part: Part, written: str, canonical: str, start: int, end: int, *, label: str = ""
) -> FormDifference:
    key = "form_space" if canonical == " " else "form_missing" if not written else f"form_{part.role}"
    values = {"written": written, "canonical": canonical.strip(), "part": label or part.text}
    return FormDifference(part.rule, Message(key, values), written, canonical, start, end)


def first(pattern: re.Pattern[str], text: str, start: int = 0) -> tuple[int, int] | None:
    match = pattern.search(text, start)
    return None if match is None else (match.start(), match.end())


def group(pattern: re.Pattern[str], text: str, name: str, start: int = 0) -> tuple[int, int] | None:
    match = pattern.search(text, start)
    if match is None or match.group(name) is None:
        return None
    return match.span(name)
