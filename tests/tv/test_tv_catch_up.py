"""When the table plays faster than the TV's moments, the TV catches up and still tells the end.

QA, a 7-player Mole game with bots: the players confirmed their Getaway marks while the TV was
still flipping an earlier lock's cards. The window went from the card flip to the winner: the
Getaway and whom the Moles accused were never on screen, and the moments ran a whole lock behind
the game (its votes after the end). Now a moment with another waiting behind it ends once its
news is shown (its brief), the end's own moment (the accusation) is never dropped, and when it
comes the moments of earlier locks still waiting give way. Read on the display surface's pixels.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from tv_screens import en
from tv_scripts import find_game

from host.tv import theme
from host.tv.window import TvWindow

STEP = 0.05  # seconds of the window's clock between two looks


def got_away(messages: list[dict[str, Any]]) -> bool:
    view = messages[-1]["view"]
    decided = [lock for lock in view["locks"] if lock["result"]]
    return bool(view["result"]["marks"]) and len(decided) >= 3


@pytest.fixture(scope="module")
def game() -> list[dict[str, Any]]:
    return find_game(7, got_away)[1]


@pytest.fixture
def window():
    window = TvWindow("en", size=(1280, 720), sound=False)
    window.played = []  # type: ignore[attr-defined]
    window.director.play = window.played.append  # type: ignore[attr-defined]
    yield window
    window.close()


def decided_at(messages: list[dict[str, Any]]) -> list[int]:
    """The indexes of the messages that decided a lock, in order."""
    found = []
    for index in range(1, len(messages)):
        old, new = messages[index - 1]["view"]["locks"], messages[index]["view"]["locks"]
        if any(lock["result"] and not was["result"] for lock, was in zip(new, old, strict=True)):
            found.append(index)
    return found


def feed(window: TvWindow, messages: list[dict[str, Any]]) -> None:
    """Each message in its own turn of the window, no time passing between them."""
    for message in messages:
        window.post(message)
        window.drain()
        window.director.update(0.0)


def run(window: TvWindow, seconds: float, until: str = "") -> list[tuple[str, Any, float]]:
    """Let ``seconds`` pass a STEP at a time; the moment on screen and every moment that began
    (label, the moment, when), and the scene once none is left ("scene", its key, when)."""
    seen: list[tuple[str, Any, float]] = []
    director = window.director
    shown = director.moments_shown
    if director.showing is not None:
        seen.append((director.showing.label, director.showing, -director.shown_for))
    elapsed = 0.0
    while elapsed < seconds:
        director.update(STEP)
        elapsed += STEP
        if director.moments_shown != shown and director.showing is not None:
            shown = director.moments_shown
            seen.append((director.showing.label, director.showing, elapsed))
            if director.showing.label == until:
                break
        if director.showing is None and not director.queue:
            seen.append(("scene", director.current, elapsed))
            break
    return seen


def colour_in(window: TvWindow, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``area`` on the display surface are ``colour``."""
    screen = window.screen
    area = area.clip(screen.get_rect())
    return sum(
        1
        for x in range(area.left, area.right, 2)
        for y in range(area.top, area.bottom, 2)
        if screen.get_at((x, y))[:3] == colour
    )


