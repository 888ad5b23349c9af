"""Inside Job's player cards on the board page, in real Chromium: the line under a card ("bot
playing" beside "choosing the mission") fits its card with five players, in every language, and
so do names as long as the host allows, whole."""

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
from tests.browser.test_board_page_bar import LONG_NAMES
from tests.browser.test_board_page_names import CUT_NAMES


@pytest.mark.host_config(fake_clock=True)  # the bot standing in waits: the tags stay
@pytest.mark.parametrize(
    ("viewport", "lang", "tag"),
    [
        (BOARD_VIEWPORT, "en", "choosing the mission"),
        (SMALL_VIEWPORT, "pt", "escolhendo a missão"),
        (BOARD_VIEWPORT, "es", "eligiendo misión"),
    ],
)
def test_a_bot_choosing_the_mission_fits_its_card(
    browser: Any, host: Any, viewport: dict[str, int], lang: str, tag: str, tmp_path: Path
) -> None:
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        table = Table(host)
        table.join(*LONG_NAMES[:5])
        table.leader({"type": "options", "game": "insidejob", "variants": []})
        table.leader({"type": "start"})
        view = table.public_view()
        assert view["phase"] == "mission"
        seat = view["turn"]
        assert seat != 0, "with this seed another seat than the leader's chooses"
        phone = table.players[seat]
        host.call(lambda room: room.disconnect(phone))
        table.leader({"type": "bot", "seat": seat, "on": True})
        card = board.page.get_by_test_id(f"player-{seat}")
        expect(card.locator(".player-tag")).to_contain_text(tag)
        expect(card.locator(".player-tag .tag")).to_have_attribute("data-status", "bot")
        board.snapshot("insidejob.board-mission", tmp_path)  # nothing overflows: see assert_fits
        assert board.page.evaluate(CUT_NAMES) == []
        overfull = board.page.evaluate(
            """() => [...document.querySelectorAll(".ij-players .player")]
                 .filter((card) => card.scrollHeight > card.clientHeight + 1)
                 .map((card) => card.dataset.testid)"""
        )
        assert overfull == [], overfull
    finally:
        board.close()
