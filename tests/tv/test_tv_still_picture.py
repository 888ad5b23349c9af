"""A board that stays the same until the next message, and a moment once it has stopped moving,
are drawn once and copied after (``StillPicture``): every copied frame must be the frame drawing
it would have made, pixel for pixel and in the canvas's record, through whole games with their
moments and fades."""

from __future__ import annotations

import pygame
import pytest
from tv_screens import SIZES
from tv_scripts import play, play_insidejob, room

from host.tv.director import Director
from host.tv.draw import Canvas
from host.tv.fonts import FontBook

# Time steps after each message: the first frame at once, then into its moment and fade, two
# frames close together while cards turn over, then three once the moment has stopped moving (a
# picture is kept on its second frame and copied from its third), or the board alone.
STEPS = (0.0, 0.3, 0.4, 0.05, 2.0, 0.2, 0.1)


class AlwaysDraw:
    """A StillPicture that never copies: the reference."""

    def draw(self, canvas, key, paint):
        paint(canvas)


def record(canvas: Canvas) -> list[tuple]:
    return [(d.kind, d.label, tuple(d.rect), d.size) for d in canvas.drawn]


def compare_through(messages, size, reduced_motion=False, lang="en") -> int:
    """Feed both directors the same messages and clock; return how many frames were copied."""
    pygame.display.init()
    pygame.font.init()
    fonts = FontBook()
    copying = Director(lang, reduced_motion=reduced_motion)
    drawing = Director(lang, reduced_motion=reduced_motion)
    drawing.picture = AlwaysDraw()
    copies = 0
    original = copying.picture.draw

    def counted(canvas, key, paint):
        nonlocal copies
        painted = []
        original(canvas, key, lambda c: painted.append(paint(c)))
        copies += not painted

    copying.picture.draw = counted
    for message in messages:
        for director in (copying, drawing):
            director.feed(message)
        for step in STEPS:
            copied, drawn = pygame.Surface(size), pygame.Surface(size)
            copying.update(step)
            drawing.update(step)
            left, right = Canvas(copied, fonts), Canvas(drawn, fonts)
            copying.draw(left)
            drawing.draw(right)
            assert pygame.image.tobytes(copied, "RGB") == pygame.image.tobytes(drawn, "RGB")
            assert record(left) == record(right)
    return copies


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_copied_mole_board_or_moment_is_the_one_drawn(size):
    messages = play(10, seed=3)
    assert compare_through(messages, size) > len(messages) / 2  # many frames were copies


def test_a_copied_inside_job_board_or_moment_is_the_one_drawn_with_and_without_motion():
    messages = play_insidejob(5, 2, ["wagers"])
    for still in (False, True):
        assert compare_through(messages, (1280, 720), reduced_motion=still) > len(messages) / 2


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
        canvas = Canvas(pygame.Surface(size), fonts)
        director.draw(canvas)
        pictures.append(canvas.texts())
    assert "Zed" not in pictures[1] and "Zed" in pictures[2]
    assert pictures[0] == pictures[1]  # the same words, drawn again at the new size
