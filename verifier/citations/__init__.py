"""Citation extraction: every citation of a draft with its span, its parts and the claim around it.

    extract_citations(text) -> list[Citation]     in text order, `not_checked` ones (problem set) included
    extract_claims(text, lang=None, origin_at=None) -> list[Claim]   one per citation, same order

Korean, Polish and EU citations are looked for in every draft whatever its language: a Polish memo cites
RODO and CJEU cases, a Korean one may cite the GDPR. Spans index the text exactly as given; matching runs
on a cleaned copy (NFC, NBSP, U+2011, soft hyphens) with an offset map back (see `common.prepare`).

Overlaps: when one finding lies inside another (the act `ustawy … (Dz. U. …)` inside the article citation
that names it), only the outer one is kept. A merged Korean case `2000므1257, 1264` gives two citations.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from verifier.citations import claims as _claims
from verifier.citations import clauses as _clauses
from verifier.citations import eu, kr, owners, pl, quote_roles, references
from verifier.citations.common import CASE_PARAGRAPH, Hit, Prepared, prepare
from verifier.citations.ibid import with_ibid
from verifier.citations.quotes import find_quotes
from verifier.lang import detect_language
from verifier.model import Citation, Claim, ClaimType, Kind, Span

__all__ = ["extract_citations", "extract_claims"]

_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})
_CASE_KINDS = frozenset({Kind.JUDGMENT, Kind.EU_CASE, Kind.CONSTITUTIONAL_DECISION})


def _hits(prepared: Prepared) -> list[Hit]:
    norm = prepared.norm
    found = kr.extract(norm) + pl.extract(norm) + eu.extract(norm)
    # Longest first at each start, so a containing finding is seen before what it contains.
    found.sort(key=lambda h: (h.start, -h.end))
    kept: list[Hit] = []
    reach = -1
    for h in found:
        if h.end <= reach and kept and _inside(h, kept):
            continue
        kept.append(h)
        reach = max(reach, h.end)
    kept.sort(key=lambda h: (h.start, h.end))
    return with_ibid(norm, kept)


def _inside(h: Hit, kept: list[Hit]) -> bool:
    # Only the last few kept findings can contain h: they are sorted by start.
    for k in reversed(kept[-8:]):
        if k.start <= h.start and h.end <= k.end and (k.start, k.end) != (h.start, h.end):
            return True
        if (k.start, k.end) == (h.start, h.end) and k.anchor == h.anchor:
            return True
    return False


def _citation(prepared: Prepared, h: Hit) -> Citation:
    start, end = prepared.to_source(h.start, h.end)
    return Citation(
        span=(start, end),
        text=prepared.source[start:end],
        jurisdiction=h.jurisdiction,
        kind=h.kind,
        anchor=h.anchor,
        problem=h.problem,
    )


def extract_citations(text: str) -> list[Citation]:
    """Every citation in `text`, in text order. `text[c.span[0]:c.span[1]] == c.text` for each."""
    prepared = prepare(text)
    return [_citation(prepared, h) for h in _hits(prepared)]


def extract_claims(
    text: str,
    *,
    lang: str | None = None,
    origin_at: Callable[[int], str | None] | None = None,
) -> list[Claim]:
    """One Claim per citation, in text order: its clause, its type and the attached quote if any.

    `claim_text` is the citation's own clause (see `clauses`), not always the whole sentence: in a sentence
    that cites two sources each gets its part, and a factual premise that opens it is left out.

    `lang` (ko/pl/en, detected when None) is checked and kept for callers, but every cue list applies: drafts
    mix languages and the cue phrases of one never occur in another. `origin_at(offset)` names where a
    citation sits ("footnote 3")."""
    if lang is None:
        lang = detect_language(text)
    if lang not in _claims.CUES:
        raise ValueError(f"unsupported language {lang!r}: expected 'ko', 'pl' or 'en'")
    prepared = prepare(text)
    norm = prepared.norm
    hits = _hits(prepared)
    quotes = find_quotes(norm)
    # a short name, a defined term, the writer's own definition or a party's words in quotation marks is not
    # a quote of the cited unit: it is never attached to a citation as one
    foreign = quote_roles.roles(norm, quotes)
    spans = [(h.start, h.end) for h in hits]
    asides = _claims.korean_parentheticals(norm)
    protected = spans + [q.span for q in quotes] + asides
    act_ends = [h.end for h in hits if h.end > h.start and norm[h.end - 1] == "."]
    starts = _claims.sentence_starts(norm, protected, act_ends)
    attached = _claims.attach_quotes(norm, starts, spans, [q for q in quotes if q not in foreign])
    case_starts = _claims.cases_before(hits)
    quote_spans = [q.span for q in quotes]
    frames = _claims.Frames(norm, spans)

    def joined(i: int) -> bool:
        h = hits[i]
        return (
            _claims.read_in_conjunction(i, hits, norm)
            or _claims.inside_quote(h.start, h.end, quotes)
            or _claims.reported_holding_of(h, case_starts[i], norm, sentences[i])
        )

    sentences = [_claims.sentence_span(norm, starts, h.start) for h in hits]
    attached = _holding_quotes(attached, hits, norm, sentences, case_starts)
    attached, donors = _pinpointed_quotes(attached, hits, norm, sentences)
    attached, see_also = _not_for_see_also(attached, hits, norm, sentences)
    donors |= see_also
    attached = owners.settle(owners.out_of_asides(attached, hits, asides), hits, norm, sentences)
    clauses: dict[int, Span] = {}
    i = 0
    while i < len(hits):
        j = i
        while j + 1 < len(hits) and sentences[j + 1] == sentences[i]:
            j += 1
        members = list(range(i, j + 1))
        if len(members) == 1 and not _in_reference_list(norm, sentences[i], spans[i]):
            clauses[i] = sentences[i]
        else:
            clauses.update(
                _clauses.clause_spans(norm, sentences[i], members, spans, quote_spans, joined, frames)
            )
        for k in members:
            a, b = clauses[k]
            others = [spans[m] for m in members if m != k]
            clauses[k] = (_clauses.premise_end(norm, (a, b), hits[k].start, others), b)
        i = j + 1
    claim_spans = [_claim_span(norm, clauses[i], sentences[i], attached.get(i)) for i in range(len(hits))]
    # Search each claim for cues, unless the claims add up to more text than the draft (a dense list of
    # citations): then one scan of the whole draft is cheaper.
    dense = sum(b - a for a, b in claim_spans) > len(norm)
    cue_index = _claims.CueIndex(norm) if dense else None
    quote_index = owners.QuoteIndex(quotes, foreign, attached)
    out: list[Claim] = []
    for i, h in enumerate(hits):
        citation = _citation(prepared, h)
        quote_info = attached.get(i)
        claim_norm = claim_spans[i]
        claim_span = prepared.to_source(*claim_norm)
        claim_text = text[claim_span[0] : claim_span[1]]
        sentence_norm = norm[claim_norm[0] : claim_norm[1]]
        found = cue_index.types_in(claim_norm) if cue_index is not None else None
        claim_type = _claims.classify(
            sentence_norm,
            h.kind,
            has_quote=quote_info is not None,
            after_citation=norm[h.end : h.end + 30],
            found=found,
            bare=_claims.bare_marker(norm, h.start, h.end, claim_norm),
            says_something=_claims.says_something(frames, claim_norm, (h.start, h.end)),
        )
        quote: str | None = None
        quote_span = None
        quoted_in: str | None = None
        if quote_info is not None:
            q = quote_info.quote
            quote_span = prepared.to_source(*q.inner)
            raw = text[quote_span[0] : quote_span[1]]
            quote = raw if q.text == norm[q.inner[0] : q.inner[1]] else q.text
        if h.problem is not None and claim_type is not ClaimType.BARE_CITATION and quote is None:
            claim_type = ClaimType.BARE_CITATION
        carried = _carried(i, out, hits, norm, prepared, case_starts[i], (claim_norm, sentence_norm, quote))
        if quote is None and (carried.bare or i in donors or _trailing_see_also(i, hits, norm, sentences)):
            # a statute whose quote is the judgment's words cited after it only has to exist, and a "see also"
            # reference that the quote before it does not belong to only has to exist
            claim_type = ClaimType.BARE_CITATION
        container = quote_index.containing(h.start, h.end) if quote is None else None
        if container is not None:
            # cited inside someone else's words ("SN wskazał, że „przepis art. 691 k.c. …”"): the citation is
            # the quoted court's, not the draft's; it is listed as context and never looked up or blocked
            claim_type = ClaimType.BARE_CITATION
            quoted_in = owners.quoted_by(norm, container, hits, quote_index)
            citation = replace(citation, problem=owners.quotation_reason(quoted_in))
        other = owners.other_quotes(claim_norm, i, quote_index)
        out.append(
            Claim(
                citation=citation,
                claim_type=claim_type,
                claim_text=claim_text,
                claim_span=claim_span,
                quote=quote,
                quote_span=quote_span,
                origin=origin_at(citation.span[0]) if origin_at is not None else None,
                other_quotes=tuple((prepared.to_source(*span), why) for span, why in other),
                quote_owner=owners.owner_of(i, claim_norm, quote_index, hits, prepared),
                **owners.wording_named(norm, h, claim_norm, citation),
                inside_quotation_of=quoted_in,
                read_with=carried.read_with,
                held_in=carried.held_in,
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class _Carried:
    """Whether another citation of the sentence carries the claim (so this one only has to exist), and which:
    the lead it is read in conjunction with, or the case whose holding reports it."""

    bare: bool = False
    read_with: str | None = None
    held_in: str | None = None


_NOT_CARRIED = _Carried()


def _carried(
    i: int,
    out: list[Claim],
    hits: list[Hit],
    norm: str,
    prepared: Prepared,
    case: Hit | None,
    at: tuple[Span, str, str | None],
) -> _Carried:
    claim, sentence, quote = at
    if quote is not None:
        return _NOT_CARRIED  # a citation with a quote of its own makes its own claim
    if _claims.in_reported_holding(hits[i], case, claim, sentence):
        # "SN przyjął, że art. 691 k.c. …", "the Court held that under Article 82 GDPR …": the statute is
        # what the holding is about; the holding is checked against the judgment, the statute only exists
        assert case is not None
        a, b = prepared.to_source(case.start, case.end)
        return _Carried(bare=True, held_in=" ".join(prepared.source[a:b].split()))
    if not _claims.read_in_conjunction(i, hits, norm):
        return _NOT_CARRIED
    lead = out[i - 1]
    if lead.held_in is not None:  # "SN uznał, że art. 23 w zw. z art. 24 k.p. …": both are the holding's
        return _Carried(bare=True, held_in=lead.held_in)
    read_with = _lead_of(lead)
    if read_with is None:
        return _NOT_CARRIED
    return _Carried(bare=True, read_with=read_with or None)


def _lead_of(lead: Claim) -> str | None:
    """The citation a partner read in conjunction with `lead` (the one before it) is read with: the first
    of the chain ("art. 5 w zw. z art. 6 w zw. z art. 7": art. 5 for both). "" when the lead makes no claim
    of its own either (a bare list of provisions): then there is nothing the partner's reader must add to.
    None when the lead cannot be read ("art. 34 ust. 1 ustawy z dnia 22 maja 2003 r. o …", an act the patterns
    do not know): the partner is the one provision the sentence's claim can be checked against."""
    if lead.read_with is not None:
        return lead.read_with
    if lead.citation.problem is not None and lead.inside_quotation_of is None:
        return None
    return "" if lead.claim_type is ClaimType.BARE_CITATION else lead.citation.text


