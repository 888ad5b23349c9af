"""The board page in real Chromium when no game is being played for real: a demo's end screen
(``molecrew --demo``: the next game deals itself, so nobody is told to start a rematch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table


def play_demo_to_the_end(host: Any) -> None:
    """The demo's bots play on the fake clock until the game is over (the next deal waits
    25 s more on that clock, which is not moved again)."""
    clock = host.clock

    def run(room: Any) -> None:
        for _ in range(20_000):
            if room.phase == "over":
                return
            clock.advance(0.5)
        raise AssertionError("the demo game did not end")

    host.call(run)


@pytest.mark.host_config(fake_clock=True, demo="mole")
def test_a_mole_demo_ends_saying_the_next_game_comes_by_itself(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    play_demo_to_the_end(host)  # then the pages open: on the result, with no moments queued
    big = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board?lang=pt", SMALL_VIEWPORT, "small")
    try:
        for board, words in (
            (big, "Another game starts in a moment"),
            (small, "Outra partida começa em instantes"),
        ):
            board.scene("mole.reveal")
            line = board.page.get_by_test_id("rematch")
            expect(line).to_have_text(words)
            expect(line).to_have_attribute("data-demo", "true")
            board.no_moment()
            board.snapshot("mole-demo-end", tmp_path)
    finally:
        big.close()
        small.close()


@pytest.mark.host_config(fake_clock=True, demo="insidejob")
def test_an_inside_job_demo_ends_saying_the_next_game_comes_by_itself(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    play_demo_to_the_end(host)
    board = BoardPage(browser, f"{host.url}board?lang=es", SMALL_VIEWPORT, "small")
    try:
        board.scene("insidejob.reveal")
        expect(board.page.get_by_test_id("rematch")).to_have_text(
            "Otra partida empieza en un momento"
        )
        board.snapshot("insidejob-demo-end", tmp_path)
    finally:
        board.close()


def test_a_real_game_ends_saying_the_leader_starts_the_rematch(browser: Any, host: Any) -> None:
    board = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big")
    try:
        table = Table(host)
        table.join("Ana", "Bruno", "Carla", "Dara", "Eli")
        table.leader({"type": "options", "game": "insidejob", "variants": []})
        table.leader({"type": "start"})
        for _ in range(2000):
            if table.over():
                break
            table.step()
        board.scene("insidejob.reveal")
        line = board.page.get_by_test_id("rematch")
        expect(line).to_have_text("The leader can start a rematch from their phone")
        expect(line).to_have_attribute("data-demo", "false")
    finally:
        board.close()
