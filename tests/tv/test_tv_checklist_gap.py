"""The Getaway's list of who confirmed, ten players of sixteen-letter names: each name ends well
before the next column's check or ring (QA: 'Guadalupe Ferná✓ ▲ Bartholomew Kent', the mark
2 px after the name read as hers), whole, in every language at 1080p and 720p; the gap is blank
on the display."""

from __future__ import annotations

import pygame
import pytest
import tv_scripts

from host.i18n import LANGUAGES
from host.tv import theme
from host.tv.window import TvWindow

LONG = [
    "Maximiliano Alej", "Guadalupe Ferná", "Bartholomew Kent", "Anastasia Romano",
    "Christopher Lund", "Wolfgang Amadeus", "Esperanza Gómez", "Konstantinos Pap",
    "Florencia Ibáñez", "Jean-Christophe",
]  # fmt: skip
MIN_GAP = 16  # design pixels between a name and the next column's mark


@pytest.fixture(scope="module")
def getaway():
    patch = pytest.MonkeyPatch()
    patch.setattr(tv_scripts, "NAMES", LONG)
    try:
        messages = tv_scripts.find_game(
            10, lambda ms: any(m["view"]["phase"] == "getaway" for m in ms)
        )[1]
    finally:
        patch.undo()
    return [m for m in messages if m["view"]["phase"] == "getaway"][-1]


def blank(window: TvWindow, area: pygame.Rect) -> bool:
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            colour = window.screen.get_at((x, y))[:3]
            if sum(abs(a - b) for a, b in zip(colour, theme.BACKGROUND, strict=True)) > 40:
                return False
    return True


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_in_the_list_ends_before_the_next_mark(getaway, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    scale = size[1] / 1080
    try:
        window.post(getaway)
        window.drain()
        window.director.skip()
        canvas = window.draw()
        cells = {d.label: d.rect for d in canvas.drawn if d.label.startswith("confirmed:")}
        names = {d.label: d.rect for d in canvas.drawn if d.kind == "text" and d.label in LONG}
        assert not [d.label for d in canvas.drawn if d.kind == "text" and d.label in LONG and d.cut]
        for seat in range(9):
            this = next(r for k, r in cells.items() if k.startswith(f"confirmed:{seat}:"))
            after = next(r for k, r in cells.items() if k.startswith(f"confirmed:{seat + 1}:"))
            if after.top != this.top:
                continue  # the next starts a row
            name = names[LONG[seat]]
            gap = after.left - name.right
            assert gap >= MIN_GAP * scale, (LONG[seat], gap)
            assert blank(window, pygame.Rect(name.right + 1, name.top, gap - 2, name.height))
    finally:
        window.close()
