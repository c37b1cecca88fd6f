"""Protocol B's topic check: is a precedent about what the claim says it decided?

The claim's substance is compared with the headnote (판시사항/판결요지) and then the full text, rather than
the title alone: clearly disjoint topics contradict the claim; any overlap leaves it to the later levels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.match.content import content_coverage
from verifier.match.normalized import normalized_source
from verifier.model import SourceDocument

# below this share of the claim's terms in the headnote, and without CONTENT in the full text, the case is
# about something else (a single shared word such as 위반 is not a shared topic)
TOPIC_OVERLAP = 0.3
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


@dataclass(frozen=True, slots=True)
class TopicCheck:
    compared: bool  # False: the claim is not in Korean, so it cannot be compared word for word
    headnote_coverage: float | None = None  # share of the claim's terms in the headnote
    headnote_terms: int = 0
    in_text: bool | None = None  # the claim reaches CONTENT in the full text (asked only when needed)

    @property
    def mismatch(self) -> bool:
        if not self.compared or not self.headnote_terms or self.headnote_coverage is None:
            return False
        return self.headnote_coverage < TOPIC_OVERLAP and self.in_text is False


def _mostly_korean(text: str) -> bool:
    hangul = len(_HANGUL.findall(text))
    latin = sum(1 for c in text if c.isascii() and c.isalpha())
    return hangul > 0 and hangul >= latin


def check_topic(substance: str, document: SourceDocument) -> TopicCheck:
    assert document.summary is not None
    if not _mostly_korean(substance):
        # A claim in another language (an English memo on a Korean case) cannot be compared word for word
        # with a Korean headnote: never a 🔴 here; the Korean citation inside it does not make it Korean.
        return TopicCheck(compared=False)
    in_summary = content_coverage(substance, document.summary, lang="ko")
    check = TopicCheck(True, in_summary.coverage, len(in_summary.terms))
    if not in_summary.terms or in_summary.coverage >= TOPIC_OVERLAP:
        return check
    in_text = content_coverage(substance, normalized_source(document.text), lang="ko")
    return TopicCheck(True, in_summary.coverage, len(in_summary.terms), in_text.reached)
