"""Ten players with long names on the Mole board: every name whole, in every scene a game passes
through (the proposal, the vote, the cards, the history, the Getaway, the moments between), at
1080p and 720p, in every language; none drawn over another text or over the marks beside it.

The table is one a party had: names of ten to twelve letters ("Alessandra", "Maximiliano"),
and the same with the longest names a phone accepts (16 letters, host/protocol.py), and with a
few bot seats and a phone gone, whose tags take room beside their names."""

from __future__ import annotations

import copy

import pytest
from tv_fit import SLACK, cut_texts, misfits
from tv_scripts import find_game

from host.i18n import LANGUAGES
from host.protocol import MAX_NAME_LENGTH
from host.tv.window import TvWindow

LONG_NAMES = [
    "Alessandra",
    "Maximiliano",
    "Guadalupe",
    "Bartholomew",
    "Konstantinos",
    "Evangelina",
    "Christopher",
    "Margherita",
    "Fernandinho",
    "Wilhelmina",
]
LONGEST_NAMES = [
    "Alessandra Maria",
    "Maximiliano José",
    "Guadalupe Teresa",
    "Bartholomew Jude",
    "Konstantinopolis",
    "Evangelina Sofia",
    "Christopher Paul",
    "Margherita Luisa",
    "Fernandinho Silv",
    "Wilhelmina Grace",
]
BOARD_SCENES = ("mole.board", "mole.getaway")
SIZES = [(1920, 1080), (1280, 720)]


def named(message: dict, names: list[str], tagged: bool = False) -> dict:
    """The message with these names; ``tagged``: seats 2 and 7 bots the host added, seat 5's
    phone gone (each name then has its tag beside it)."""
    message = copy.deepcopy(message)
    for seat in message["room"]["seats"]:
        seat["name"] = names[seat["seat"]]
        if tagged and seat["seat"] in (2, 7):
            seat["bot_seat"] = True
        if tagged and seat["seat"] == 5:
            seat["connected"] = False
    return message


def reaches_the_getaway_after_a_rejection(messages: list[dict]) -> bool:
    end = messages[-1]["view"]
    return bool(end["result"].get("marks")) and any(not p["approved"] for p in end["proposals"])


@pytest.fixture(scope="module")
def ten() -> list[dict]:
    return find_game(10, reaches_the_getaway_after_a_rejection)[1]


def marks_under_texts(canvas) -> list[str]:
    """Texts drawn over the board's marks: the history's vote cells and who has acted (the
    Boss's star, drawn in a cell's corner, aside)."""
    marks = [
        d.rect
        for d in canvas.drawn
        if d.kind == "element" and d.label.split(":")[0] in ("history", "acted")
    ]
    texts = [d for d in canvas.drawn if d.kind == "text" and d.label.strip() not in ("★", "")]
    return [d.label for d in texts if any(crosses(d.rect, mark) for mark in marks)]


def crosses(a, b) -> bool:
    both = a.clip(b)
    return both.width > SLACK and both.height > SLACK


def board_problems(window: TvWindow, messages: list[dict]) -> tuple[dict[str, set[str]], set]:
    """What does not fit on each board and in each moment, and the phases drawn."""
    problems: dict[str, set[str]] = {}
    phases = set()
    for message in messages:
        window.post(message)
        window.drain()
        window.director.update(0.0)
        shown = window.director.showing
        while shown is not None:  # a moment, part-way: over the board, only cuts count
            for _ in range(3):
                window.director.update(shown.duration / 3)
                for label in cut_texts(window.draw()):
                    problems.setdefault(f"cut: {label}", set()).add(shown.label)
            shown = window.director.showing
        window.director.skip()
        scene = window.director.current
        if scene not in BOARD_SCENES:
            continue
        phases.add(message["view"]["phase"])
        canvas = window.draw()
        found = misfits(canvas) + [f"over a mark: {t}" for t in marks_under_texts(canvas)]
        for problem in found:
            problems.setdefault(problem, set()).add(f"{scene}:{message['view']['phase']}")
    return problems, phases


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_ten_long_names_read_whole_on_the_board(ten, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    try:
        problems, phases = board_problems(window, [named(m, LONG_NAMES) for m in ten])
    finally:
        window.close()
    assert {"propose", "vote", "cards", "getaway"} <= phases
    assert not problems, sorted(problems.items())


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_long_names_beside_bot_and_away_tags_read_whole(ten, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    try:
        problems, _ = board_problems(window, [named(m, LONG_NAMES, tagged=True) for m in ten])
    finally:
        window.close()
    assert not problems, sorted(problems.items())


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_names_stay_legible_and_clear_of_everything(ten, lang, size):
    assert {len(name) for name in LONGEST_NAMES} == {MAX_NAME_LENGTH}
    window = TvWindow(lang, size=size, sound=False)
    try:
        problems, _ = board_problems(window, [named(m, LONGEST_NAMES) for m in ten])
    finally:
        window.close()
    assert not problems, sorted(problems.items())
