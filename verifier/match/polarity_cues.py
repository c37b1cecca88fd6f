"""The cue lists of `verifier/data/polarity-<lang>.txt` that `polarity` reads a text with: negators, modal
words, clause and condition words, legal-effect pairs, negating prefixes, Korean endings.

    cues(lang) -> Cues
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

_DATA = Path(__file__).resolve().parent.parent / "data"
LANGUAGES = ("en", "pl", "ko")


@dataclass(frozen=True, slots=True)
class Cues:
    negators: frozenset[str]
    can: frozenset[str]
    must: frozenset[str]
    need: frozenset[str]
    aux: frozenset[str]
    clause: frozenset[str]  # words that start another clause ("that", "unless", "że", "chyba")
    condition: frozenset[str]  # words of a condition or an exception ("unless", "only", "chyba", "경우에")
    pairs: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    prefixes: tuple[str, ...]
    endings: tuple[tuple[str, str], ...]  # Korean: (kind, ending)
    # "even where" / "nawet jeżeli": what the claim concedes, against the text's exception for the same case
    concessive: frozenset[str] = frozenset()
    exception: frozenset[str] = frozenset()  # "except", "unless", "byleby": the case the rule leaves out
    frame: frozenset[str] = frozenset()  # "held", "uznać": negated before "that" / "że", they deny its clause

    @property
    def words(self) -> frozenset[str]:
        return self.negators | self.can | self.must | self.need | self.aux


@functools.cache
def cues(lang: str) -> Cues:
    if lang not in LANGUAGES:
        raise ValueError(f"polarity is read in {', '.join(LANGUAGES)}; got lang={lang!r}")
    kinds = (
        "negator",
        "can",
        "must",
        "need",
        "aux",
        "clause",
        "condition",
        "concessive",
        "exception",
        "frame",
    )
    sets: dict[str, set[str]] = {k: set() for k in kinds}
    pairs: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    prefixes: list[str] = []
    endings: list[tuple[str, str]] = []
    for line in (_DATA / f"polarity-{lang}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        body = line.split("#", 1)[0].rstrip()
        kind, _, entry = body.partition("\t")
        entry = entry.strip()
        if kind == "pair":
            left, _, right = entry.partition("|")
            pairs.append((tuple(left.split()), tuple(right.split())))
        elif kind == "prefix":
            prefixes.append(entry)
        elif lang == "ko" and kind not in ("pair", "condition", "concessive", "exception", "frame"):
            endings.append((kind, entry))
        elif kind in sets:
            sets[kind].add(entry)
        else:
            raise ValueError(f"polarity-{lang}.txt: unknown kind {kind!r}")
    return Cues(
        frozenset(sets["negator"]),
        frozenset(sets["can"]),
        frozenset(sets["must"]),
        frozenset(sets["need"]),
        frozenset(sets["aux"]),
        frozenset(sets["clause"]),
        frozenset(sets["condition"]),
        tuple(pairs),
        tuple(prefixes),
        tuple(endings),
        frozenset(sets["concessive"]),
        frozenset(sets["exception"]),
        frozenset(sets["frame"]),
    )


__all__ = ["LANGUAGES", "Cues", "cues"]
