"""Every chapter of both tutorials drawn at 1080p and 720p in en, es and pt, several moments
of every beat: the subtitle is on screen, nothing is cut short or falls off the screen, and no
text is smaller than the board's smallest (a picture is the real board drawn smaller, so its
own texts are compared at that scale). Screenshots go to a temporary folder."""

from __future__ import annotations

import pygame
import pytest
from tv_teaching import FakeClock, lobby_room, through_beats, tried_flap, tutorial_window

from host import teaching
from host.i18n import LANGUAGES
from host.tv import theme
from host.tv.tutorial.scripts import SCRIPTS
from host.tv.tutorial.stage import PICTURE, SUBTITLE_SMALLEST
from host.tv.window import TvWindow

SIZES = [(1920, 1080), (1280, 720)]
EVERY_OPTION = ["wagers", "risky", "microphone", "paranoid", "decoy", "accomplice"]
PICTURE_SCALE = PICTURE[2] / theme.DESIGN_WIDTH


def check(window: TvWindow, subtitle: str) -> None:
    canvas = window.draw()
    screen = window.screen.get_rect()
    texts = [d for d in canvas.drawn if d.kind == "text"]
    assert not [d.label for d in texts if not screen.contains(d.rect)], "text off screen"
    cut = [e for e in canvas.elements() if e.startswith("cut:")]
    assert not cut, cut
    assert subtitle in canvas.texts()
    floor = theme.MIN_TEXT * PICTURE_SCALE - 0.5
    assert not [(d.label, d.size) for d in texts if d.size < floor]
    lines = [d for d in texts if d.label == subtitle]
    assert lines and lines[0].size >= SUBTITLE_SMALLEST


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["mole", "insidejob"])
def test_every_chapter_fits_the_screen(game, lang, size, tmp_path):
    room = lobby_room(game, EVERY_OPTION if game == "insidejob" else [], players=10)
    clock = FakeClock()
    window = tutorial_window(room, clock, lang, size)
    window.keys.teach = lambda *args: None  # the test moves the Room itself
    try:
        teaching.command(room, "start", game)
        chapters = SCRIPTS[game]({"variants": room.variants})
        teaching.chapters_known(room, game, [c.id for c in chapters])
        tried_flap(room, 1)
        tried_flap(room, 7)
        drawn = 0

        def moments(start, beat):
            return (start + 0.05, start + beat.seconds / 2, start + beat.seconds - 0.05)

        for index, chapter, number, beat, last in through_beats(room, window, chapters, moments):
            check(window, window.director.frame().t(beat.subtitle))
            drawn += 1
            if last:
                name = f"{game}-{lang}-{index:02d}-{chapter.id}-{number}-{size[1]}p.png"
                pygame.image.save(window.screen, str(tmp_path / name))
        assert drawn >= 3 * sum(len(c.beats) for c in chapters)
    finally:
        window.close()


def test_the_flap_chapter_ticks_off_who_has_tried_it():
    room = lobby_room("mole", players=5)
    clock = FakeClock()
    window = tutorial_window(room, clock, "en", (1280, 720))
    window.keys.teach = lambda *args: None
    try:
        teaching.command(room, "start", "mole")
        teaching.chapters_known(room, "mole", [c.id for c in SCRIPTS["mole"]({})])
        room.tutorial.index = 2  # the flap
        room.broadcast()
        window.drain()
        window.director.update(1.0)
        before = set(window.draw().elements())
        assert {f"flap_tried:{seat}:no" for seat in range(5)} <= before
        tried_flap(room, 3)
        window.drain()
        window.director.update(0.1)
        canvas = window.draw()
        after = set(canvas.elements())
        assert "flap_tried:3:yes" in after and "flap_tried:0:no" in after
        assert "Tried the flap: 1 of 5" in canvas.texts()
        assert room.tutorial.chapters[room.tutorial.index] == "flap"
    finally:
        window.close()
