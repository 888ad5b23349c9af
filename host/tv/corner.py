"""The host-keys hint in the bottom right corner of every screen, and the room it leaves.

The window draws the hint over every scene; a board's own bottom line keeps left of it (it is
wider with "sound off" before it: the frame says whether the sound is off), so the two never
run into each other.
"""

from __future__ import annotations

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.theme import Colour

RIGHT, BOTTOM, SIZE, MAX_WIDTH = 1900, 1076, theme.MIN_TEXT, 700
GAP = 32  # design pixels between a bottom line and the hint


def hint_text(frame: Frame) -> str:
    hint = frame.t("tv.hint")
    return f"{frame.t('tv.muted')} · {hint}" if frame.muted else hint


def draw_hint(canvas: Canvas, frame: Frame) -> None:
    canvas.text(hint_text(frame), RIGHT, BOTTOM, SIZE, theme.FAINT, "bottomright", MAX_WIDTH)


def free_right(canvas: Canvas, frame: Frame) -> float:
    """Where a line along the bottom must end (design units) to stay clear of the hint."""
    pixels = max(6, round(SIZE * canvas.scale))
    width = canvas.fonts.size(hint_text(frame), pixels)[0] / canvas.scale
    return RIGHT - min(float(MAX_WIDTH), width) - GAP


def line_beside_hint(
    canvas: Canvas,
    frame: Frame,
    text: str,
    left: float,
    bottom: float,
    size: float,
    colour: Colour,
) -> None:
    """One line along the bottom, centred between ``left`` and the hint."""
    right = free_right(canvas, frame)
    canvas.text(text, (left + right) / 2, bottom, size, colour, "midbottom", right - left)
