"""Every conversion between the workbench's rows and the verifier's records, in one place.

finding_row(review, ordinal, claim) -> Finding row          a claim, pending, ready to be verified
claim_of(row) -> Claim                                     the claim a row stands for, to verify again
reading_to_json(claim) / reading_from_json(data)            how the sentence around it was read, as stored
verdict_fields(verdict, snapshot) -> {field: value}        what a row stores of a verifier Finding
finding_of(row) -> verifier Finding                        a stored verdict, for the findings JSON
history_in(verdict) / history_of(row)                      the version/treatment check as stored / as read
form_of(row) / form_moved(form, delta)                     the citation-form note as read / carried over
anchor_to_json / anchor_from_json                          the parsed anchor, kept to resolve again
snapshot_fields(document) / document_of(snapshot)          a source as stored / as judged against
source_ref(snapshot) / provenance_of_snapshot(snapshot)    what a finding names of its source
document_of_review(review) -> IngestedDocument             the review's current draft
same_claim_key(row)                                        what makes two versions' findings the same
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone

from verifier.citations.owners import quoted_source
from verifier.form import FormNote
from verifier.ingest import IngestedDocument, TextPart
from verifier.model import (
    Anchor,
    Citation,
    Claim,
    ClaimType,
    HistoryCheck,
    Jurisdiction,
    Kind,
    Level,
    MatchEvidence,
    Pinpoint,
    Provenance,
    SourceDocument,
    SourceRef,
    SourceUnit,
    Status,
)
from verifier.model import Finding as VerifiedFinding
from verifier.provenance import provenance_from
from verifier.rationales import Message
from workbench.models import Finding, Review, SourceSnapshot
from workbench.reasons import in_words

# --- findings ---------------------------------------------------------------------------------------


def finding_row(review: Review, ordinal: int, claim: Claim) -> Finding:
    citation = claim.citation
    return Finding(
        review=review,
        version=review.version,
        ordinal=ordinal,
        span_start=citation.span[0],
        span_end=citation.span[1],
        citation=citation.text,
        jurisdiction=citation.jurisdiction.value,
        kind=citation.kind.value,
        claim_type=claim.claim_type.value,
        claim_text=claim.claim_text,
        claim_start=claim.claim_span[0],
        claim_end=claim.claim_span[1],
        quote=claim.quote or "",
        quote_start=claim.quote_span[0] if claim.quote_span else None,
        quote_end=claim.quote_span[1] if claim.quote_span else None,
        origin=claim.origin or "",
        reading=reading_to_json(claim),
        anchor=anchor_to_json(citation.anchor) if citation.anchor else {},
        anchor_key=citation.anchor.key if citation.anchor else "",
        problem=citation.problem or "",
        required_level=claim.claim_type.required_level.label,
    )


def claim_of(row: Finding) -> Claim:
    anchor = anchor_from_json(row.anchor) if row.anchor else None
    citation = Citation(
        span=(row.span_start, row.span_end),
        text=row.citation,
        jurisdiction=Jurisdiction(row.jurisdiction),
        kind=Kind(row.kind),
        anchor=anchor,
        problem=row.problem or None,
    )
    quote_span = (
        (row.quote_start, row.quote_end)
        if row.quote_start is not None and row.quote_end is not None
        else None
    )
    return Claim(
        citation=citation,
        claim_type=ClaimType(row.claim_type),
        claim_text=row.claim_text,
        claim_span=(row.claim_start, row.claim_end),
        quote=row.quote or None,
        quote_span=quote_span,
        origin=row.origin or None,
        # a row stored before there was a reading keeps the quoted source in its reason only
        **({"inside_quotation_of": quoted_source(row.problem)} | reading_from_json(row.reading or {})),
    )


# the reading's fields that are a source or citation as written, stored as they are when set
_READ_AS_WRITTEN = ("quote_owner", "inside_quotation_of", "read_with", "held_in")


def reading_to_json(claim: Claim) -> dict[str, Any]:
    """What the extraction read around the citation beyond its spans; only what is set, so that a row of an
    ordinary citation stores nothing."""
    out: dict[str, Any] = {
        name: getattr(claim, name) for name in _READ_AS_WRITTEN if getattr(claim, name) is not None
    }
    if claim.other_quotes:
        out["other_quotes"] = [[a, b, why] for (a, b), why in claim.other_quotes]
    if claim.amended_wording:
        out["amended_wording"] = True
    return out


def reading_from_json(data: dict[str, Any]) -> dict[str, Any]:
    """The Claim fields `reading_to_json` stored; a row stored before there was a reading has none."""
    out: dict[str, Any] = {name: str(data[name]) for name in _READ_AS_WRITTEN if data.get(name) is not None}
    if data.get("other_quotes"):
        out["other_quotes"] = tuple(((int(a), int(b)), str(why)) for a, b, why in data["other_quotes"])
    if data.get("amended_wording"):
        out["amended_wording"] = True
    return out


def verdict_fields(verdict: VerifiedFinding, snapshot: SourceSnapshot | None) -> dict[str, Any]:
    return {
        "achieved_level": verdict.achieved_level.label,
        "status": verdict.status.value,
        "risk": Finding.risk_of(verdict.status.value),
        "rationale": verdict.rationale,
        "reason": verdict.reason.to_json() if verdict.reason is not None else None,
        "note_messages": [m.to_json() for m in verdict.note_messages],
        "supporting_urls": list(verdict.supporting_urls),
        "snapshot": snapshot,
        "match": dataclasses.asdict(verdict.match) if verdict.match else None,
        "notes": list(verdict.notes),
        "suggestions": list(verdict.suggestions),
        "nearest": [dataclasses.asdict(n) for n in verdict.nearest],
        "coverage": verdict.coverage,
        "official_status": verdict.official_status.value if verdict.official_status else "",
        "history": history_in(verdict),
        "form": verdict.form.to_json() if verdict.form is not None else None,
        "computed_at": timezone.now(),
    }


def history_in(verdict: VerifiedFinding) -> dict[str, Any] | None:
    """What a row stores of the verdict's version/treatment check (is it still good law on the as-of date?):
    HistoryCheck.to_json, the findings JSON's `history`, notes kept as messages; None when the claim has no
    history to ask about."""
    return verdict.history.to_json() if verdict.history is not None else None


def history_of(row: Finding) -> HistoryCheck | None:
    return HistoryCheck.from_json(row.history) if row.history else None


def form_of(row: Finding) -> FormNote | None:
    """The citation-form note as stored (full form): `workbench.form.notes` reads it in the matter's form."""
    return FormNote.from_json(row.form) if row.form else None


