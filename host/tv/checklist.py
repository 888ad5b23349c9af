"""Who has acted: a grid of names, each with a check once done or three dots before.

One helper for every "waiting on" list (votes in, cards played, marks confirmed, ballots cast):
only public facts, the same mark for every kind of action.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.tv import absent, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame

# Left blank after a name: the next column's mark must not read as this name's (QA: 'Guadalupe
# Ferná✓ ▲ Bartholomew Kent' in the Getaway, the check 2 px after the name).
COLUMN_GAP = 28


@dataclass(frozen=True)
class Grid:
    x: float
    y: float  # centre line of the first row
    per_row: int
    column_width: float
    row_height: float
    size: float = 32  # of the names (their seat shapes too)
    # The away / bot tag after each name; a grid too narrow for it leaves it to the rest of
    # the board (the bottom line names who is away).
    tags: bool = True


def waiting(canvas: Canvas, x: float, y: float, r: float) -> None:
    """Not acted yet: three dots where ``canvas.check`` will be. Not an empty ring: a player's
    look may be a ring, and "○ ○ Pixel" read as two players' marks (QA)."""
    for step in (-0.62, 0.0, 0.62):
        canvas.circle(x + step * r, y, max(2.0, r * 0.19), theme.MUTED)


def draw(
    canvas: Canvas, frame: Frame, seats: list[int], done: set[int], grid: Grid, label: str
) -> None:
    """Each seat of ``seats`` in order; records ``<label>:<seat>:yes|no``."""
    mark = grid.size * 0.5
    for index, seat in enumerate(seats):
        row, column = divmod(index, grid.per_row)
        x, y = grid.x + column * grid.column_width, grid.y + row * grid.row_height
        finished = seat in done
        if finished:
            canvas.check(x + mark, y, mark)
        else:
            waiting(canvas, x + mark, y, mark)
        ink = theme.TEXT if finished else theme.MUTED
        left, width = x + mark * 2 + 6, grid.column_width - mark * 2 - 6 - COLUMN_GAP
        if grid.tags:
            absent.badge(canvas, frame, seat, left, y, grid.size, ink, max_width=width)
        else:
            canvas.seat_badge(seat, frame.name(seat), left, y, grid.size, ink, max_width=width)
        canvas.element(
            f"{label}:{seat}:{'yes' if finished else 'no'}",
            canvas.rect(x, y - grid.size / 2, grid.column_width - 10, grid.size),
        )
