"""The UI's font stack (static/app.css) in Chromium: Polish letters come from a Latin font, never from the CJK
one (which drew "można czynić" as "moz̀na czynic ́"), Hangul from a Korean font, and bold text from bold faces
of both. Chromium says which platform font drew each node's text (DevTools' CSS.getPlatformFontsForNode)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

SAMPLES = {
    "pl": "Można czynić zastrzeżenia — zażółć gęślą jaźń, ĄĆĘŁŃÓŚŹŻ",
    "pl-bold": "Wyrok Sądu Najwyższego, art. 58 § 1 k.c.: czynność nieważna",
    "ko": "대법원 2016. 8. 17. 선고 2014다235080 판결",
    "ko-bold": "개인정보 보호법 제17조 제1항",
}


def platform_fonts(cdp: Any, root: int, selector: str) -> list[dict[str, Any]]:
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return fonts


def test_polish_and_korean_text_each_come_from_a_font_made_for_them(live_server, page):
    page.goto(f"{live_server.url}/login/")  # any page of the app: it loads app.css
    page.evaluate(
        """samples => {
            const box = document.createElement("section");
            box.id = "font-samples";
            for (const [id, text] of Object.entries(samples)) {
                const el = document.createElement(id.endsWith("-bold") ? "h2" : "p");
                el.id = "sample-" + id;
                el.textContent = text;
                box.appendChild(el);
            }
            document.querySelector("main, body").prepend(box);
        }""",
        SAMPLES,
    )
    page.evaluate("document.fonts.ready")
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    used = {name: platform_fonts(cdp, root, f"#sample-{name}") for name in SAMPLES}

    for name in ("pl", "pl-bold"):
        families = {f["familyName"] for f in used[name]}
        assert families, f"no font reported for {name}"
        assert not any("CJK" in family for family in families), f"{name} drawn with {families}"
        assert len(families) == 1, f"{name} mixes fonts: {used[name]}"  # every letter from one Latin font
    hangul = [f for name in ("ko", "ko-bold") for f in used[name] if "CJK" in f["familyName"]]
    assert hangul, f"Hangul not drawn with a Korean font: {used['ko']}"
    bold = {f["postScriptName"] for name in ("pl-bold", "ko-bold") for f in used[name]}
    assert all("Bold" in name for name in bold), f"bold text drawn with regular faces: {bold}"
    assert any("CJK" in name for name in bold), bold  # a bold Korean face, not a synthesized one

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#font-samples").screenshot(path=str(SCREENSHOTS / "ui-fonts-polish-korean.png"))
