"""The documents a firm files: the findings JSON (CONTRACT §2) with decisions and the audit chain, a CSV for
Excel, a PDF report to sign, and the draft as .docx with a Word comment at each citation.

Exports of a signed-off review are reproducible byte for byte: they carry the audit chain up to the
sign-off (export events written afterwards are not part of what was signed), fixed document dates, and
zip entries with fixed timestamps.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any, NamedTuple

from django.db.models import F, Prefetch, QuerySet
from django.utils import translation
from django.utils.translation import gettext

from verifier.model import Status
from verifier.provenance import checked_against
from verifier.report import SCHEMA, finding_json, status_summary
from workbench.audit_heads import signature
from workbench.exports.common import (
    CONTENT_TYPES,
    STATUS_RGB,
    STATUS_TEXT_RGB,
    Comments,
    Export,
    Lines,
    bounded,
    drained,
    fixed_zip,
    joined,
    new_pdf,
    reference_time,
    streamed_list,
)
from workbench.exports.docx_comments import NoteParts, comment_runs_in_docx, write_draft_with_runs
from workbench.exports.text import comment_text, signoff_lines
from workbench.form.notes import canonical_citation, in_style, style_of
from workbench.models import AuditEvent, Decision, Finding, Review, SourceSnapshot
from workbench.pipeline.drafts import truncation_text
from workbench.pipeline.records import finding_of, history_note_in, provenance_of_snapshot, rationale_in
from workbench.words import check_word, role_word, status_word

FORMATS = ("json", "csv", "pdf", "docx")
# A snapshot's header, never its text and units (380 KB and 151 KB for k.c.): exports name the source, and
# every finding of the same source shares one loaded row.
SNAPSHOT_HEADER = ("id", "source_id", "title", "url", "fetched_at", "sha256", "origin", "meta")


def findings_of(review: Review) -> QuerySet[Finding]:
    return (
        review.findings.filter(version=review.version)
        .prefetch_related(
            Prefetch("snapshot", queryset=SourceSnapshot.objects.only(*SNAPSHOT_HEADER)),
            "decisions__user",
        )
        .order_by("ordinal")
    )


CHUNK_ROWS = 500  # findings read from the database at a time by an export that streams them


def snapshots_of(review: Review) -> dict[int, SourceSnapshot]:
    """The header of every source the review's findings name, each read once for the whole export."""
    cited = review.findings.filter(version=review.version, snapshot__isnull=False).values("snapshot_id")
    return {s.pk: s for s in SourceSnapshot.objects.only(*SNAPSHOT_HEADER).filter(pk__in=cited)}


def rows_of(review: Review, snapshots: dict[int, SourceSnapshot]) -> Iterator[Finding]:
    """The findings in draft order, CHUNK_ROWS at a time with their decisions, each given its source from
    `snapshots`: memory stays that of one chunk however many findings the review has."""
    rows = (
        review.findings.filter(version=review.version)
        .prefetch_related("decisions__user")
        .order_by("ordinal")
        .iterator(chunk_size=CHUNK_ROWS)
    )
    for f in rows:
        if f.snapshot_id is not None:
            f.snapshot = snapshots[f.snapshot_id]
        yield f


def chain_events(review: Review) -> QuerySet[AuditEvent]:
    events = AuditEvent.objects.filter(review=review).order_by("seq")
    if review.is_signed_off:
        signed = events.filter(kind="signed_off").order_by("-seq").first()
        if signed is not None:
            events = events.filter(seq__lte=signed.seq)
    return events


def chain_of(review: Review) -> list[AuditEvent]:
    return list(chain_events(review))


def decision_json(f: Finding) -> list[dict[str, Any]]:
    return [_decision(f.finding_id, d) for d in f.decisions.all()]


def _decision(finding_id: str, d: Decision) -> dict[str, Any]:
    return {
        "finding": finding_id,
        "action": d.action,
        "text": d.text,
        "comment": d.comment,
        "user": d.user.get_username(),
        "role": d.role,
        "at": d.created_at.isoformat(),
        "carried_over": d.carried_over,
    }


