"""gunicorn's settings for every way the workbench's web server starts (Procfile, compose.yaml, Dockerfile):
`gunicorn -c gunicorn.conf.py workbench.wsgi`. Workers and threads stay on the command line of each."""

import os
from pathlib import Path

_var = Path(os.environ.get("WORKBENCH_VAR_DIR") or Path(__file__).resolve().parent / "var")

bind = [os.environ.get("WORKBENCH_BIND", "127.0.0.1:8000")]

# One control socket per instance. gunicorn's default is one path per account ($XDG_RUNTIME_DIR/gunicorn.ctl
# or ~/.gunicorn/gunicorn.ctl): a second workbench on the host would take it over, and `gunicornc` would steer
# the wrong one. This one sits in the instance's own var/ and is named after the address it serves.
control_socket = str(_var / "run" / f"gunicorn-{bind[0].replace(':', '_').replace('/', '_')}.ctl")
control_socket_mode = 0o600
# Made here, before the arbiter starts: gunicorn's control thread checks for the folder, then creates it,
# so two instances starting together both saw it missing; the second's makedirs failed, leaving it no socket.
(_var / "run").mkdir(mode=0o700, parents=True, exist_ok=True)

# Requests without their query string and without the referrer: a search's words are the user's work and
# travel in the query string (and in the Referer of the next request); the log keeps the path only.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(L)ss "%(a)s"'
