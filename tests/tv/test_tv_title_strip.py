"""The title strip beside the room bar: with latecomers named (and a turn clock), a board's line
at the top (the Mole goal, Inside Job's options, the reveal's step) and the end screens' winner
banners lie clear of the bar, whole, in every language at 1080p and 720p. Read from the pixels
of the display: a line half under the bar's blank strip showed its first letters to the left of
it (the Spanish goal line: "Al…" beside the room bar) and the end screens' titles were cut."""

from __future__ import annotations

import pygame
import pytest
from tv_scripts import play, play_insidejob

from host.i18n import LANGUAGES
from host.tv import roombar, theme
from host.tv.window import TvWindow

CLOCK = {"preset": "relaxed", "length": 90, "left": 28.0, "running": False, "seats": [1]}
SHORT = ["Zoë"]
LONG = ["Maximiliano Alej", "Guadalupe Ferná", "Bartholomew Kent"]  # 16 letters each
BAR_KINDS = ("clock", "room_bar", "room_cover")
INK = 40  # how far from the background a pixel must be to count as drawn


def messages():
    """A Mole board, its end screen and every replay step; Inside Job's with options."""
    mole = play(7, seed=3)
    insidejob = play_insidejob(4, seed=2, variants=["wagers", "risky"])
    picked = []
    for game in (mole, insidejob):
        picked += [game[0], game[len(game) // 2], game[-1]]
        picked += [dict(game[-1], room=dict(game[-1]["room"], replay_step=s)) for s in (0, 1)]
    return picked


def with_bar(message: dict, late: list[str], clock: bool) -> dict:
    room = dict(message["room"], next_game=late, clock=CLOCK if clock else None)
    return dict(message, room=room)


def strip_rows(window: TvWindow, rect: pygame.Rect, bottom: int) -> pygame.Rect:
    return rect.clip(pygame.Rect(0, 0, window.screen.get_width(), bottom))


def inked(window: TvWindow, area: pygame.Rect) -> bool:
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            colour = window.screen.get_at((x, y))[:3]
            if sum(abs(a - b) for a, b in zip(colour, theme.BACKGROUND, strict=True)) > INK:
                return True
    return False


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("late", "clock"),
    [(SHORT, False), (SHORT, True), (LONG, False), (LONG, True)],
    ids=["one-late", "one-late+clock", "three-late", "three-late+clock"],
)
def test_the_strip_lies_clear_of_the_room_bar(lang, size, late, clock):
    window = TvWindow(lang, size=size, sound=False)
    drawn_goals = 0
    try:
        bottom = window.screen.get_height() * roombar.STRIP_BOTTOM // 1080
        for message in messages():
            window.post(with_bar(message, late, clock))
            window.drain()
            window.director.skip()
            canvas = window.draw()
            scene = window.director.current
            boxes = [d.rect for d in canvas.drawn if d.kind == "element" and d.label in BAR_KINDS]
            assert boxes, scene
            bar = boxes[0].unionall(boxes[1:])
            theirs = [
                d
                for d in canvas.drawn
                if d.kind == "text" and d.rect.top < bottom and not bar.contains(d.rect)
            ]
            goal = window.director.frame().t("tv.board.goal", open=3, blow=3)
            drawn_goals += any(d.label in goal for d in theirs)
            for d in theirs:
                assert not d.rect.colliderect(bar), (scene, d.label, d.rect, bar)
                assert not d.cut, (scene, d.label)
                # Both ends of it show on the screen, in the strip's rows (not blanked by a cover).
                rows = strip_rows(window, d.rect, bottom)
                for end in (rows.left, rows.right - 12):
                    assert inked(window, pygame.Rect(end, rows.top, 12, rows.height)), (
                        scene,
                        d.label,
                        d.rect,
                    )
            # Nothing of the scene peeks out of the strip left of the bar but whole lines: the
            # gaps between them are blank.
            edge = 0
            for rect in sorted((d.rect for d in theirs), key=lambda r: r.left):
                gap = pygame.Rect(edge + 1, 0, rect.left - edge - 2, bottom)
                assert gap.width <= 0 or not inked(window, gap), (scene, gap, rect)
                edge = max(edge, rect.right)
            gap = pygame.Rect(edge + 1, 0, bar.left - edge - 2, bottom)
            assert gap.width <= 0 or not inked(window, gap), (scene, gap)
    finally:
        window.close()
    if late == SHORT and not clock:
        assert drawn_goals, "beside a short bar the goal line is there"
