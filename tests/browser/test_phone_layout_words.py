"""Words on a narrow phone stay whole (a QA pass at 320 and 360 px in English, Spanish and
Portuguese): the player's own name in the top bar came before the word "Connected" ("Lucía" showed
as "Lu…"); the leader's "Next" broke inside the word ("Siguient/e", "Próxim/a"); Inside Job's
table broke "Maximilia/no Ruiz"."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_qa_fixes import ARTIFACTS, LANGS

NAME_JS = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const name = document.querySelector('[data-testid="me-name"]');
  const conn = document.getElementById('conn');
  return {text: name.textContent,
          cut: name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight,
          width: name.clientWidth, word: conn.textContent,
          wordShown: parseFloat(getComputedStyle(conn).fontSize) > 0,
          dot: getComputedStyle(conn, '::before').content,
          wide: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["Lucía", "Maximiliano Ruiz"])
def test_the_top_bar_gives_the_players_name_room_before_the_word_connected(
    phones: Any, kit: Any, lang: str, name: str
) -> None:
    (page,) = phones(1, lang=lang, width=360)
    kit.join([page], [name])
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    for width in (320, 340, 360, 375, 390):
        page.set_viewport_size({"width": width, "height": 700})
        bar = page.evaluate(NAME_JS)
        # The whole name; the dot still says online, and the word is there for screen readers.
        # On a phone a name of 16 letters is wider than one line of the bar (beside "A" and
        # "Rules"): the word gives way, and the name takes two lines (before, "Ma…" at 360 px).
        assert bar["text"] == name and not bar["cut"], (width, bar)
        if len(name) > 12:
            assert not bar["wordShown"], (width, bar)
        assert "●" in bar["dot"] and bar["word"], (width, bar)
        assert bar["wide"] <= width, (width, bar)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 360, "height": 700})
    clip = {"x": 0, "y": 0, "width": 360, "height": 140}
    page.screenshot(path=ARTIFACTS / f"layout-topbar-{lang}-{len(name)}.png", clip=clip)
    # With room for both (a tablet, or the large text off on a wide phone), the word is said.
    page.set_viewport_size({"width": 700, "height": 700})
    bar = page.evaluate(NAME_JS)
    assert bar["wordShown"] and not bar["cut"], bar
