"""The board's lobby with an unfinished game on offer, in real Chromium: its line shows whole, on
two lines where one is not enough, in every language at 1920x1080 and 1280x720 beside a full
table of sixteen-letter names (QA: "…puede continuarse desde el anfi…" in Spanish); and it says
who can continue it, which with --headless is not the host's R key but the leader's phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import catalog
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table
from tests.browser.test_board_page_bar import LONG_NAMES

NAMES = LONG_NAMES  # ten players, the longest names a table may have

# The line's letters in design pixels, whether fitText cut it, and how far its box and its
# text reach past the players' panel (inside its padding) and past the line's own box.
PLACE = """() => {
  const line = document.querySelector("[data-testid=resumable]");
  const panel = line.closest(".panel");
  const scale = panel.getBoundingClientRect().height / panel.offsetHeight;
  const bottom = panel.getBoundingClientRect().bottom
    - parseFloat(getComputedStyle(panel).paddingBottom) * scale;
  const range = document.createRange();
  range.selectNodeContents(line);
  return {
    size: parseFloat(getComputedStyle(line).fontSize),
    cut: line.classList.contains("too-long") || line.scrollHeight > line.clientHeight
      || line.scrollWidth > line.clientWidth,
    past_panel: line.getBoundingClientRect().bottom - bottom,
    past_line: range.getBoundingClientRect().bottom - line.getBoundingClientRect().bottom,
  };
}"""

CASES = [
    (lang, viewport) for lang in ("en", "es", "pt") for viewport in (SMALL_VIEWPORT, BOARD_VIEWPORT)
]


@pytest.mark.parametrize(
    ("lang", "viewport"), CASES, ids=[f"{lang}-{v['height']}" for lang, v in CASES]
)
def test_the_unfinished_game_line_is_whole_and_true(
    browser: Any, host: Any, lang: str, viewport: dict[str, int], tmp_path: Path
) -> None:
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    table.step()
    host.restart(resume=False)  # as with --headless: no window, no R key
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        board.scene("lobby")
        line = board.page.get_by_test_id("resumable")
        words = catalog(lang)["board.resumable"]
        expect(line).to_have_text(words)
        # The leader's choice is that game or a new one, not "can start the game" (QA).
        leader = catalog(lang)["board.resumable_leader"].format(name=NAMES[0])
        expect(board.page.get_by_test_id("lobby-status")).to_have_text(leader)
        board.snapshot("lobby-resumable", tmp_path)
        place = board.page.evaluate(PLACE)
        assert place["size"] >= 23.5 and not place["cut"], place
        assert place["past_panel"] <= 0.5 and place["past_line"] <= 0.5, place
    finally:
        board.close()


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_line_names_the_leaders_phone(lang: str) -> None:
    """With --headless the host has no R key to name: the leader's phone continues the game
    (resume_saved), the host too (R, --resume)."""
    words = catalog(lang)
    line = words["board.resumable"].lower()
    leader = {"en": "leader", "es": "líder", "pt": "líder"}[lang]
    assert leader in line and words["phone.lobby.resume_saved"], line