def decisions_of(review: Review) -> QuerySet[Decision]:
    """The decisions on the current version's findings, in the order of `decision_json` over the findings."""
    return (
        Decision.objects.filter(finding__review=review, finding__version=review.version)
        .select_related("user")
        .annotate(ordinal=F("finding__ordinal"))
        .order_by("finding__ordinal", "created_at", "id")
    )


def event_json(e: AuditEvent) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "kind": e.kind,
        "actor": e.actor_name,
        "at": e.created_at.isoformat(),
        "payload": e.payload,
        "prev_hash": e.prev_hash,
        "hash": e.hash,
        "key_id": e.key_id,
    }


def _heading(document: Any, text: str) -> None:
    """A heading in the draft's own .docx: its "Heading 2" style where the draft has one; a bold line where
    it does not (a draft written without Word's built-in heading styles)."""
    try:
        document.add_heading(text, level=2)
    except KeyError:
        document.add_paragraph().add_run(text).bold = True


def statuses_of(findings: QuerySet[Finding]) -> list[tuple[Status, Status | None]]:
    """Each finding's status and official status, what `status_summary` counts a hard block from."""
    rows = findings.values_list("status", "official_status")
    return [(Status(s), Status(o) if o else None) for s, o in rows]


def findings_json(review: Review, snapshots: dict[int, SourceSnapshot]) -> Iterator[dict[str, Any]]:
    """The findings of the findings JSON, each `form` in the matter's citation form (issue 29)."""
    style = style_of(review.matter)
    return (finding_json(in_style(finding_of(f), style)) for f in rows_of(review, snapshots))


def as_json(review: Review, *, streamed: bool = False) -> dict[str, Any]:
    """The findings JSON as a dict; `streamed`: its findings, decisions and audit chain are read from the
    database as the encoder writes them (`json_chunks`), a chunk at a time."""
    snapshots = snapshots_of(review)
    current = review.findings.filter(version=review.version)
    statuses = statuses_of(current.order_by("ordinal"))
    decided = decisions_of(review)
    events = chain_events(review)
    last = events.reverse().only("seq", "hash", "key_id").first()
    signoff = getattr(review, "signoff", None) if review.is_signed_off else None
    document = {  # verifier.report.document_json, its findings read a chunk at a time
        "path": review.draft_name,
        "sha256": review.draft_sha256,
        "chars": len(review.draft_text),
        "language": review.language,
        "as_of": review.as_of.isoformat(),  # schema /3: the day the law is checked on
        "summary": status_summary(statuses),
        "findings": streamed_list(
            len(statuses),
            lambda: findings_json(review, snapshots),
            streamed=streamed,
        ),
    }
    return {
        "schema": SCHEMA,
        "documents": [document],
        "review": {
            "id": review.pk,
            "title": review.title,
            "matter": review.matter.reference,
            "version": review.version,
            "created_at": review.created_at.isoformat(),
            "signed_off": (
                {
                    "by": signoff.user.get_username(),
                    "at": signoff.signed_at.isoformat(),
                    "comment": signoff.comment,
                }
                if signoff
                else None
            ),
            "decisions": streamed_list(
                decided.count(),
                lambda: (
                    _decision(Finding(ordinal=d.ordinal).finding_id, d)  # type: ignore[attr-defined]
                    for d in decided.iterator(chunk_size=CHUNK_ROWS)
                ),
                streamed=streamed,
            ),
            "audit_chain": streamed_list(
                events.count(),
                lambda: (event_json(e) for e in events.iterator(chunk_size=CHUNK_ROWS)),
                streamed=streamed,
            ),
            "chain_head": last.hash if last else None,
            # HMAC of the head under the audit key its event names (docs/OPERATIONS.md "Audit chain").
            "chain_head_signature": (
                {
                    "seq": last.seq,
                    "key_id": last.key_id,
                    "mac": signature(review.pk, last.seq, last.hash, last.key_id),
                }
                if last and last.key_id
                else None
            ),
            "truncated": {**review.truncated, "note": truncation_text(review)} if review.truncated else None,
        },
    }


