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
