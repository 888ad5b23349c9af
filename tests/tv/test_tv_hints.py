"""First-game hints: with the lobby's "first game" option the board explains each rule in one
line when it first happens, once per game (again in the next game), never without the option;
every line fits at 1080p and 720p in every language."""

from __future__ import annotations

import pytest
from tv_scripts import find_game, lobby, play_insidejob

from host.i18n import LANGUAGES, catalog
from host.tv.games import TV_GAMES
from host.tv.window import TvWindow


def first_game(messages: list[dict]) -> list[dict]:
    return [dict(m, room=dict(m["room"], first_game=True)) for m in messages]


def hints_seen(window: TvWindow, messages: list[dict]) -> list[tuple[int, str, str]]:
    """(message index, hint key, text) each time a new hint comes on the board."""
    seen = []
    last = None
    for index, message in enumerate(messages):
        window.post(message)
        window.drain()
        window.director.skip()  # moments done: the board, with its hint, is on screen
        hints = window.director.hints
        if hints.key and hints.key != last:
            seen.append((index, hints.key, hints.line))
            canvas = window.draw()
            assert f"hint:{hints.key}" in canvas.elements()
        last = hints.key
    return seen


def patrol_and_cards(messages):
    by = {lock["by"] for lock in messages[-1]["view"]["locks"]}
    return {"patrol", "cards"} <= by and messages[-1]["view"]["phase"] == "over"


@pytest.fixture(scope="module")
def mole_game():
    return find_game(5, patrol_and_cards, bot="random")[1]


def test_each_mole_rule_is_explained_once_when_it_first_happens(mole_game):
    window = TvWindow("en", size=(1280, 720), sound=False)
    try:
        seen = hints_seen(window, [lobby(5, first_game=True), *first_game(mole_game)])
    finally:
        window.close()
    keys = [key for _, key, _ in seen]
    assert len(keys) == len(set(keys))  # once per game
    assert {"tv.first.mole.propose", "tv.first.mole.vote", "tv.first.mole.patrol"} <= set(keys)
    index, key, text = seen[0]
    first = mole_game[0]["view"]
    assert key == "tv.first.mole.propose" and index == 1
    boss = first["boss"]
    size = first["locks"][0]["team_size"]
    assert text == f"{mole_game[0]['room']['seats'][boss]['name']} is the Boss: they pick a " \
        f"team of {size}; then everyone votes."  # fmt: skip
    vote_at = next(i for i, m in enumerate(mole_game, 1) if m["view"]["phase"] == "vote")
    assert ("tv.first.mole.vote", vote_at) in [(k, i) for i, k, _ in seen]


def test_the_next_game_explains_again_and_without_the_option_nothing_shows(mole_game):
    window = TvWindow("es", size=(1280, 720), sound=False)
    try:
        again = first_game(mole_game)
        script = [lobby(5, first_game=True), *again, lobby(5, first_game=True), *again]
        seen = hints_seen(window, script)
        keys = [key for _, key, _ in seen]
        assert keys.count("tv.first.mole.propose") == 2
        plain = hints_seen(window, [lobby(5), *mole_game])
        assert plain == []
    finally:
        window.close()


def test_inside_job_explains_its_rules_once_each():
    game = play_insidejob(5, 3, ["wagers", "accomplice"])
    window = TvWindow("pt", size=(1280, 720), sound=False)
    try:
        extra = {"game": "insidejob", "first_game": True}
        seen = hints_seen(window, [lobby(5, **extra), *first_game(game)])
    finally:
        window.close()
    keys = [key for _, key, _ in seen]
    assert len(keys) == len(set(keys))
    expected = {"accomplice", "mission", "lead", "wager", "trick", "vote"}
    if game[-1]["view"]["phase"] == "over" and not game[-1]["view"].get("vote"):
        expected.discard("vote")  # the game ended before a vote
    assert {f"tv.first.insidejob.{name}" for name in expected} <= set(keys)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hint_is_in_the_catalog_and_fits(lang, size, mole_game):
    window = TvWindow(lang, size=size, sound=False)
    try:
        window.post(first_game(mole_game)[0])
        window.drain()
        window.director.skip()
        hints = window.director.hints
        names = [(game, name) for game, tv in TV_GAMES.items() for name, _ in tv.hints]
        for game, name in names:
            key = f"tv.first.{game}.{name}"
            assert catalog(lang).get(key), key
            hints.key = key
            hints.line = window.director.frame().t(
                key, boss="Maximiliano Bartolomé", size=3, needed=4, count=3,
                name="Maximiliano Bartolomé",
            )  # fmt: skip
            canvas = window.draw()
            screen = window.screen.get_rect()
            lines = [d for d in canvas.drawn if d.kind == "text" and d.rect.top < screen.h / 10]
            assert all(screen.contains(d.rect) for d in lines)
            assert all(d.size >= 24 for d in lines), [(d.label, d.size) for d in lines]
            scale = screen.w / 1920
            band = [d for d in lines if d.label in hints.line]
            # The whole line is on screen: on one or two lines, none cut short with "…".
            assert " ".join(d.label for d in band) == hints.line
            for d in band:
                whole = window.fonts.size(d.label, round(d.size * scale))[0]
                assert whole <= d.rect.width + 2, (d.label, whole, d.rect.width)
    finally:
        window.close()
