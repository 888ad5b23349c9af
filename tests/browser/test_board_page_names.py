"""Names as long as the host allows (16 characters, the widest letters) on every scene of the
board page, in real Chromium: every name must be readable in full, and every list complete or
summarised where it can be seen."""

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
    play_watching,
)
from tests.browser.test_board_page_bar import LONG_NAMES

WATCHERS = [f"Espectador No{number:02d}" for number in range(1, 10)]

# Every name on screen that is cut, clipped or shortened (its letters' middle left out).
CUT_NAMES = """() => {
  const cut = [];
  for (const node of document.querySelectorAll("#stage .name")) {
    if (node.closest("[hidden]") || !node.getClientRects().length) continue;
    const clipped = node.scrollWidth > node.clientWidth + 1
      || node.scrollHeight > node.clientHeight + 1;
    const where = node.closest("[class]:not(.name):not(.badge)").className;
    if (clipped || node.dataset.full !== undefined) cut.push(`${node.textContent} (${where})`);
  }
  return cut;
}"""


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("board-names")


def test_the_longest_names_fit_a_whole_mole_game(browser: Any, host: Any, shots: Path) -> None:
    big = BoardPage(browser, f"{host.url}board?cycle=1", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board?lang=es&cycle=1", SMALL_VIEWPORT, "small")
    try:
        table = Table(host)
        table.join(*LONG_NAMES)
        for name in WATCHERS:
            table.watch(name)
        table.leader({"type": "start"})
        for page in (big, small):
            page.scene("mole.board", "propose")
        for number, name in enumerate(WATCHERS):
            table.suspect(name, [number, (number + 3) % 10, (number + 5) % 10])
        play_watching(table, [big, small], shots)
        for page in (big, small):
            with page.held("mole.reveal"):
                page.snapshot("mole.reveal", shots)
                assert page.page.evaluate(CUT_NAMES) == []
                table_box = page.page.locator(".reveal-table").bounding_box()
                rematch = page.page.locator(".rematch").bounding_box()
                assert table_box and rematch
                assert table_box["y"] + table_box["height"] <= rematch["y"] + 1, (
                    "rows over the line"
                )
            with page.held("audience"):
                page.snapshot("audience", shots)
                members = page.page.get_by_test_id("audience-member")
                # Nine watchers, each last guess three names (three lines): the rows the panel has
                # room for, and how many more, in the singular or the plural.
                more_line = page.page.get_by_test_id("audience-more")
                left_out = int(more_line.get_attribute("data-count") or 0)
                shown = len(WATCHERS) - left_out
                assert shown >= 6, left_out
                expect(members).to_have_count(shown)
                if left_out == 1:
                    more = "…and 1 more watcher" if page is big else "…y 1 espectador más"
                else:
                    more = (
                        f"…and {left_out} more watchers"
                        if page is big
                        else (f"…y {left_out} espectadores más")
                    )
                expect(more_line).to_have_text(more)
                names = [members.nth(i).get_attribute("data-name") for i in range(shown)]
                assert len(set(names)) == shown and set(names) <= set(WATCHERS), names
                for index, name in enumerate(names):
                    expect(members.nth(index).locator(".member")).to_have_text(name)
                # Every seat named at the end, one a line, or as many as there is room for and
                # how many more.
                named = host.call(lambda room: room.public_message())["room"]["audience_result"][
                    "tally"
                ]
                entries = page.page.get_by_test_id("audience-tally").locator("li")
                expect(entries).to_have_count(min(len(named), 7))
                if len(named) > 7:
                    expect(page.page.get_by_test_id("tally-more")).to_contain_text(
                        str(len(named) - 7)
                    )
                assert page.page.evaluate(CUT_NAMES) == []
    finally:
        big.close()
        small.close()


def test_the_longest_names_fit_a_whole_inside_job_game(
    browser: Any, host: Any, shots: Path
) -> None:
    big = BoardPage(browser, f"{host.url}board?lang=pt&cycle=1", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board?cycle=1", SMALL_VIEWPORT, "small")
    try:
        table = Table(host)
        table.join(*LONG_NAMES[:5])
        table.leader({"type": "options", "game": "insidejob", "variants": ["wagers", "accomplice"]})
        for name in WATCHERS[:3]:
            table.watch(name)
        table.leader({"type": "start"})
        for number, name in enumerate(WATCHERS[:3]):
            table.suspect(name, [number])
        play_watching(table, [big, small], shots)
        for page in (big, small):
            with page.held("insidejob.reveal"):
                page.snapshot("insidejob.reveal", shots)
                assert page.page.evaluate(CUT_NAMES) == []
            with page.held("audience"):
                page.snapshot("audience", shots)
                assert page.page.evaluate(CUT_NAMES) == []
    finally:
        big.close()
        small.close()