def _in_reference_list(norm: str, sentence: Span, span: Span) -> bool:
    """The citation stands in a list of authorities that the sentence goes on after ("…취지인데(대법원 …
    판결 참조), 기록에 의하면 …"): its claim is the words before the list, not the rest of the sentence."""
    listed = references.enclosing(references.reference_parens(norm, *sentence), *span)
    return listed is not None and norm[listed[1] : sentence[1]].strip(" .,;") != ""


def _holding_quotes(
    attached: dict[int, _claims.Attached],
    hits: list[Hit],
    norm: str,
    sentences: list[Span],
    case_starts: list[Hit | None],
) -> dict[int, _claims.Attached]:
    """A quote that completes the holding reported of a case is the case's, not the statute's the holding is
    about: in "In Case C-300/21 the Court ruled that Article 82(1) GDPR “must be interpreted as meaning …”"
    the quoted words are the Court's (its operative part), and Article 82(1) only has to exist. Moved when
    the statute stands inside the holding (`reported_holding_of`), the quote follows the statute with
    nothing but a space, comma or colon between them, and the case carries no quote of its own."""
    moved = dict(attached)
    position = {id(h): i for i, h in enumerate(hits)}
    for i, info in attached.items():
        case = case_starts[i]
        if case is None or info.footnote:
            continue
        k = position[id(case)]
        h, q = hits[i], info.quote.span
        if k in moved or sentences[k] != sentences[i] or q[0] < h.end:
            continue
        right_after = not norm[h.end : q[0]].strip(" ,:") and q[0] - h.end <= 3
        if not (right_after or _reported_speech(norm, q[1], sentences[i][1])):
            continue
        if _claims.reported_holding_of(h, case, norm, sentences[i]):
            moved[k] = moved.pop(i)
    return moved


