"""The board page's lobby in real Chromium: the host code (the fingerprint of the host's key)
that the TV's lobby shows and a phone that typed the address shows too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.channel import fingerprint
from host.server import HOST_KEY
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage


@pytest.mark.parametrize(
    ("viewport", "lang", "words"),
    [
        (BOARD_VIEWPORT, "en", "Host code {code}"),
        (SMALL_VIEWPORT, "es", "Código del anfitrión {code}"),
        (BOARD_VIEWPORT, "pt", "Código do anfitrião {code}"),
    ],
)
def test_the_lobby_shows_the_host_code(
    browser: Any, host: Any, viewport: dict[str, int], lang: str, words: str, tmp_path: Path
) -> None:
    code = fingerprint(host.app[HOST_KEY].public)
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        board.scene("lobby")
        expect(board.page.get_by_test_id("host-code")).to_have_text(words.format(code=code))
        expect(board.page.get_by_test_id("qr")).to_be_visible()
        board.snapshot("lobby", tmp_path)  # nothing overflows the join panel
    finally:
        board.close()
