from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.urls import include, path

from workbench.exports import record_views
from workbench.form import views as form_views
from workbench.reviews import asof_views, queue_views, retry_views, views
from workbench.supplied import file_views
from workbench.supplied import views as supplied_views

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", login_not_required(views.LoginView.as_view()), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("reviews/new/", views.review_new, name="review_new"),
    path("reviews/<int:review_id>/", views.review_detail, name="review"),
    path("reviews/<int:review_id>/sign-off/", views.review_sign_off, name="review_sign_off"),
    path(
        "reviews/<int:review_id>/sign-off/confirm/",
        views.review_sign_off_confirm,
        name="review_sign_off_confirm",
    ),
    path("reviews/<int:review_id>/as-of/", asof_views.review_as_of, name="review_as_of"),
    path("reviews/<int:review_id>/bulk-approve/", views.review_bulk_approve, name="review_bulk_approve"),
    path("reviews/<int:review_id>/retry-all/", retry_views.review_retry_all, name="review_retry_all"),
    path("reviews/<int:review_id>/findings/<int:finding_pk>/", views.finding_detail, name="finding"),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/propose/",
        views.finding_propose,
        name="finding_propose",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/decide/",
        views.finding_decide,
        name="finding_decide",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/attach-source/",
        views.finding_attach_source,
        name="finding_attach_source",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/retry/", views.finding_retry, name="finding_retry"
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/source-files/",
        file_views.source_files_panel,
        name="source_files_panel",
    ),
    path(
        "reviews/<int:review_id>/source-files/<int:file_pk>/retry/",
        file_views.source_file_retry,
        name="source_file_retry",
    ),
    path(
        "reviews/<int:review_id>/source-files/<int:file_pk>/remove/",
        file_views.source_file_remove,
        name="source_file_remove",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/supplied/apply/",
        supplied_views.finding_supplied_apply,
        name="finding_supplied_apply",
    ),
    path(
        "reviews/<int:review_id>/supplied/<int:source_pk>/matter-source/",
        supplied_views.supplied_mark,
        name="supplied_mark",
    ),
    path(
        "reviews/<int:review_id>/supplied/<int:source_pk>/matter-source/revoke/",
        supplied_views.supplied_revoke,
        name="supplied_revoke",
    ),
    path("matters/<int:matter_id>/", supplied_views.matter_detail, name="matter"),
    path(
        "matters/<int:matter_id>/citation-form/",
        form_views.matter_citation_style,
        name="matter-citation-style",
    ),
    path("reviews/<int:review_id>/versions/", views.review_new_version, name="review_new_version"),
    path(
        "reviews/<int:review_id>/versions/<int:number>/", record_views.review_version, name="review_version"
    ),
    path(
        "reviews/<int:review_id>/versions/<int:number>/redline/",
        record_views.review_redline,
        name="review_redline",
    ),
    path("reviews/<int:review_id>/authorities/", record_views.review_authorities, name="review_authorities"),
    path("reviews/<int:review_id>/audit/", record_views.review_audit, name="review_audit"),
    path("reviews/<int:review_id>/sources/<int:snapshot_pk>/", views.snapshot_detail, name="snapshot"),
    path("reviews/<int:review_id>/export/<str:fmt>/", views.review_export, name="review_export"),
    path("queue/", queue_views.partner_queue, name="queue"),
    path("language/", views.set_language, name="set_language"),
    path("search/", include("workbench.search.urls")),
    path("admin/", admin.site.urls),
]
