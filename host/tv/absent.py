"""Who is away from the table: a word beside the name on every game board, never colour alone.

A seat whose phone is gone is "away"; one the engine's bot plays meanwhile (the host's B key,
the leader's phone, or a turn timer run out twice) is "bot playing"; a bot the leader added to
fill the table is "bot", and a player the leader removed is "removed" (its bot plays on). All
come from the public room (``seats[]``: ``connected``, ``bot``, ``away``, ``bot_seat``,
``removed``), so the TV shows nothing a phone could not see.
"""

from __future__ import annotations

import pygame

from host.tv import corner, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame

GAP = 12  # design pixels between a name and its tag
PAD = 12  # inside the tag, either side of the word
SHARE = 0.55  # at most this much of a narrow slot goes to the tag; the name keeps the rest


def seat_status(frame: Frame, seat: int) -> str | None:
    """``"removed"`` (the leader removed the player: a bot plays to the end), ``"bot_seat"`` (a
    bot added to fill the table), ``"bot"`` (a bot plays meanwhile: the phone is gone, or the
    player ran out of time twice), ``"away"`` (phone gone) or None (at the table)."""
    for entry in frame.seats():
        if entry.get("seat") == seat:
            if entry.get("removed"):
                return "removed"
            if entry.get("bot_seat"):
                return "bot_seat"
            if entry.get("away"):
                return "bot"
            if entry.get("connected", True):
                return None
            return "bot" if entry.get("bot") else "away"
    return None


def seats_with(frame: Frame, status: str) -> list[int]:
    seats = [int(s.get("seat", -1)) for s in frame.seats()]
    return [seat for seat in seats if seat_status(frame, seat) == status]


def tag_text(size: float) -> float:
    """The tag's words beside a name of this size: half as big, but never too small to read."""
    return max(float(theme.MIN_TEXT), size * 0.5)


def tag_width(canvas: Canvas, frame: Frame, seat: int, size: float) -> float:
    """How wide the seat's tag is drawn at this name size (0: no tag)."""
    status = seat_status(frame, seat)
    if status is None:
        return 0.0
    pixels = max(6, round(tag_text(size) * canvas.scale))
    words = canvas.fonts.size(frame.t(f"tv.seat.{status}"), pixels)[0] / canvas.scale
    return words + 2 * PAD


def draw_tag(
    canvas: Canvas, frame: Frame, seat: int, x: float, y: float, size: float, width: float
) -> None:
    """The seat's tag (a pill with the word), left edge at x, centred on y."""
    status = seat_status(frame, seat)
    if status is None or width <= 2 * PAD:
        return
    height = max(tag_text(size) * 1.3, size * 0.72)
    colour = theme.MUTED if status == "away" else theme.ACCENT
    area = canvas.panel(x, y - height / 2, width, height, theme.PANEL_LIGHT, height / 2, colour, 2)
    canvas.text(
        frame.t(f"tv.seat.{status}"),
        x + width / 2,
        y,
        tag_text(size),
        colour,
        "center",
        width - 2 * PAD,
    )
    canvas.element(f"absent:{seat}:{status}", area)


def badge(
    canvas: Canvas,
    frame: Frame,
    seat: int,
    x: float,
    y: float,
    size: float = 40,
    colour: theme.Colour = theme.TEXT,
    max_width: float | None = None,
) -> pygame.Rect:
    """``canvas.seat_badge`` with the away / bot tag just after the name, inside ``max_width``."""
    return _with_tag(canvas, frame, seat, x, y, size, colour, max_width, shape=True)


def name(
    canvas: Canvas,
    frame: Frame,
    seat: int,
    x: float,
    y: float,
    size: float,
    colour: theme.Colour = theme.TEXT,
    max_width: float | None = None,
) -> pygame.Rect:
    """The bare name (left edge at x, centred on y) with the away / bot tag after it."""
    return _with_tag(canvas, frame, seat, x, y, size, colour, max_width, shape=False)


def _with_tag(
    canvas: Canvas,
    frame: Frame,
    seat: int,
    x: float,
    y: float,
    size: float,
    colour: theme.Colour,
    max_width: float | None,
    shape: bool,
) -> pygame.Rect:
    wanted = tag_width(canvas, frame, seat, size)
    width = wanted if max_width is None else min(wanted, max_width * SHARE)
    name_width = max_width if max_width is None or not wanted else max_width - width - GAP
    if shape:
        area = canvas.seat_badge(seat, frame.name(seat), x, y, size, colour, name_width)
    else:
        area = canvas.text(frame.name(seat), x, y, size, colour, "midleft", name_width)
    if wanted:
        right = (area.right - canvas.offset_x) / canvas.scale
        draw_tag(canvas, frame, seat, right + GAP, y, size if shape else size * 1.4, width)
    return area


def bottom_line(frame: Frame, shown: int | None = None) -> str:
    """Who is away and how to come back, and whom a bot covers meanwhile ("" if nobody);
    ``shown``: at most this many names in each list, the rest counted ("+3")."""
    parts = []
    if frame.room.get("reclaimable"):
        names = _names(frame, list(frame.room["reclaimable"]), shown)
        parts.append(frame.t("tv.board.reclaim", names=names))
    covered = seats_with(frame, "bot")
    if covered:
        parts.append(frame.t("tv.board.bots", names=_names(frame, covered, shown)))
    return "  ·  ".join(parts)


def _names(frame: Frame, seats: list[int], shown: int | None) -> str:
    names = [frame.name(seat) for seat in seats]
    if shown is None or len(names) <= shown:
        return ", ".join(names)
    return f"{', '.join(names[:shown])} +{len(names) - shown}"


def draw_bottom_line(canvas: Canvas, frame: Frame, left: float, bottom: float) -> None:
    """The bottom line, centred between ``left`` and the host-keys hint, in one line at the
    smallest legible size: with fewer names spelt out (the rest counted) when all do not fit."""
    right = corner.free_right(canvas, frame)
    pixels = max(6, round(theme.MIN_TEXT * canvas.scale))
    room = (right - left) * canvas.scale
    longest = len(frame.room.get("reclaimable") or []) + len(frame.seats())
    line = bottom_line(frame)
    for shown in range(longest, 0, -1):
        line = bottom_line(frame, shown)
        if canvas.fonts.size(line, pixels)[0] <= room:
            break
    if line:
        middle = (left + right) / 2
        canvas.text(line, middle, bottom, theme.MIN_TEXT, theme.ACCENT, "midbottom", right - left)
