from urllib.parse import urlsplit

from django import template

register = template.Library()


@register.filter
def http_url(value: object) -> str:
    """Only http(s) URLs become links: a source's URL is data from outside (no javascript:, data: …)."""
    text = str(value or "")
    return text if urlsplit(text).scheme in ("http", "https") else ""
