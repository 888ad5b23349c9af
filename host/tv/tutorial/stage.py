"""Where a tutorial is drawn: a heading, the picture (the real board's pieces, drawn on a 16:9
canvas of their own inside the screen) and the subtitles under it.

The picture gets its own :class:`Canvas` on a part of the screen, so a board scene or a moment
drawn there keeps its usual layout, only smaller; what it records is copied into the screen's
record so tests see every text where it really is. Any text that had to be cut to fit is also
recorded as an element ``cut:<text>`` (tests require none).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from host.tv import theme
from host.tv.draw import Canvas, Drawn
from host.tv.frame import Frame
from host.tv.theme import Colour

PICTURE = (240, 96, 1440, 810)  # x, y, w, h on the 1920×1080 design canvas (16:9)
SUBTITLE_TOP, SUBTITLE_WIDTH, SUBTITLE_LINES = 918, 1760, 2
SUBTITLE_SIZE, SUBTITLE_SMALLEST = 46, 34


def fits(canvas: Canvas, text: str, size: float, max_width: float) -> bool:
    """Whether ``canvas.text`` can show all of ``text`` within ``max_width`` (it shrinks a
    line to 60 %, never under ``theme.MIN_TEXT``, before cutting it)."""
    pixels = max(6, round(size * canvas.scale))
    floor = math.ceil(theme.MIN_TEXT * canvas.scale)
    smallest = max(6, min(pixels, max(floor, int(pixels * 0.6))))
    return canvas.fonts.size(text, smallest)[0] <= max_width * canvas.scale


@dataclass
class Stage:
    """One frame of a tutorial: the screen, the picture's canvas, the room and the demo table."""

    screen: Canvas
    picture: Canvas
    frame: Frame  # the real room: language, seats, who tried the flap
    names: list[str]  # the demo table's players (from the catalog)

    @classmethod
    def open(cls, screen: Canvas, frame: Frame) -> Stage:
        x, y, w, h = PICTURE
        area = screen.rect(x, y, w, h).clip(screen.surface.get_rect())
        picture = screen.inset(area)
        names = [n.strip() for n in frame.t("tv.tutorial.names").split(",") if n.strip()]
        return cls(screen, picture, frame, names)

    def close(self) -> None:
        """Copy the picture's record into the screen's, in screen coordinates."""
        offset = self.picture.surface.get_abs_offset()
        ratio = self.picture.scale / self.screen.scale
        for drawn in self.picture.drawn:
            self.screen.drawn.append(
                Drawn(drawn.kind, drawn.label, drawn.rect.move(offset), drawn.size * ratio)
            )

    def t(self, key: str, **facts: Any) -> str:
        return self.frame.t(key, **facts)

    def demo(self, view: dict[str, Any] | None, players: int, now: float = 0.0) -> Frame:
        """A frame of the demo table: ``players`` seats named from the catalog, this view."""
        seats = [
            {"seat": s, "name": self.names[s % len(self.names)], "connected": True}
            for s in range(players)
        ]
        room = {"phase": "playing", "seats": seats, "variants": [], "paused": False}
        message = {"type": "public", "room": room, "view": view}
        return Frame(message, self.frame.lang, now, None, self.frame.still)

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: Colour = theme.TEXT,
        anchor: str = "topleft",
        max_width: float = 1800,
        canvas: Canvas | None = None,
    ) -> None:
        """One line on the picture (or ``canvas``), noting it if it cannot fit whole."""
        target = canvas or self.picture
        if not fits(target, text, size, max_width):
            target.element(f"cut:{text}", target.rect(x, y, max_width, size))
        target.text(text, x, y, size, colour, anchor, max_width)

    def wrapped(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        width: float,
        colour: Colour = theme.TEXT,
        max_lines: int = 2,
    ) -> None:
        """Centred lines on the picture, smaller (to 60 %, not under ``theme.MIN_TEXT``) rather
        than cut; noted if even then it does not fit."""
        canvas = self.picture
        smallest = max(theme.MIN_TEXT, size * 0.6)

        def whole(at: float) -> bool:
            lines = canvas.wrap(text, at, width)
            return len(lines) <= max_lines and all(fits(canvas, line, at, width) for line in lines)

        while size > smallest and not whole(size):
            size -= 2
        if not whole(size):
            canvas.element(f"cut:{text}", canvas.rect(x, y, width, size))
        canvas.wrapped(text, x, y, size, width, colour, max_lines=max_lines, centred=True)

    def subtitle(self, text: str) -> None:
        """The beat's line under the picture: two lines at most, smaller rather than cut."""
        canvas = self.screen
        size: float = SUBTITLE_SIZE
        lines = canvas.wrap(text, size, SUBTITLE_WIDTH)
        while len(lines) > SUBTITLE_LINES and size > SUBTITLE_SMALLEST:
            size -= 2
            lines = canvas.wrap(text, size, SUBTITLE_WIDTH)
        if len(lines) > SUBTITLE_LINES:
            canvas.element(f"cut:{text}", canvas.rect(80, SUBTITLE_TOP, SUBTITLE_WIDTH, 120))
        gap = size * 1.22
        top = SUBTITLE_TOP + (SUBTITLE_LINES - min(len(lines), SUBTITLE_LINES)) * gap / 2
        for index, line in enumerate(lines[:SUBTITLE_LINES]):
            self.text(line, 960, top + index * gap, size, theme.WHITE, "midtop", 1800, canvas)
        canvas.element("subtitle", canvas.rect(80, SUBTITLE_TOP, SUBTITLE_WIDTH, 2 * gap))
        canvas.drawn.append(Drawn("text", text, canvas.rect(80, top, SUBTITLE_WIDTH, gap), size))
