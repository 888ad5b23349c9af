"""On the narrowest phones the top bar still names the player (QA at 320 px in Portuguese: the
word 'Conectado', the text-size switch and 'Regras' left the name no room at all, a sliver of
its first letter). Online, a narrow phone says so by the green dot alone (the word stays for
screen readers); connecting or offline, it still says it in words."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_qa_fixes import ARTIFACTS

CLIP = {"x": 0, "y": 0, "width": 320, "height": 240}

NAME_WHOLE_JS = """() => {
  const name = document.querySelector('[data-testid="me-name"]');
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  return {text: name.textContent, fits: name.scrollWidth <= name.clientWidth,
          width: name.clientWidth, bar: bar.height};
}"""


@pytest.mark.parametrize(("lang", "width"), [("pt", 320), ("es", 320), ("en", 320)])
def test_a_320_px_phone_shows_the_players_name_in_the_top_bar(
    phones: Any, kit: Any, lang: str, width: int
) -> None:
    (page,) = phones(1, lang=lang, width=width)
    kit.join([page], ["Ana Clara"])
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    bar = page.evaluate(NAME_WHOLE_JS)
    assert bar["text"] == "Ana Clara" and bar["fits"], bar
    # The dot is still drawn, and the state is still in the element for screen readers.
    dot = page.evaluate(
        "() => getComputedStyle(document.getElementById('conn'), '::before').content"
    )
    assert "●" in dot
    assert page.get_by_test_id("conn").text_content()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"topbar-{width}px-{lang}.png", clip=CLIP)


def test_a_wide_phone_keeps_the_word(phones: Any, kit: Any) -> None:
    # With a short name: a longer one ("Ana Clara") has the word's room (test_phone_layout_words).
    (page,) = phones(1, lang="pt", width=390)
    kit.join([page], ["Ana"])
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    size = page.evaluate("() => getComputedStyle(document.getElementById('conn')).fontSize")
    assert float(size.removesuffix("px")) > 10
