"""axe-core (WCAG 2.1 AA) on the pages and states the desk walk does not visit, in en/pl/ko: the reviews list
searched with results and with none, a review with a second version ("What changed") and its redline, an
earlier version, the evidence panel of every finding, a source snapshot, the matter, the source search,
the forms with their errors (a new version sent empty, a corrected quote without its wording, an override
without a reason, a sign-off not confirmed, a failed login), the sign-off page with what blocks it and the
partner's panels; and a keyboard-only pass to the sign-off. Nothing serious or critical anywhere;
screenshots in var/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import described, violations
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_versions import FIRST, REVISED
from tests.e2e.test_words import choose_language

pytestmark = pytest.mark.e2e
LANGUAGES = ("en", "pl", "ko")


class Axe:
    """Runs axe on the page as it is now and keeps what it finds, by where it was found."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: dict[str, str] = {}

    def check(self, where: str, *, shot: str = "") -> None:
        found = violations(self.page)
        if found:
            self.problems[where] = described(found)
        if shot:
            self.page.screenshot(path=str(SCREENSHOTS / f"axe-{shot}.png"), full_page=True)

    def visit(self, url: str, where: str, *, shot: str = "") -> None:
        self.page.goto(url)
        self.check(where, shot=shot)


def sent_without_validation(page: Page, form: str) -> None:
    """Submit `form` as the server sees an empty one: the browser's own checks switched off."""
    page.evaluate("(sel) => document.querySelectorAll(sel).forEach(f => f.noValidate = true)", form)
    page.locator(f"{form} button[type=submit]").first.click()


def open_with(page: Page, review, review_url: str, form: str) -> None:
    """The evidence page of the first finding that offers `form` (not every status takes a proposal)."""
    for finding in review.findings.filter(version=review.version).order_by("ordinal"):
        page.goto(f"{review_url}findings/{finding.pk}/")
        if page.locator(form).count():
            return
    pytest.fail(f"no finding offers {form}")


def two_versions(page: Page, url: str) -> str:
    page.goto(f"{url}/reviews/new/")
    page.get_by_label("Title").fill("개인정보 검토")
    page.get_by_label("Paste the draft").fill(FIRST)
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    review_url = page.url.split("?")[0]
    page.wait_for_load_state("networkidle")
    page.get_by_text("Upload a revised draft").click()
    page.locator("#review-actions textarea[name=text]").fill(REVISED)
    page.get_by_role("button", name="Check the new version").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    return review_url


def associate_pages(axe: Axe, url: str, review, language: str) -> None:
    page = axe.page
    axe.visit(f"{url}/?q=개인정보", f"{language} list searched, results", shot=f"list-found-{language}")
    expect(page.locator("main table tbody tr")).not_to_have_count(0)
    axe.visit(f"{url}/?q=zzzqqq", f"{language} list searched, none", shot=f"list-none-{language}")
    review_url = f"{url}/reviews/{review.pk}/"
    axe.visit(review_url, f"{language} review with a second version", shot=f"changes-{language}")
    axe.visit(f"{review_url}versions/2/redline/", f"{language} redline", shot=f"redline-{language}")
    axe.visit(f"{review_url}versions/1/", f"{language} earlier version")
    for finding in review.findings.filter(version=review.version).order_by("ordinal"):
        axe.visit(f"{review_url}findings/{finding.pk}/", f"{language} evidence panel {finding.finding_id}")
        if finding.snapshot_id:
            axe.visit(f"{review_url}sources/{finding.snapshot_id}/", f"{language} source snapshot")
    axe.visit(f"{url}/matters/{review.matter_id}/", f"{language} matter")
    axe.visit(f"{url}/search/?q=민법", f"{language} source search", shot=f"search-{language}")
    axe.visit(f"{review_url}audit/?finding={review.findings.first().pk}", f"{language} audit of a finding")

    page.goto(review_url)
    page.locator("details:has(form[enctype]) > summary").click()
    sent_without_validation(page, "details form[enctype]")
    expect(page.locator(".messages li.msg-error")).to_be_visible()
    axe.check(f"{language} new version sent empty", shot=f"version-error-{language}")
    open_with(page, review, review_url, "#propose-form")
    page.locator("#propose-form select[name=action]").select_option("correct")  # with no wording: refused
    sent_without_validation(page, "#propose-form")
    expect(page.locator("#evidence [role=alert], #evidence .error").first).to_be_visible()
    axe.check(f"{language} proposal without a choice", shot=f"propose-error-{language}")


