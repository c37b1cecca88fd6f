# One image for web and worker (compose.yaml picks the command).
FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 UV_PROJECT_ENVIRONMENT=/app/.venv UV_PYTHON_DOWNLOADS=never
WORKDIR /app
# The fonts the PDF export embeds (Latin with diacritics, Hangul; regular and bold): see workbench/exports/report.py.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*
RUN pip install --no-cache-dir uv==0.13.9
COPY pyproject.toml uv.lock ./
# compiled now: PYTHONDONTWRITEBYTECODE means nothing would ever be cached at run time
RUN uv sync --frozen --no-dev --no-install-project --compile-bytecode
COPY . .
RUN .venv/bin/python -m compileall -q manage.py verifier workbench
RUN SECRET_KEY=build-only .venv/bin/python manage.py collectstatic --noinput --verbosity 0
RUN useradd --create-home workbench && chown -R workbench /app
USER workbench
EXPOSE 8000
# gunicorn.conf.py: the bind below, a control socket in this container's var/, access log without queries.
ENV WORKBENCH_BIND=0.0.0.0:8000
CMD [".venv/bin/gunicorn", "-c", "gunicorn.conf.py", "workbench.wsgi", "--workers", "3", "--threads", "4"]
