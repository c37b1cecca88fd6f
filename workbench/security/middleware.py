from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import add_never_cache_headers

from workbench.models import Profile


class ProfileLanguageMiddleware:
    """A language chosen in the user's profile wins over the browser's Accept-Language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", translation.get_language() or "en")
        return response


class NoStoreMiddleware:
    """Every page and export carries client work (drafts, findings, searches): no browser or proxy cache may
    keep it (`Cache-Control: no-store`). Static files are answered before this, by whitenoise."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        add_never_cache_headers(response)
        return response
