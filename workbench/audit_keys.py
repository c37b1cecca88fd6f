"""The keys of the audit chain, kept outside the database it guards.

Each audit event's hash is an HMAC-SHA256 under a key that lives in a file under var/audit/keys (0600, made
on first use), never in the database: someone who can write the database but not read this folder cannot
recompute the chain after editing, adding or removing an event. Every event records the id of the key it was
made with, so a rotation (`manage.py rotate_audit_key`) starts using a new key while the events made with an
older one stay verifiable: old keys are kept, never overwritten.

WORKBENCH_AUDIT_KEY (the key itself, in the environment) takes the place of the folder where web and worker
do not share a var/ (separate containers without a shared volume); its key id is derived from the key.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings

KEY_ID = re.compile(r"^[a-z0-9-]{1,40}$")


class AuditKeyError(Exception):
    pass


def key_dir() -> Path:
    return Path(settings.WORKBENCH_AUDIT_DIR) / "keys"


def current() -> tuple[str, bytes]:
    """The key new events are made with, and its id; created on first use."""
    given = settings.WORKBENCH_AUDIT_KEY
    if given:
        return env_key_id(given), given.encode()
    pointer = key_dir() / "current"
    key_id = _read(pointer)
    if not key_id:
        # The key before the pointer to it: a process that reads the pointer always finds its key. Two
        # processes starting together each make a key; the pointer one of them links first names the one used.
        candidate = new_key_id()
        _create(key_dir() / f"{candidate}.key", secrets.token_urlsafe(48))
        _create(pointer, candidate)
        key_id = _read(pointer)
    key = key_for(key_id)
    if key is None:
        raise AuditKeyError(f"The audit key {key_id} named by {pointer} is missing.")
    return key_id, key


def key_for(key_id: str) -> bytes | None:
    given = settings.WORKBENCH_AUDIT_KEY
    if given and key_id == env_key_id(given):
        return given.encode()
    if not KEY_ID.match(key_id):
        return None
    value = _read(key_dir() / f"{key_id}.key")
    return value.encode() if value else None


def rotate() -> str:
    """A new key for the events made from now on; the old ones stay to verify older events."""
    key_id = new_key_id()
    folder = key_dir()
    _create(folder / f"{key_id}.key", secrets.token_urlsafe(48))
    temporary = folder / f".current.{os.getpid()}.{secrets.token_hex(4)}"
    _write_private(temporary, key_id)
    os.replace(temporary, folder / "current")
    return key_id


def new_key_id() -> str:
    return f"k{datetime.now(UTC):%Y%m%d}-{secrets.token_hex(4)}"


def env_key_id(key: str) -> str:
    return "env-" + hashlib.sha256(key.encode()).hexdigest()[:12]


def _create(path: Path, value: str) -> None:
    """`value` into `path` unless someone was first (whoever links first wins; never a half-written file)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    _write_private(temporary, value)
    try:
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _write_private(path: Path, value: str) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(value + "\n")


def _read(path: Path) -> str:
    if path.is_symlink():
        raise AuditKeyError(f"{path} is a symbolic link; refusing to read an audit key through it.")
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return ""
