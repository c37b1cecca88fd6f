"""Uploads through the web form (issue 8 §3, §4): a bad file is refused with one clear message and leaves
nothing behind (no review, no stored file); a good file is stored outside the web root under a random name;
a hostile file name renders inert; the production settings put Secure cookies and HSTS on the wire.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.urls import reverse

from tests.security.test_xss import PAYLOADS, problems_in

ROOT = Path(__file__).resolve().parents[2]
DRAFTS = ROOT / "tests" / "data" / "drafts"
GOOD_TEXT = "Zgodnie z art. 58 k.c. czynność prawna sprzeczna z ustawą jest nieważna.\n"


@pytest.fixture(autouse=True)
def _uploads_here(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "uploads"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    Path(settings.STATIC_ROOT).mkdir(
        parents=True, exist_ok=True
    )  # whitenoise warns (an error here) if absent
    settings.CELERY_TASK_ALWAYS_EAGER = False


@pytest.fixture(autouse=True)
def _no_queue(monkeypatch):
    """The form's job ends at the queue; nothing is sent to a broker from these tests."""
    sent: list[int] = []
    monkeypatch.setattr(
        "workbench.pipeline.tasks.send_on_commit", lambda task, *args, unsent: sent.append(args)
    )
    return sent


def docx_bytes(document_xml: bytes, extra: dict[str, bytes] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        z.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        )
        z.writestr("word/document.xml", document_xml)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return buffer.getvalue()


W = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
BILLION_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'.encode()
        for i in range(1, 10)
    )
    + b"]><w:document "
    + W
    + b"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"
)
# 200 MB of zeros packs into about 200 KB: under the upload cap, far over what may be unpacked.
ZIP_BOMB = docx_bytes(
    b"<w:document " + W + b"><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p></w:body></w:document>",
    {"word/media/zeros.bin": b"\0" * (200 * 1024 * 1024)},
)


