"""The audience's guesses on the board page are not called by the name of Inside Job's Wagers
option (QA: in Spanish "Sus apuestas…", "Última apuesta" on the board of a game played with
"Apuestas"): checked in every catalog, and on the end's screen in real Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from host.i18n import LANGUAGES, catalog
from tests.browser.test_board_page import SMALL_VIEWPORT, BoardPage, Table


def stem(word: str) -> str:
    """The option's name without its plural ending: "Apuesta" of "Apuestas"."""
    return word.lower().removesuffix("s")


def test_no_audience_word_is_the_wagers_option() -> None:
    for lang in LANGUAGES:
        words = catalog(lang)
        wagers = stem(words["insidejob.variant.wagers"])
        clashes = {
            key: text
            for key, text in words.items()
            if key.startswith("board.audience.") and wagers in text.lower()
        }
        assert not clashes, (lang, clashes)


def test_the_end_of_a_game_with_wagers_names_the_guesses_apart(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bo", "Eli", "Ivo", "Juno")
    table.leader({"type": "options", "game": "insidejob", "variants": ["wagers"]})
    table.watch("Zoe")
    table.leader({"type": "start"})
    table.suspect("Zoe", table.hidden_seats())
    while not table.over():
        table.step()
    words = catalog("es")
    board = BoardPage(browser, f"{host.url}board?lang=es&cycle=1", SMALL_VIEWPORT, "es")
    try:
        with board.held("audience"):
            board.snapshot("audience", tmp_path)
            scene = board.page.get_by_test_id("scene")
            expect(scene).to_contain_text(words["board.audience.final"])
            text = scene.inner_text().lower()
            assert "sospecha" in text, text
            assert stem(words["insidejob.variant.wagers"]) not in text, text
            # A score as Spanish writes it, a no-break space before the sign (QA: "100%").
            score = board.page.get_by_test_id("audience-member").locator("td.score")
            expect(score).to_have_text("100\u00a0%")
    finally:
        board.close()
