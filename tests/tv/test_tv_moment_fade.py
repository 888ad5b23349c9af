"""A moment fading in over the board shows the board as it was before the change it reveals:
the votes turned over start from the board still waiting for them, a trick won from the table
before its last card; never the newer board (the vote already in the history, the Intel
already taken) for the first tenths of a second. Through whole Mole and Inside Job games."""

from __future__ import annotations

import pytest
from tv_scripts import find_game, play_insidejob

from host.tv.window import TvWindow

PART_WAY = 0.1  # seconds into a moment: the board still shows through its fade-in


def board_part(window: TvWindow, label: str) -> list[str]:
    """The elements drawn under the moment (before its own first element)."""
    elements = window.draw().elements()
    return elements[: elements.index(label)] if label in elements else elements


GAMES = {
    "mole": lambda: find_game(7, lambda m: m[-1]["view"]["phase"] == "over")[1],
    "insidejob": lambda: play_insidejob(4, 2, []),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_moment_fades_in_over_the_board_as_it_was(game):
    window = TvWindow("en", size=(1280, 720), sound=False)
    checked = 0
    try:
        settled: list[str] | None = None
        for message in GAMES[game]():
            window.post(message)
            window.drain()
            window.director.update(0.0)
            shown = window.director.showing
            if shown is not None and settled is not None and not shown.covers(PART_WAY):
                window.director.update(PART_WAY)
                under = board_part(window, shown.label)
                assert under == settled, (shown.label, set(under) ^ set(settled))
                checked += 1
            window.director.skip()
            settled = window.draw().elements()
    finally:
        window.close()
    assert checked >= 3
