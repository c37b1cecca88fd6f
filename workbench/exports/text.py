"""What the Word export and the PDF report say about a finding and a sign-off, in the reader's words: the
status and the check reached in words (never `needs_judgement` or `content→none`), a decision's action and
role in words, and the sign-off line — who signed, when, and which hard blocks were overridden, by whom
and why."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from verifier.model import STATUS_ICON, Status
from workbench.exports.common import bounded
from workbench.models import Decision, Review
from workbench.pipeline.records import history_note_in, rationale_in
from workbench.words import check_word, role_word, status_word


def comment_text(f: Any, review: Review, lang: str, decision: Any, provenance: str) -> str:
    """A finding's Word comment: status and check in words, the rationale, the history, the source, the
    last decision."""
    icon = STATUS_ICON[Status(f.status)] if f.status else ""
    head = gettext("%(id)s · %(icon)s %(status)s · %(check)s · law as of %(date)s") % {
        "id": f.finding_id,
        "icon": icon,
        "status": status_word(f.status),
        "check": check_word(f.required_level, f.achieved_level, f.claim_type, f.status),
        "date": review.as_of.isoformat(),
    }
    lines = [head, rationale_in(f, lang)]
    if history := history_note_in(f, lang):
        lines.append(history)
    if provenance:
        lines.append(provenance)
    if f.official_status:
        lines.append(
            gettext("Against the official source: %(status)s") % {"status": status_word(f.official_status)}
        )
    if decision:
        said = gettext("Decision: %(action)s by %(user)s (%(role)s)") % {
            "action": decision.get_action_display(),
            "user": decision.user.get_username(),
            "role": role_word(decision.role),
        }
        lines.append(said + (f": {bounded(decision.comment)}" if decision.comment else ""))
    return "\n".join(lines)


def signoff_lines(review: Review) -> list[str]:
    """The report's sign-off: who signed and when (or that nobody has), then every hard block overridden,
    with the partner who did it and the reason given."""
    signoff = review.signoff if review.is_signed_off else None
    if signoff is None:
        lines = [gettext("NOT SIGNED OFF")]
    else:
        lines = [
            gettext("Signed off by %(user)s on %(when)s")
            % {"user": signoff.user.get_username(), "when": f"{signoff.signed_at:%Y-%m-%d %H:%M} UTC"}
            + (f": {signoff.comment}" if signoff.comment else "")
        ]
    overrides = (
        Decision.objects.filter(
            finding__review=review, finding__version=review.version, action=Decision.Action.OVERRIDE
        )
        .select_related("finding", "user")
        .order_by("finding__ordinal", "created_at")
    )
    for d in overrides:
        lines.append(
            gettext("Hard block %(id)s (%(citation)s) overridden by %(user)s on %(when)s. Reason: %(reason)s")
            % {
                "id": d.finding.finding_id,
                "citation": d.finding.citation,
                "user": d.user.get_username(),
                "when": f"{d.created_at:%Y-%m-%d %H:%M} UTC",
                "reason": bounded(d.comment) or "—",
            }
        )
    if not overrides:
        lines.append(gettext("No hard block was overridden."))
    return lines