def json_chunks(review: Review) -> Iterator[bytes]:
    """The findings JSON, byte for byte `json.dumps(as_json(review), ensure_ascii=False, indent=2,
    sort_keys=True) + "\n"`, in pieces of about CHUNK_BYTES."""
    encoder = json.JSONEncoder(ensure_ascii=False, indent=2, sort_keys=True)
    yield from joined(itertools.chain(encoder.iterencode(as_json(review, streamed=True)), ["\n"]))


def export_json(review: Review) -> bytes:
    return b"".join(json_chunks(review))


CSV_COLUMNS = (
    "id", "status", "label", "citation", "jurisdiction", "kind", "claim_type", "required_level",
    "achieved_level", "claim_text", "rationale", "review_state", "decision", "decided_by", "decided_at",
    "decision_comment", "source_url", "snapshot_sha256", "source_provenance", "official_status",
    "as_of", "history_note",
)  # fmt: skip


def provenance_line(snapshot: SourceSnapshot | None, lang: str) -> str:
    """Where the source came from, in the export's language: "Checked against text pasted by … on …, not an
    official source." (a signed-off review exports the same bytes for the same language)."""
    return checked_against(provenance_of_snapshot(snapshot), lang) if snapshot is not None else ""


def last_decision(f: Finding) -> Any:
    decisions = list(f.decisions.all())
    return decisions[-1] if decisions else None


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text: one that would start a formula (=, +, -, @, tab, CR — OWASP's CSV
    injection list) gets a leading apostrophe, which Excel and LibreOffice show as nothing. Drafts, rationales
    and decision comments are untrusted text; numbers are left as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_chunks(review: Review, lang: str) -> Iterator[bytes]:
    """The CSV a chunk of rows at a time; each source's provenance sentence is written once per export."""
    snapshots = snapshots_of(review)
    provenance = {pk: provenance_line(snapshot, lang) for pk, snapshot in snapshots.items()}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    # The BOM makes Excel read UTF-8 (Polish and Korean text) instead of the local code page.
    buffer.write("\ufeff")
    writer.writerow(CSV_COLUMNS)
    for n, f in enumerate(rows_of(review, snapshots), start=1):
        d = last_decision(f)
        decided = (
            [d.action, d.user.get_username(), d.created_at.isoformat(), d.comment] if d else ["", "", "", ""]
        )
        source = [f.snapshot.url, f.snapshot.sha256] if f.snapshot else ["", ""]
        source += [provenance.get(f.snapshot_id or 0, ""), f.official_status]
        source += [review.as_of.isoformat(), history_note_in(f, lang)]  # the law as it stood that day
        # a 🟡 modified quote differs from its source: never "verified" in a column a spreadsheet sorts by
        label = "unknown" if f.status == Status.MODIFIED else Status(f.status).label if f.status else ""
        row = [
            f.finding_id,
            f.status,
            label,
            f.citation,
            f.jurisdiction,
            f.kind,
            f.claim_type,
            f.required_level,
            f.achieved_level,
            f.claim_text,
            rationale_in(f, lang),
            f.state,
            *decided,
            *source,
        ]
        writer.writerow([csv_cell(cell) for cell in row])
        if n % CHUNK_ROWS == 0:
            yield drained(buffer)
    if review.truncated:  # past WORKBENCH_MAX_CITATIONS: never a silent skip
        writer.writerow([csv_cell(truncation_text(review))])
    yield drained(buffer)


def export_csv(review: Review, lang: str) -> bytes:
    return b"".join(csv_chunks(review, lang))


