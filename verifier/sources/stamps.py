"""What every source document carries: when it was fetched and the sha256 of its text."""

from __future__ import annotations

import datetime as dt
import hashlib


def fetched_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
