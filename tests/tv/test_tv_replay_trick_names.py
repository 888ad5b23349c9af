"""The grand reveal's tricks with five players of sixteen-letter names: the names under the
cards are set at one size with room between them (QA: 'Maximiliano Alej Guadalupe Ferná
Bartholomew Kent' read as one line, 10 px apart at three sizes), each whole, in every language
at 1080p and 720p; the gaps between them are blank on the display."""

from __future__ import annotations

import itertools

import pygame
import pytest
import tv_scripts

from host.i18n import LANGUAGES
from host.tv import theme
from host.tv.window import TvWindow

LONG = [
    "Maximiliano Alej",
    "Guadalupe Ferná",
    "Bartholomew Kent",
    "Anastasia Romano",
    "Christopher Lund",
]
MIN_GAP = 32  # design pixels between two names side by side


@pytest.fixture(scope="module")
def ended():
    patch = pytest.MonkeyPatch()
    patch.setattr(tv_scripts, "NAMES", LONG)
    try:
        return tv_scripts.play_insidejob(5, seed=4, variants=["wagers", "risky"])[-1]
    finally:
        patch.undo()


def blank(window: TvWindow, area: pygame.Rect) -> bool:
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            colour = window.screen.get_at((x, y))[:3]
            if sum(abs(a - b) for a, b in zip(colour, theme.BACKGROUND, strict=True)) > 40:
                return False
    return True


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_names_under_a_replayed_trick_stand_apart(ended, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    scale = size[1] / 1080
    try:
        tricks = len(ended["view"].get("tricks") or [])
        for step in range(min(tricks, 3)):
            window.post(dict(ended, room=dict(ended["room"], replay_step=step)))
            window.drain()
            window.director.skip()
            canvas = window.draw()
            names = sorted(
                (d for d in canvas.drawn if d.kind == "text" and d.label in LONG),
                key=lambda d: d.rect.left,
            )
            assert len(names) == 5, [d.label for d in names]
            assert not [d.label for d in names if d.cut]
            assert len({round(d.size) for d in names}) == 1, [(d.label, d.size) for d in names]
            for first, second in itertools.pairwise(names):
                gap = second.rect.left - first.rect.right
                assert gap >= MIN_GAP * scale, (first.label, second.label, gap)
                top, bottom = (
                    max(first.rect.top, second.rect.top),
                    min(first.rect.bottom, second.rect.bottom),
                )
                assert blank(window, pygame.Rect(first.rect.right + 1, top, gap - 2, bottom - top))
    finally:
        window.close()
