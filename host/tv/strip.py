"""The title strip at the top of a board: the game's name at the left, a line of the board's
(its goal, its options, the reveal's step) at the right, and the room bar, when it shows, at the
far right. A board's line is laid out in the room left of the bar, never under or beside it: the
bar is placed from the room part alone (``roombar.bar_left``), so a board drawn once per message
stays clear of it until the next one."""

from __future__ import annotations

from host.tv import roombar, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.theme import Colour

RIGHT = 1860  # where a board's line ends without a bar
STRIP_BOTTOM = roombar.STRIP_BOTTOM  # a board's line is above; below, the bar hides nothing
BAR_GAP = 32  # between a board's line and the bar
LINE_PITCH = 1.15  # of two lines, in text heights
SEPARATOR = " · "


def right_edge(canvas: Canvas, frame: Frame, right: float = RIGHT) -> float:
    """Where a board's line in the strip may end: ``right``, or short of the bar."""
    bar = roombar.bar_left(canvas, frame)
    return right if bar is None else min(right, bar - BAR_GAP)


def shows_bar(canvas: Canvas, frame: Frame) -> bool:
    return roombar.bar_left(canvas, frame) is not None


def line(
    canvas: Canvas,
    frame: Frame,
    text: str,
    left: float,
    middle: float,
    size: float,
    colour: Colour,
) -> bool:
    """``text`` right-aligned in the strip between ``left`` and the bar (or RIGHT), centred
    on ``middle``: one line as large as fits, down to the smallest legible size, else two at
    that size; if even two do not fit, nothing (the bar's words are the more urgent, and a
    line cut short would say less than none). Returns whether it was drawn."""
    right = right_edge(canvas, frame)
    width = right - left
    if width <= 0:
        return False
    floor = float(theme.MIN_TEXT)
    if canvas.fonts.size(text, canvas.px(floor))[0] <= width * canvas.scale:
        canvas.text(text, right, middle, size, colour, "midright", width)
        return True
    # Two halves of a line joined by " · " read best as a line each.
    halves = text.split(SEPARATOR)
    lines = halves if len(halves) == 2 else canvas.wrap(text, floor, width)
    pixels = canvas.px(floor)
    limit = width * canvas.scale
    if len(lines) != 2 or any(canvas.fonts.size(part, pixels)[0] > limit for part in lines):
        return False
    gap = floor * LINE_PITCH
    for index, part in enumerate(lines):
        y = middle + (index - 0.5) * gap
        canvas.text(part, right, y, floor, colour, "midright", width)
    return True
