"""A player's name of sixteen letters shows whole in the top bar of a 360 px phone (QA:
"Maximiliano R…" beside the text-size switch, the rules and the language), in English, Spanish
and Portuguese: on one line when it fits, else on two; never cut."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_qa_fixes import ARTIFACTS

# Sixteen letters each, the most a name may have (host/protocol.py): two words, and one word with
# a hyphen; in the wide letters of the test machine's font.
NAMES = ["Maximiliano Ruiz", "Guadalupe Ximena", "Hannah-Charlotte"]

# Every line of the name's text inside the name's own box, and nothing hidden by it.
WHOLE_JS = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const name = document.querySelector('[data-testid="me-name"]');
  const box = name.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(name);
  const lines = [...range.getClientRects()];
  const inside = lines.every((line) => line.left >= box.left - 1 && line.right <= box.right + 1
    && line.top >= box.top - 1 && line.bottom <= box.bottom + 1);
  return {text: name.textContent, inside, lines: new Set(lines.map((l) => Math.round(l.top))).size,
          clipped: name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight,
          ellipsis: getComputedStyle(name).textOverflow,
          wide: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_sixteen_letter_name_shows_whole_at_360_px(phones: Any, kit: Any, lang: str) -> None:
    pages = phones(len(NAMES), lang=lang, width=360)
    kit.join(pages, NAMES)
    for page, name in zip(pages, NAMES, strict=True):
        page.set_viewport_size({"width": 360, "height": 640})
        expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
        shown = page.evaluate(WHOLE_JS)
        assert shown["text"] == name, shown
        assert shown["inside"] and not shown["clipped"], (name, shown)
        assert shown["lines"] <= 2 and shown["wide"] <= 360, (name, shown)
        # The state is still said: the dot, and the word for screen readers.
        assert page.get_by_test_id("conn").text_content()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pages[0].screenshot(
        path=ARTIFACTS / f"topbar-name-360-{lang}.png",
        clip={"x": 0, "y": 0, "width": 360, "height": 140},
    )
