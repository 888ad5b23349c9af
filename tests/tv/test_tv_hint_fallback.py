"""A first-game hint beside the room bar at its widest (a turn clock and latecomers with long
names): when the line does not fit beside the bar in two lines, the band still hides nothing
of the board: under the title strip (whose line the band takes the place of) it lies only
where the same board without the hint has nothing drawn, no text, no piece, no pixel but the
background. Every word of the hint is shown whole at a legible size, and the band and the bar
do not touch; on the Mole board, in the Getaway and on the Inside Job board, at 1080p and
720p in every language, with long player names in the hints that name someone."""

from __future__ import annotations

import copy

import numpy
import pygame
import pytest
from test_tv_long_names import LONGEST_NAMES
from tv_scripts import find_game, lobby, play_insidejob

from host.i18n import LANGUAGES
from host.tv import roombar, theme
from host.tv.draw import Canvas
from host.tv.window import TvWindow

CLOCK = {"preset": "relaxed", "length": 90, "left": 28.0, "running": False, "seats": [1]}
LATE = ["Maximiliano Alejandro", "Guadalupe Fernández", "Zoë"]
SIZES = [(1920, 1080), (1280, 720)]


def with_bar(message: dict) -> dict:
    message = copy.deepcopy(message)
    for seat in message["room"]["seats"]:
        seat["name"] = LONGEST_NAMES[seat["seat"]]
    message["room"].update(first_game=True, clock=CLOCK, next_game=LATE)
    return message


@pytest.fixture(scope="module")
def games() -> dict[str, list[dict]]:
    mole = find_game(7, lambda m: any(x["view"]["phase"] == "getaway" for x in m))[1]
    insidejob = play_insidejob(4, 1, ["wagers", "accomplice"])
    return {"mole": mole, "insidejob": insidejob}


def picture(window: TvWindow) -> tuple[Canvas, numpy.ndarray]:
    canvas = window.draw()
    return canvas, pygame.surfarray.array3d(window.screen).copy()


def under_the_strip(window: TvWindow, band: pygame.Rect) -> pygame.Rect:
    """The part of the band below the title strip (the title line is the band's by design)."""
    scale = min(window.screen.get_width() / 1920, window.screen.get_height() / 1080)
    offset_y = (window.screen.get_height() - 1080 * scale) / 2
    strip = round(offset_y + roombar.STRIP_BOTTOM * scale)
    return pygame.Rect(band.left, strip, band.width, max(0, band.bottom - strip))


def covered(window: TvWindow, board, pixels: numpy.ndarray, band: pygame.Rect) -> list[str]:
    """What of the board (drawn without the hint) lies where the band is, under the strip:
    its texts and pieces, and any pixel that is not the bare background."""
    area = under_the_strip(window, band)
    if not area.height:
        return []
    hidden = [d.label for d in board.drawn if d.rect.colliderect(area)]
    region = pixels[area.left : area.right, area.top : area.bottom]
    painted = numpy.any(region != numpy.array(theme.BACKGROUND), axis=2)
    if painted.any():
        hidden.append(f"{int(painted.sum())} painted pixels")
    return hidden


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["mole", "insidejob"])
def test_a_hint_that_does_not_fit_beside_the_bar_hides_nothing_of_the_board(
    games, game, lang, size
):
    window = TvWindow(lang, size=size, sound=False)
    shown: dict[str, str] = {}
    problems: dict[str, list] = {}
    try:
        for message in [lobby(7, first_game=True), *games[game]]:
            window.post(with_bar(message) if message["view"] else message)
            window.drain()
            window.director.skip()
            hints = window.director.hints
            if not hints.line:
                continue
            canvas, _ = picture(window)
            scene = window.director.current
            boxes = {d.label: d.rect for d in canvas.drawn if d.kind == "element"}
            band = boxes[f"hint:{hints.key}"]
            bar = [boxes[k] for k in ("clock", "room_bar") if k in boxes]
            assert len(bar) == 2 and not [r for r in bar if r.colliderect(band)]
            # The band's own lines, drawn over it (a board's line in the strip lies beneath).
            after = [d.label for d in canvas.drawn].index(f"hint:{hints.key}")
            lines = [
                d
                for d in canvas.drawn[after:]
                if d.kind == "text" and band.contains(d.rect) and d.label in hints.line
            ]
            assert " ".join(d.label for d in lines) == hints.line, (hints.key, lines)
            assert not [d.label for d in lines if d.cut or d.size < 24]
            line, key = hints.line, hints.key
            hints.line = None  # the same board, the same bar, no hint
            board, without = picture(window)
            hints.line, hints.key = line, key
            hidden = covered(window, board, without, band)
            if hidden:
                problems[f"{scene}:{key}"] = hidden[:6]
            shown[key] = scene
    finally:
        window.close()
    assert len(shown) >= 5, shown
    assert not problems, problems
