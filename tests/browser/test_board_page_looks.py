"""The board page draws each player in its look, as the TV does: when a seat leaves the lobby
the seat numbers close up, and nobody who stays changes colour or shape (host/seats.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, BoardPage, Table

# The board's colours by look (phoneclient/board/pieces.js, the TV's host/tv/theme.py).
COLOURS = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2"]


def test_a_player_keeps_its_colour_when_a_seat_before_it_leaves(browser: Any, host: Any) -> None:
    board = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "en")
    table = Table(host)
    table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
    table.leader({"type": "remove", "seat": 1})
    lobby = board.page.get_by_test_id("lobby")
    expect(lobby).not_to_contain_text("Bruno")
    for seat, (name, look) in enumerate([("Ana", 0), ("Chen", 2), ("Dara", 3), ("Eli", 4)]):
        badge = lobby.locator(f'.badge[data-seat="{seat}"]')
        expect(badge).to_contain_text(name)
        expect(badge.locator("svg > *")).to_have_attribute("fill", COLOURS[look])
