"""Everything the workbench writes under var/ is client work or a key to it: the SQLite database and its
-wal/-shm (drafts, session keys), the filesystem broker's messages, caches, statute history, backups, logs,
screenshots and the secret key. Another account on the machine must read none of it, whatever umask the
operator's shell has (the usual 022 makes new files 0644).

`make_private(var_dir)` runs once as the settings load, in every process (web, worker, commands): it sets the
process's umask to 077, so whatever these processes create afterwards — including files created by libraries
that never ask for a mode, such as SQLite's -wal/-shm and kombu's folders — is 0600 and folders 0700; and it
tightens var/ and the files an earlier, looser version left there. No Django imports: settings import this.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_UMASK = 0o077
# Left as they are: the tools and the collected static files are the product's, not anybody's data.
NOT_DATA = frozenset({"tools", "staticfiles"})


def make_private(var_dir: Path) -> None:
    os.umask(PRIVATE_UMASK)
    var_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    # Once var/ is 0700 everything in it was made under this umask or tightened already: the walk (the
    # history folder may hold many thousand files) runs only on a var/ left open by an earlier version.
    if _tighten(var_dir):
        _tighten_contents(var_dir)


def _tighten_contents(var_dir: Path) -> None:
    for entry in _entries(var_dir):
        if entry.name in NOT_DATA:
            continue
        _tighten(entry)
        if entry.is_dir() and not entry.is_symlink():
            for folder, folders, files in os.walk(entry):
                for name in (*folders, *files):
                    _tighten(Path(folder) / name)


def _entries(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _tighten(path: Path) -> bool:
    """Group and others lose every permission; the owner keeps what it had. Symbolic links are left alone
    (chmod would follow them out of var/), and so is anything this account does not own. True: it was open."""
    try:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode) or info.st_uid != os.getuid():
            return False
        current = stat.S_IMODE(info.st_mode)
        if current & 0o077:
            os.chmod(path, current & 0o700)
            return True
    except OSError:
        pass
    return False
