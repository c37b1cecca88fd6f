"""One claim of a draft against what its resolver returned: measure it, have `verifier.decide` decide,
write the Finding.

    measure(claim, resolution, *, lang) -> Measurement     what is true of the claim and its source
    verify_claim(claim, resolution, *, finding_id, lang) -> Finding     = decide(measure(…))

`measure` decides nothing: it looks in the gradient's order — the source (or why there is none), the anchor,
the pinpoint, the precedent's topic, then CONTENT and FRAGMENT in the text read for the claim — and stops
looking where the decision can no longer depend on what comes next (nothing is read of a source whose anchor
contradicts the draft). The status is `verifier.decide`'s alone.
"""

from __future__ import annotations

import re
from dataclasses import replace

from verifier.citations import extract_citations
from verifier.citations.quotes import find_quotes
from verifier.citations.substance import claim_substance
from verifier.claim_sample import language_of_claim
from verifier.cross_reference import referenced_units
from verifier.decide import Decision, decide
from verifier.form.write import note_for
from verifier.history.keep import history_check
from verifier.history.lookup import HistoryMeasure
from verifier.lang import source_language
from verifier.match.anchor import compare_anchor
from verifier.match.attributed import attributed_effect
from verifier.match.content import content_coverage
from verifier.match.defined_terms import defined_terms
from verifier.match.fragment import FragmentResult, FragmentStatus, find_quote
from verifier.match.normalized import normalized_source
from verifier.match.restated import restated_otherwise
from verifier.match.stated import read_quantities_across, read_statements
from verifier.match.substitution import substituted
from verifier.measurement import AlsoQuoted, Measurement, Reading
from verifier.model import (
    Cause,
    Claim,
    ClaimType,
    Finding,
    Found,
    Jurisdiction,
    Kind,
    Level,
    MatchEvidence,
    NotFound,
    Resolution,
    SourceDocument,
    SourceRef,
    SourceUnit,
    Unavailable,
)
from verifier.named_term import named_term
from verifier.named_unit import heading_given, named_unit
from verifier.other_unit import other_unit, termed_other_unit, titled_other_unit
from verifier.pinpoint import (
    Pieces,
    PinpointCheck,
    case_paragraph,
    case_paragraphs,
    check_pinpoint,
    numbered_paragraphs,
    paragraph_at,
    paragraph_unit,
    reading_spans,
)
from verifier.precedent_topic import check_topic, distinguishes
from verifier.provenance import provenance_of
from verifier.rationales import Message
from verifier.rationales_history import HISTORY_RATIONALES
from verifier.supporting import kr_precedent_note, kr_statute_evidence, summary, web_url
from verifier.text import Normalized, normalize
from verifier.topic_fields import operative_part
from verifier.unit_part import missing_part

_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})
_PRECEDENT_KINDS = frozenset({Kind.JUDGMENT, Kind.CONSTITUTIONAL_DECISION, Kind.EU_CASE})
_SUBSTANTIVE = frozenset(
    {ClaimType.VERBATIM_QUOTE, ClaimType.PINPOINT, ClaimType.COURT_HOLDING, ClaimType.PARAPHRASE}
)
# a bare reference or a procedural fact attached to a sentence about another subject is not 🟢 either
_TOPICAL = _SUBSTANTIVE | {ClaimType.BARE_CITATION, ClaimType.PROCEDURAL_FACT}


def verify_claim(
    claim: Claim,
    resolution: Resolution | None,
    *,
    finding_id: str,
    lang: str,
    as_of: str | None = None,
    history: HistoryMeasure | None = None,
) -> Finding:
    """The verdict on one claim. `lang` is the draft's language (rationales are written in it); `as_of`: the
    review's date (ISO; None: today); `history`: what the fetch phase obtained of the provision's versions /
    the judgment's later treatment for that date (`verifier.history.lookup`; None: nothing was asked)."""
    if history is not None and as_of is not None and history.as_of != as_of:
        raise ValueError(f"the history was asked as of {history.as_of}, not {as_of}")
    measured = measure(claim, resolution, lang=lang, history=history)
    return finding_of(measured, decide(measured), finding_id=finding_id)


