"""The board's lobby names the option that keeps the table from starting, as the TV does (QA:
"These options need another number of players", without saying which)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table


@pytest.mark.parametrize(("lang", "viewport"), [("en", BOARD_VIEWPORT), ("es", SMALL_VIEWPORT)])
def test_the_lobby_names_the_option_that_needs_another_count(
    browser: Any, host: Any, lang: str, viewport: dict[str, int]
) -> None:
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    table = Table(host)
    table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
    table.leader({"type": "options", "variants": ["vault"]})
    option = translate(lang, "mole.variant.vault")
    status = board.page.get_by_test_id("lobby-status")
    expect(status).to_have_text(
        translate(lang, "tv.lobby.option_misfit", option=option, min=7, max=10)
    )
    assert board.page.evaluate(
        "(el) => el.scrollWidth <= el.clientWidth", status.element_handle()
    ), "whole, not cut"
