# The two commands that matter: `make run` (the workbench on its embedded default) and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
VENV := .venv
PY := $(VENV)/bin/python
TOOLS := var/tools
UV := $(TOOLS)/bin/uv
UV_VERSION := 0.13.9
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)

# Test services: the real PostgreSQL and Redis of the machine (started by scripts/services.sh if needed).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/workbench
TEST_REDIS_URL ?= redis://127.0.0.1:6379/1

.PHONY: help run test test-unit lint typecheck pytest bench venv bytecode services browser demo clean accuracy

help:
	@echo "make run    - start the workbench (web + worker) on the embedded default, with demo data"
	@echo "make venv   - install the locked dependencies into .venv (for .venv/bin/python manage.py ...)"
	@echo "make test   - lint, type-check and run every test (unit, integration, e2e)"
	@echo "make bench  - run the benchmarks (see bench/README.md)"
	@echo "make accuracy - measure the verdicts on real judgments and the annotated set; rewrite docs/ACCURACY.md"
	@echo "make test-unit - the engine's tests only (tests/verifier/): no Django, no services"

$(UV):
	@mkdir -p var
	python3 -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

# Bytecode is compiled at install time: this machine (like the Docker image) sets PYTHONDONTWRITEBYTECODE,
# and without .pyc files every `manage.py verify` and every worker start compiled ~900 modules (2.3 s).
$(VENV)/.synced: pyproject.toml uv.lock Makefile | $(UV)
	$(UV) sync --frozen --compile-bytecode --python "$$(scripts/find-python.sh)"
	@touch $@

# Our own packages too; compileall skips what is up to date, and a stale .pyc is ignored, never run.
bytecode: $(VENV)/.synced
	@$(PY) -m compileall -q -j 0 manage.py verifier workbench fakes bench > /dev/null

venv: $(VENV)/.synced

# Where it listens: WORKBENCH_BIND (host:port) or 127.0.0.1:$$PORT (8000). DEMO=1 loads the demo users even
# into the database DATABASE_URL names; without it they exist on the embedded default only.
run: venv bytecode
	@DEMO="$(DEMO)" scripts/run.sh

services:
	scripts/services.sh

browser:
	scripts/browser.sh

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: venv
	SECRET_KEY=typecheck $(VENV)/bin/mypy verifier workbench fakes

# Two processes (pytest-xdist), a test file each at a time: on two cores the suite takes about half as long.
# Each process has its own Redis and PostgreSQL databases (tests/xdist_isolation.py). PYTEST_PROCESSES=0: one.
PYTEST_PROCESSES ?= 2
pytest: venv services browser
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) SECRET_KEY=tests-only-not-a-secret \
	  $(VENV)/bin/pytest -n $(PYTEST_PROCESSES) --dist loadfile $(PYTEST_ARGS)

test: lint typecheck pytest

# The pure engine's tests alone: pytest-django switched off (no settings loaded, no database), no PostgreSQL,
# Redis or browser. The long runs (`slow`) stay with `make test` in CI.
test-unit: venv
	$(VENV)/bin/pytest -p no:django -W ignore::pytest.PytestConfigWarning -q -n $(PYTEST_PROCESSES) --dist loadfile tests/verifier $(PYTEST_ARGS)

# Benchmarks use their own database (created on first use, emptied between figures) and Redis database 2,
# never the tests' or a developer's. BENCH_ARGS="--only pages" runs some figures; see bench/README.md.
bench: venv bytecode services
	DATABASE_URL=postgres://postgres@127.0.0.1:5432/workbench_bench REDIS_URL=redis://127.0.0.1:6379/2 \
	  SECRET_KEY=bench-only $(PY) -m bench $(BENCH_ARGS)

# The verdicts measured on real judgments (tests/data/real) and on the annotated set; offline, no services.
accuracy: venv bytecode
	$(PY) -m tests.accuracy.real --write-doc

clean:
	rm -rf var/test var/broker var/staticfiles