def accusation_on_screen(window: TvWindow, result: dict[str, Any]) -> None:
    """The accusation moment, its lines up: the siren's lights along the top, whom the Moles
    accused in the Moles' colour and whom the Driver protected in the Crew's."""
    director = window.director
    assert director.showing is not None and director.showing.label == "accusation"
    director.update(director.showing.PROTECTED_AT + 0.5 - director.shown_for)
    canvas = window.draw()
    drawn = {d.label: d.rect for d in canvas.drawn if d.kind == "element"}
    accused, protected = result["accused"], result["protected"]
    names = [seat["name"] for seat in window.director.message["room"]["seats"]]
    assert en("tv.accusation.accused", name=names[accused]) in canvas.texts()
    assert en("tv.accusation.protected", name=names[protected]) in canvas.texts()
    assert colour_in(window, drawn[f"accused:{accused}"], theme.BAD) > 50
    assert colour_in(window, drawn[f"protected:{protected}"], theme.GOOD) > 50
    top = window.screen.get_at((window.screen.get_width() // 4, 5))[:3]
    assert top != theme.BACKGROUND and top[0] != top[1], top  # a red or blue light, lit


def test_marks_confirmed_during_earlier_cards_still_end_with_the_accusation(window, game):
    decided = decided_at(game)
    last, earlier = decided[-1], decided[-2]
    feed(window, game[:earlier])
    window.director.skip()
    # The lock before the last is decided: its cards start to flip...
    feed(window, [game[earlier]])
    window.director.update(1.0)
    assert window.director.showing.label == "cards_reveal"
    # ...and meanwhile the last lock is voted, played, and every Getaway mark confirmed.
    feed(window, game[earlier + 1 :])
    assert window.director.message["view"]["phase"] == "over"
    seen = run(window, 30.0)
    labels = [label for label, _, _ in seen]
    # No stale lock after the end: the last lock's cards, then the accusation, then the end.
    assert labels == ["cards_reveal", "accusation", "scene"], labels
    old, new = game[last - 1]["view"]["locks"], game[last]["view"]["locks"]
    last_lock = next(i for i, lock in enumerate(new) if lock["result"] and not old[i]["result"])
    assert seen[0][1].lock_index == last_lock
    assert seen[-1][1] == "mole.reveal"
    # Caught up: the last lock's cards shortened (the accusation waited), the accusation whole.
    cards, accusation = seen[0][1], seen[1][1]
    assert seen[1][2] - seen[0][2] == pytest.approx(cards.brief, abs=2 * STEP)
    assert seen[2][2] - seen[1][2] == pytest.approx(accusation.duration, abs=2 * STEP)


def test_the_accusation_is_drawn_on_the_display_after_a_fast_getaway(window, game):
    earlier = decided_at(game)[-2]
    feed(window, game[:earlier])
    window.director.skip()
    feed(window, [game[earlier]])
    window.director.update(1.0)
    feed(window, game[earlier + 1 :])
    labels = [label for label, _, _ in run(window, 30.0, until="accusation")]
    assert labels[-1] == "accusation", labels
    accusation_on_screen(window, game[-1]["view"]["result"])


def test_after_a_getaway_on_screen_the_accusation_plays_then_the_winner(window, game):
    getaway = next(i for i, m in enumerate(game) if m["view"]["phase"] == "getaway")
    feed(window, game[: getaway + 1])
    window.director.skip()
    assert window.director.current == "mole.getaway"
    feed(window, game[getaway + 1 :])
    window.played.clear()
    window.director.update(STEP)
    accusation_on_screen(window, game[-1]["view"]["result"])
    window.director.skip()
    assert window.director.current == "mole.reveal"
    fanfare = "win_crew" if game[-1]["view"]["result"]["winner"] == "crew" else "win_moles"
    assert window.played == ["siren", "reveal", "flip", fanfare], window.played


def test_a_moment_with_another_behind_it_ends_once_its_news_is_shown(window, game):
    """The votes turned over while the team's cards are already in: the votes give way to the
    cards once their verdict has been read, not a whole moment later."""
    last = decided_at(game)[-1]
    votes = max(
        i
        for i in range(1, last)
        if len(game[i]["view"]["proposals"]) > len(game[i - 1]["view"]["proposals"])
    )
    feed(window, game[:votes])
    window.director.skip()
    feed(window, [game[votes]])
    assert window.director.showing.label == "votes_reveal"
    shown = window.director.showing
    window.director.update(0.5)
    feed(window, game[votes + 1 : last + 1])  # the cards played: the lock is decided
    seen = run(window, 3.0)
    assert [label for label, _, _ in seen] == ["votes_reveal", "cards_reveal"], seen
    assert seen[1][2] - seen[0][2] == pytest.approx(shown.brief, abs=2 * STEP)
    assert shown.brief < shown.duration - 1.5
