"""The audience's table at the end of a long Inside Job game whose players all have
sixteen-letter names, in real Chromium at 1280x720 in each language and at 1920x1080: a
ten-round game (five players: nine tricks and the vote) shows every round, none counted as left
out (QA: the last guess's column took the room of the first trick at 1280x720), its last guesses
on one line; an eleven-round one (four players: ten tricks and the vote) shows all eleven,
"T10" among them, the guesses taking room from the truth. The labels keep 12 px apart, every
name whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import catalog
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table

PLAYERS = [
    "Maximiliano Ruiz",
    "Hannah-Charlotte",
    "Bartholomew Kent",
    "Anastasia Petrov",
    "Guadalupe Flores",
]
SCREENS = [("en", SMALL_VIEWPORT), ("es", SMALL_VIEWPORT), ("pt", SMALL_VIEWPORT)]
SCREENS += [("en", BOARD_VIEWPORT)]
CASES = [(lang, viewport, players) for players in (5, 4) for lang, viewport in SCREENS]


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("audience-long-names-shots")


# The names in the last guesses: the text shown, the full name (a name shortened in the middle
# keeps it in data-full), its size in the stage's pixels, and whether it took two lines.
FINAL_NAMES = """() => [...document.querySelectorAll(".audience-table td.final .name")]
  .map((el) => ({
    shown: el.textContent, full: el.dataset.full ?? el.textContent,
    size: parseFloat(getComputedStyle(el).fontSize), cut: el.classList.contains("too-long"),
    lines: Math.round(el.getBoundingClientRect().height
      / (parseFloat(getComputedStyle(el).lineHeight) * el.getBoundingClientRect().width
        / el.offsetWidth)),
  }))"""

# How much wider than its label each round's column is, in the stage's pixels.
ROOM = """() => [...document.querySelectorAll(".audience-table th.round-col")].map((head) => {
  const range = document.createRange();
  range.selectNodeContents(head);
  const scale = head.getBoundingClientRect().width / head.offsetWidth;
  return { label: head.textContent,
    spare: head.offsetWidth - range.getBoundingClientRect().width / scale };
})"""


@pytest.mark.parametrize(
    ("lang", "viewport", "players"),
    CASES,
    ids=[f"{players}p-{lang}-{viewport['height']}" for lang, viewport, players in CASES],
)
def test_ten_rounds_fit_whole_beside_long_last_guesses(
    browser: Any, host: Any, lang: str, viewport: dict[str, int], players: int, shots: Path
) -> None:
    words = catalog(lang)
    table = Table(host)
    table.join(*PLAYERS[:players])
    table.leader({"type": "options", "game": "insidejob", "variants": []})
    table.watch("Christopher Lamb")
    table.watch("Zoe")
    table.leader({"type": "start"})
    insider = table.hidden_seats()
    innocent = [seat for seat in range(players) if seat not in insider]
    # A last guess of three long names, and one of the truth alone.
    table.suspect("Christopher Lamb", innocent[:2] + insider)
    table.suspect("Zoe", insider)
    while not table.over():
        table.step()
    view = table.public_view()
    tricks = len(view["tricks"])
    assert view["vote"] and tricks == 14 - players, tricks  # the most tricks, then the vote
    rounds = tricks + 1
    board = BoardPage(browser, f"{host.url}board?lang={lang}&cycle=1", viewport, lang)
    try:
        with board.held("audience"):
            board.snapshot(f"audience-{players}", shots)  # nothing overflows or is too small
            labels = board.page.locator(".audience-table thead th").all_inner_texts()
            shown = labels[1:-2]
            # Eleven rounds take the truth's room (audience.js, fitRounds): all of them show.
            assert len(shown) == rounds, labels
            assert shown[-2:] == [
                words["board.trick_short"].format(number=tricks),
                words["board.vote_short"],
            ], labels
            left_out = board.page.get_by_test_id("audience-left-out")
            expect(left_out).to_have_count(0)
            # 12 px between two labels at least (the long games' table's rule).
            for room in board.page.evaluate(ROOM):
                assert room["spare"] >= 12, room
            names = board.page.evaluate(FINAL_NAMES)
            assert len(names) == 4, names
            for name in names:
                assert name["shown"] == name["full"] and not name["cut"], name
                assert name["full"] in PLAYERS, name
                assert name["size"] >= 18, name
                # The one-digit tricks leave the last guess room for a long name on one line.
                if players == 5:
                    assert name["lines"] == 1 and name["size"] >= 24, name
    finally:
        board.close()
