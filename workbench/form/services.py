"""The matter's choice of citation form (full or short), made by a partner, with its audit event in the
firm's chain (a matter's setting belongs to no one review)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from workbench import audit
from workbench.models import Matter
from workbench.reviews.permissions import PARTNER, AnyUser, matters_of, require_role


@transaction.atomic
def set_citation_style(*, user: AnyUser, matter: Matter, style: str) -> Matter:
    require_role(user, PARTNER)
    if not matters_of(user).filter(pk=matter.pk).exists():
        raise PermissionDenied("You are not a member of this matter.")
    if style not in Matter.CitationStyle.values:
        raise ValidationError("Choose the full or the short form.")
    before = Matter.objects.select_for_update().values_list("citation_style", flat=True).get(pk=matter.pk)
    if before == style:
        return matter
    Matter.objects.filter(pk=matter.pk).update(citation_style=style)
    audit.append(
        None,
        "citation_style_set",
        {"matter": matter.pk, "reference": matter.reference, "from": before, "to": style},
        user,
    )
    matter.refresh_from_db()
    return matter
