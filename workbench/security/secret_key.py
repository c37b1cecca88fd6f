"""The key that signs sessions and CSRF tokens when SECRET_KEY is not given (development, headless use).

Production (WORKBENCH_HTTPS on a server database, not DEBUG) must set SECRET_KEY and is refused without it;
everywhere else the workbench uses the key `make run` keeps in `var/secret_key`, creating it on first use,
so `manage.py verify` and the other commands work on a fresh checkout with no variables set. No Django
imports: settings import this module.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path


class SecretKeyError(Exception):
    pass


# Production's key signs every session: one anybody can guess (a placeholder from a tutorial or a template,
# a short word) lets anybody sign in as anybody. Django's own deploy check wants 50 characters, 5 distinct.
MIN_PRODUCTION_KEY_LENGTH = 50
MIN_DISTINCT_CHARACTERS = 10
WELL_KNOWN = frozenset(
    {
        "changeme",
        "change-me",
        "change_me",
        "secret",
        "secretkey",
        "secret-key",
        "secret_key",
        "password",
        "django",
        "development",
        "dev",
        "test",
        "insecure",
        "notasecret",
        "replace-me",
        "your-secret-key",
    }
)


def production_key_problem(key: str) -> str:
    """Why `key` may not sign production's sessions ("" when it may)."""
    folded = key.strip().lower()
    if folded in WELL_KNOWN or any(folded.startswith(word) for word in ("django-insecure", "changeme")):
        return "SECRET_KEY is a well-known placeholder"
    if len(key) < MIN_PRODUCTION_KEY_LENGTH:
        return f"SECRET_KEY is {len(key)} characters long; production needs {MIN_PRODUCTION_KEY_LENGTH}"
    if len(set(key)) < MIN_DISTINCT_CHARACTERS:
        return f"SECRET_KEY has fewer than {MIN_DISTINCT_CHARACTERS} distinct characters"
    return ""


def local_secret_key(path: Path) -> str:
    """The key in `path`, created (0600, atomically) if there is none yet.

    The web server, the worker and a command started at the same moment must agree on one key: the new key
    is written to a private temporary file and linked into place, so whoever links first wins and the others
    read the winner's key, never a half-written one.
    """
    key = _read(path)
    if key:
        return key
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(secrets.token_urlsafe(50) + "\n")
            with contextlib.suppress(FileExistsError):  # another process was first; its key is the one
                os.link(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    except OSError as exc:
        raise SecretKeyError(
            f"SECRET_KEY is not set and {path} cannot be created ({exc.strerror}): set SECRET_KEY."
        ) from exc
    key = _read(path)
    if not key:
        raise SecretKeyError(f"SECRET_KEY is not set and {path} is empty: delete it or set SECRET_KEY.")
    return key


def _read(path: Path) -> str:
    if path.is_symlink():
        raise SecretKeyError(f"{path} is a symbolic link; refusing to read a key through it.")
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError) as exc:
        raise SecretKeyError(f"SECRET_KEY is not set and {path} cannot be read: {exc}") from exc


if __name__ == "__main__":
    # `make run` creates the file the same way before it starts the processes.
    local_secret_key(Path(sys.argv[1]))