def form_moved(form: dict[str, Any] | None, delta: int) -> dict[str, Any] | None:
    """A note carried over to a new version of the draft, where the same citation stands `delta` further on:
    its offsets move with it (the tracked-changes export writes them back into that version)."""
    if not form or not delta:
        return form
    note = FormNote.from_json(form)
    moved = dataclasses.replace(
        note,
        span=(note.span[0] + delta, note.span[1] + delta),
        differences=tuple(
            dataclasses.replace(d, start=d.start + delta, end=d.end + delta) for d in note.differences
        ),
    )
    return moved.to_json()


def _evidence(data: dict[str, Any]) -> MatchEvidence:
    return MatchEvidence(
        start=int(data["start"]),
        end=int(data["end"]),
        excerpt=str(data.get("excerpt", "")),
        similarity=float(data.get("similarity") or 0.0),
        diff=tuple((str(op), str(words)) for op, words in data.get("diff") or ()),
        rules=tuple(str(r) for r in data.get("rules") or ()),
        segments=tuple((int(s), int(e)) for s, e in data.get("segments") or ()),
    )


def source_ref(snapshot: SourceSnapshot) -> SourceRef:
    return SourceRef(
        snapshot.source_id,
        snapshot.title,
        snapshot.url,
        snapshot.fetched_at.isoformat(),
        snapshot.sha256,
        provenance_of_snapshot(snapshot),
    )


def provenance_of_snapshot(snapshot: SourceSnapshot) -> Provenance:
    """Where a stored source came from: the same words whether the verifier or a stored row says it."""
    return provenance_from(
        snapshot.origin, snapshot.url, snapshot.fetched_at.isoformat(), snapshot.sha256, snapshot.meta or {}
    )


def finding_of(row: Finding, snapshot: SourceSnapshot | None = None) -> VerifiedFinding:
    """A finished finding as the verifier's Finding (what the findings JSON is written from). `snapshot`: the
    row's source when the caller loaded it once for many rows."""
    if not row.status:
        raise ValueError(f"{row.finding_id} has no verdict yet")
    snapshot = snapshot if snapshot is not None else (row.snapshot if row.snapshot_id else None)
    return VerifiedFinding(
        id=row.finding_id,
        span=(row.span_start, row.span_end),
        citation=row.citation,
        jurisdiction=Jurisdiction(row.jurisdiction),
        kind=Kind(row.kind),
        claim_type=ClaimType(row.claim_type),
        claim_text=row.claim_text,
        quote=row.quote or None,
        required_level=Level[row.required_level.upper()],
        achieved_level=Level[(row.achieved_level or "none").upper()],
        status=Status(row.status),
        rationale=row.rationale,
        supporting_urls=tuple(row.supporting_urls),
        source=source_ref(snapshot) if snapshot is not None else None,
        match=_evidence(row.match) if row.match else None,
        origin=row.origin or None,
        notes=tuple(row.notes),
        suggestions=tuple(row.suggestions),
        nearest=tuple(_evidence(n) for n in row.nearest),
        coverage=row.coverage,
        anchor_key=row.anchor_key or None,
        reason=Message.from_json(row.reason) if row.reason else None,
        note_messages=tuple(Message.from_json(m) for m in row.note_messages),
        official_status=Status(row.official_status) if row.official_status else None,
        history=history_of(row),
        form=form_of(row),
    )