def export_pdf(review: Review, lang: str) -> bytes:
    # the findings are read a chunk at a time, once per part of the report; each source's header once
    snapshots = snapshots_of(review)
    current = review.findings.filter(version=review.version).order_by("ordinal")
    chain = chain_of(review)
    when = reference_time(review)
    # every word of the report in the reader's language (render() holds translation.override(lang))
    pdf = new_pdf(gettext("Citation review: %(title)s") % {"title": review.title}, when)
    pdf.add_page()
    width = pdf.w - pdf.l_margin - pdf.r_margin
    lines = Lines(pdf)

    def line(text: str, size: float = 9.5, style: str = "", height: float = 5.0) -> None:
        pdf.set_font("body", style, size)
        lines.write(width, height, text)

    line(gettext("Citation review report"), 16, "B", 8)
    line(review.title, 12, "B", 6)
    checked = f"{review.finished_at:%Y-%m-%d %H:%M} UTC" if review.finished_at else gettext("not finished")
    line(
        gettext("Matter: %(matter)s") % {"matter": f"{review.matter.reference} {review.matter.name}"}
        + "\n"
        + gettext("Draft: %(name)s (version %(version)s), sha256 %(sha)s")
        % {"name": review.draft_name, "version": review.version, "sha": review.draft_sha256}
        + "\n"
        + gettext("Created: %(created)s · checked: %(checked)s")
        % {"created": f"{review.created_at:%Y-%m-%d %H:%M} UTC", "checked": checked}
        + "\n"
        + gettext("Law as of: %(date)s") % {"date": review.as_of.isoformat()}
    )
    first, *overrides = signoff_lines(review)
    line(first, 10, "B")
    for text in overrides:
        line(text, 9)
    pdf.ln(2)
    counts = status_summary(statuses_of(current))
    line(
        gettext("Counts:")
        + " "
        + " · ".join(f"{status_word(s.value)} {counts[s.value]}" for s in Status)
        + " · "
        + gettext("total %(total)s · hard blocks %(blocks)s")
        % {"total": counts["total"], "blocks": counts["hard_blocks"]},
        9.5,
    )
    if review.truncated:  # past WORKBENCH_MAX_CITATIONS: never a silent skip
        line(truncation_text(review), 9.5, "B")
    pdf.ln(2)

    # The table: a colour bar and the status in words (not colour alone).
    pdf.set_font("body", "B", 8.5)
    cols = (14, 30, 62, 34, width - 140)
    titles = (
        gettext("ID"),
        gettext("Status"),
        gettext("Citation"),
        gettext("Check"),
        gettext("Review state"),
    )
    for title, w in zip(titles, cols, strict=True):
        pdf.cell(w, 6, title, border="B")
    pdf.ln()
    pdf.set_font("body", "", 8.5)
    style = style_of(review.matter)
    for f in rows_of(review, snapshots):
        values = (
            f.finding_id,
            status_word(f.status),  # in words: the bar's colour only helps
            canonical_citation(f, style),  # as the practice writes it in the matter's form (issue 29)
            check_word(f.required_level, f.achieved_level, f.claim_type, f.status),
            str(f.get_state_display()),
        )
        _table_row(pdf, lines, values, cols, STATUS_RGB.get(f.status, (122, 127, 133)))
    pdf.ln(4)

    line(gettext("Evidence for findings that are not green"), 12, "B", 7)
    for f in rows_of(review, snapshots):
        if f.status == Status.VERIFIED:
            continue
        pdf.set_text_color(*STATUS_TEXT_RGB.get(f.status, (0, 0, 0)))
        line(f"{f.finding_id} · {status_word(f.status)} · {canonical_citation(f, style)}", 10, "B", 5.5)
        pdf.set_text_color(0, 0, 0)
        if canonical_citation(f, style) != f.citation:
            line(gettext("As the draft writes it: %(text)s") % {"text": f.citation})
        line(gettext("Claim: %(text)s") % {"text": bounded(f.claim_text)})
        if f.quote:
            line(gettext("Quote: “%(text)s”") % {"text": bounded(f.quote)})
        line(gettext("Rationale: %(text)s") % {"text": rationale_in(f, lang)})
        if history := history_note_in(f, lang):
            line(gettext("As of %(date)s: %(note)s") % {"date": review.as_of.isoformat(), "note": history})
        if f.match and f.match.get("excerpt"):
            line(gettext("Source excerpt: %(text)s") % {"text": bounded(f.match["excerpt"])})
        if f.match and f.match.get("diff"):
            diff = " ".join(
                words if op == "equal" else (f"[-{words}]" if op == "delete" else f"[+{words}]")
                for op, words in f.match["diff"]
            )
            line(gettext("Differences: %(text)s") % {"text": bounded(diff)})
        if f.snapshot:
            source = f"{f.snapshot.title} · {f.snapshot.url} · sha256 {f.snapshot.sha256}"
            line(gettext("Source: %(source)s") % {"source": source}, 8)
            line(provenance_line(f.snapshot, lang), 8.5, "B" if f.supplied_source_id else "")
        if f.official_status:
            line(
                gettext("Against the official source: %(status)s")
                % {"status": status_word(f.official_status)},
                8.5,
                "B" if f.clears_official_block else "",
            )
        for d in f.decisions.all():
            line(
                gettext("Decision: %(action)s by %(user)s (%(role)s), %(when)s")
                % {
                    "action": d.get_action_display(),
                    "user": d.user.get_username(),
                    "role": role_word(d.role),
                    "when": f"{d.created_at:%Y-%m-%d %H:%M}",
                }
                + (f" — {d.comment}" if d.comment else "")
                + (" — " + gettext("wording: %(text)s") % {"text": d.text} if d.text else ""),
                8.5,
            )
        pdf.ln(2)
    pdf.ln(2)
    line(gettext("Sources checked against"), 12, "B", 7)
    cited: dict[int, list[str]] = {}  # in the order of each source's first finding
    for snapshot_id, ordinal in current.exclude(snapshot=None).values_list("snapshot_id", "ordinal"):
        cited.setdefault(snapshot_id, []).append(Finding(ordinal=ordinal).finding_id)
    for snapshot_id, ids in cited.items():
        snapshot = snapshots[snapshot_id]
        line(f"{snapshot.title} ({', '.join(ids)}) · sha256 {snapshot.sha256}", 8.5, "B")
        line(provenance_line(snapshot, lang), 8.5)
    pdf.ln(2)
    head = chain[-1].hash if chain else "-"
    line(gettext("Audit chain: %(n)s events; head hash %(head)s") % {"n": len(chain), "head": head}, 9, "B")
    return bytes(pdf.output())