def partner_pages(axe: Axe, url: str, review, language: str) -> None:
    page = axe.page
    review_url = f"{url}/reviews/{review.pk}/"
    axe.visit(review_url, f"{language} review, partner's panels", shot=f"partner-review-{language}")
    axe.visit(f"{review_url}sign-off/confirm/", f"{language} sign-off, blocked", shot=f"blocked-{language}")
    expect(page.locator(".refusal[role=alert]")).to_be_visible()
    open_with(page, review, review_url, "#decide-form")
    page.locator("#decide-form select[name=action]").select_option("override")  # with no reason: refused
    sent_without_validation(page, "#decide-form")
    expect(page.locator("#evidence [role=alert], #evidence .error").first).to_be_visible()
    axe.check(f"{language} decision without a choice", shot=f"decide-error-{language}")


def resolve_every_blocker(review, partner) -> None:
    """What a partner does before signing off, done on the server: each hard block overridden with a reason,
    each finding that awaits approval approved."""
    from workbench.reviews import services

    for finding in services.blockers(review):
        action = "override" if finding.needs_override else "approve"
        services.decide(user=partner, finding=finding, action=action, comment="Checked by hand in the file.")


def sign_off_pages(axe: Axe, url: str, review, language: str) -> None:
    page = axe.page
    confirm = f"{url}/reviews/{review.pk}/sign-off/confirm/"
    axe.visit(confirm, f"{language} sign-off, ready", shot=f"sign-off-{language}")
    sent_without_validation(page, "form.signoff")  # the box "sign-off is final" left unticked
    expect(page.locator(".messages li.msg-error")).to_be_visible()
    axe.check(f"{language} sign-off not confirmed", shot=f"sign-off-error-{language}")


def keyboard_sign_off(page: Page, url: str, review) -> None:
    """Keys only from the review page to the sign-off page: its link, the confirmation box and the button
    are in the tab order, and Enter follows the link."""
    page.goto(f"{url}/reviews/{review.pk}/")
    link = page.locator(f"a[href$='/reviews/{review.pk}/sign-off/confirm/']")
    for _ in range(80):
        page.keyboard.press("Tab")
        if link.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("the sign-off link is not reachable with Tab")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/reviews/{review.pk}/sign-off/confirm/")
    reached = set()
    for _ in range(60):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement && document.activeElement.tagName"))
    assert {"INPUT", "BUTTON"} <= reached or {"TEXTAREA", "BUTTON"} <= reached, reached


def test_axe_finds_nothing_serious_in_any_state(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, settings
):
    from workbench.models import Review

    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    login("alice", "alice-pass-1")
    two_versions(page, url)
    review = Review.objects.get()
    axe = Axe(page)
    for language in LANGUAGES:
        choose_language(page, language)
        associate_pages(axe, url, review, language)
    page.context.clear_cookies()
    login("paula", "paula-pass-1")
    for language in LANGUAGES:
        choose_language(page, language)
        partner_pages(axe, url, review, language)
    resolve_every_blocker(review, people["partner"])
    for language in LANGUAGES:
        choose_language(page, language)
        sign_off_pages(axe, url, review, language)
    keyboard_sign_off(page, url, review)
    for language in LANGUAGES:  # a visitor's language is the browser's
        visitor = page.context.browser.new_context(locale=language)
        axe.page = visitor.new_page()
        axe.page.goto(f"{url}/login/")
        axe.page.locator("input[name=username]").fill("nobody")
        axe.page.locator("input[name=password]").fill("wrong-password-1")
        axe.page.locator("main form button[type=submit]").click()
        expect(axe.page.locator("main .errorlist, main [role=alert]").first).to_be_visible()
        axe.check(f"{language} login refused", shot=f"login-error-{language}")
        visitor.close()
    assert axe.problems == {}, "\n".join(f"{k}:\n{v}" for k, v in axe.problems.items())
