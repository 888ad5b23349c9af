"""A tie for reading the table best, on the board page (QA: two watchers who both named the
Moles, and the board called only the first of them best)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import BOARD_VIEWPORT, BoardPage, Table


def test_every_watcher_who_tied_for_best_is_named_and_marked(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    board = BoardPage(browser, f"{host.url}board?cycle=1", BOARD_VIEWPORT, "en")
    try:
        table = Table(host)
        table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
        for name in ("Zoe", "Yan", "Lia"):
            table.watch(name)
        table.leader({"type": "start"})
        moles = table.hidden_seats()
        table.suspect("Zoe", moles)
        table.suspect("Yan", [seat for seat in range(5) if seat not in moles][:1])
        table.suspect("Lia", moles)
        while not table.over():
            table.step()
        board.scene("mole.reveal")
        board.skip_moments()
        with board.held("audience"):
            board.snapshot("audience-tie", tmp_path)
            line = translate("en", "board.audience.best_tied", names="Zoe", last="Lia")
            expect(board.page.get_by_test_id("audience-best")).to_contain_text(line)
            rows = board.page.get_by_test_id("audience-member")
            marked = rows.evaluate_all(
                "(rows) => rows.map((r) => [r.dataset.name, r.classList.contains('best')])"
            )
            assert marked == [["Zoe", True], ["Lia", True], ["Yan", False]]
    finally:
        board.close()
