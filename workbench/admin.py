"""The admin: it shows evidence and decisions, never changes them, and only inside the matters of the one
looking — a superuser who is no member of a matter does not read its drafts here either. What it may change
(users, roles, a matter's name and members) writes audit events (workbench.security.accounts)."""

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, User
from django.db.models import Q, QuerySet
from django.http import HttpRequest

from workbench.models import (
    AuditEvent,
    Decision,
    DraftVersion,
    Finding,
    Matter,
    Review,
    SignOff,
    SourceSnapshot,
    SuppliedSource,
)
from workbench.reviews.forms import ThrottledAdminLoginForm
from workbench.reviews.permissions import matters_of
from workbench.security import accounts

# The admin's login counts failures with the workbench's own (one throttle per user and address).
admin.site.login_form = ThrottledAdminLoginForm


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Drafts, sources, verdicts, decisions, sign-offs and the audit trail change only through
    workbench.reviews.services, which writes their audit events; the admin may show them, never add, change or
    delete
    them. `matter_path` is the lookup from the model to its matter: rows of other matters are not shown."""

    matter_path = ""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return super().get_queryset(request).filter(self.in_matters_of(request))

    def in_matters_of(self, request: HttpRequest) -> Q:
        return Q(**{f"{self.matter_path}__in": matters_of(request.user)})


@admin.register(Review)
class ReviewAdmin(ReadOnlyAdmin):
    list_display = ("title", "matter", "status", "created_by", "created_at")
    list_filter = ("status",)
    matter_path = "matter"


@admin.register(DraftVersion)
class DraftVersionAdmin(ReadOnlyAdmin):
    list_display = ("review", "number", "name", "created_by", "created_at")
    matter_path = "review__matter"


@admin.register(Finding)
class FindingAdmin(ReadOnlyAdmin):
    list_display = ("review", "ordinal", "citation", "status", "state")
    list_filter = ("status", "state", "jurisdiction")
    matter_path = "review__matter"


@admin.register(SourceSnapshot)
class SourceSnapshotAdmin(ReadOnlyAdmin):
    list_display = ("key", "title", "origin", "fetched_at", "sha256")
    search_fields = ("key", "title")
    matter_path = "matter"

    def in_matters_of(self, request: HttpRequest) -> Q:
        # Official sources belong to no matter; what a user supplied belongs to its matter's members.
        return Q(matter__isnull=True) | super().in_matters_of(request)


@admin.register(SuppliedSource)
class SuppliedSourceAdmin(ReadOnlyAdmin):
    list_display = ("name", "key", "review", "form", "supplied_by", "supplied_at")
    matter_path = "review__matter"


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ("review", "seq", "kind", "actor_name", "created_at")
    matter_path = "review__matter"

    def in_matters_of(self, request: HttpRequest) -> Q:
        # The firm's own chain (roles, memberships) is the superusers' to read.
        firm = Q(review__isnull=True) if getattr(request.user, "is_superuser", False) else Q(pk__in=[])
        return firm | super().in_matters_of(request)


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ("finding", "action", "user", "role", "created_at")
    matter_path = "finding__review__matter"


@admin.register(SignOff)
class SignOffAdmin(ReadOnlyAdmin):
    list_display = ("review", "user", "signed_at")
    matter_path = "review__matter"


@admin.register(Matter)
class MatterAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A matter's name and members: who may read its reviews. Every change is an audit event, in the firm's
    chain and in each of its reviews' chains. A matter is never deleted here (its reviews are evidence)."""

    list_display = ("reference", "name", "created_at")
    filter_horizontal = ("members",)
    # The citation form is a partner's choice on the matter page, audited there (workbench/form/services.py);
    # shown here, never changed unaudited.
    readonly_fields = ("citation_style",)
    search_fields = ("reference", "name")

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # The members as stored: save_related is what writes the form's.
        before = accounts.members_of(form.instance) if change else set()
        super().save_related(request, form, formsets, change)
        accounts.matter_changed(
            actor=request.user, matter=form.instance, before=before, fields=list(form.changed_data)
        )


class AuditedUserAdmin(UserAdmin):  # type: ignore[type-arg]
    """Users, their roles (groups), flags and passwords: each change an event of the firm's chain."""

    def log_addition(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        accounts.user_changed(actor=request.user, user=obj, kind="user_added", fields=[])
        return super().log_addition(request, obj, message)

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        fields = [f for part in message or [] for f in part.get("changed", {}).get("fields", [])]
        kind = "password_changed" if any("password" in str(f).lower() for f in fields) else "user_changed"
        accounts.user_changed(actor=request.user, user=obj, kind=kind, fields=fields)
        return super().log_change(request, obj, message)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        accounts.user_changed(actor=request.user, user=obj, kind="user_deleted", fields=[])
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for user in queryset:
            accounts.user_changed(actor=request.user, user=user, kind="user_deleted", fields=[])
        super().delete_queryset(request, queryset)


class AuditedGroupAdmin(GroupAdmin):
    """Roles: a change of what a role may do is an event of the firm's chain."""

    def log_addition(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        accounts.role_changed(actor=request.user, group=obj, kind="role_added")
        return super().log_addition(request, obj, message)

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        accounts.role_changed(actor=request.user, group=obj, kind="role_changed")
        return super().log_change(request, obj, message)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        accounts.role_changed(actor=request.user, group=obj, kind="role_deleted")
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for group in queryset:
            accounts.role_changed(actor=request.user, group=group, kind="role_deleted")
        super().delete_queryset(request, queryset)


admin.site.unregister(User)
admin.site.register(User, AuditedUserAdmin)
admin.site.unregister(Group)
admin.site.register(Group, AuditedGroupAdmin)