ROW_LINE = 4.2


def _table_row(pdf: Any, lines: Lines, values: tuple[str, ...], cols: tuple[float, ...], rgb: Any) -> None:
    """One row of the findings table, every cell wrapped to its column (a long "what was checked" is read
    whole, never cut), the colour bar as tall as the row."""
    wrapped = [lines.wrap(value, w - 2 * pdf.c_margin) for value, w in zip(values, cols, strict=True)]
    height = ROW_LINE * max(len(chunk) for chunk in wrapped) + 1.6
    y = pdf.get_y()
    if y + height > pdf.h - pdf.b_margin:
        pdf.add_page()
        y = pdf.get_y()
    pdf.set_fill_color(*rgb)
    pdf.rect(pdf.l_margin - 3, y + 0.8, 2, height - 1.6, style="F")
    x = pdf.l_margin
    for chunk, w in zip(wrapped, cols, strict=True):
        for i, text in enumerate(chunk):
            pdf.set_xy(x, y + 0.8 + i * ROW_LINE)
            lines.cell(w, ROW_LINE, text, new_x="RIGHT", new_y="TOP")
        x += w
    pdf.line(pdf.l_margin, y + height, pdf.l_margin + sum(cols), y + height)
    pdf.set_xy(pdf.l_margin, y + height)


