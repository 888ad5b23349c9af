"""The window paints a frame only where it differs from the one on screen (``host/tv/damage.py``),
and repeats a still board or moment from the drawing calls it kept (``StillPicture``): every
frame on the window's screen must be the frame drawn afresh on a blank surface, pixel for pixel
and in the canvas's record, through whole games with their moments and fades, and through
every tutorial chapter (whose picture is a canvas on a part of the screen)."""

from __future__ import annotations

import pygame
import pytest
from tv_screens import SIZES
from tv_scripts import play, play_insidejob, room
from tv_teaching import FakeClock, lobby_room, through_beats, tried_flap, tutorial_window

from host import teaching
from host.tv.damage import Painter, Recording
from host.tv.director import Director
from host.tv.draw import Canvas
from host.tv.fonts import FontBook
from host.tv.tutorial.scripts import SCRIPTS

# Time steps after each message: the first frame at once, then into its moment and fade, two
# frames close together while cards turn over, then three once the moment has stopped moving,
# or the board alone.
STEPS = (0.0, 0.3, 0.4, 0.05, 2.0, 0.2, 0.1)


def record(canvas: Canvas) -> list[tuple]:
    return [(d.kind, d.label, tuple(d.rect), d.size) for d in canvas.drawn]


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


class Counts:
    def __init__(self) -> None:
        self.frames = self.repeated = self.partial = self.untouched = self.from_under = 0


class CountingPainter(Painter):
    """Counts the whole frames begun from the kept screen under a fade."""

    def __init__(self, counts: Counts) -> None:
        super().__init__()
        self.counts = counts

    def _paint_whole(self, frame, screen, same):
        depth = len(self.under_keys)
        kept = self.under is not None and frame.keys[:depth] == self.under_keys
        self.counts.from_under += bool(depth) and kept
        super()._paint_whole(frame, screen, same)


def compare_through(messages, size, reduced_motion=False, lang="en", steps=STEPS) -> Counts:
    """Feed the window's way (one screen, recorded frames, the painter) and the plain way (a
    blank surface each frame, drawn at once) the same messages and clock."""
    pygame.display.init()
    pygame.font.init()
    fonts = FontBook()
    painted = Director(lang, reduced_motion=reduced_motion)
    drawn = Director(lang, reduced_motion=reduced_motion)
    counts = Counts()
    screen, painter = pygame.Surface(size), CountingPainter(counts)
    keep = painted.picture.draw

    def counted(canvas, key, paint):
        used = []
        keep(canvas, key, lambda c: used.append(paint(c)))
        counts.repeated += not used

    painted.picture.draw = counted
    for message in messages:
        for director in (painted, drawn):
            director.feed(message)
        for step in steps:
            painted.update(step)
            drawn.update(step)
            recording = Recording()
            left = Canvas(screen, fonts, recording=recording)
            painted.draw(left)
            changed = painter.paint(recording, screen)
            right = Canvas(pygame.Surface(size), fonts)
            drawn.draw(right)
            assert pixels(screen) == pixels(right.surface)
            assert record(left) == record(right)
            counts.frames += 1
            counts.untouched += not changed
            counts.partial += bool(changed) and changed != [screen.get_rect()]
    return counts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_painted_mole_board_or_moment_is_the_one_drawn(size):
    messages = play(10, seed=3)
    counts = compare_through(messages, size)
    assert counts.repeated > len(messages) / 2  # many frames repeated a kept picture
    assert counts.untouched > counts.frames / 4  # and painted nothing
    assert counts.partial > len(messages) / 4  # a vote, a mark: a part of the screen


def test_a_fade_at_sixty_frames_a_second_starts_from_the_kept_screen():
    messages = play(10, seed=3)[:40]
    counts = compare_through(messages, (1280, 720), steps=(1 / 60,) * 30)
    # Most frames change a part of the screen or nothing; the frames of each fade after its
    # first begin from the screen kept under it.
    assert counts.from_under >= 40, counts.from_under


