"""A board page opened in the second before a game starts, in real Chromium: while its game's
module is still on its way, the game moves on (the Boss proposes, every vote comes in); once
the module has come, the board still plays those first moments instead of skipping to the board
as it stands."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Route, expect

from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    SMALL_VIEWPORT,
    Table,
    vote_everyone,
)


@pytest.mark.parametrize("viewport", [BOARD_VIEWPORT, SMALL_VIEWPORT], ids=["1080p", "720p"])
def test_the_first_votes_play_once_the_game_module_has_come(
    browser: Any, host: Any, viewport: dict[str, int]
) -> None:
    table = Table(host)
    table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
    held: list[Route] = []
    # The game's module is held back on the way (a slow screen, a busy host): deterministic, where
    # a real race between the import and the first messages would only fail now and then.
    context = browser.new_context(viewport=viewport)
    context.route("**/static/board/mole.js", lambda route: held.append(route))
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{host.url}board")
        scene = page.get_by_test_id("scene")
        expect(scene).to_have_attribute("data-scene", "lobby")
        # Right away: the game starts, the Boss proposes, every seat rejects the team.
        table.leader({"type": "start"})
        vote_everyone(table, approve=False)
        expect(scene).to_have_attribute("data-scene", "loading")
        for _ in range(200):  # each round trip lets Playwright hand over the held request
            if held:
                break
            page.evaluate("0")
        assert held, "the board asked for the game's module"
        for route in held:
            route.continue_()
        moment = page.get_by_test_id("moment")
        expect(moment).to_have_attribute("data-label", "votes_reveal")
        expect(moment).to_be_visible()
        expect(page.get_by_test_id("verdict")).to_have_attribute("data-approved", "false")
        page.keyboard.press("Space")
        expect(moment).to_be_hidden()
        expect(scene).to_have_attribute("data-scene", "mole.board")
        expect(page.get_by_test_id("rejection-0")).to_have_attribute("data-on", "true")
        assert not errors, errors
    finally:
        context.close()