class DraftDocx(NamedTuple):
    """The .docx an export writes its comments into: the user's own .docx where one was uploaded
    (`notes`: its footnotes and endnotes), a new one with the pasted draft otherwise; `anchored`: the runs
    of each finding."""

    document: Any
    notes: NoteParts | None
    anchored: dict[int, list[Any]]
    comments: Comments
    when: datetime
    original: bool


def draft_docx(review: Review, *, heading: bool) -> DraftDocx:
    """The opening both .docx exports share; `heading`: a new document starts with the title and the date
    of the law (the report), or with the draft alone (the draft with suggested changes)."""
    import docx

    # where each comment goes needs only the citations; the comments read the findings a chunk at a time
    findings = list(
        review.findings.filter(version=review.version)
        .only("id", "ordinal", "span_start", "span_end", "citation")
        .order_by("ordinal")
    )
    when = reference_time(review)
    original = original_docx(review)
    notes = None
    if original is not None:
        document = docx.Document(io.BytesIO(original))
        notes = NoteParts(document)
        anchored = comment_runs_in_docx(document, findings, notes)
    else:
        document = docx.Document()
        if heading:
            document.add_heading(review.title, level=1)
            document.add_paragraph(f"Law as of: {review.as_of.isoformat()}")
        anchored = write_draft_with_runs(document, review.draft_text, findings)
    comments = Comments(document, when, author="Citation review workbench", initials="CRW")
    return DraftDocx(document, notes, anchored, comments, when, original is not None)


def export_docx(review: Review, lang: str) -> bytes:
    document, notes, anchored, comments, when, _ = draft_docx(review, heading=True)
    for f in rows_of(review, snapshots_of(review)):
        runs = anchored.get(f.pk)
        if not runs:
            continue
        provenance = provenance_line(f.snapshot, lang) if f.snapshot else ""
        comments.add(runs, comment_text(f, review, lang, last_decision(f), provenance))
    if notes is not None:
        notes.save()  # the comments marked in footnotes and endnotes
    if review.truncated:  # past WORKBENCH_MAX_CITATIONS: never a silent skip
        document.add_paragraph(truncation_text(review))
    _heading(document, gettext("Sign-off"))
    for text in signoff_lines(review):
        document.add_paragraph(text)
    props = document.core_properties
    props.subject = f"Citation review, law as of {review.as_of.isoformat()}"
    props.created = props.modified = when.replace(tzinfo=None)
    props.last_printed = when.replace(tzinfo=None)
    props.revision = 1
    props.author = props.last_modified_by = "Citation review workbench"
    buffer = io.BytesIO()
    document.save(buffer)
    return fixed_zip(buffer.getvalue(), when)


def original_docx(review: Review) -> bytes | None:
    if review.draft_format != "docx" or not review.original_file or review.draft_unread:  # unread: never here
        return None
    version_one = review.versions.order_by("-number").first()
    if version_one is None or version_one.sha256 != review.draft_sha256:
        return None
    with review.original_file.open("rb") as handle:
        content: bytes = handle.read()
    return content


def render(review: Review, fmt: str, *, lang: str = "en") -> Export:
    """An export in the language `lang` (rationales, notes and headings): the reader's, not the draft's. The
    findings JSON keeps the rationale as the contract has it, in the draft's language."""
    from workbench.exports import record as record_exports  # the table of authorities and the audit trail

    with translation.override(lang):
        if fmt in record_exports.FORMATS:
            return record_exports.render(review, fmt)
        if fmt not in FORMATS:
            raise ValueError(f"Unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}.")
        # JSON and CSV are written a chunk at a time; the PDF and the .docx are built whole
        content: Iterable[bytes]
        if fmt == "json":
            content = json_chunks(review)
        elif fmt == "csv":
            content = csv_chunks(review, lang)
        else:
            content = [{"pdf": export_pdf, "docx": export_docx}[fmt](review, lang)]
    stem = f"review-{review.pk}-v{review.version}"
    return Export.spooled(content, filename=f"{stem}.{fmt}", content_type=CONTENT_TYPES[fmt])
