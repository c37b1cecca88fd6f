#!/usr/bin/env bash
# Print the path of a Python >= 3.12 (Django 6 needs it). The machine image's default python3 may be older,
# so look on PATH first, then in pyenv's and the system's usual places. No downloads: uv may not fetch Pythons.
set -u
ok() { "$1" -c 'import sys; sys.exit(0 if (3, 12) <= sys.version_info[:2] < (3, 14) else 1)' >/dev/null 2>&1; }
for cand in python3.12 python3.13 python3; do
  path=$(command -v "$cand" 2>/dev/null) || continue
  ok "$path" && { echo "$path"; exit 0; }
done
for path in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.12*/bin/python3.12 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.13*/bin/python3.13 \
            /usr/bin/python3.12 /usr/bin/python3.13 /usr/local/bin/python3.12 /usr/local/bin/python3.13; do
  [ -x "$path" ] && ok "$path" && { echo "$path"; exit 0; }
done
echo "No Python 3.12 or 3.13 found; install one (e.g. apt-get install python3.12) and retry." >&2
exit 1
