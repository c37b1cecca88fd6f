"""A review's audit trail as a timeline a person reads: who did what, when, on which finding, against which
source snapshot, with the reason given. The events themselves stay as `workbench.audit` wrote them; this
only says them in words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from verifier.provenance import provenance_of_json
from workbench.models import AuditEvent, Decision, Review
from workbench.words import role_word, source_words, status_word

EVENT_WORDS: dict[str, Promise] = {
    "review_created": gettext_lazy("Review created"),
    "draft_uploaded": gettext_lazy("Draft uploaded"),
    "extraction_done": gettext_lazy("Citations extracted"),
    "extraction_failed": gettext_lazy("Extraction failed"),
    "source_resolved": gettext_lazy("Source looked up"),
    "finding_computed": gettext_lazy("Verdict computed"),
    "review_completed": gettext_lazy("Check completed"),
    "source_attached": gettext_lazy("Source attached"),
    "supplied_source_applied": gettext_lazy("Supplied source used for more citations"),
    "matter_source_marked": gettext_lazy("Marked as a matter source"),
    "matter_source_revoked": gettext_lazy("No longer a matter source"),
    "supplied_source_scoped": gettext_lazy("Supplied source limited to its review"),
    "source_search": gettext_lazy("Sources searched"),
    "source_search_chosen": gettext_lazy("Search hit used as the source"),
    "retry_requested": gettext_lazy("Source looked up again"),
    "retry_all_requested": gettext_lazy("Every finding without a source looked up again"),
    "as_of_changed": gettext_lazy("Date the law is checked on changed"),
    "decision_proposed": gettext_lazy("Decision proposed"),
    "decision_approve": gettext_lazy("Approved"),
    "decision_reject": gettext_lazy("Rejected"),
    "decision_override": gettext_lazy("Hard block overridden"),
    "bulk_approved": gettext_lazy("Approved together with one reason"),
    "signed_off": gettext_lazy("Signed off"),
    "exported": gettext_lazy("Exported"),
}
ACTIONS = dict(Decision.Action.choices)
SUPPLIED_EVENTS = (
    "source_attached",
    "supplied_source_applied",
    "matter_source_marked",
    "matter_source_revoked",
    "supplied_source_scoped",
    "source_search_chosen",
)


@dataclass(frozen=True)
class Entry:
    seq: int
    at: datetime
    actor: str
    kind: str
    what: str  # the event in words
    findings: tuple[str, ...]  # "C3", …
    snapshot: str  # sha256 of the source snapshot the event is about, or ""
    detail: str  # what the event says beyond its name (a status, a format, a wording)
    reason: str  # the person's own words: a comment, an override's reason
    hash: str
    prev_hash: str


def event_word(kind: str) -> str:
    return str(EVENT_WORDS.get(kind, kind.replace("_", " ")))


def findings_of(payload: dict[str, Any]) -> tuple[str, ...]:
    many = payload.get("findings")
    if isinstance(many, list):
        return tuple(str(f) for f in many)
    one = payload.get("finding")
    return (str(one),) if one else ()


def detail_of(kind: str, payload: dict[str, Any]) -> str:
    if kind == "finding_computed":
        return status_word(str(payload.get("status") or ""))
    if kind == "decision_proposed":
        words = str(ACTIONS.get(payload.get("action", ""), payload.get("action", "")))
        return f"{words}: “{payload['text']}”" if payload.get("text") else words
    if kind.startswith("decision_") and payload.get("clears_official_block"):
        return _("%(role)s · passes only against a supplied source; the official source: %(status)s") % {
            "role": role_word(str(payload.get("role") or "")),
            "status": status_word(str(payload.get("official_status") or "")),
        }
    if kind.startswith("decision_") or kind == "bulk_approved":
        return role_word(str(payload.get("role") or ""))
    if kind == "draft_uploaded":
        return _("version %(v)s, %(name)s") % {
            "v": payload.get("version", ""),
            "name": payload.get("name", ""),
        }
    if kind == "as_of_changed":
        return _("%(before)s → %(after)s; %(n)s findings checked again") % {
            "before": payload.get("from", ""),
            "after": payload.get("to", ""),
            "n": payload.get("findings_checked_again", 0),
        }
    if kind == "review_created" and payload.get("as_of"):
        return _("law as of %(date)s") % {"date": payload["as_of"]}
    if kind == "exported":
        return str(payload.get("format") or "")
    supplied = provenance_of_json(payload.get("provenance"))
    if kind == "source_resolved":
        if supplied is not None:
            return f"{payload.get('key', '')} · {source_words(supplied)}"
        origin = payload.get("origin") or payload.get("reason") or ""
        return f"{payload.get('key', '')} · {origin}".strip(" ·")
    if kind in SUPPLIED_EVENTS:
        return (
            source_words(supplied)
            if supplied is not None
            else str(payload.get("name") or payload.get("title") or "")
        )
    if kind == "extraction_done":
        return _("%(n)s citations") % {"n": payload.get("citations", 0)}
    if kind == "review_completed":
        return _("%(n)s findings") % {"n": payload.get("findings", 0)}
    if kind == "source_search":
        params = payload.get("params") or {}
        return str(params.get("query") or "") if isinstance(params, dict) else ""
    if kind == "extraction_failed":
        return str(payload.get("error") or "")
    return ""


def entries(events: Iterable[AuditEvent]) -> list[Entry]:
    out = []
    for e in events:
        payload = e.payload if isinstance(e.payload, dict) else {}
        out.append(
            Entry(
                seq=e.seq,
                at=e.created_at,
                actor=e.actor_name,
                kind=e.kind,
                what=event_word(e.kind),
                findings=findings_of(payload),
                snapshot=str(payload.get("snapshot_sha256") or payload.get("sha256") or "")
                if e.kind not in ("exported", "draft_uploaded")
                else "",
                detail=detail_of(e.kind, payload),
                reason=str(payload.get("comment") or ""),
                hash=e.hash,
                prev_hash=e.prev_hash,
            )
        )
    return out


def timeline(review: Review, finding_id: str = "") -> list[Entry]:
    """Every event of the review in order, or only those about one finding ("C3")."""
    rows = entries(AuditEvent.objects.filter(review=review).order_by("seq"))
    if finding_id:
        rows = [r for r in rows if finding_id in r.findings]
    return rows
