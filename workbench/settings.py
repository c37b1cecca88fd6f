"""The workbench's one settings file: everything that varies comes from the environment (CONTRACT §3).

Embedded default (no variables set): SQLite in WAL mode and a filesystem Celery broker under `var/`,
so `make run` works on a bare machine. Production: DATABASE_URL, REDIS_URL, SECRET_KEY, ALLOWED_HOSTS.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from workbench.security.private_files import make_private
from workbench.security.secret_key import SecretKeyError, local_secret_key, production_key_problem

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("WORKBENCH_VAR_DIR", BASE_DIR / "var"))
# Before anything is written there (the secret key, the database): var/ and what every process of the
# workbench creates are its own account's only, whatever the umask (workbench/security/private_files.py).
make_private(VAR_DIR)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG")
HTTPS = env_bool("WORKBENCH_HTTPS")
# The embedded default: SQLite and the filesystem broker under var/, what `make run` uses with no variables.
EMBEDDED_DEFAULT_DATABASE = not os.environ.get("DATABASE_URL")
# Production mode: served over HTTPS from a server database. Only there is a missing SECRET_KEY an error;
# elsewhere (`make run`, `manage.py verify` on a fresh checkout) the key kept in var/secret_key is used.
PRODUCTION = HTTPS and not DEBUG and not EMBEDDED_DEFAULT_DATABASE
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set: WORKBENCH_HTTPS=1 with a DATABASE_URL is production mode, which never "
            "uses a key kept on disk (outside production the key in var/secret_key is used)."
        )
    try:
        SECRET_KEY = local_secret_key(VAR_DIR / "secret_key")
    except SecretKeyError as exc:
        raise ImproperlyConfigured(str(exc)) from exc
elif PRODUCTION and (_weak := production_key_problem(SECRET_KEY)):
    raise ImproperlyConfigured(
        f"{_weak}: production mode refuses it. Make one with "
        "`python3 -c 'import secrets; print(secrets.token_urlsafe(50))'`."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "workbench",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "workbench.security.middleware.ProfileLanguageMiddleware",
    "workbench.security.middleware.NoStoreMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "workbench.urls"
WSGI_APPLICATION = "workbench.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: SQLite (WAL) under var/ unless DATABASE_URL says otherwise ---------------------------
VAR_DIR.mkdir(parents=True, exist_ok=True)
_default_sqlite = f"sqlite:///{VAR_DIR / 'workbench.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or _default_sqlite, conn_max_age=60, conn_health_checks=True
    )
}
# Concurrent test runs on one server (developers, CI) must not share a test database.
DATABASES["default"]["TEST"] = {
    "NAME": os.environ.get("WORKBENCH_TEST_DB_NAME") or f"test_workbench_{os.getpid()}"
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets the web process read while the worker writes; IMMEDIATE avoids lock upgrades failing.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000;",
        "transaction_mode": "IMMEDIATE",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Celery: Redis when REDIS_URL is set, else kombu's filesystem transport under var/ ---------------
REDIS_URL = os.environ.get("REDIS_URL", "")
BROKER_DIR = VAR_DIR / "broker"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    # An unacknowledged task (its worker died) is delivered again after this many seconds.
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600"))
    }
else:
    for sub in ("out", "processed"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "out"),
        "data_folder_out": str(BROKER_DIR / "out"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        # kombu's exchange table; its default is `control/` in the current folder (the repository's root).
        "control_folder": str(BROKER_DIR / "control"),
    }
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER")
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_TASK_SOFT_TIME_LIMIT", "120"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("CELERY_TASK_TIME_LIMIT", "150"))
# A finding is claimed by one verify task, which the pool kills at CELERY_TASK_TIME_LIMIT: a claim older than
# that limit plus this grace belongs to a worker that died, and the recovery sweep hands the finding on.
WORKBENCH_CLAIM_GRACE_SECONDS = int(os.environ.get("WORKBENCH_CLAIM_GRACE_SECONDS", "5"))
# The most a review's look-ups may wait for upstream sources, all of them together (the prefetch and the
# checks' own look-ups): an upstream that never answers ends its findings ⛔ "retry now" by then.
WORKBENCH_REVIEW_SOURCE_BUDGET = float(os.environ.get("WORKBENCH_REVIEW_SOURCE_BUDGET", "90"))
# How long upstream's "no such source" is believed before asking again (0: always ask).
WORKBENCH_NOT_FOUND_TTL_SECONDS = int(os.environ.get("WORKBENCH_NOT_FOUND_TTL_SECONDS", "3600"))
# Every so often the worker re-sends work that was lost (a broker restart drops queued messages).
WORKBENCH_RECOVERY_INTERVAL = float(os.environ.get("WORKBENCH_RECOVERY_INTERVAL", "30"))
CELERY_BEAT_SCHEDULE = {
    "recover-stalled-reviews": {"task": "workbench.recover_stalled", "schedule": WORKBENCH_RECOVERY_INTERVAL},
}

# --- Sources (CONTRACT §3) ------------------------------------------------------------------------
LAWGOKR_OC = os.environ.get("LAWGOKR_OC", "")
LAWGOKR_BASE_URL = os.environ.get("LAWGOKR_BASE_URL", "https://www.law.go.kr/DRF")
SAOS_BASE_URL = os.environ.get("SAOS_BASE_URL", "https://www.saos.org.pl/api")
ELI_BASE_URL = os.environ.get("ELI_BASE_URL", "https://api.sejm.gov.pl/eli")
CELLAR_BASE_URL = os.environ.get("CELLAR_BASE_URL", "https://publications.europa.eu/resource")
CELLAR_SPARQL_URL = os.environ.get("CELLAR_SPARQL_URL", "https://publications.europa.eu/webapi/rdf/sparql")
# Is it still good law: the versions of statutes and the later treatment of judgments, kept between runs (a
# warm run asks upstream nothing): version lists and treatment for the day they were obtained, version texts
# for good
WORKBENCH_HISTORY_DIR = Path(os.environ.get("WORKBENCH_HISTORY_DIR", VAR_DIR / "history"))
WORKBENCH_LOCAL_ONLY = env_bool("WORKBENCH_LOCAL_ONLY")
# The offline corpus: `manage.py demo` imports its texts, and the recorded 연혁 versions in it answer
# "still good law" for a Korean statute when law.go.kr cannot be asked (no LAWGOKR_OC, local-only mode).
WORKBENCH_CORPUS_DIR = Path(os.environ.get("WORKBENCH_CORPUS_DIR", BASE_DIR / "demo" / "corpus"))
# Ask that corpus before any source service (a citation the corpus names otherwise than its snapshots, "k.c."
# for DU/1964/93, is then not looked up upstream): on by default on the embedded default, where the corpus is
# the demo's; elsewhere WORKBENCH_ASK_CORPUS_FIRST=1.
WORKBENCH_ASK_CORPUS_FIRST = env_bool("WORKBENCH_ASK_CORPUS_FIRST", default=EMBEDDED_DEFAULT_DATABASE)
SOURCE_HTTP_TIMEOUT = float(os.environ.get("SOURCE_HTTP_TIMEOUT", "20"))
# SAOS's search "regularly takes 20–35 s under load" (SOURCE-APIS §3.1), so it has its own default of 45 s; an
# operator who sets SOURCE_HTTP_TIMEOUT bounds SAOS too, unless SAOS_HTTP_TIMEOUT says otherwise.
SAOS_HTTP_TIMEOUT = float(
    os.environ.get("SAOS_HTTP_TIMEOUT")
    or (SOURCE_HTTP_TIMEOUT if os.environ.get("SOURCE_HTTP_TIMEOUT") else max(SOURCE_HTTP_TIMEOUT, 45.0))
)

# Uploads: refused above this size before they are read into memory.
WORKBENCH_MAX_UPLOAD_BYTES = int(os.environ.get("WORKBENCH_MAX_UPLOAD_BYTES", str(20 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = WORKBENCH_MAX_UPLOAD_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
MEDIA_ROOT = Path(os.environ.get("WORKBENCH_MEDIA_ROOT", VAR_DIR / "uploads"))  # outside the web root
# What reading one draft may cost (docs/OPERATIONS.md "Budgets"): an uploaded file is read by the worker in a
# child process with these limits (verifier.ingest.sandbox); a file over one ends its review with a message.
WORKBENCH_PARSE_CPU_SECONDS = int(os.environ.get("WORKBENCH_PARSE_CPU_SECONDS", "30"))
WORKBENCH_PARSE_WALL_SECONDS = int(os.environ.get("WORKBENCH_PARSE_WALL_SECONDS", "60"))
WORKBENCH_PARSE_MEMORY_MB = int(os.environ.get("WORKBENCH_PARSE_MEMORY_MB", "1024"))
WORKBENCH_MAX_DRAFT_CHARS = int(os.environ.get("WORKBENCH_MAX_DRAFT_CHARS", "2000000"))
# A draft longer than this (pasted or uploaded) has its citations extracted in a child process under the
# parse budget above (workbench/pipeline/extract_budget.py); shorter ones in the worker itself.
WORKBENCH_EXTRACT_IN_CHILD_CHARS = int(os.environ.get("WORKBENCH_EXTRACT_IN_CHILD_CHARS", "200000"))
# A worker process whose resident memory passed this (kB) after a task is replaced by a fresh one, so the
# memory a large review took returns to the system (Celery's worker_max_memory_per_child; prefork pool).
CELERY_WORKER_MAX_MEMORY_PER_CHILD = int(os.environ.get("WORKER_MAX_MEMORY_PER_CHILD_KB", "1000000"))
# Supplied files one user may have read at once (workbench/security/parse_slots.py; 0: no cap).
WORKBENCH_PARSES_PER_USER = int(os.environ.get("WORKBENCH_PARSES_PER_USER", "2"))
# A supplied file whose uploader's parse slots are all taken waits this long, queued, then asks again.
WORKBENCH_PARSE_BUSY_RETRY_SECONDS = float(os.environ.get("WORKBENCH_PARSE_BUSY_RETRY_SECONDS", "2"))
# Citations one review checks; past it, the first ones are checked and the review says where it stopped.
WORKBENCH_MAX_CITATIONS = int(os.environ.get("WORKBENCH_MAX_CITATIONS", "2000"))
# Uploaded drafts are client work: readable by the workbench's own account only, whatever the umask.
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700

# --- Auth ------------------------------------------------------------------------------------------
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"
# Every password set through a form or `changepassword` is checked; the demo's seeded users (documented
# passwords, embedded default only) are created by `manage.py demo`, which does not go through these.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# --- i18n: English, Polish, Korean ----------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("pl", _("Polish")), ("ko", _("Korean"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

# --- Static files: served by whitenoise; htmx is vendored under static/vendor --------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG

# --- Security: drafts and sources are untrusted text ----------------------------------------------
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie; kept default-compatible
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
WORKBENCH_BEHIND_PROXY = env_bool("WORKBENCH_BEHIND_PROXY")
# Proxies between the client and the workbench that append to X-Forwarded-For: the client's address is this
# many entries from the right (anything further left was written by the client and can be forged).
WORKBENCH_PROXY_COUNT = int(os.environ.get("WORKBENCH_PROXY_COUNT", "1"))
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if WORKBENCH_BEHIND_PROXY else None
SESSION_COOKIE_AGE = 60 * 60 * 10

# Upstream budgets (workbench/security/upstream_budget.py): token buckets, a burst and a rate a minute; 0 a
# minute
# switches one off. Searches and opened results that go upstream (a cached answer costs nothing), per user
# and per upstream server (law.go.kr, saos, eli, cellar) for everybody; "Retry now" per user, and each
# finding at most once per WORKBENCH_RETRY_DEBOUNCE_SECONDS.
WORKBENCH_SEARCH_PER_USER_PER_MINUTE = float(os.environ.get("WORKBENCH_SEARCH_PER_USER_PER_MINUTE", "30"))
WORKBENCH_SEARCH_PER_USER_BURST = int(os.environ.get("WORKBENCH_SEARCH_PER_USER_BURST", "10"))
WORKBENCH_SEARCH_PER_SERVER_PER_MINUTE = float(
    os.environ.get("WORKBENCH_SEARCH_PER_SERVER_PER_MINUTE", "120")
)
WORKBENCH_SEARCH_PER_SERVER_BURST = int(os.environ.get("WORKBENCH_SEARCH_PER_SERVER_BURST", "30"))
WORKBENCH_RETRY_PER_USER_PER_MINUTE = float(os.environ.get("WORKBENCH_RETRY_PER_USER_PER_MINUTE", "20"))
WORKBENCH_RETRY_PER_USER_BURST = int(os.environ.get("WORKBENCH_RETRY_PER_USER_BURST", "10"))
WORKBENCH_RETRY_DEBOUNCE_SECONDS = int(os.environ.get("WORKBENCH_RETRY_DEBOUNCE_SECONDS", "30"))

# The audit chain's keys and anchored heads (workbench/audit_keys.py, audit_heads.py): outside the database,
# never in a backup of it. WORKBENCH_AUDIT_KEY gives the key itself where web and worker share no var/.
WORKBENCH_AUDIT_DIR = Path(os.environ.get("WORKBENCH_AUDIT_DIR", VAR_DIR / "audit"))
WORKBENCH_AUDIT_KEY = os.environ.get("WORKBENCH_AUDIT_KEY", "")

# Login throttling (workbench/security/throttle.py, also the admin's login): failed attempts per (username as
# authentication reads it, client address) inside the window before the form refuses; a right password clears
# the count.
LOGIN_MAX_FAILURES = int(os.environ.get("LOGIN_MAX_FAILURES", "5"))
LOGIN_FAILURE_WINDOW = int(os.environ.get("LOGIN_FAILURE_WINDOW", "900"))
# While attempts still in flight would take the pair past the limit, a login waits this long for them to end
# (concurrent right-password logins are not refused; concurrent guesses still check at most the limit).
LOGIN_PENDING_WAIT_SECONDS = float(os.environ.get("LOGIN_PENDING_WAIT_SECONDS", "10"))

CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # an unreachable Redis costs a search a second at most, then it goes on without the cache
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"no_query_strings": {"()": "workbench.security.logs.DropQueryStrings"}},
    "formatters": {"server": {"format": "[{server_time}] {message}", "style": "{"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "server": {"class": "logging.StreamHandler", "formatter": "server", "filters": ["no_query_strings"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "httpx": {"level": "WARNING"},
        # runserver's request log: paths without their query strings (typed search words).
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
}
