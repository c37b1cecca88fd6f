"""axe-core in the page under test: the WCAG 2.1 A/AA rules, from the vendored copy (tests/data/axe-core)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[1] / "data" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = ("serious", "critical")


def violations(page: Page) -> list[dict[str, Any]]:
    """The serious and critical WCAG 2.1 AA violations axe finds in the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated through the DevTools protocol: the page's CSP (script-src 'self') forbids a script tag
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", TAGS)
    return [v for v in result["violations"] if v["impact"] in BLOCKING]


def described(found: list[dict[str, Any]]) -> str:
    """What a failing assertion prints: rule, impact and the first few elements' selectors and summaries."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:4]:
            lines.append(f"    {node['target']}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)
