"""What every collection's search answers with: one page of hits, the total, and what was done to the query.

clamp_display(n) -> int      1..100, as the reference clamps it (a bad number is never an error)
clamp_page(n) -> int         >= 1
Page.empty()                 "no results" — also what an empty upstream body (HTTP 200, 0 bytes) becomes
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from verifier.sources.errors import NotFoundError, TransientError

MAX_DISPLAY = 100
DEFAULT_DISPLAY = 20


def clamp_display(value: object, default: int = DEFAULT_DISPLAY) -> int:
    number = _int(value, default)
    return max(1, min(MAX_DISPLAY, number))


def clamp_page(value: object) -> int:
    return max(1, _int(value, 1))


def _int(value: object, default: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", value):
        return int(float(value))
    return default


@dataclass(frozen=True, slots=True)
class Hit:
    collection: str  # the collection code it came from ("prec", "ftc", "saos", "eli", "cellar")
    id: str  # what `document(collection, id)` takes
    title: str
    number: str | None = None  # 사건번호 / signature / CELEX
    date: str | None = None  # ISO
    court: str | None = None  # court, committee, ministry or publisher
    snippet: str = ""  # plain text, never HTML
    url: str = ""  # public page, without secrets
    meta: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Page:
    collection: str
    query: str
    hits: tuple[Hit, ...]
    total: int
    page: int
    display: int
    empty_response: bool = False  # the upstream answered 200 with nothing at all
    notes: tuple[str, ...] = ()  # what the reviewer should know about this page (filters applied locally…)

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.display)) if self.display else 1

    @property
    def has_next(self) -> bool:
        return self.page < self.pages

    @property
    def has_previous(self) -> bool:
        return self.page > 1

    @classmethod
    def empty(cls, collection: str, query: str, page: int, display: int, *, upstream_empty: bool) -> Page:
        return cls(collection, query, (), 0, page, display, empty_response=upstream_empty)


@dataclass(frozen=True, slots=True)
class Term:
    """A 법령용어: its definitions (with where each comes from) and the articles that use it."""

    id: str
    name: str
    definitions: tuple[tuple[str, str], ...]  # (definition, source)
    articles: tuple[Hit, ...] = ()


class EmptyAnswer(NotFoundError):
    """An upstream search answered HTTP 200 with no body: shown as no results, not as an error."""


def json_answer(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise TransientError(f"{what} is not valid JSON") from None
