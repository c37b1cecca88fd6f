from django.contrib import admin

from workbench.forms import ThrottledAdminLoginForm
from workbench.models import AuditEvent, Decision, Finding, Matter, Review, SignOff, SourceSnapshot

# The admin's login counts failures with the workbench's own (one throttle per user and address).
admin.site.login_form = ThrottledAdminLoginForm


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
class FindingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("review", "ordinal", "citation", "status", "state")
    list_filter = ("status", "state", "jurisdiction")


@admin.register(SourceSnapshot)
class SourceSnapshotAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("key", "title", "origin", "fetched_at", "sha256")
    search_fields = ("key", "title")


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("review", "seq", "kind", "actor_name", "created_at")

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


admin.site.register(Decision)
admin.site.register(SignOff)