def finding_of(measured: Measurement, decision: Decision, *, finding_id: str) -> Finding:
    claim = measured.claim
    citation = claim.citation
    document = measured.document
    return Finding(
        id=finding_id,
        span=citation.span,
        citation=citation.text,
        jurisdiction=citation.jurisdiction,
        kind=citation.kind,
        claim_type=claim.claim_type,
        claim_text=claim.claim_text,
        quote=claim.quote,
        required_level=decision.required,
        achieved_level=decision.achieved,
        status=decision.status,
        rationale=decision.rationale(measured.lang),
        supporting_urls=measured.supporting_urls,
        source=(
            SourceRef(
                document.id,
                document.title,
                document.url,
                document.fetched_at,
                document.sha256,
                measured.provenance or provenance_of(document),
            )
            if document is not None
            else None
        ),
        match=decision.match,
        origin=claim.origin,
        notes=decision.note_texts(measured.lang),
        suggestions=measured.suggestions,
        nearest=decision.nearest,
        coverage=decision.coverage,
        anchor_key=citation.anchor.key if citation.anchor is not None else None,
        reason=decision.reason,
        note_messages=decision.notes,
        official_status=decision.official,
        history=history_check(measured.history, _history_note(decision)),
        # in the full form: a matter that chose the short one reads it through `verifier.form.write.restyle`
        form=None
        if measured.provenance is not None and not measured.provenance.official
        else note_for(citation, document),
    )


def _history_note(decision: Decision) -> Message | None:
    """The history's sentence the decision carries (its rationale, or a note beside it)."""
    return next((n for n in (decision.reason, *decision.notes) if n.key in HISTORY_RATIONALES), None)


def measure(
    claim: Claim, resolution: Resolution | None, *, lang: str, history: HistoryMeasure | None = None
) -> Measurement:
    citation = claim.citation
    anchor = citation.anchor
    base = Measurement(claim=claim, lang=lang, required=claim.claim_type.required_level, history=history)
    if citation.problem is not None or anchor is None:
        return _with(base, problem=citation.problem or "no anchor could be read from the citation")
    if resolution is None:
        failure = Unavailable(anchor.key, "the source was not resolved", cause=Cause.NOT_RESOLVED)
        return _with(base, failure=failure)
    if not isinstance(resolution, Found):
        suggestions = resolution.suggestions if isinstance(resolution, NotFound) else ()
        return _with(base, failure=resolution, suggestions=suggestions)
    measured = _measure_found(base, resolution.document)
    if measured.provenance is not None and not measured.provenance.official:
        # evidence, not authority: the same claim is measured against the official source beside it
        official = resolution.official
        if isinstance(official, Found) and not provenance_of(official.document).official:
            official = None  # one supplied text does not vouch for another
        if official is not None:
            measured = _with(measured, official=measure(claim, official, lang=lang))
    return measured


def _with(base: Measurement, **changes: object) -> Measurement:
    return replace(base, **changes)  # type: ignore[arg-type]


