"""Each chain's head, anchored outside the table it guards — a signed checkpoint, as a Certificate
Transparency log publishes signed tree heads (RFC 6962 §3.5) so that a log which drops or rewrites entries
contradicts a head it already signed.

After every committed append the chain's last (seq, hash) is written to a small file under
var/audit/heads/<database>/, with an HMAC under the current audit key (workbench.audit_keys), so the file
cannot be forged without the key either. A checkpoint only moves forward. `audit.verify_chain` compares the
table with it: events missing after the anchored one (truncation), an anchored event that is not the one
in the table (a rewritten chain) and a chain with no events left all break the check.
"""

from __future__ import annotations

import fcntl
import hmac
import json
import os
import re
import secrets
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path

from django.conf import settings
from django.db import connection

from workbench import audit_keys

FIRM = "firm"  # the chain of events outside any review (roles, memberships)


@dataclass(frozen=True)
class Head:
    seq: int
    hash: str
    key_id: str
    genuine: bool  # its signature is right under the key it names
    first: str = ""  # the hash of the chain's event #1: which chain this head is of


def heads_dir() -> Path:
    """One folder per database: tests and second instances with their own database never share heads."""
    name = str(connection.settings_dict.get("NAME") or "default")
    return Path(settings.WORKBENCH_AUDIT_DIR) / "heads" / re.sub(r"[^A-Za-z0-9_.-]", "_", name)[-100:]


def chain_name(review_id: int | None) -> str:
    return FIRM if review_id is None else str(int(review_id))


def record(review_id: int | None, seq: int, head: str, first: str = "") -> None:
    """Move the chain's checkpoint forward to (seq, head); an older append ending late never moves it back.
    `first` (event #1's hash) tells this chain from an earlier database's chain of the same review id (a
    database made afresh beside a kept var/audit), whose checkpoint is then replaced."""
    folder = heads_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / f"{chain_name(review_id)}.json"
    # the lock file is private whatever the process's umask (0600, like the checkpoints themselves)
    with os.fdopen(os.open(folder / ".lock", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        known = read(review_id)
        if known is not None and known.genuine and known.seq >= seq and known.first == first:
            return
        key_id, key = audit_keys.current()
        body = {"chain": chain_name(review_id), "seq": seq, "head": head, "key_id": key_id, "first": first}
        body["mac"] = _mac(key, body)
        temporary = folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            json.dump(body, handle)
        os.replace(temporary, path)


def read(review_id: int | None) -> Head | None:
    path = heads_dir() / f"{chain_name(review_id)}.json"
    try:
        body = json.loads(path.read_text(encoding="ascii"))
        seq, head, key_id, mac = int(body["seq"]), str(body["head"]), str(body["key_id"]), str(body["mac"])
        first = str(body.get("first", ""))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return Head(0, "", "", genuine=False)
    signed = {"chain": chain_name(review_id), "seq": seq, "head": head, "key_id": key_id, "first": first}
    key = audit_keys.key_for(key_id)
    genuine = (
        key is not None
        and str(body.get("chain")) == chain_name(review_id)
        and hmac.compare_digest(mac, _mac(key, signed))
    )
    return Head(seq, head, key_id, genuine, first)


def signature(review_id: int | None, seq: int, head: str, key_id: str) -> str:
    """The head's signature under the key of its own event, as an export carries it: whoever holds the key
    can later show that an exported chain ends where the firm's chain did (the same export, byte for byte,
    whenever it is taken; "" for a chain from before keying)."""
    key = audit_keys.key_for(key_id) if key_id else None
    if key is None:
        return ""
    return _mac(key, {"chain": chain_name(review_id), "seq": seq, "head": head, "key_id": key_id})


def anchored_chains() -> list[str]:
    """The chains with a checkpoint: review ids as strings, and FIRM."""
    folder = heads_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json"))


def _mac(key: bytes, body: dict[str, object]) -> str:
    message = json.dumps(
        {k: body[k] for k in ("chain", "seq", "head", "key_id", "first") if k in body}, sort_keys=True
    )
    return hmac.new(key, message.encode(), sha256).hexdigest()
