"""The audience's table at the end, in real Chromium: a round's cell shows whom a watcher named,
the wrong ones faded, with no "1/2" that did not add up to the score (QA: four rounds of "1/2"
and a score of 50 %); and as many rounds show as their labels have room for (QA: at 1280x720,
"Tricks 1 to 2 not shown (no room)" with room to spare)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import catalog
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", SMALL_VIEWPORT), ("es", BOARD_VIEWPORT)],
    ids=["en-720", "es-1080"],
)
def test_every_round_that_fits_is_shown_without_a_fraction(
    browser: Any, host: Any, lang: str, viewport: dict[str, int], tmp_path: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bo", "Eli", "Ivo", "Juno")
    table.leader({"type": "options", "game": "insidejob", "variants": []})
    table.watch("Zoe")
    table.watch("Yan")
    table.leader({"type": "start"})
    insider = table.hidden_seats()
    table.suspect("Zoe", insider)
    table.suspect("Yan", [seat for seat in range(5) if seat not in insider][:1] + insider)
    while not table.over():
        table.step()
    view = table.public_view()
    rounds = len(view["tricks"]) + (1 if view["vote"] else 0)
    assert 9 <= rounds <= 10, rounds  # one-digit labels: they fit the panel at both sizes
    words = catalog(lang)
    board = BoardPage(browser, f"{host.url}board?lang={lang}&cycle=1", viewport, lang)
    try:
        with board.held("audience"):
            board.snapshot("audience", tmp_path)
            labels = board.page.locator(".audience-table thead th").all_inner_texts()
            # (3) The room there is: nine of the ten rounds at least (it showed eight, and
            # the eighth two-digit-wide column was not needed), and the line under the table
            # counts exactly those left out.
            shown = len(labels) - 3
            assert shown >= 9, labels
            left_out = board.page.get_by_test_id("audience-left-out")
            if shown == rounds:
                expect(left_out).to_have_count(0)
            else:
                expect(left_out).to_have_attribute("data-count", str(rounds - shown))
            # (2) No fraction in a round's cell; Yan's wrong seat is faded, the right one not.
            cells = board.page.locator(".audience-table td.guess").all_inner_texts()
            assert not [cell for cell in cells if re.search(r"\d\s*/\s*\d", cell)], cells
            yan = board.page.locator("[data-testid=audience-member][data-name=Yan] td.round")
            expect(yan.first.locator(".shapes .miss")).to_have_count(1)
            expect(yan.first.locator(".shapes .hit")).to_have_count(1)
            expect(board.page.get_by_test_id("audience-legend")).to_have_text(
                words["board.audience.legend"]
            )
    finally:
        board.close()
