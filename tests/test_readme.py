"""Every shell command the README shows, run as a newcomer runs it: in a fresh copy of the checkout (the files
git knows, nothing under var/), in a clean environment (`env -i`: PATH and HOME only, no SECRET_KEY, no
DATABASE_URL), from the copy's root.

What a newcomer would do that this does not: build `.venv` and `var/tools` from the network. The copy links
the checkout's own (`make venv` built them; `make test` runs it first), so `make venv` here only checks they
are in sync. Placeholders of the README are real files of the test data under the same names (`memo.docx`,
`TASK.json`, `DIR/`), or the test's own services (PostgreSQL and Redis for `postgres://user@host/db` and
`redis://host:6379/0`, the sample review's id for `REVIEW_ID`).

Long-running commands are started, checked for their first sign of life and stopped (their process tree):
`make run` serves the login page and finishes a review on the embedded default (SQLite and the filesystem
broker); the fake sources answer. `docker compose` has no engine here (nor a compose plugin): a clean
environment has no SECRET_KEY, so compose refuses before it would need one; the test checks that it refuses,
and says why. `make test` (this suite) and `make bench` (it uses a shared database) are checked with
`make -n` only: the target exists and its recipe expands.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DATA = ROOT / "tests" / "data"
CLEAN_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Commands whether or not this machine has them (a CI machine may have no docker at all).
PROGRAMS = {"make", "docker", "python", "python3"}
SAMPLE_TITLE = "Sample review: cross-border data memo"

MAKE_RUN = "make run"
MAKE_TEST = "make test"
MAKE_VENV = "make venv"
MAKE_BENCH = "make bench"
MAKE_ACCURACY = "make accuracy"
MAKE_RUN_SERVERS = "DATABASE_URL=postgres://user@host/db REDIS_URL=redis://host:6379/0 make run"
COMPOSE_UP = "docker compose up"
COMPOSE_SCALE = "docker compose up --scale worker=4"
IMPORT_CORPUS = ".venv/bin/python manage.py import_corpus DIR"
FAKE_SOURCES = ".venv/bin/python manage.py fake_sources"
VERIFY = ".venv/bin/python manage.py verify memo.docx --format json"
GROUND = ".venv/bin/python -m verifier ground TASK.json"
EXPORT = ".venv/bin/python manage.py export_review REVIEW_ID --format pdf --output review.pdf"
VERIFY_AUDIT = ".venv/bin/python manage.py verify_audit REVIEW_ID"
# Each command of the README and the test below that runs it; a command added to the README without a test
# fails test_every_command_of_the_readme_is_run.
COVERED = {
    MAKE_RUN: "test_make_run_serves_the_login_page_and_finishes_a_review",
    MAKE_TEST: "test_make_test_and_make_bench_exist",
    MAKE_BENCH: "test_make_test_and_make_bench_exist",
    MAKE_VENV: "test_make_venv",
    MAKE_ACCURACY: "test_make_accuracy_rewrites_the_figures",
    MAKE_RUN_SERVERS: "test_make_run_on_postgresql_and_redis_loads_no_demo_users",
    COMPOSE_UP: "test_docker_compose_refuses_clearly_without_an_engine_or_a_secret_key",
    COMPOSE_SCALE: "test_docker_compose_refuses_clearly_without_an_engine_or_a_secret_key",
    IMPORT_CORPUS: "test_import_corpus",
    FAKE_SOURCES: "test_fake_sources_answers",
    VERIFY: "test_headless_verify_prints_the_findings_json",
    GROUND: "test_ground_reads_the_seed_task",
    EXPORT: "test_export_review_and_verify_audit",
    VERIFY_AUDIT: "test_export_review_and_verify_audit",
}


# ------------------------------------------------------------------------------------------ the README


def readme_commands(text: str) -> list[str]:
    """The lines of the README's shell blocks, and every inline code span that starts (after VAR=value
    assignments) with a program on the clean PATH or an executable file of the checkout."""
    commands: list[str] = []
    for block in re.finditer(r"^```(?:sh|bash|shell|console)\n(.*?)^```", text, flags=re.M | re.S):
        for line in block.group(1).splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line:
                commands.append(line)
    prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    for span in re.findall(r"`([^`]+)`", prose):
        assert "\n" not in span, f"a code span of the README wraps over a line: {span!r}"
        if is_command(span):
            commands.append(span)
    return list(dict.fromkeys(commands))


def is_command(span: str) -> bool:
    try:
        words = shlex.split(span)
    except ValueError:
        return False
    while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", words[0]):
        words.pop(0)
    if not words:
        return False
    head = words[0]
    if "/" in head:
        return (ROOT / head).is_file() and os.access(ROOT / head, os.X_OK)
    return head in PROGRAMS or shutil.which(head, path=CLEAN_PATH) is not None


def test_every_command_of_the_readme_is_run():
    commands = readme_commands(README.read_text(encoding="utf-8"))
    assert set(commands) == set(COVERED), (
        f"README commands without a test here: {sorted(set(commands) - set(COVERED))}; "
        f"tested but no longer in the README: {sorted(set(COVERED) - set(commands))}"
    )


def test_no_command_of_the_readme_needs_the_system_python():
    # On a fresh machine `python` is the system's, without Django: every command uses the one in .venv/.
    commands = readme_commands(README.read_text(encoding="utf-8"))
    bare = [c for c in commands if re.match(r"(?:\S+=\S*\s+)*python3?\b", c)]
    assert bare == []


def test_the_extraction_sees_commands_and_only_commands():
    text = (
        "```sh\nmake run   # comment\n```\n"
        "Set `SECRET_KEY` and `WORKBENCH_LOCAL_ONLY=1`; run `A=1 make x`, `docs/CONTRACT.md`, "
        "`.venv/bin/python -V`."
    )
    assert readme_commands(text) == ["make run", "A=1 make x", ".venv/bin/python -V"]


# ---------------------------------------------------------------------------------------- the machinery


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A fresh copy of the checkout: the files git tracks (and new ones it does not ignore), no var/."""
    copy = tmp_path_factory.mktemp("fresh-checkout")
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        files = [name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        ignored = {".git", ".venv", "var", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
        files = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not ignored & set(p.relative_to(ROOT).parts)
        ]
    for name in files:
        source = ROOT / name
        if not source.is_file():
            continue  # deleted in the working tree
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    (copy / ".venv").symlink_to(ROOT / ".venv")
    (copy / "var").mkdir()
    (copy / "var" / "tools").symlink_to(ROOT / "var" / "tools")
    return copy


def clean_env(**extra: str) -> dict[str, str]:
    return {"PATH": CLEAN_PATH, "HOME": os.environ.get("HOME", "/root"), **extra}


def sh(command: str, cwd: Path, *, timeout: float = 180, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=clean_env(**extra),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        # As a server binds (gunicorn does): connections of a stopped one in TIME_WAIT do not hold the port.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class Running:
    """A long-running command of the README in its own process group, its output in a file."""

    def __init__(self, command: str, cwd: Path, log: Path, **extra: str) -> None:
        self.command = command
        self.log = log
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                ["bash", "-c", command],
                cwd=cwd,
                env=clean_env(**extra),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, pattern: str, timeout: float) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, self.output())
            if found:
                return found
            if self.process.poll() is not None:
                break
            time.sleep(0.3)
        raise AssertionError(f"{self.command!r}: no {pattern!r} within {timeout} s:\n{self.output()[-4000:]}")

    def stop(self) -> None:
        """SIGTERM to the group (honcho passes it on to the web server and the worker), then SIGKILL to
        whatever of this command's own process tree is still there."""
        tree = {self.process.pid} | descendants(self.process.pid)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        for pid in tree:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def wait_for_page(url: str, timeout: float) -> httpx.Response:
    deadline = time.monotonic() + timeout
    while True:
        try:
            response = httpx.get(url, timeout=5)
            if response.status_code == 200:
                return response
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} did not answer within {timeout} s")
        time.sleep(0.5)