def _measure_found(base: Measurement, document: SourceDocument) -> Measurement:
    claim = base.claim
    anchor = claim.citation.anchor
    assert anchor is not None
    m = _with(base, document=document, summary=summary(document), provenance=provenance_of(document))
    compared = compare_anchor(anchor, document)
    m = _with(m, anchor=compared)
    if not compared.ok:
        return m

    korean = document.jurisdiction is Jurisdiction.KR
    korean_precedent = korean and document.kind in _PRECEDENT_KINDS
    supporting: list[str] = []
    spans: list[tuple[int, int]] | None = None
    pinpoint = anchor.pinpoint
    if pinpoint is not None and pinpoint.article is not None and document.kind in _STATUTE_KINDS:
        url = (
            kr_statute_evidence(anchor.law or document.title, pinpoint.article)
            if korean
            else web_url(document)
        )
        if not document.units:
            m = _with(m, no_structure=True)
        else:
            check = check_pinpoint(document.units, pinpoint)
            m = _with(m, statute_pinpoint=check)
            if check.unit is None:
                if check.article_unit is not None and url:
                    supporting.append(url)  # the article was retrieved; only its part is missing
                return _with(m, supporting_urls=tuple(supporting))
            spans = reading_spans(document.units, check.unit)
            part = missing_part(claim, Pieces(document.text, spans).text, lang=m.lang)
            if part is not None:
                return _with(m, missing_part=part, supporting_urls=(url,) if url else ())
        if url:
            supporting.append(url)
    elif korean_precedent:
        note = kr_precedent_note(document)
        if note is not None:
            supporting.append(note)
    elif web_url(document):
        supporting.append(document.url)
    m = _with(m, supporting_urls=tuple(supporting), korean_precedent=korean_precedent)

    if (
        document.kind in _PRECEDENT_KINDS
        and claim.claim_type in _TOPICAL
        and not distinguishes(claim.claim_text)
    ):
        # every jurisdiction, in the claim's own language
        topic = check_topic(claim_substance(claim), document, lang=language_of_claim(claim, m.lang))
        m = _with(m, topic=topic)
        if topic.mismatch:
            return m
    if m.required is Level.EXISTENCE:
        return m

    paragraph = case_paragraph(claim) if document.kind in _PRECEDENT_KINDS and document.units else None
    if paragraph is not None and not claim.quote and not numbered_paragraphs(document.units):
        paragraph = None  # a paraphrase's "pkt 3" in a judgment without numbered paragraphs: read it all
    if paragraph is None:
        m = _with(m, claim=_heading_first(claim, document, m.statute_pinpoint))
        reading = read_claim(m.claim, document, spans, lang=m.lang, pinpointed=spans is not None)
        if document.kind in _PRECEDENT_KINDS:
            reading = _holding_quoted(claim, document, reading, lang=m.lang)
        return _elsewhere_in_act(_with_references(_with(m, reading=reading), spans), spans)
    return _measure_paragraph(m, document, paragraph)


def _heading_first(claim: Claim, document: SourceDocument, check: PinpointCheck | None) -> Claim:
    """A sentence that names the article by its heading and sets its words out after a colon ("Article 82
    of the GDPR, entitled ‘Right to compensation and liability’, states:" ⏎⏎ "‘1. Any person …’") quotes
    twice, and a claim reads one quote. A heading the cited article carries only names it: the words set
    out are read. A heading it does not carry is the evidence, and is read as the claim's quote (a heading
    written wrong, another article's heading)."""
    given = heading_given(claim)
    if given is None or not claim.quote or claim.quote_span is None:
        return claim
    heading, span = given
    unit = check.unit if check is not None else None
    if normalize(heading).text == normalize(claim.quote).text or claim.quote_span[0] < span[1]:
        return claim  # the heading is the quote the claim has
    article = next((u for u in document.units if unit is not None and u.path == unit.path[:1]), None)
    pieces = Pieces(document.text, [(article.start, article.end)] if article is not None else None)
    src = normalize(pieces.text) if article is not None else normalized_source(document.text)
    heading_claim = replace(claim, quote=heading, quote_span=span)
    fragment = _read_quote(heading_claim, src, pieces, act=document if unit is not None else None)[0]
    if fragment is not None and fragment.found:
        return claim
    # the sentence as it stands before the words it sets out: what the heading is read with
    said = claim.claim_text[: claim.quote_span[0] - claim.claim_span[0]].rstrip(" \t\n>‘“„«\"'")
    return replace(
        heading_claim, claim_text=said, claim_span=(claim.claim_span[0], claim.claim_span[0] + len(said))
    )


def _measure_paragraph(m: Measurement, document: SourceDocument, paragraph: str) -> Measurement:
    """A pinpoint into a judgment: read at the named paragraph, and in the whole judgment to tell a wrong
    paragraph from words that are nowhere; a paraphrase the paragraph does not carry is looked for in the
    other paragraphs (`other_unit`: one that says it is the evidence of a wrong pinpoint)."""
    claim = m.claim
    unit = paragraph_unit(document.units, paragraph)
    # "paragraphs 54 and 59": the claim is read in every paragraph named, together
    named = [u for p in case_paragraphs(claim) if (u := paragraph_unit(document.units, p)) is not None]
    at_unit = (
        read_claim(claim, document, [(u.start, u.end) for u in named], lang=m.lang, pinpointed=True)
        if unit is not None
        else None
    )
    if unit is not None and at_unit is not None and not claim.quote:
        content = at_unit.content
        if content is not None and not content.reached:
            other = other_unit(
                claim_substance(claim),
                None,
                document,
                unit,
                content.coverage,
                lang=at_unit.source_lang,
                # "paragraphs 30 and 44": the claim said in the second is said where the draft points
                also_cited=frozenset(case_paragraphs(claim)),
            )
            m = _with(m, other_unit=other)
    elsewhere = None
    elsewhere_paragraph = None
    if at_unit is None or claim.quote:
        elsewhere = read_claim(claim, document, None, lang=m.lang, pinpointed=False)
        if elsewhere.fragment_match is not None:
            elsewhere_paragraph = paragraph_at(document.units, elsewhere.fragment_match.start)
    return _with(
        m,
        reading=at_unit,
        case_paragraph=paragraph,
        elsewhere=elsewhere,
        elsewhere_paragraph=elsewhere_paragraph,
    )


