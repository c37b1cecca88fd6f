"""Who may see and do what. Outside a matter, a review does not exist (404); inside it, the wrong role is 403.

Roles are Django groups: `associate` and `partner`. Partners may do everything associates may, plus approve,
reject, override hard blocks and sign off.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404

from workbench.models import Finding, Matter, Review

ASSOCIATE = "associate"
PARTNER = "partner"

type AnyUser = AbstractBaseUser | AnonymousUser


def role_of(user: AnyUser) -> str | None:
    if not user.is_authenticated:
        return None
    if not isinstance(user, User):
        return None
    names = {g.name for g in user.groups.all()}
    if PARTNER in names:
        return PARTNER
    if ASSOCIATE in names:
        return ASSOCIATE
    return None


def is_partner(user: AnyUser) -> bool:
    return role_of(user) == PARTNER


def matters_of(user: AnyUser) -> QuerySet[Matter]:
    if not isinstance(user, User) or not user.is_authenticated:
        return Matter.objects.none()
    return Matter.objects.filter(members=user)


def reviews_of(user: AnyUser) -> QuerySet[Review]:
    return Review.objects.filter(matter__in=matters_of(user))


def review_for(user: AnyUser, review_id: int) -> Review:
    try:
        return reviews_of(user).select_related("matter").get(pk=review_id)
    except Review.DoesNotExist:
        raise Http404("No such review.") from None


def finding_for(user: AnyUser, review: Review, finding_pk: int) -> Finding:
    try:
        return review.findings.get(pk=finding_pk, version=review.version)
    except Finding.DoesNotExist:
        raise Http404("No such finding.") from None


def require_role(user: AnyUser, *roles: str) -> str:
    role = role_of(user)
    if role not in roles:
        raise PermissionDenied("Your role may not do this.")
    assert role is not None
    return role


def person(user: AnyUser) -> User:
    """The signed-in user as a database row (for foreign keys); anonymous callers never get this far."""
    if not isinstance(user, User) or not user.is_authenticated:
        raise PermissionDenied("Log in first.")
    return user
