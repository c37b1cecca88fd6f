from django.contrib import admin

from workbench.models import AuditEvent, Decision, Finding, Matter, Review, SignOff, SourceSnapshot
from workbench.reviews.forms import ThrottledAdminLoginForm

# The admin's login counts failures with the workbench's own (one throttle per user and address).
admin.site.login_form = ThrottledAdminLoginForm


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Verdicts, decisions, sign-offs and the audit trail change only through workbench.reviews.services,
    which writes their audit events; the admin may show them, never add, change or delete them."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Matter)
class MatterAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("reference", "name", "created_at")
    filter_horizontal = ("members",)
    search_fields = ("reference", "name")


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("title", "matter", "status", "created_by", "created_at")
    list_filter = ("status",)
    readonly_fields = ("draft_sha256",)


@admin.register(Finding)
class FindingAdmin(ReadOnlyAdmin):
    list_display = ("review", "ordinal", "citation", "status", "state")
    list_filter = ("status", "state", "jurisdiction")


@admin.register(SourceSnapshot)
class SourceSnapshotAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("key", "title", "origin", "fetched_at", "sha256")
    search_fields = ("key", "title")


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ("review", "seq", "kind", "actor_name", "created_at")


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ("finding", "action", "user", "role", "created_at")


@admin.register(SignOff)
class SignOffAdmin(ReadOnlyAdmin):
    list_display = ("review", "user", "signed_at")
