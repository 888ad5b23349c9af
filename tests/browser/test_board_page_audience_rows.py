"""The audience's end screen on the board page, in real Chromium at 1920x1080 and 1280x720: a
watcher's last guess of three players (long names) stays clear of the best watcher's border,
with room on every side, and the rows the panel has no room for are counted under it, never
run past its bottom."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
)
from tests.browser.test_board_page_names import CUT_NAMES

NAMES = [
    "Maximiliano Ruiz",
    "Hannah-Charlotte",
    "Guadalupe Ximena",
    "Wenceslau Wagner",
    "Joãozinho Mendes",
    "Ana",
    "Bo",
]

# Each row's cells: how far (in the stage's design pixels) their content keeps from the row's
# edges, which the best watcher's row draws as a 4 px border inside it.
ROW_ROOM = """() => [...document.querySelectorAll("[data-testid=audience-member]")].map((row) => {
  const box = row.getBoundingClientRect();
  const scale = box.height / row.offsetHeight;
  let room = Infinity;
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  const parts = [...row.querySelectorAll("svg")].map((svg) => svg.getBoundingClientRect());
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (!text.textContent.trim() || text.parentElement.closest(".visually-hidden")) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    parts.push(...range.getClientRects());
  }
  for (const part of parts) {
    if (!part.width || !part.height) continue;
    room = Math.min(room, (part.top - box.top) / scale, (box.bottom - part.bottom) / scale,
      (part.left - box.left) / scale, (box.right - part.right) / scale);
  }
  return { name: row.dataset.name, best: row.classList.contains("best"), room };
})"""

INSIDE_PANEL = """() => {
  const panel = document.querySelector("[data-testid=guesses]");
  const box = panel.getBoundingClientRect();
  const scale = box.height / panel.offsetHeight;
  const bottom = box.bottom - parseFloat(getComputedStyle(panel).paddingBottom) * scale + 1;
  return [...panel.querySelectorAll("tr, [data-testid=audience-more]")]
    .filter((node) => node.getBoundingClientRect().bottom > bottom)
    .map((node) => node.textContent.slice(0, 40));
}"""


@pytest.mark.parametrize(
    ("viewport", "lang"), [(BOARD_VIEWPORT, "en"), (SMALL_VIEWPORT, "es")], ids=["1080p", "720p"]
)
def test_last_guesses_of_three_players_keep_clear_of_the_rows_border(
    browser: Any, host: Any, viewport: dict[str, int], lang: str, tmp_path: Path
) -> None:
    board = BoardPage(browser, f"{host.url}board?lang={lang}&cycle=1", viewport, lang)
    try:
        table = Table(host)
        table.join(*NAMES)
        watchers = [f"Espectador Nº{number:02d}" for number in range(1, 10)]
        for name in watchers:
            table.watch(name)
        table.leader({"type": "start"})
        moles = table.hidden_seats()
        for number, name in enumerate(watchers):
            # Long-named seats: each guess three names over two or three lines.
            others = [seat for seat in range(5) if seat != moles[0]]
            table.suspect(name, [moles[0], others[number % 4], others[(number + 1) % 4]])
        while not table.over():
            table.step()
        board.scene("mole.reveal")
        board.skip_moments()
        with board.held("audience"):
            board.snapshot("audience", tmp_path)
            rows = board.page.evaluate(ROW_ROOM)
            assert rows and rows[0]["best"], rows
            for row in rows:
                # The border's 4 px, and as much again of room.
                assert row["room"] >= 8, row
            assert board.page.evaluate(INSIDE_PANEL) == []
            assert board.page.evaluate(CUT_NAMES) == []
            more = board.page.get_by_test_id("audience-more")
            expect(more).to_be_visible()
            left_out = int(more.get_attribute("data-count") or 0)
            assert len(rows) + left_out == len(watchers)
            expect(more).to_contain_text(str(left_out) if left_out > 1 else "1")
    finally:
        board.close()
