"""A name that fits the top bar on one line beside a smaller "Connected" (or its dot alone) never
breaks inside a word (QA, Spanish at 360 px: "Beatri / z", the name 0.1 px wider than its box;
fitTopbar compared whole pixels and judged it to fit). Swept over every width from 320 to 420 px,
so a name lands a fraction of a pixel from its box's edge somewhere, in English, Spanish and
Portuguese."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

# One word each, seven to eleven letters: each fits on one line beside the green dot.
NAMES = ["Beatriz", "Fernanda", "Alexander", "Christopher"]

# The name's lines (by their tops), its text, the status's form (data-brief) and, unrounded, the
# name's box and its text on one line; read after the resize's layout.
SHOWN_JS = """() => new Promise((done) => requestAnimationFrame(() => {
  const name = document.querySelector('[data-testid="me-name"]');
  const range = document.createRange();
  range.selectNodeContents(name);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  done({lines: tops.size, text: name.textContent,
        brief: document.getElementById('conn').dataset.brief,
        box: name.getBoundingClientRect().width, line: range.getBoundingClientRect().width});
}))"""


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_one_word_name_is_never_broken_in_the_top_bar(phones: Any, kit: Any, lang: str) -> None:
    pages = phones(len(NAMES), lang=lang, width=360)
    kit.join(pages, NAMES)
    for page, name in zip(pages, NAMES, strict=True):
        expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
        broken = []
        for width in range(320, 421):
            page.set_viewport_size({"width": width, "height": 640})
            shown = page.evaluate(SHOWN_JS)
            assert shown["text"] == name, shown
            if shown["lines"] != 1:
                broken.append((width, shown))
        assert broken == [], (lang, name, broken[:3])
