"""What a process does once before its first claim: build the lazily made tables and indexes.

The first claim checked in a fresh process costs about 0.35 s more than the next (the normalization tables,
the simplemma indexes of Polish and English, rapidfuzz and the citation patterns). A Celery worker warms up
in its parent process before forking its pool, so that every child starts warm and shares the memory; the
Korean model is not loaded here (~300 MB a process; the analysis helper and the disk cache serve it).
"""

from __future__ import annotations

from verifier.citations import extract_claims
from verifier.lang import claim_language
from verifier.match.fragment import find_quote
from verifier.match.lemmas import lemmatize
from verifier.rarity import weight
from verifier.text import normalize

# real words of the corpus: art. 58 § 1 k.c. and Article 6(1)(f) GDPR
_PL = "Czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy jest nieważna."
_EN = "processing is necessary for the purposes of the legitimate interests pursued by the controller"


def warm_up() -> None:
    extract_claims(f"Zgodnie z art. 58 § 1 k.c. „{_PL}” Article 6(1)(f) GDPR: “{_EN}”.", lang="pl")
    find_quote(_EN[:40], normalize(_EN))
    for word in normalize(_PL).text.split():
        lemmatize(word, "pl")
    for word in normalize(_EN).text.split():
        lemmatize(word, "en")
    # the claim-language detector and the word frequencies of the topic check
    claim_language(_EN, "pl")
    for word, lang in (("nieważna", "pl"), ("controller", "en"), ("판단", "ko")):
        weight(word, lang)
