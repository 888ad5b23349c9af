"""Colours and shapes of the big screen, chosen to read from a sofa.

Seat colours follow the Okabe-Ito palette (told apart by the common kinds of colour blindness),
extended to ten; every seat also has its own shape and always its name, so colour is never the
only clue. Good and bad outcomes pair blue with a check mark and vermillion with a cross.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (16, 20, 34)
PANEL: Colour = (30, 36, 56)
PANEL_LIGHT: Colour = (46, 54, 80)
TEXT: Colour = (244, 244, 240)
MUTED: Colour = (160, 168, 190)
FAINT: Colour = (90, 98, 124)
ACCENT: Colour = (240, 200, 70)  # current lock, the Boss, highlights
GOOD: Colour = (60, 150, 235)  # open lock, approve (always with a check mark)
BAD: Colour = (230, 94, 30)  # blown lock, reject, sabotage (always with a cross)
CREW: Colour = GOOD
MOLES: Colour = BAD
WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)
SIREN_RED: Colour = (220, 40, 40)
SIREN_BLUE: Colour = (40, 90, 230)

SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (204, 121, 167),  # reddish purple
    (235, 235, 235),  # white
    (150, 110, 60),  # brown
    (150, 150, 255),  # lavender
)
# One distinct outline per seat, drawn by host.tv.draw.seat_shape.
SEAT_SHAPES: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "star",
    "hexagon",
    "plus",
    "pentagon",
    "triangle_down",
    "ring",
)

# The virtual canvas every scene is laid out on; it is scaled to the real window.
DESIGN_WIDTH = 1920
DESIGN_HEIGHT = 1080
# No text is drawn smaller than this (design pixels): a long line is cut with "…" instead.
MIN_TEXT = 24


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on that colour."""
    r, g, b = colour
    return BLACK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else WHITE


def mix(a: Colour, b: Colour, amount: float) -> Colour:
    """The colour ``amount`` of the way from a to b (0..1)."""
    amount = min(1.0, max(0.0, amount))
    r, g, bl = (round(x + (y - x) * amount) for x, y in zip(a, b, strict=True))
    return (r, g, bl)
