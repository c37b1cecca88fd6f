"""Log filters. Typed search words travel in query strings: the development server's request log (the
`django.server` logger) keeps the path only, as gunicorn's access log does (gunicorn.conf.py)."""

from __future__ import annotations

import logging
import re

_QUERY = re.compile(r"^(\S+ [^?\s]*)\?\S*")


class DropQueryStrings(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and record.args and isinstance(record.args[0], str):
            record.args = (_QUERY.sub(r"\1", record.args[0]), *record.args[1:])
        elif isinstance(record.msg, str):
            record.msg = _QUERY.sub(r"\1", record.msg)
        return True
