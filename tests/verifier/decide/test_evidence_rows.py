"""A red only on evidence, on real sentences: what real judgments write about the provisions they apply is
read by a person (🟡) unless the source shows the draft wrong. Each row is a sentence of a real judgment
(source named) or the same sentence with one fact of it made wrong, run through the product's own path
(extract → resolve in the offline corpus → measure → decide)."""

from __future__ import annotations

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.citations import extract_claims
from verifier.decide import decide
from verifier.model import Status
from verifier.verify import measure

# (why, language, sentence, citation, status, reason key)
ROWS = [
    (  # SN III CZP 36/02 (2002): § 1 was added to art. 691 k.c. in 2001; the corpus holds the 1964 wording
        "a paragraph missing from a wording that is not the consolidated text: not evidence, a person checks",
        "pl",
        "Nawet jeżeli cel ten, co jednak wątpliwe, przenieść na cel nowelizacji kodeksu cywilnego, to trzeba "
        "zauważyć, że art. 691 § 1 k.c. w istocie nie dotyczy praw lokatorów, lecz rozstrzyga kwestię losów "
        "prawa najmu w przypadku śmierci lokatora.",
        "art. 691 § 1 k.c.",
        Status.NEEDS_JUDGEMENT,
        "unit_not_in_wording",
    ),
    (  # the same sentence with an article the code never had
        "a plain article number the act never had is evidence, whatever the wording held",
        "pl",
        "Nawet jeżeli cel ten, co jednak wątpliwe, przenieść na cel nowelizacji kodeksu cywilnego, to trzeba "
        "zauważyć, że art. 1691 k.c. w istocie nie dotyczy praw lokatorów, lecz rozstrzyga kwestię losów "
        "prawa najmu w przypadku śmierci lokatora.",
        "art. 1691 k.c.",
        Status.UNVERIFIED,
        "article_missing",
    ),
    (  # SN III CZP 36/02: the court applies art. 5 k.c. in its own words
        "a court naming and applying a provision in its own words: 🟡, not 🔴",
        "pl",
        "Przedsiębiorstwo jako zakład pracy w rozumieniu art. 3 k.p. wchodzi w skład masy upadłości.",
        "art. 3 k.p.",
        Status.NEEDS_JUDGEMENT,
        "not_in_these_words",
    ),
    (  # C-300/21 paragraph 42 (EU:C:2023:370), Article 82(1) GDPR quoted by the Court
        "the Court's own words on the provision it interprets: 🟡 for a person, never 🔴",
        "en",
        "Therefore, it cannot be held that any infringement of the provisions of the GDPR, by itself, "
        "confers that right to compensation on the data subject under Article 82(1) GDPR.",
        "Article 82(1) GDPR",
        Status.NEEDS_JUDGEMENT,
        "not_in_these_words",
    ),
    (  # the sentence of GDPR Art. 21(3) attributed to Art. 21(2): the words are real, at another unit
        "a quote of another unit of the act: 🔴 naming the unit it is in",
        "en",
        'Article 21(2) GDPR provides: "Where the data subject objects to processing for direct marketing '
        'purposes, the personal data shall no longer be processed for such purposes."',
        "Article 21(2) GDPR",
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    (  # GDPR Art. 4(11) defines consent; Art. 4(12) is 'personal data breach'
        "what another unit says, cited to the wrong one: 🔴 naming the unit that says it",
        "en",
        "Article 4(12) GDPR defines consent as any freely given, specific, informed and unambiguous "
        "indication of the data subject's wishes.",
        "Article 4(12) GDPR",
        Status.UNVERIFIED,
        "wrong_pinpoint",
    ),
    (  # the definition at its own point
        "the same words at the unit that says them: no block, a person confirms the paraphrase",
        "en",
        "Article 4(11) GDPR defines consent as any freely given, specific, informed and unambiguous "
        "indication of the data subject's wishes.",
        "Article 4(11) GDPR",
        Status.NEEDS_JUDGEMENT,
        "needs_judgement",
    ),
]


@pytest.mark.parametrize(
    ("why", "lang", "sentence", "citation", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_a_red_rests_on_evidence(why: str, lang: str, sentence: str, citation: str, status: Status, key: str):
    claims = [c for c in extract_claims(sentence, lang=lang) if c.citation.text == citation]
    assert claims, f"{citation!r} not extracted from the sentence"
    claim = claims[0]
    assert claim.citation.anchor is not None
    decision = decide(measure(claim, corpus_router().resolve(claim.citation.anchor), lang=lang))
    assert (decision.status, decision.reason.key) == (status, key), (why, decision.rationale("en"))
    if status is Status.UNVERIFIED:
        assert decision.evidence, "a 🔴 names the evidence it rests on"