# how close (the share of characters alike) a sentence's other quote must come to a passage of the unit to be
# read as a quote of it that differs, not as the court's own words
ALSO_NEAR = 0.6
_QUOTE_MIN_WORDS = 4  # fewer quoted words are a term ("the 'controller'"), not a passage of the judgment


def _holding_quoted(claim: Claim, document: SourceDocument, reading: Reading, *, lang: str) -> Reading:
    """What a claim about a judgment quotes is read in the judgment's words. A holding whose clause quotes
    the judgment ("In Case C-300/21 the Court ruled that Article 82(1) GDPR "must be interpreted as meaning
    that …"", where the quote is the Court's though it follows the Article) reaches FRAGMENT when the words
    are there verbatim. And what the Court RULED is its operative part: a quote found elsewhere in the
    judgment — the referring court's question, "whether … the mere infringement … is sufficient" — that the
    operative part states with a changed meaning ("… is not sufficient …") is read there."""
    quoted, candidate = claim, reading
    if claim.quote is None:
        if claim.claim_type is not ClaimType.COURT_HOLDING:
            return reading
        inside = [q for q in find_quotes(claim.claim_text) if len(q.text.split()) >= _QUOTE_MIN_WORDS]
        if len(inside) != 1:
            return reading
        quoted = replace(claim, quote=inside[0].text)
        candidate = read_claim(quoted, document, None, lang=lang, pinpointed=False)
    fragment = candidate.fragment
    if fragment is not None and fragment.meaning_change is not None:
        return candidate  # the judgment's words with a negation or a number changed: its own row blocks it
    if fragment is None or not fragment.found or candidate.fragment_start is None:
        return reading  # not there: the rows for that apply (a clause's quote may be another source's words)
    # a clause's quote is the holding's evidence only word for word; the claim's own quote keeps its match
    found = candidate if claim.quote is not None or fragment.status is FragmentStatus.EXACT else reading
    operative = operative_part(document)
    if operative is None or candidate.fragment_start >= operative[0]:
        return found
    if claim.quote is not None and fragment.status is FragmentStatus.EXACT:
        return found  # the judgment's own words, wherever they are: what the draft says of them is a person's
    ruled = read_claim(quoted, document, [operative], lang=lang, pinpointed=False)
    if ruled.fragment is not None and ruled.fragment.meaning_change is not None:
        return ruled
    return found


def _with_references(m: Measurement, spans: list[tuple[int, int]] | None) -> Measurement:
    """A unit that does not carry the claim alone is read again with the units it refers to
    (art. 133 § 2 k.p. "w związku z okolicznościami określonymi w § 1 pkt 2")."""
    reading, check, document = m.reading, m.statute_pinpoint, m.document
    if reading is None or reading.content is None or reading.content.reached or spans is None:
        return m
    if check is None or check.unit is None or document is None:
        return m
    referred = referenced_units(document.units, check.unit, document.text)
    if not referred:
        return m
    extended = sorted(set([*spans, *(span for _, unit_spans in referred for span in unit_spans)]))
    again = read_claim(m.claim, document, extended, lang=m.lang, pinpointed=True)
    read = " ".join(document.text[a:b] for a, b in extended)
    numbers = tuple(
        n for n in _NUMBER.findall(claim_substance(m.claim)) if not re.search(rf"(?<!\d){n}(?!\d)", read)
    )
    return _with(
        m,
        referenced=again,
        referenced_units=tuple(unit.label for unit, _ in referred),
        referenced_numbers_missing=numbers,
    )


