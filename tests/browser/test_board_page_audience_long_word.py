"""A last guess naming a player whose name is one sixteen-letter word ("WWWWWWWWWWWWWWWW"), in
the audience's table of every size, in real Chromium at 1920x1080 and 1280x720: a Mole game's
few locks and an Inside Job game's ten rounds. The name is whole, at 18 px or more, and never
broken mid-word (QA: "WWWWWWWW / WWWWWWWW" in a Mole game's last guess)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table
from tests.browser.test_board_page_audience_twelve_rounds import NAMES

WIDE = "WWWWWWWWWWWWWWWW"
GAMES = {
    "mole": [WIDE, "Maximiliano Ruiz", "Ana", "Bruno", "Robo", "Beep", "Chip", "Dot"],
    "insidejob": [WIDE, "Maximiliano Ruiz", "Hannah-Charlotte", "Ana", "Bruno"],
}
CASES = [(game, viewport) for game in GAMES for viewport in (BOARD_VIEWPORT, SMALL_VIEWPORT)]


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("audience-long-word-shots")


@pytest.mark.parametrize(
    ("game", "viewport"), CASES, ids=[f"{game}-{v['height']}" for game, v in CASES]
)
def test_a_long_word_in_the_last_guess_is_whole(
    browser: Any, host: Any, game: str, viewport: dict[str, int], shots: Path
) -> None:
    players = GAMES[game]
    table = Table(host)
    table.join(*players)
    table.leader({"type": "options", "game": game, "variants": []})
    table.watch("Zoe")
    table.watch("Joãozinho Silvaa")
    table.leader({"type": "start"})
    table.suspect("Zoe", [0])
    table.suspect("Joãozinho Silvaa", [0, 1, 2])
    while not table.over():
        table.step()
    board = BoardPage(browser, f"{host.url}board?lang=en&cycle=1", viewport, "en")
    try:
        with board.held("audience"):
            board.snapshot(f"audience-{game}-{viewport['height']}", shots)
            finals = [n for n in board.page.evaluate(NAMES) if n["final"]]
            wide = [n for n in finals if n["full"] == WIDE]
            assert len(wide) == 2, finals
            for name in finals:
                assert name["shown"] == name["full"] and not name["cut"], name
                assert name["size"] >= 18, name
                assert not name["split"], name
    finally:
        board.close()


WATCHER = "MMMMMMMMMMMMMMMM"
HYPHENATED = """() => [...document.querySelectorAll(".audience-table .member .name")].map((el) => ({
  full: el.dataset.whole ?? el.textContent, text: el.textContent,
  hyphens: getComputedStyle(el).hyphens,
}))"""


@pytest.mark.parametrize("viewport", [BOARD_VIEWPORT, SMALL_VIEWPORT], ids=["1080", "720"])
def test_a_watchers_one_long_word_breaks_with_a_hyphen(
    browser: Any, host: Any, viewport: dict[str, int], shots: Path
) -> None:
    """A watcher named one sixteen-letter word, in the audience's column: when it must take two
    lines, the break carries a hyphen (soft hyphens the browser shows where it breaks), so it
    reads as one name; before, "MMMMMMMM / MMMMMMMM" read as two (QA)."""
    table = Table(host)
    table.join(*GAMES["mole"][1:6])
    table.watch(WATCHER)
    table.watch("Zoe")
    table.leader({"type": "start"})
    table.suspect(WATCHER, [0])
    table.suspect("Zoe", [1])
    while not table.over():
        table.step()
    board = BoardPage(browser, f"{host.url}board?lang=en&cycle=1", viewport, "en")
    try:
        with board.held("audience"):
            board.snapshot(f"audience-watcher-word-{viewport['height']}", shots)
            names = {n["full"]: n for n in board.page.evaluate(NAMES) if not n["final"]}
            styles = {n["full"]: n for n in board.page.evaluate(HYPHENATED)}
            wide = names[WATCHER]
            assert not wide["cut"] and wide["shown"] == WATCHER, wide
            assert wide["split"], wide  # the column is narrower than the word at 18 px
            shown = styles[WATCHER]
            assert "\u00ad" in shown["text"] and shown["hyphens"] == "manual", shown
            assert not names["Zoe"]["split"] and names["Zoe"]["shown"] == "Zoe"
    finally:
        board.close()
