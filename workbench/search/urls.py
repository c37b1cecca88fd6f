"""URLs of the source search, included under `search/` by workbench/urls.py."""

from django.urls import path

from workbench.search import views as search_views

urlpatterns = [
    path("", search_views.search_page, name="search"),
    path("preview/", search_views.search_preview, name="search_preview"),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/",
        search_views.finding_search,
        name="finding_search",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/preview/",
        search_views.finding_search_preview,
        name="finding_search_preview",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/use/",
        search_views.finding_search_use,
        name="finding_search_use",
    ),
    path(
        "reviews/<int:review_id>/findings/<int:finding_pk>/suggestions/",
        search_views.finding_suggestions,
        name="finding_suggestions",
    ),
]