def _elsewhere_in_act(m: Measurement, spans: list[tuple[int, int]] | None) -> Measurement:
    """A statute claim its unit does not carry (its quote is not there, or few of its terms are): does
    another unit of the act say it? That is the evidence of a wrong pinpoint; its absence leaves a claim in
    other words than the act's to a person."""
    reading, check, document = m.reading, m.statute_pinpoint, m.document
    if reading is None or spans is None or check is None or check.unit is None or document is None:
        return m
    fragment, content = reading.fragment, reading.content
    if fragment is not None:
        if fragment.found:
            return m
    elif (
        content is None
        or content.reached
        or (m.referenced is not None and m.referenced.content is not None and m.referenced.content.reached)
    ):
        return m
    coverage = content.coverage if content is not None else 0.0
    also_cited = _articles_also_cited(m.claim)
    named = named_unit(m.claim, document, check.unit)
    if named is not None:
        titled = titled_other_unit(named, document, check.unit, coverage, also_cited=also_cited)
        if titled is not None:
            return _with(m, other_unit=titled)
    term = named_term(m.claim, document, check.unit, Pieces(document.text, spans).text)
    if term is not None:
        termed = termed_other_unit(term, document, check.unit, coverage, also_cited=also_cited)
        if termed is not None:
            return _with(m, other_unit=termed)
    if fragment is None and _names_a_term(m.claim):
        return m  # the sentence says what a term of the unit means: the rest of it is not claimed of the unit
    found = other_unit(
        claim_substance(m.claim),
        m.claim.quote,
        document,
        check.unit,
        coverage,
        lang=reading.source_lang,
        also_cited=also_cited,
        worded=claim_substance(m.claim, keep_cues=True),
    )
    if found is not None:
        return _with(m, other_unit=found)
    if m.claim.quote and fragment is not None and fragment.meaning_change is None:
        # not in any unit: a recital or a heading holds the act's words too ("recital 146 … refers to
        # ‘damage which a person may suffer …’" cited with the Article it concerns)
        whole = find_quote(m.claim.quote, normalized_source(document.text))
        evidence = whole.evidence() if whole.status is FragmentStatus.EXACT else None
        if evidence is not None and _outside_other_units(document, check.unit, evidence):
            return _with(m, quote_in_act=evidence)
    return m


# "lodging a complaint, within the meaning of Article 77(1) of the GDPR, with the competent … authority"
# (C-311/18), "w rozumieniu art. 5 k.c.", "형법 제314조에서 말하는 업무": the citation says what a term of the
# sentence means; the rest of the sentence is not claimed of it, so no other unit is its "right" pinpoint
_TERM_BEFORE = re.compile(r"(?:within the meaning of|as referred to in|w rozumieniu)\s(?:the\s)?\Z", re.I)
_TERM_AFTER = re.compile(r"\A\s?(?:에서|이|가)?\s?말하는")
# "민법 제746조가 규정하는 불법원인이라 함은 … 선량한 풍속 기타 사회질서에 위반하는 경우를 말하는 것": the
# sentence defines the unit's term in words of its own (here 제103조's), which it does not claim are the
# unit's
_DEFINES_AFTER = re.compile(
    r"\A\s?(?:에서|이|가)?\s?(?:규정하는|규정한|정하는|정한|소정의)\s[^.,;]{1,40}?(?:이?라\s?함은|이?란\s)"
)


def _names_a_term(claim: Claim) -> bool:
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start <= end <= len(claim.claim_text):
        return False
    text = claim.claim_text
    after = text[end:]
    return bool(
        _TERM_BEFORE.search(text[max(0, start - 40) : start])
        or _TERM_AFTER.match(after)
        or _DEFINES_AFTER.match(after)
    )


def _outside_other_units(document: SourceDocument, cited: SourceUnit, found: MatchEvidence) -> bool:
    """The words stand in no unit but the cited one and those that hold it (a recital, a chapter's title,
    the heading of the cited unit's own article): in another unit they are the evidence of a wrong
    pinpoint, which stays a block."""
    for unit in document.units:
        if unit.start <= found.start and found.end <= unit.end and unit.path != cited.path[: len(unit.path)]:
            return False
    return True