def _pinpointed_quotes(
    attached: dict[int, _claims.Attached], hits: list[Hit], norm: str, sentences: list[Span]
) -> tuple[dict[int, _claims.Attached], set[int]]:
    """A quote right after a statute and right before a judgment's citation with a paragraph pinpoint is
    the judgment's words at that paragraph: in 'Article 82(1) GDPR “must be interpreted as meaning …”
    (C-300/21, paragraph 42)' the quote is checked at paragraph 42, and Article 82(1) only has to exist.
    Not when the case is a bare reference ("(see also …)") or already carries a quote. Returns the
    attachments and the statutes that gave their quote away."""
    moved = dict(attached)
    donors: set[int] = set()
    for i, info in attached.items():
        h, q = hits[i], info.quote.span
        k = i + 1
        if info.footnote or h.kind not in _STATUTE_KINDS or k >= len(hits) or k in moved:
            continue
        case = hits[k]
        if case.kind not in _CASE_KINDS or sentences[k] != sentences[i] or q[0] < h.end:
            continue
        if norm[h.end : q[0]].strip(" ,:") or q[0] - h.end > 3:
            continue
        if norm[q[1] : case.start].strip(" ,(") or case.start - q[1] > 4:
            continue  # "(Case C-300/21" right after the quote; "(see also Case …)" is not the quote's source
        if CASE_PARAGRAPH.match(norm, case.end) is None:
            continue
        moved[k] = moved.pop(i)
        donors.add(i)
    return moved, donors


