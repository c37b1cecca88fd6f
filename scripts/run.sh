#!/usr/bin/env bash
# `make run`: migrate, collect the static files, load the demo (embedded default only, or DEMO=1), say where
# the workbench listens, then the web server and a worker together (Procfile, run by honcho).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python

# gunicorn's address (Procfile): WORKBENCH_BIND as given, else 127.0.0.1 on PORT (default 8000).
export WORKBENCH_BIND="${WORKBENCH_BIND:-127.0.0.1:${PORT:-8000}}"

"$PY" manage.py migrate --noinput
"$PY" manage.py collectstatic --noinput --verbosity 0
case "${DEMO:-}" in
  1 | yes | true) "$PY" manage.py demo --force ;;
  0 | no | false) echo "Demo not loaded (DEMO=${DEMO})." ;;
  *) "$PY" manage.py demo --if-embedded ;;
esac

case "$WORKBENCH_BIND" in
  unix:*) url="$WORKBENCH_BIND" ;;
  *)
    host="${WORKBENCH_BIND%:*}"
    port="${WORKBENCH_BIND##*:}"
    [ "$host" = "$WORKBENCH_BIND" ] && port=8000  # a host without a port: gunicorn's default is 8000
    case "$host" in
      "" | 0.0.0.0 | "[::]") url="http://127.0.0.1:${port}/ (listening on every interface: ${WORKBENCH_BIND})" ;;
      *) url="http://${host}:${port}/" ;;
    esac
    ;;
esac
# A password in DATABASE_URL or REDIS_URL is not printed.
redact() { sed -E 's#(://[^:/@]*):[^@/]*@#\1:***@#'; }
echo ""
echo "  Workbench: ${url}"
echo "  Database: $(printf '%s' "${DATABASE_URL:-SQLite under var/}" | redact)   broker: $(printf '%s' "${REDIS_URL:-filesystem under var/broker}" | redact)"
echo ""
exec .venv/bin/honcho start