def truncated(path: Path) -> bytes:
    data = path.read_bytes()
    return data[: len(data) // 3]


# What the web request itself can tell cheaply (size, extension, content by magic bytes, a zip's directory):
# refused at the form, nothing kept.
BAD_FILES = [
    ("not a zip.docx", b"PK\x03\x04" + b"\x00garbage" * 100),
    ("zip bomb.docx", ZIP_BOMB),
    ("really a web page.pdf", b"<!DOCTYPE html><html><body><h1>Draft</h1><p>art. 58 k.c.</p></body></html>"),
    ("empty.txt", b""),
    ("old word.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600),
]
# What only parsing finds out, which the web request no longer does (issue 18 §2: the worker reads the file
# in a child process under a budget): the review ends failed with the reader's one sentence, no finding.
UNREADABLE_FILES = [
    ("broken xml.docx", docx_bytes(b"<w:document " + W + b"><w:body><w:p>"), "damaged"),
    ("xml bomb.docx", docx_bytes(BILLION_LAUGHS), "document type declaration"),
    ("password.pdf", (DRAFTS / "password.pdf").read_bytes(), "password-protected"),
    ("cut in three.pdf", truncated(DRAFTS / "memo_pl.pdf"), "damaged"),
    ("scanned.pdf", (DRAFTS / "scanned.pdf").read_bytes(), "no text layer"),
]


def post_draft(client, matter, name: str, data: bytes, title: str = "upload"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(name, data, content_type="application/octet-stream")
    return client.post(reverse("review_new"), {"matter": matter.pk, "title": title, "file": upload})


def error_messages(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", m).strip()
        for m in re.findall(r'<div class="error"[^>]*>(.*?)</div>', html, re.S)
    ]


def stored_files(settings) -> list[Path]:
    root = Path(settings.MEDIA_ROOT)
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


@pytest.mark.parametrize(("name", "data"), BAD_FILES, ids=[n for n, _ in BAD_FILES])
def test_a_bad_file_is_refused_with_one_message_and_leaves_nothing(name, data, client_for, people, settings):
    from workbench.models import AuditEvent, Review

    response = post_draft(client_for("associate"), people["matter"], name, data)
    html = response.content.decode()
    messages = error_messages(html)
    assert response.status_code == 400
    assert len(messages) == 1, messages
    assert len(messages[0]) > 20, messages  # a sentence, not a code
    assert "Traceback" not in html
    assert "Exception" not in messages[0]
    assert Review.objects.count() == 0
    assert AuditEvent.objects.count() == 0
    assert stored_files(settings) == []


@pytest.mark.parametrize(("name", "data", "words"), UNREADABLE_FILES, ids=[n for n, _, _ in UNREADABLE_FILES])
def test_a_file_only_parsing_finds_bad_ends_its_review_with_one_message(
    name,
    data,
    words,
    client_for,
    people,
    settings,
    _no_queue,  # noqa: PT019 - its list of what was queued
):
    from workbench.models import AuditEvent, Review
    from workbench.pipeline import worker

    client = client_for("associate")
    response = post_draft(client, people["matter"], name, data)
    assert response.status_code == 302, error_messages(response.content.decode())
    review = Review.objects.get()
    assert _no_queue == [(review.pk,)]  # the request stored the file and queued it, nothing more
    assert review.draft_unread
    assert review.draft_text == ""
    assert worker.extract_findings(review.pk) == []
    review.refresh_from_db()
    assert review.status == Review.Status.FAILED
    assert words in review.error, review.error
    assert "Traceback" not in review.error
    assert "Exception" not in review.error
    assert review.findings.count() == 0
    event = AuditEvent.objects.get(review=review, kind="draft_unreadable")
    assert event.payload["error"] == review.error
    html = client.get(reverse("review", args=[review.pk])).content.decode()
    assert words in html
    assert "Traceback" not in html


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(client_for, people, settings):
    from workbench.models import Review

    settings.WORKBENCH_MAX_UPLOAD_BYTES = 1024 * 1024
    big = (GOOD_TEXT * (2 * 1024 * 1024 // len(GOOD_TEXT) + 1)).encode()
    response = post_draft(client_for("associate"), people["matter"], "long.txt", big)
    messages = error_messages(response.content.decode())
    assert response.status_code == 400
    assert len(messages) == 1
    assert "1 MB" in messages[0]
    assert Review.objects.count() == 0
    assert stored_files(settings) == []


def test_uploads_are_stored_outside_the_web_root_under_random_names(client_for, people, settings):
    from workbench.models import Review

    client = client_for("associate")
    for name in ("../../static/app.js.md", "memo.md", "memo.md"):
        response = post_draft(client, people["matter"], name, GOOD_TEXT.encode())
        assert response.status_code == 302, error_messages(response.content.decode())
    stored = [Path(r.original_file.path) for r in Review.objects.order_by("pk")]
    assert len(stored) == 3
    assert len({p.name for p in stored}) == 3, "two uploads of the same name share a file"
    media = Path(settings.MEDIA_ROOT).resolve()
    web_roots = [
        Path(settings.STATIC_ROOT).resolve(),
        *(Path(d).resolve() for d in settings.STATICFILES_DIRS),
    ]
    for path in stored:
        assert re.fullmatch(r"[0-9a-f]{32}", path.name), path.name  # nothing of the user's name in the path
        assert path.resolve().is_relative_to(media)
        assert path.read_bytes() == GOOD_TEXT.encode()
        assert not any(path.resolve().is_relative_to(root) for root in web_roots)
    assert not any(media.is_relative_to(root) or root.is_relative_to(media) for root in web_roots)
    # No URL serves the upload directory, whatever it is called.
    relative = stored[0].resolve().relative_to(media).as_posix()
    for url in (f"/media/{relative}", f"/static/{relative}", f"/uploads/{relative}", f"/{relative}"):
        assert client.get(url).status_code == 404, url
    # The display name keeps no directory part, and it is only ever shown, never used as a path.
    assert Review.objects.order_by("pk").first().draft_name == "app.js.md"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_hostile_file_name_renders_inert(payload, client_for, people):
    from workbench.models import Review

    client = client_for("associate")
    response = post_draft(client, people["matter"], f"{payload}.md", GOOD_TEXT.encode(), title="")
    assert response.status_code == 302, error_messages(response.content.decode())
    review = Review.objects.get()
    for url in (reverse("review", args=[review.pk]), reverse("home")):
        html = client.get(url).content.decode()
        assert problems_in(html) == [], (url, payload)
    # The same name on a file the form refuses: the refusal quotes the name, inert.
    refused = post_draft(client, people["matter"], f"{payload}.exe", b"MZ\x90\x00")
    assert refused.status_code == 400
    assert problems_in(refused.content.decode()) == []


# --- check --deploy: cookies and HSTS as they reach the browser -------------------------------------

PRODUCTION = {
    "SECRET_KEY": "p" * 64 + "-production-like",
    "WORKBENCH_HTTPS": "1",
    "ALLOWED_HOSTS": "workbench.example.com",
}
SETTINGS_PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps({k: "
    "getattr(s, k) for k in ('SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SESSION_COOKIE_HTTPONLY', "
    "'SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS', 'SECURE_HSTS_INCLUDE_SUBDOMAINS', 'SECURE_HSTS_PRELOAD', "
    "'SECURE_CONTENT_TYPE_NOSNIFF', 'X_FRAME_OPTIONS', 'DEBUG', 'SESSION_COOKIE_SAMESITE', "
    "'CSRF_COOKIE_SAMESITE')}))"
)


def production_settings() -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_DEBUG", "DATABASE_URL", "REDIS_URL"}}
    env.update(
        PRODUCTION, DJANGO_SETTINGS_MODULE="workbench.settings", WORKBENCH_VAR_DIR=str(ROOT / "var/test")
    )
    result = subprocess.run(
        [sys.executable, "-c", SETTINGS_PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_settings_make_cookies_secure_and_turn_on_hsts():
    values = production_settings()
    assert values["DEBUG"] is False
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SESSION_COOKIE_HTTPONLY"] is True
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 31536000
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert values["SECURE_CONTENT_TYPE_NOSNIFF"] is True
    assert values["X_FRAME_OPTIONS"] == "DENY"
    assert values["SESSION_COOKIE_SAMESITE"] in ("Lax", "Strict")


def test_the_wire_carries_hsts_and_secure_cookies_over_https(client, people, settings):
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SESSION_COOKIE_SECURE = True
    settings.CSRF_COOKIE_SECURE = True
    settings.SECURE_SSL_REDIRECT = True
    plain = client.get(reverse("login"))
    assert plain.status_code == 301
    assert plain["Location"].startswith("https://")
    page = client.get(reverse("login"), secure=True)
    assert page.status_code == 200
    assert page["Strict-Transport-Security"].startswith("max-age=31536000")
    assert "includeSubDomains" in page["Strict-Transport-Security"]
    assert page.cookies["csrftoken"]["secure"]
    login = client.post(
        reverse("login"),
        {"username": people["associate"].username, "password": "alice-pass-1"},
        secure=True,
    )
    assert login.status_code == 302
    session = login.cookies[settings.SESSION_COOKIE_NAME]
    assert session["secure"]
    assert session["httponly"]
