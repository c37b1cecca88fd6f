"""Who may see what, changed in the admin: every change of a user, a role or a matter's members writes an
event to the firm's audit chain (audit events outside any review), and a change of a matter's members also
to the chain of each of its reviews, since it changes who can read them.

The admin calls these after its own save, inside the same transaction (the admin's change views are atomic):
the change and its event are stored together or not at all."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group, User

from workbench import audit
from workbench.models import Matter

type Actor = AbstractBaseUser | AnonymousUser


def state_of_user(user: User) -> dict[str, Any]:
    return {
        "user": user.get_username(),
        "active": user.is_active,
        "staff": user.is_staff,
        "superuser": user.is_superuser,
        "roles": sorted(user.groups.values_list("name", flat=True)),
        "permissions": sorted(user.user_permissions.values_list("codename", flat=True)),
    }


def user_changed(*, actor: Actor, user: User, kind: str, fields: list[str]) -> None:
    """`kind`: user_added, user_changed, password_changed or user_deleted (the user's state as it was)."""
    audit.append(None, kind, {**state_of_user(user), "fields": sorted(fields)}, actor)


def role_changed(*, actor: Actor, group: Group, kind: str) -> None:
    permissions = sorted(group.permissions.values_list("codename", flat=True)) if group.pk else []
    audit.append(None, kind, {"role": group.name, "permissions": permissions}, actor)


def members_of(matter: Matter) -> set[str]:
    return set(matter.members.values_list("username", flat=True)) if matter.pk else set()


def matter_changed(*, actor: Actor, matter: Matter, before: set[str], fields: list[str]) -> None:
    after = members_of(matter)
    payload = {
        "matter": matter.reference,
        "name": matter.name,
        "joined": sorted(after - before),
        "left": sorted(before - after),
        "fields": sorted(fields),
    }
    audit.append(None, "matter_changed", payload, actor)
    if after != before:
        for review in matter.reviews.all():
            audit.append(review, "matter_members_changed", payload, actor)
