"""The request as django-htmx's middleware leaves it: `request.htmx` says whether htmx sent it (a partial is
answered) and what it asked for. Views that read it take an `HtmxHttpRequest` (django-htmx's documented
pattern), so the type checker knows the attribute instead of being told to look away."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