def _articles_also_cited(claim: Claim) -> frozenset[str]:
    """The articles the claim's sentence cites besides the claim's own citation."""
    own = claim.citation.anchor.pinpoint if claim.citation.anchor is not None else None
    own_article = own.article if own is not None else None
    found = set()
    for other in extract_citations(claim.claim_text):
        pinpoint = other.anchor.pinpoint if other.anchor is not None else None
        if pinpoint is not None and pinpoint.article is not None and pinpoint.article != own_article:
            found.add(pinpoint.article)
    return frozenset(found)


_NUMBER = re.compile(r"(?<![\d.,])\d+(?![\d])")


def _has_words(text: str) -> bool:
    return any(c.isalnum() for c in text)


def _read_quote(
    claim: Claim, src: Normalized, pieces: Pieces, *, act: SourceDocument | None
) -> tuple[FragmentResult | None, MatchEvidence | None, int | None, tuple[MatchEvidence, ...]]:
    """FRAGMENT: the quote in the text read, where it is found, or the nearest passages. `act`: the act
    the text is read from, whose wording is fixed: a word quoted as another word is a misquote
    (`substituted`, with the terms the act defines)."""
    if not (claim.quote and claim.quote.strip() and _has_words(claim.quote)):
        return None, None, None, ()
    fragment = find_quote(claim.quote, src)
    if act is not None and "editorial_brackets" not in fragment.rules:
        terms = defined_terms(act.text)
        if fragment.status is FragmentStatus.MODIFIED:
            fragment = _misquoted(fragment, terms)
        elif not fragment.found and fragment.meaning_change is None:
            fragment = _term_put_in(claim.quote, src, terms) or fragment
    if not fragment.found:
        return fragment, None, None, tuple(pieces.shift(n) for n in fragment.nearest)
    evidence = fragment.evidence()
    match = pieces.shift(evidence) if evidence is not None else None
    return fragment, match, pieces.to_source(fragment.start or 0), ()


# how much of a short quote may differ from the act's passage when the difference is one of the act's
# defined terms put for a word of the passage ("‘non-material recipient’" for "non-material damage"): a
# word swapped in a term of three words is a third of it
_TERM_SWAP_THRESHOLD = 0.5


def _term_put_in(quote: str, src: Normalized, terms: frozenset[str]) -> FragmentResult | None:
    """A quote not in the text read that is a passage of it with one word replaced by a term the act
    defines (or, in Korean, by a person of the law), the rest word for word: a misquote naming both
    words. Too unlike the passage to count as found with small differences (a short term, a heading),
    yet no other reading fits it."""
    loose = find_quote(quote, src, threshold=_TERM_SWAP_THRESHOLD)
    if not loose.found or loose.meaning_change is not None or _changed_runs(loose.diff) != 1:
        return None
    if substituted(loose.diff, terms, firm_only=True) is None:
        return None  # only a defined term or a person of the law makes so loose a match evidence
    return _misquoted(loose, terms)


def _changed_runs(diff: tuple[tuple[str, str], ...]) -> int:
    runs, inside = 0, False
    for op, _ in diff:
        if op != "equal" and not inside:
            runs += 1
        inside = op != "equal"
    return runs


def _misquoted(fragment: FragmentResult, terms: frozenset[str]) -> FragmentResult:
    """A quote of an act found with a word of its own where the act has another: not there as quoted, its
    nearest passage the one it misquotes, so the row for a changed meaning names both words."""
    evidence = fragment.evidence()
    if evidence is None or substituted(fragment.diff, terms) is None:
        return fragment
    return replace(
        fragment,
        status=FragmentStatus.ABSENT,
        start=None,
        end=None,
        excerpt="",
        nearest=(evidence,),
        meaning_change="word",
    )


