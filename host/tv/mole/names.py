"""How much room a seat's name takes on the Mole board, measured before drawing, so a list of
names can choose its size and how many to a row, or a column its width, while every name still
fits whole (a name of up to 16 letters, host/protocol.py)."""

from __future__ import annotations

from host.tv import absent
from host.tv.draw import Canvas
from host.tv.frame import Frame


def badge_width(canvas: Canvas, frame: Frame, seat: int, size: float, tags: bool = True) -> float:
    """Design width of ``absent.badge`` for the seat at ``size``, none of it shrunk: the seat's
    shape, its name and the away / bot tag after it (``tags``: False, of ``seat_badge``, the
    shape and the name alone)."""
    pixels = max(6, round(size * 0.85 * canvas.scale))  # seat_badge draws the name at 0.85
    name = canvas.fonts.size(frame.name(seat), pixels)[0] / canvas.scale
    if not tags:
        return size * 1.3 + name
    tag = absent.tag_width(canvas, frame, seat, size)
    tag_room = tag + absent.GAP if tag else 0.0
    # A tag gets at most its share of the whole room (absent.SHARE): ask for enough that it does.
    return max(size * 1.3 + name + tag_room, tag / absent.SHARE)


def widest(canvas: Canvas, frame: Frame, seats: list[int], size: float, tags: bool = True) -> float:
    return max((badge_width(canvas, frame, seat, size, tags) for seat in seats), default=0.0)
