"""A first-game hint and the room bar at the top at once (a turn clock, a shared phone,
latecomers): the hint band and the bar lie side by side, or the band below the bar's strip,
and neither hides any of the other, at 1080p and 720p in every language; on the board and
in the Getaway with its siren."""

from __future__ import annotations

import pygame
import pytest
from tv_scripts import find_game, lobby

from host.i18n import LANGUAGES
from host.tv import theme
from host.tv.window import TvWindow

CLOCK = {"preset": "relaxed", "length": 90, "left": 28.0, "running": False, "seats": [1]}
LATE = ["Maximiliano Alejandro", "Guadalupe Fernández", "Zoë"]


def reaches_getaway(messages):
    return any(m["view"]["phase"] == "getaway" for m in messages)


@pytest.fixture(scope="module")
def mole_game():
    return find_game(7, reaches_getaway)[1]


def with_bar(message: dict, late: bool) -> dict:
    room = dict(message["room"], first_game=True, clock=CLOCK)
    if late:
        room["next_game"] = LATE
    return dict(message, room=room)


def ink_at_right_end(window: TvWindow, rect: pygame.Rect) -> bool:
    """Whether the last few pixel columns of a line of text show its letters (not a cover)."""
    strip = rect.clip(pygame.Rect(rect.right - 12, rect.top, 12, rect.height))
    for x in range(strip.left, strip.right):
        for y in range(strip.top, strip.bottom):
            colour = window.screen.get_at((x, y))[:3]
            if sum(abs(a - b) for a, b in zip(colour, theme.TEXT, strict=True)) < 120:
                return True
    return False


@pytest.mark.parametrize("late", [False, True], ids=["clock", "clock+latecomers"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hint_and_the_room_bar_hide_nothing_of_each_other(mole_game, lang, size, late):
    window = TvWindow(lang, size=size, sound=False)
    scenes = set()
    try:
        for message in [lobby(7, first_game=True), *mole_game]:
            window.post(with_bar(message, late) if message["view"] else message)
            window.drain()
            window.director.skip()
            hints = window.director.hints
            if not hints.line:
                continue
            canvas = window.draw()
            scenes.add(window.director.current)
            boxes = {d.label: d.rect for d in canvas.drawn if d.kind == "element"}
            band = boxes[f"hint:{hints.key}"]
            bar = [boxes[k] for k in ("clock", "room_bar", "room_cover") if k in boxes]
            assert "clock" in boxes and ("room_bar" in boxes) == late
            assert not [r for r in bar if r.colliderect(band)], (hints.key, band, bar)
            lines = [
                d
                for d in canvas.drawn
                if d.kind == "text" and d.label in hints.line and band.contains(d.rect)
            ]
            assert " ".join(d.label for d in lines) == hints.line  # all of it, none cut
            assert not [d.label for d in lines if d.cut or d.size < 24]
            for d in lines:
                assert not [r for r in bar if r.colliderect(d.rect)], d.label
                assert ink_at_right_end(window, d.rect), (hints.key, d.label)
            # The bar's own words are whole too.
            bar_texts = [
                d
                for d in canvas.drawn
                if d.kind == "text"
                and d.label.startswith(window.director.frame().t("tv.room.clock", time="")[:3])
            ]
            assert bar_texts and not [d.label for d in bar_texts if d.cut]
    finally:
        window.close()
    assert {"mole.board", "mole.getaway"} <= scenes