def csrf_token(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found, "no CSRF token in the form"
    return found.group(1)


def log_in(client: httpx.Client, username: str, password: str) -> None:
    page = client.get("/login/")
    assert page.status_code == 200
    answer = client.post(
        "/login/",
        data={"csrfmiddlewaretoken": csrf_token(page.text), "username": username, "password": password},
    )
    assert answer.status_code == 302, f"{username} could not log in ({answer.status_code})"


def manage_shell(checkout: Path, code: str, **extra: str) -> str:
    result = sh(f".venv/bin/python manage.py shell --no-imports -c {shlex.quote(code)}", checkout, **extra)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def banner_url(run: Running) -> str:
    return run.wait_for(r"Workbench: (http://\S+/)", timeout=240).group(1)


# ------------------------------------------------------------------------------------------ the commands


def test_make_venv(checkout):
    result = sh(MAKE_VENV, checkout, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert sh(".venv/bin/python -c 'import django, celery, fpdf'", checkout).returncode == 0


def test_make_test_and_make_bench_exist(checkout):
    # Not run: `make test` is this suite (it would run itself), `make bench` uses a database shared by every
    # checkout on the machine. `make -n` checks each target exists and its recipe expands.
    for command, recipe in ((MAKE_TEST, "pytest"), (MAKE_BENCH, "-m bench")):
        result = sh(command.replace("make ", "make -n ", 1), checkout)
        assert result.returncode == 0, result.stderr
        assert recipe in result.stdout


# the whole real set again, which tests/accuracy/test_real.py runs in the default run: a long run, CI's
@pytest.mark.slow
def test_make_accuracy_rewrites_the_figures(checkout):
    # Offline and without services: the real-prose set and the annotated set, docs/ACCURACY.md rewritten.
    doc = checkout / "docs" / "ACCURACY.md"
    doc.write_text("stale\n", encoding="utf-8")
    # the whole real set in two processes: about 4 minutes here when the other worker runs beside it
    result = sh(MAKE_ACCURACY, checkout, timeout=1800)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    text = doc.read_text(encoding="utf-8")
    assert "correct citations blocked" in text
    assert "The annotated set" in text


def test_make_run_serves_the_login_page_and_finishes_a_review(checkout, tmp_path):
    # Verbatim on port 8000 when it is free; another checkout on this machine may hold it, and then the
    # README's PORT moves it (the banner must follow either way).
    port = 8000 if port_is_free(8000) else free_port()
    command = MAKE_RUN if port == 8000 else f"PORT={port} {MAKE_RUN}"
    run = Running(command, checkout, tmp_path / "make-run.log")
    try:
        url = banner_url(run)
        assert url == f"http://127.0.0.1:{port}/"
        assert "Demo logins: associate/associate and partner/partner." in run.output()
        key = checkout / "var" / "secret_key"  # no SECRET_KEY given: the one kept here, private
        assert key.stat().st_mode & 0o777 == 0o600
        wait_for_page(f"{url}login/", timeout=60)
        with httpx.Client(base_url=url, timeout=15) as client:
            log_in(client, "associate", "associate")
            form = client.get("/reviews/new/")
            assert form.status_code == 200
            matter = re.search(r'<option value="(\d+)"[^>]*>\s*DEMO-001', form.text)
            assert matter, "the demo matter is not offered"
            draft = (
                '1. 민법 제103조는 "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 '
                '무효로 한다."라고 규정한다.\n'
                "2. Zgodnie z art. 58 k.c. czynność prawna sprzeczna z ustawą jest nieważna.\n"
            )
            created = client.post(
                "/reviews/new/",
                data={
                    "csrfmiddlewaretoken": csrf_token(form.text),
                    "matter": matter.group(1),
                    "title": "First review on a fresh checkout",
                    "text": draft,
                },
            )
            assert created.status_code == 302, created.text[-2000:]
            review_id = int(re.fullmatch(r"/reviews/(\d+)/", created.headers["location"]).group(1))
            # The worker (filesystem broker) finishes it; read from the database, not the page's wording.
            deadline = time.monotonic() + 180
            status = ""
            while time.monotonic() < deadline:
                status = manage_shell(
                    checkout,
                    f"from workbench.models import Review; print(Review.objects.get(pk={review_id}).status)",
                )
                if status in {"done", "failed"}:
                    break
                time.sleep(2)
            assert status == "done", run.output()[-4000:]
            query = (
                "import json; from workbench.models import Finding; print(json.dumps({f.citation: f.status "
                f"for f in Finding.objects.filter(review_id={review_id})}}, ensure_ascii=False))"
            )
            statuses = json.loads(manage_shell(checkout, query))
            assert statuses["민법 제103조"] == "verified"  # against the demo corpus make run loaded
            assert "art. 58 k.c." in statuses
            page = client.get(f"/reviews/{review_id}/")
            assert page.status_code == 200
            assert "민법 제103조" in page.text
    finally:
        run.stop()
    assert port_is_free(port), "the web server outlived make run"


@pytest.fixture
def scratch_database() -> Iterator[str]:
    """A database of its own on the test server for `DATABASE_URL=postgres://user@host/db`."""
    import psycopg

    parts = urlsplit(os.environ["DATABASE_URL"])
    server = urlunsplit(parts._replace(path="/postgres"))  # the named database itself need not exist
    name = f"readme_{os.getpid()}"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    yield urlunsplit(parts._replace(path=f"/{name}"))
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_make_run_on_postgresql_and_redis_loads_no_demo_users(checkout, tmp_path, scratch_database):
    import psycopg

    command = MAKE_RUN_SERVERS.replace("postgres://user@host/db", scratch_database).replace(
        "redis://host:6379/0", os.environ["REDIS_URL"]
    )
    port = free_port()
    # WORKBENCH_BIND, the other way the README gives to move it: the banner must name it too.
    run = Running(command, checkout, tmp_path / "make-run-servers.log", WORKBENCH_BIND=f"127.0.0.1:{port}")
    try:
        url = banner_url(run)
        assert url == f"http://127.0.0.1:{port}/"
        assert "Demo not loaded" in run.output()
        page = wait_for_page(f"{url}login/", timeout=60)
        assert 'name="password"' in page.text
        with httpx.Client(base_url=url, timeout=15) as client:
            page = client.get("/login/")
            refused = client.post(
                "/login/",
                data={
                    "csrfmiddlewaretoken": csrf_token(page.text),
                    "username": "partner",
                    "password": "partner",
                },
            )
            assert refused.status_code == 200  # the form again: there is no partner/partner here
        with psycopg.connect(scratch_database) as connection:
            users = connection.execute("SELECT username FROM auth_user").fetchall()
        assert users == []
    finally:
        run.stop()


def test_docker_compose_refuses_clearly_without_an_engine_or_a_secret_key(checkout):
    refusal = re.compile(
        r"SECRET_KEY|Cannot connect to the Docker daemon|unknown (command|flag)|docker: command not found",
        re.I,
    )
    for command in (COMPOSE_UP, COMPOSE_SCALE):
        result = sh(command, checkout, timeout=120)
        said = result.stdout + result.stderr
        assert result.returncode != 0, f"{command!r} started: {said[-2000:]}"
        assert refusal.search(said), f"{command!r} failed without saying why: {said[-2000:]}"


def test_import_corpus(checkout):
    shutil.copytree(ROOT / "demo" / "corpus", checkout / "DIR", dirs_exist_ok=True)
    result = sh(IMPORT_CORPUS, checkout)
    assert result.returncode == 0, result.stderr
    assert re.search(r"Imported \d+ source documents", result.stdout)


def test_fake_sources_answers(checkout, tmp_path):
    # The README's port, 8765, when it is free; else any free port (the fake prints where it listens).
    command = FAKE_SOURCES if port_is_free(8765) else f"{FAKE_SOURCES} --port 0"
    run = Running(command, checkout, tmp_path / "fake-sources.log")
    try:
        cellar = run.wait_for(r"CELLAR_BASE_URL=(http://127\.0\.0\.1:\d+\S*)", timeout=120).group(1)
        answer = httpx.get(f"{cellar}/celex/32016R0679", timeout=15)
        assert answer.status_code == 200
        assert "2016/679" in answer.text
    finally:
        run.stop()


def test_headless_verify_prints_the_findings_json(checkout):
    shutil.copy2(DATA / "drafts" / "memo_footnotes.docx", checkout / "memo.docx")
    result = sh(VERIFY, checkout)
    assert result.returncode in {0, 1}, result.stderr  # 1: a hard block, as the contract says
    report = json.loads(result.stdout)
    assert report["schema"]
    findings = report["documents"][0]["findings"]
    assert findings
    assert all(f["status"] for f in findings)


def test_ground_reads_the_seed_task(checkout):
    shutil.copy2(DATA / "ground" / "seed-task-c1-c3.json", checkout / "TASK.json")
    result = sh(GROUND, checkout)
    assert result.returncode in {0, 1}, result.stderr
    assert re.search(r"\| C1 \|", result.stdout)


def test_export_review_and_verify_audit(checkout):
    # REVIEW_ID: the demo's sample review (loaded by `make run`; here by its own command, as on a fresh copy).
    demo = sh(".venv/bin/python manage.py demo", checkout)
    assert demo.returncode == 0, demo.stderr
    review_id = manage_shell(
        checkout, f"from workbench.models import Review; print(Review.objects.get(title={SAMPLE_TITLE!r}).pk)"
    )
    exported = sh(EXPORT.replace("REVIEW_ID", review_id), checkout)
    assert exported.returncode == 0, exported.stderr
    assert (checkout / "review.pdf").read_bytes().startswith(b"%PDF")
    audit = sh(VERIFY_AUDIT.replace("REVIEW_ID", review_id), checkout)
    assert audit.returncode == 0, audit.stderr
    assert "intact" in audit.stdout
