"""The audience's table after the longest Inside Job game, three players (eleven tricks and the
vote: twelve rounds), every name sixteen letters long, in real Chromium: at 1920x1080 all twelve
rounds show (QA: "Tricks 1 to 2 not shown (no room)"), at 1280x720 as many as fit; the labels
keep 12 px apart, every name is whole, at 18 px or more, and no word is broken across lines (QA:
"WWWWWWWW / WWWWWWWW" in the last guess)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table
from tests.browser.test_board_page_audience_long_names import ROOM

PLAYERS = ["WWWWWWWWWWWWWWWW", "Maximiliano Ruiz", "Hannah-Charlotte"]
WATCHERS = ["Watcher number14", "MMMMMMMMMMMMMMMM", "Christopher Lamb"]

# Every name in the table: its text, whether fitText shortened or cut it, its size in the
# stage's pixels, and the words a line break split in two (a word of one line has one box).
NAMES = """() => [...document.querySelectorAll(".audience-table .name")].map((el) => {
  const text = el.firstChild;
  const split = [];
  for (const match of el.textContent.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (tops.size > 1) split.push(match[0]);
  }
  // A soft hyphen shows only where a long word breaks (pieces.js): not part of what is read.
  return { shown: el.textContent.replaceAll("\u00ad", ""),
    full: el.dataset.full ?? el.dataset.whole ?? el.textContent,
    cut: el.classList.contains("too-long"), size: parseFloat(getComputedStyle(el).fontSize),
    split, final: Boolean(el.closest("td.final")) };
})"""


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("audience-twelve-rounds-shots")


@pytest.mark.parametrize("viewport", [BOARD_VIEWPORT, SMALL_VIEWPORT], ids=["1080", "720"])
def test_twelve_rounds_beside_long_names(
    browser: Any, host: Any, viewport: dict[str, int], shots: Path
) -> None:
    table = Table(host)
    table.join(*PLAYERS)
    table.leader({"type": "options", "game": "insidejob", "variants": []})
    for name in WATCHERS:
        table.watch(name)
    table.leader({"type": "start"})
    insider = table.hidden_seats()
    innocent = [seat for seat in range(3) if seat not in insider]
    table.suspect(WATCHERS[0], [0])
    table.suspect(WATCHERS[1], innocent + insider)
    table.suspect(WATCHERS[2], insider)
    while not table.over():
        table.step()
    view = table.public_view()
    assert view["vote"] and len(view["tricks"]) == 11, len(view["tricks"])
    board = BoardPage(browser, f"{host.url}board?lang=en&cycle=1", viewport, "en")
    try:
        with board.held("audience"):
            board.snapshot(f"audience-{viewport['height']}", shots)  # nothing overflows
            labels = board.page.locator(".audience-table thead th").all_inner_texts()
            shown = labels[1:-2]
            assert shown[-2:] == ["T11", "Vote"], labels
            left_out = board.page.get_by_test_id("audience-left-out")
            if viewport == BOARD_VIEWPORT:
                assert len(shown) == 12, labels
                expect(left_out).to_have_count(0)
            else:
                assert len(shown) >= 10, labels
                if len(shown) < 12:
                    expect(left_out).to_have_attribute("data-count", str(12 - len(shown)))
            for room in board.page.evaluate(ROOM):
                assert room["spare"] >= 12, room
            names = board.page.evaluate(NAMES)
            assert {name["full"] for name in names} >= {*WATCHERS, PLAYERS[0]}, names
            for name in names:
                assert name["shown"] == name["full"] and not name["cut"], name
                assert name["size"] >= 18, name
                # A last guess's word is never broken (QA: "WWWWWWWW / WWWWWWWW").
                if name["final"]:
                    assert not name["split"], name
    finally:
        board.close()
