"""The lobby's "first game" option on the board page (QA: with --headless and a board page, the
option was offered and did nothing; only the TV window explained the rules). Each rule is
explained once, the first time it happens, in the line the TV shows; the same option off, none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table

NAMES = ["Ana", "Bruno", "Chen", "Dara", "Eli"]
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "board"


def _hint(board: BoardPage) -> Any:
    return board.page.get_by_test_id("first-hint")


@pytest.mark.parametrize(
    ("viewport", "lang"), [(BOARD_VIEWPORT, "en"), (SMALL_VIEWPORT, "es")], ids=["1080p", "720p"]
)
def test_the_first_game_hints_follow_the_game_on_the_board(
    browser: Any, host: Any, viewport: dict[str, int], lang: str
) -> None:
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        table = Table(host)
        table.join(*NAMES)
        table.leader({"type": "options", "first_game": True})
        table.leader({"type": "start"})
        view = table.public_view()
        boss = NAMES[view["boss"]]
        size = view["locks"][0]["team_size"]
        propose = translate(lang, "tv.first.mole.propose", boss=boss, size=size)
        expect(_hint(board)).to_be_visible()
        expect(_hint(board)).to_have_attribute("data-key", "tv.first.mole.propose")
        expect(board.page.get_by_test_id("first-hint-text")).to_contain_text(propose)
        board.snapshot("first-hint-propose", SHOTS)
        table.step()  # the Boss proposes: the vote's line
        expect(_hint(board)).to_have_attribute("data-key", "tv.first.mole.vote")
        # Once seen, a rule is not explained again this game: after the first vote the band
        # shows other lines or none, never the proposal's again.
        keys = set()
        while not table.over():
            table.step()
            if _hint(board).is_visible():
                keys.add(_hint(board).get_attribute("data-key"))
        assert "tv.first.mole.propose" not in keys
        expect(_hint(board)).to_be_hidden()  # the game is over
    finally:
        board.close()


def test_without_the_option_the_board_explains_nothing(browser: Any, host: Any) -> None:
    board = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "en")
    try:
        table = Table(host)
        table.join(*NAMES)
        table.leader({"type": "start"})
        board.scene("mole.board", "propose")
        expect(_hint(board)).to_be_hidden()
        table.step()
        expect(board.page.get_by_test_id("scene")).to_have_attribute("data-phase", "vote")
        expect(_hint(board)).to_be_hidden()
    finally:
        board.close()


def test_inside_job_explains_its_first_mission_on_the_board(browser: Any, host: Any) -> None:
    board = BoardPage(browser, f"{host.url}board?lang=pt", SMALL_VIEWPORT, "pt")
    try:
        table = Table(host)
        table.join(*NAMES[:4])
        table.leader({"type": "options", "game": "insidejob", "first_game": True})
        table.leader({"type": "start"})
        view = table.public_view()
        key = {"mission": "tv.first.insidejob.mission", "play": "tv.first.insidejob.lead"}
        expect(_hint(board)).to_have_attribute("data-key", key[view["phase"]])
        seat = view["start"] if view["phase"] == "mission" else view["turn"]
        line = translate("pt", key[view["phase"]], name=NAMES[seat])
        expect(board.page.get_by_test_id("first-hint-text")).to_contain_text(line)
        board.snapshot("first-hint-insidejob", SHOTS)
    finally:
        board.close()