def rationale_in(row: Finding, lang: str) -> str:
    """The finding's rationale in `lang` (the reader's); a row stored before messages were kept has only
    its draft-language text."""
    return in_words(Message.from_json(row.reason)).render(lang) if row.reason else row.rationale


def notes_in(row: Finding, lang: str) -> list[str]:
    if row.note_messages:
        return [in_words(Message.from_json(m)).render(lang) for m in row.note_messages]
    return list(row.notes)


def history_note_in(row: Finding, lang: str) -> str:
    """The version/treatment check's one sentence in `lang`: "version not checked: …", the wording
    in force on the review's date, a later judgment that changed the cited one; "" when there is none."""
    history = history_of(row)
    return in_words(history.note).render(lang) if history is not None and history.note is not None else ""


def same_claim_key(row: Finding) -> tuple[str, str, str, str, str]:
    """Two versions' findings are the same claim when citation, claim type, sentence and quote are."""
    return (
        row.anchor_key,
        " ".join(row.citation.split()),
        row.claim_type,
        " ".join(row.claim_text.split()),
        row.quote,
    )


# --- anchors ----------------------------------------------------------------------------------------


def anchor_to_json(anchor: Anchor) -> dict[str, Any]:
    return dataclasses.asdict(anchor)


def anchor_from_json(data: dict[str, Any]) -> Anchor:
    values = dict(data)
    pin = values.get("pinpoint")
    values["pinpoint"] = Pinpoint(**pin) if pin else None
    values["parties"] = tuple(values.get("parties") or ())
    return Anchor(**values)


# --- sources ----------------------------------------------------------------------------------------


def snapshot_fields(document: SourceDocument) -> dict[str, Any]:
    return {
        "key": document.key,
        "source_id": document.id,
        "origin": document.origin,
        "jurisdiction": document.jurisdiction.value,
        "kind": document.kind.value,
        "title": document.title,
        "url": document.url,
        "version": document.version,
        "sha256": document.sha256,
        "fetched_at": parse_time(document.fetched_at),
        "text": document.text,
        "number": document.number or "",
        "date": document.date or "",
        "court": document.court or "",
        "parties": list(document.parties),
        "units": [[[list(p) for p in u.path], u.label, u.start, u.end, u.title] for u in document.units],
        "summary": document.summary or "",
        "meta": dict(document.meta),
        "retries": document.retries,
    }


def parse_time(value: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return timezone.now()
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def document_of(snapshot: SourceSnapshot) -> SourceDocument:
    return SourceDocument(
        id=snapshot.source_id,
        key=snapshot.key,
        jurisdiction=Jurisdiction(snapshot.jurisdiction),
        kind=Kind(snapshot.kind),
        title=snapshot.title,
        text=snapshot.text,
        url=snapshot.url,
        version=snapshot.version,
        sha256=snapshot.sha256,
        fetched_at=snapshot.fetched_at.isoformat(),
        origin=snapshot.origin,
        number=snapshot.number or None,
        date=snapshot.date or None,
        court=snapshot.court or None,
        parties=tuple(snapshot.parties),
        units=tuple(
            SourceUnit(
                path=tuple((str(a), str(b)) for a, b in path), label=label, start=start, end=end, title=title
            )
            for path, label, start, end, title in snapshot.units
        ),
        summary=snapshot.summary or None,
        retries=snapshot.retries,
        meta=dict(snapshot.meta),
    )


# --- drafts -----------------------------------------------------------------------------------------


def draft_fields(document: IngestedDocument) -> dict[str, Any]:
    """What a review stores of its current draft."""
    return {
        "draft_name": document.name[:255],
        "draft_format": document.format,
        "draft_text": document.text,
        "draft_sha256": document.sha256,
        "draft_parts": [[p.start, p.end, p.origin] for p in document.parts],
        "draft_warnings": list(document.warnings),
    }


def document_of_review(review: Review) -> IngestedDocument:
    parts = tuple(TextPart(int(s), int(e), str(o)) for s, e, o in review.draft_parts)
    return IngestedDocument(
        name=review.draft_name,
        text=review.draft_text,
        sha256=review.draft_sha256,
        format=review.draft_format,
        parts=parts,
    )