def test_a_painted_inside_job_board_or_moment_is_the_one_drawn_with_and_without_motion():
    messages = play_insidejob(5, 2, ["wagers"])
    for still in (False, True):
        counts = compare_through(messages, (1280, 720), reduced_motion=still)
        assert counts.repeated > len(messages) / 2
        assert counts.partial > len(messages) / 4


def test_every_tutorial_frame_on_the_window_is_the_one_drawn():
    for game in ("mole", "insidejob"):
        room_ = lobby_room(game, [], players=7)
        clock = FakeClock()
        window = tutorial_window(room_, clock, "en", (1280, 720))
        window.keys.teach = lambda *args: None
        try:
            teaching.command(room_, "start", game)
            chapters = SCRIPTS[game]({"variants": room_.variants})
            teaching.chapters_known(room_, game, [c.id for c in chapters])
            tried_flap(room_, 1)
            partial = 0

            def moments(start, beat):
                return (start + 0.05, start + 0.3, start + beat.seconds / 2)

            for _moment in through_beats(room_, window, chapters, moments):
                canvas = window.draw()
                blank = pygame.Surface(window.screen.get_size())
                reference = window.draw_on(Canvas(blank, window.fonts))
                assert pixels(window.screen) == pixels(blank)
                assert record(canvas) == record(reference)
                whole = [window.screen.get_rect()]
                partial += bool(window.changed) and window.changed != whole
            assert partial > 0
        finally:
            window.close()


def test_the_painter_repaints_a_call_gone_moved_or_reordered():
    pygame.display.init()
    fonts = FontBook()
    screen, painter = pygame.Surface((400, 300)), Painter()

    def frame(*panels):
        recording = Recording()
        canvas = Canvas(screen, fonts, recording=recording)
        canvas.fill((0, 0, 0))
        for x, colour in panels:
            canvas.panel(x, 100, 400, 400, colour, radius=0)
        return recording, painter.paint(recording, screen)

    def plain(*panels):
        canvas = Canvas(pygame.Surface((400, 300)), fonts)
        canvas.fill((0, 0, 0))
        for x, colour in panels:
            canvas.panel(x, 100, 400, 400, colour, radius=0)
        return pixels(canvas.surface)

    red, blue = (200, 0, 0), (0, 0, 200)
    frames = [
        ((100, red), (300, blue)),  # the first: painted whole
        ((100, red), (300, blue)),  # the same: nothing painted
        ((300, blue), (100, red)),  # the same calls in the other order: red now on top
        ((300, blue),),  # one gone
        ((500, blue),),  # one moved
    ]
    changes = []
    for panels in frames:
        _, changed = frame(*panels)
        changes.append(changed)
        assert pixels(screen) == plain(*panels)
    assert changes[0] == [screen.get_rect()] and changes[1] == []
    assert all(changed and changed != [screen.get_rect()] for changed in changes[2:])
    painter.paint(Recording(), pygame.Surface((400, 300)))  # another screen: painted whole


def test_a_new_message_or_a_new_size_draws_the_board_again():
    pygame.display.init()
    pygame.font.init()
    fonts = FontBook()
    director = Director("en")
    messages = play(7, seed=1)
    board = next(m for m in messages if m["view"]["phase"] == "vote")
    renamed = {**board, "room": room(7, "playing")}
    renamed["room"]["seats"][0]["name"] = "Zed"
    pictures = []
    for message, size in ((board, (1920, 1080)), (board, (1280, 720)), (renamed, (1280, 720))):
        director.feed(message)
        director.skip()
        canvas = Canvas(pygame.Surface(size), fonts, recording=Recording())
        director.draw(canvas)
        director.draw(canvas)  # the second time from the kept picture
        pictures.append(canvas.texts())
    assert "Zed" not in pictures[1] and "Zed" in pictures[2]
    assert pictures[0] == pictures[1]  # the same words, drawn again at the new size