def _trailing_see_also(i: int, hits: list[Hit], norm: str, sentences: list[Span]) -> bool:
    """ "… jest nieważna” (zob. też wyrok SN …, III CZP 36/02).": a reference brought in by see / cf. / zob. /
    por. after another citation of its sentence, with nothing after it but its own pinpoint, says nothing
    of its own: the sentence's cue ("Zgodnie z", "provides") frames the other citation's claim."""
    h, sentence = hits[i], sentences[i]
    if i == 0 or sentences[i - 1] != sentence or not _claims.bare_marker(norm, h.start, h.end, sentence):
        return False
    tail = CASE_PARAGRAPH.match(norm, h.end)
    rest = norm[tail.end() if tail is not None else h.end : sentence[1]]
    return not rest.strip(" .;,)]")


def _not_for_see_also(
    attached: dict[int, _claims.Attached], hits: list[Hit], norm: str, sentences: list[Span]
) -> tuple[dict[int, _claims.Attached], set[int]]:
    """A citation brought in as a bare reference ("(see also Case C-300/21, …)", "(zob. też …)", "(cf. …)")
    does not own the quote before it: 'Article 7(3) GDPR provides that “…” (see also Case …)' quotes
    Article 7(3). The quote goes back to the nearest citation before it in the same sentence, if that one
    has none of its own; the reference is then what it is, a bare citation (returned with the attachments)."""
    moved = dict(attached)
    bare: set[int] = set()
    for k, info in attached.items():
        q = info.quote.span
        h = hits[k]
        if info.footnote or h.start < q[1] or not _claims.bare_marker(norm, h.start, h.end, sentences[k]):
            continue
        before = [i for i in range(k) if hits[i].end <= q[0] and sentences[i] == sentences[k]]
        if before and before[-1] not in moved:
            moved[before[-1]] = moved.pop(k)
            bare.add(k)
    return moved, bare


# "…”고 판시하였다", "…”라고 판단하였다": the quote is what the court said, closed by the quotative ending and
# the holding's verb (a quote followed by "라고 규정하고" is what a statute provides, and stays with it)
_QUOTATIVE = re.compile(r"[ ]?(?:이?라고|고)[ ]?")


def _reported_speech(norm: str, quote_end: int, sentence_end: int) -> bool:
    m = _QUOTATIVE.match(norm, quote_end, sentence_end)
    if m is None:
        return False
    cue = _claims.ALL_CUES.get(ClaimType.COURT_HOLDING)
    return cue is not None and cue.match(norm[m.end() : min(sentence_end, m.end() + 20)].lower()) is not None


def _claim_span(norm: str, clause: Span, sentence: Span, attached: _claims.Attached | None) -> Span:
    """The clause, widened to the quote it carries (and to the quote's sentence when that is another one);
    a citation in a footnote makes the claim of the body sentence its quote stands in."""
    if attached is None:
        return clause
    if attached.footnote:
        return attached.quote_sentence
    q = attached.quote.span
    if attached.quote_sentence == sentence:
        return (min(clause[0], q[0]), max(clause[1], q[1]))
    return (min(clause[0], attached.quote_sentence[0]), max(clause[1], attached.quote_sentence[1]))