def read_claim(
    claim: Claim,
    document: SourceDocument,
    spans: list[tuple[int, int]] | None,
    *,
    lang: str,
    pinpointed: bool,
    substance: str | None = None,
) -> Reading:
    """CONTENT and FRAGMENT inside the text read for the claim (the spans of the source, in reading order, or
    the whole text). `substance`: what the claim says of its source, when the caller has it already (the
    seed's task format gives the thesis without a citation)."""
    required = claim.claim_type.required_level
    pieces = Pieces(document.text, spans)
    src = normalize(pieces.text) if spans else normalized_source(document.text)
    draft_lang = language_of_claim(claim, lang)  # the claim's own language, not the draft's
    src_lang = source_language(document)
    content_asked = required >= Level.CONTENT and bool(claim.claim_text.strip())
    content = None
    content_evidence = None
    statements = None
    restated = None
    attributed = None
    if content_asked and draft_lang == src_lang:
        said = claim_substance(claim) if substance is None else substance
        content = content_coverage(said, src, lang=src_lang)
        evidence = content.evidence()
        content_evidence = pieces.shift(evidence) if evidence is not None else None
        # the claim's numbers and polarity against the same text
        statements = read_statements(said, src, content, lang=src_lang, pinpointed=bool(spans))
        # a restatement is checked word for word against the sentence with its cues: blanking the lead-in
        # ("…에 의하여", "…고 규정한") would count as words the restatement left out; its citations' numbers
        # ("83(4)(a)") are still no number it states
        as_written = substance or claim_substance(claim, keep_cues=True)
        restated = restated_otherwise(as_written, src, lang=src_lang) if spans else None
        if spans and src_lang == "ko":
            attributed = attributed_effect(claim, pieces.text)
    elif content_asked and spans:
        # another language than the unit's: its numbers are still compared
        said = claim_substance(claim) if substance is None else substance
        statements = read_quantities_across(said, src, claim_lang=draft_lang, source_lang=src_lang)
    act = document if document.kind in _STATUTE_KINDS and draft_lang == src_lang else None  # same language
    fragment, fragment_match, fragment_start, nearest = _read_quote(claim, src, pieces, act=act)
    return Reading(
        draft_lang=draft_lang,
        source_lang=src_lang,
        pinpointed=pinpointed,
        unit_start=pieces.to_source(0),
        content_asked=content_asked,
        content=content,
        content_evidence=content_evidence,
        fragment=fragment,
        fragment_match=fragment_match,
        fragment_start=fragment_start,
        nearest=nearest,
        statements=statements,
        restated=restated,
        attributed=attributed,
        also_quoted=_also_quoted(claim, src, pieces) if spans and act is not None else None,
    )


def _also_quoted(claim: Claim, src: Normalized, pieces: Pieces) -> AlsoQuoted | None:
    """The sentence's other quotes of the cited unit, read there like the claim's own: "Article 44 …, entitled
    ‘General principle for transfers’, which lays down that ‘all provisions [in that chapter] shall not be
    applied …’" checks the second quote too, not only the first. A quote the claim's extraction gave to
    someone else (a name, a term, a party's words, another citation: `Claim.other_quotes`) is not read;
    one the unit holds as it stands, or that is nowhere near it, is nothing to report. A quote whose
    closest passage in the unit is its own words with a negation, a number or a legal effect turned is
    (the unit states it otherwise), before one that is near a passage without being it (‘채권자 알게 된
    개인정보’ where the unit says 업무상 알게 된 개인정보: a person reads it)."""
    own = normalize(claim.quote).text if claim.quote else None
    base = claim.claim_span[0]
    others = [span for span, _ in claim.other_quotes]
    near: AlsoQuoted | None = None
    for quote in find_quotes(claim.claim_text):
        text = quote.text
        if len(text.split()) < _QUOTE_MIN_WORDS or not _has_words(text) or normalize(text).text == own:
            continue
        start, end = base + quote.inner[0], base + quote.inner[1]
        if any(start < b and a < end for a, b in others):
            continue
        fragment = find_quote(text, src)
        if fragment.found or not fragment.nearest:
            continue
        also = AlsoQuoted(text, fragment, tuple(pieces.shift(n) for n in fragment.nearest))
        # "denied" (a passage saying no to the quote) is weaker than its own words turned: not for a quote
        # the extraction did not attach to the citation
        if fragment.meaning_change not in (None, "denied"):
            return also
        if near is None and fragment.meaning_change is None and fragment.similarity >= ALSO_NEAR:
            near = also
    return near


__all__ = ["finding_of", "measure", "read_claim", "verify_claim"]
