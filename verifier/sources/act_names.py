"""Which Korean act names may leave the machine in a law.go.kr search.

A draft names its client and its deals, and may define a name for them: `자일로퀜트(이하 "자일로퀜트")`,
`(hereinafter "Xylo")`, `(dalej: „Xylo”)`. A citation of "자일로퀜트법 제3조" or "자일로퀜트에 관한 특별법
제2조" would put that name in `lawSearch.do?query=…`. So before a law's name is searched:

  - a name the draft defines never leaves, also inside an act's name;
  - an act name the local list (verifier/data/kr-act-names.txt, built from recorded law.go.kr data by
    scripts/build_kr_act_names.py) does not know is sent only when the user asks (the search panel);
    the finding ends ⛔ saying so.

    withholding(defined) -> context manager   the look-ups inside run for a draft defining these names
    defined_names(text) -> frozenset[str]      the names a draft defines
    withheld(act_name) -> str                  why the name may not be sent now ("" when it may); outside
                                               `withholding` (no draft's look-ups) nothing is withheld
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "kr-act-names.txt"

_OPEN, _CLOSE = "\"“„«「『‘'", "\"”“»」』’'"
_NAME = rf"[{_OPEN}]\s*([^{_CLOSE}\n]{{1,60}}?)\s*[{_CLOSE}]"
_DEFINING = (
    re.compile(rf"\(\s*이하\s*{_NAME}"),
    re.compile(r"\(\s*이하\s*([가-힣A-Za-z0-9]{2,30}?)\s*(?:이|이라|라)\s*(?:고|한다|함)"),
    re.compile(rf"\(\s*(?:hereinafter|the)\s*[:,]?\s*(?:referred\s+to\s+as\s+)?{_NAME}", re.I),
    re.compile(rf"\(\s*dalej\s*[:\-–]?\s*{_NAME}", re.I),
    re.compile(rf"zwan\w*\s+dalej\s*{_NAME}", re.I),
)
# What a defined name is made of before a particle or a generic act word is attached to it.
_PARTICLE = re.compile(r"(?:은|는|이|가|을|를|의|에|와|과|도)$")

# None: no draft's look-ups are running (a library caller asking the resolver itself): nothing is withheld.
_defined: contextvars.ContextVar[frozenset[str] | None] = contextvars.ContextVar(
    "draft_defined_names", default=None
)
_asked: contextvars.ContextVar[bool] = contextvars.ContextVar("user_asked_for_act", default=False)


def squash(name: str) -> str:
    return re.sub(r"[\s「」『』]", "", name)


@cache
def known_acts() -> frozenset[str]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    return frozenset(squash(line) for line in lines if line.strip() and not line.startswith("#"))


def defined_names(text: str) -> frozenset[str]:
    names = set()
    for pattern in _DEFINING:
        for m in pattern.finditer(text):
            name = _PARTICLE.sub("", squash(m.group(1)))
            if len(name) >= 2:
                names.add(name)
    return frozenset(names)


@contextlib.contextmanager
def withholding(defined: Iterable[str]) -> Iterator[None]:
    """Look-ups inside (and in the pool threads `http.fan_out` starts from here) withhold these names."""
    token = _defined.set(frozenset(squash(n) for n in defined))
    try:
        yield
    finally:
        _defined.reset(token)


@contextlib.contextmanager
def asked_by_user() -> Iterator[None]:
    """The user asked for this look-up by name (the search panel): a name not on the list may go."""
    token = _asked.set(True)
    try:
        yield
    finally:
        _asked.reset(token)


def withheld(act_name: str) -> str:
    defined_here = _defined.get()
    if defined_here is None:
        return ""
    name = squash(act_name)
    for defined in defined_here:
        if defined and defined in name:
            return (
                f"not looked up on law.go.kr: the act's name contains {defined!r}, a name the draft defines "
                "(a client's or a deal's name never leaves this machine)"
            )
    if name in known_acts() or _asked.get():
        return ""
    return (
        "not looked up on law.go.kr: this act is not on the local list of Korean act names, and a name "
        "not on it is sent only when you ask — search for it in the finding's search panel"
    )
