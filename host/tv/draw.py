"""Drawing on a virtual 1920×1080 canvas scaled to any window, with a record of what was drawn.

Scenes lay themselves out in design units; :class:`Canvas` scales them uniformly (letterboxing a
window that is not 16:9) and renders text at the real pixel size, so 720p and 4K are both crisp.
Every text and named element drawn in a frame is recorded with its screen rectangle: tests read
that record to check what a viewer sees, and that nothing falls off the screen.

A canvas draws at once, or, given a :class:`~host.tv.damage.Recording`, notes each drawing call
for the window's painter, which draws only what differs from the frame on screen. Every pixel a
canvas changes goes through :meth:`Canvas._draw`, so both ways give the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from host.tv import theme
from host.tv.damage import Recording
from host.tv.fonts import FontBook
from host.tv.theme import Colour


@dataclass
class Drawn:
    kind: str  # "text" or "element"
    label: str
    rect: pygame.Rect
    size: float = 0.0  # of a text: the size it was drawn at, in design units (1080p pixels)
    cut: bool = False  # of a text: shortened with "…", or (a sentence) lines left out, to fit
    sentence: bool = False  # the whole of a wrapped text, over its first line's rectangle


class StillPicture:
    """The last picture of a scene that stays the same until the next message, kept to be
    repeated: a board drawn from scratch costs a 1080p frame about 2 ms of shapes and text, and
    the window draws 60 frames/s while a moment plays over it. The key says everything the
    picture depends on. What is kept is the picture's drawing calls (so the painter finds
    nothing changed under them) and the canvas's record of what was drawn, so a repeated frame
    reads to the tests exactly as a drawn one. A canvas that draws at once just paints."""

    def __init__(self) -> None:
        self.key: object = None
        self.calls: Recording | None = None
        self.drawn: list[Drawn] = []

    def draw(self, canvas: Canvas, key: object, paint: Callable[[Canvas], None]) -> None:
        """``paint`` the whole screen (it must cover it, a fill first), or repeat what it
        painted last time for the same key and screen."""
        recording = canvas.recording
        if recording is None:
            paint(canvas)
            return
        # The display's surface may stay the same object across a new mode (F11 on X11): its
        # size says the picture kept was drawn for another screen.
        key = (key, canvas.surface, canvas.surface.get_size())
        if key == self.key and self.calls is not None:
            recording.extend(self.calls)
            canvas.drawn.extend(self.drawn)
            return
        calls, drawn = len(recording), len(canvas.drawn)
        paint(canvas)
        self.key, self.calls, self.drawn = key, recording.since(calls), canvas.drawn[drawn:]


@dataclass
class Canvas:
    surface: pygame.Surface
    fonts: FontBook
    drawn: list[Drawn] = field(default_factory=list)
    recording: Recording | None = None  # None: draw at once
    looks: Sequence[int] = ()  # each seat's look (colour and shape), from the room; else the seat's

    def __post_init__(self) -> None:
        width, height = self.surface.get_size()
        self.scale = min(width / theme.DESIGN_WIDTH, height / theme.DESIGN_HEIGHT)
        self.offset_x = (width - theme.DESIGN_WIDTH * self.scale) / 2
        self.offset_y = (height - theme.DESIGN_HEIGHT * self.scale) / 2
        self._shift = self.surface.get_abs_offset()  # where a part of the screen sits on it
        self._bounds = pygame.Rect(self._shift, (width, height))
        self._inset = self.surface.get_parent() is not None

    def inset(self, area: pygame.Rect) -> Canvas:
        """A canvas of its own on a part of this one's surface, drawn the same way."""
        inset = Canvas(self.surface.subsurface(area), self.fonts, recording=self.recording)
        inset.looks = self.looks
        return inset

    def _draw(
        self, key: tuple[Any, ...], area: pygame.Rect, draw: Callable[..., Any], *args: Any
    ) -> None:
        """``draw(surface, *args)`` now, or noted: ``key`` is everything its pixels depend on,
        ``area`` (on this surface) every pixel it may change."""
        if self.recording is None:
            draw(self.surface, *args)
            return
        if self._inset:
            key, area = (self._shift, *key), area.move(self._shift).clip(self._bounds)
        self.recording.add(key, area, (self.surface, self._bounds, self._shift, draw, args))

    # -- coordinates -------------------------------------------------------------------------
    def px(self, value: float) -> int:
        return max(1, round(value * self.scale)) if value > 0 else round(value * self.scale)

    def point(self, x: float, y: float) -> tuple[int, int]:
        return round(self.offset_x + x * self.scale), round(self.offset_y + y * self.scale)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        left, top = self.point(x, y)
        right, bottom = self.point(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    # -- records -----------------------------------------------------------------------------
    def element(self, label: str, rect: pygame.Rect) -> None:
        self.drawn.append(Drawn("element", label, rect))

    def texts(self) -> list[str]:
        return [d.label for d in self.drawn if d.kind == "text"]

    def elements(self) -> list[str]:
        return [d.label for d in self.drawn if d.kind == "element"]

    # -- shapes ------------------------------------------------------------------------------
    def fill(self, colour: Colour) -> None:
        self._fill(colour, 0)

    def _fill(self, colour: Colour, flags: int) -> None:
        area = self.surface.get_rect()
        self._draw(("fill", colour, flags), area, pygame.Surface.fill, colour, None, flags)

    def dim(self, amount: float, towards: Colour = theme.BACKGROUND) -> None:
        """Fade the whole picture towards a colour (0: unchanged, 1: that colour).

        Two blended fills, no copy of the screen: a fraction of the cost of an alpha blit.
        """
        amount = min(1.0, max(0.0, amount))
        keep = round(255 * (1 - amount))
        self._fill((keep, keep, keep), pygame.BLEND_RGB_MULT)
        r, g, b = (round(c * amount) for c in towards)
        self._fill((r, g, b), pygame.BLEND_RGB_ADD)

    def panel(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        colour: Colour = theme.PANEL,
        radius: float = 24,
        border: Colour | None = None,
        border_width: float = 4,
    ) -> pygame.Rect:
        area = self.rect(x, y, w, h)
        self._rect(colour, area, 0, self.px(radius))
        if border is not None:
            self._rect(border, area, self.px(border_width), self.px(radius))
        return area

    def _rect(self, colour: Colour, area: pygame.Rect, width: int, radius: int) -> None:
        key = ("rect", colour, area.x, area.y, area.w, area.h, width, radius)
        self._draw(key, area, pygame.draw.rect, colour, area, width, radius)

    def circle(self, x: float, y: float, r: float, colour: Colour, width: float = 0) -> pygame.Rect:
        """A disc or a ring; returns the square it may cover."""
        centre, radius = self.point(x, y), self.px(r)
        thickness = self.px(width) if width else 0
        area = pygame.Rect(
            centre[0] - radius - 1, centre[1] - radius - 1, 2 * radius + 3, 2 * radius + 3
        )
        key = ("circle", colour, centre, radius, thickness)
        self._draw(key, area, pygame.draw.circle, colour, centre, radius, thickness)
        return area

    def line(
        self, x0: float, y0: float, x1: float, y1: float, colour: Colour, width: float
    ) -> None:
        start, end, thickness = self.point(x0, y0), self.point(x1, y1), self.px(width)
        area = _around((start, end), thickness)
        key = ("line", colour, start, end, thickness)
        self._draw(key, area, pygame.draw.line, colour, start, end, thickness)

    def polygon(self, points: list[tuple[float, float]], colour: Colour, width: float = 0) -> None:
        corners = tuple(self.point(x, y) for x, y in points)
        thickness = self.px(width) if width else 0
        key = ("polygon", colour, corners, thickness)
        self._draw(
            key, _around(corners, thickness), pygame.draw.polygon, colour, corners, thickness
        )

    # -- text --------------------------------------------------------------------------------
    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: Colour = theme.TEXT,
        anchor: str = "topleft",
        max_width: float | None = None,
    ) -> pygame.Rect:
        """Draw one line; shrink it (down to 60 %, never under ``theme.MIN_TEXT``) then cut it
        with '…' to fit ``max_width``."""
        pixels = max(6, round(size * self.scale))
        surface = self.fonts.render(text, pixels, colour)
        shown = text
        if max_width is not None:
            limit = max_width * self.scale
            floor = math.ceil(theme.MIN_TEXT * self.scale)
            smallest = max(6, min(pixels, max(floor, int(pixels * 0.6))))
            if surface.get_width() > limit:
                pixels = max(smallest, int(pixels * limit / surface.get_width()))
                surface = self.fonts.render(text, pixels, colour)
            while surface.get_width() > limit and pixels > smallest:  # widths are not linear
                pixels -= 1
                surface = self.fonts.render(text, pixels, colour)
            while surface.get_width() > limit and len(shown) > 1:
                shown = shown[:-2].rstrip() + "…"
                surface = self.fonts.render(shown, pixels, colour)
        area = surface.get_rect(**{anchor: self.point(x, y)})
        key = ("text", shown, pixels, colour, area.x, area.y)
        self._draw(key, area, pygame.Surface.blit, surface, area)
        self.drawn.append(Drawn("text", text, area, pixels / self.scale, shown != text))
        return area

    def wrap(self, text: str, size: float, width: float) -> list[str]:
        """The lines ``text`` takes at this size within ``width`` (greedy, word by word)."""
        pixels = max(6, round(size * self.scale))
        limit = width * self.scale
        lines: list[str] = []
        for word in text.split():
            if lines and self.fonts.size(f"{lines[-1]} {word}", pixels)[0] <= limit:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def wrapped(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        width: float,
        colour: Colour = theme.TEXT,
        line_gap: float = 1.25,
        max_lines: int = 4,
        centred: bool = False,
    ) -> float:
        """Draw text wrapped to ``width``; returns the y below the last line (design units)."""
        every = self.wrap(text, size, width)
        lines = every[:max_lines]
        drawn = len(self.drawn)
        for index, line in enumerate(lines):
            top = y + index * size * line_gap
            if centred:
                area = self.text(line, x + width / 2, top, size, colour, "midtop", width)
            else:
                area = self.text(line, x, top, size, colour, max_width=width)
            # Record the whole sentence once, so tests can look a catalog text up as written.
            if index == 0:
                self.drawn.append(Drawn("text", text, area, self.drawn[-1].size, sentence=True))
        if lines:
            cut = len(every) > len(lines) or any(d.cut for d in self.drawn[drawn:])
            self.drawn[drawn + 1].cut = cut
        return y + len(lines) * size * line_gap

    # -- game pieces -------------------------------------------------------------------------
    def seat_shape(self, seat: int, x: float, y: float, r: float) -> pygame.Rect:
        """The seat's own coloured shape, centred on (x, y), with a dark outline."""
        look = self.looks[seat] if 0 <= seat < len(self.looks) else seat
        colour = theme.seat_colour(look)
        shape = theme.seat_shape(look)
        outline = theme.BACKGROUND
        if shape in ("circle", "ring"):
            self.circle(x, y, r, outline)
            self.circle(x, y, r * 0.86, colour)
            if shape == "ring":
                self.circle(x, y, r * 0.42, outline)
        elif shape == "square":
            self.panel(x - r, y - r, 2 * r, 2 * r, outline, radius=r * 0.2)
            self.panel(x - r * 0.82, y - r * 0.82, 1.64 * r, 1.64 * r, colour, radius=r * 0.15)
        elif shape == "plus":
            t = r * 0.42
            for scale, paint in ((1.0, outline), (0.8, colour)):
                a, b = r * scale, t * scale
                self.panel(x - a, y - b, 2 * a, 2 * b, paint, radius=0)
                self.panel(x - b, y - a, 2 * b, 2 * a, paint, radius=0)
        else:
            sides, rotation, star = {
                "triangle": (3, -90, False),
                "triangle_down": (3, 90, False),
                "diamond": (4, 0, False),
                "pentagon": (5, -90, False),
                "hexagon": (6, 0, False),
                "star": (5, -90, True),
            }[shape]
            for scale, paint in ((1.0, outline), (0.8, colour)):
                self.polygon(_polygon(x, y, r * scale, sides, rotation, star), paint)
        area = self.rect(x - r, y - r, 2 * r, 2 * r)
        self.element(f"seat:{seat}", area)
        return area

    def seat_badge(
        self,
        seat: int,
        name: str,
        x: float,
        y: float,
        size: float = 40,
        colour: Colour = theme.TEXT,
        max_width: float | None = None,
    ) -> pygame.Rect:
        """Shape then name, vertically centred on y; returns the name's rectangle."""
        self.seat_shape(seat, x + size * 0.5, y, size * 0.5)
        width = None if max_width is None else max_width - size * 1.3
        return self.text(name, x + size * 1.3, y, size * 0.85, colour, "midleft", width)

    def check(self, x: float, y: float, r: float, colour: Colour = theme.GOOD) -> None:
        """A disc with a check mark: approve / open / confirmed."""
        self.circle(x, y, r, colour)
        self.line(x - r * 0.5, y, x - r * 0.12, y + r * 0.4, theme.WHITE, r * 0.22)
        self.line(x - r * 0.12, y + r * 0.4, x + r * 0.55, y - r * 0.42, theme.WHITE, r * 0.22)

    def cross(self, x: float, y: float, r: float, colour: Colour = theme.BAD) -> None:
        """A square with a cross: reject / blown / sabotage."""
        self.panel(x - r, y - r, 2 * r, 2 * r, colour, radius=r * 0.25)
        d = r * 0.5
        self.line(x - d, y - d, x + d, y + d, theme.WHITE, r * 0.24)
        self.line(x - d, y + d, x + d, y - d, theme.WHITE, r * 0.24)

    def crown(self, x: float, y: float, r: float, colour: Colour = theme.ACCENT) -> None:
        """The Boss's crown, centred on (x, y): three points on a band. No player's look is a
        crown (theme.SEAT_SHAPES): a star beside names read as a player's own star (QA)."""
        points = [(8, 80), (8, 28), (30, 52), (50, 16), (70, 52), (92, 28), (92, 80)]
        scale = r / 50
        self.polygon([(x + (px - 50) * scale, y + (py - 50) * scale) for px, py in points], colour)

    def qr(self, matrix: list[list[bool]], x: float, y: float, size: float) -> pygame.Rect:
        """The QR code, whole modules of equal pixel size (scanners dislike uneven modules)."""
        modules = len(matrix)
        module = max(1, int(size * self.scale) // modules)
        left, top = self.point(x, y)
        side = module * modules
        left += (round(size * self.scale) - side) // 2
        top += (round(size * self.scale) - side) // 2
        area = pygame.Rect(left, top, side, side)
        picture = _qr_surface(tuple(map(tuple, matrix)), module)
        self._draw(("blit", picture, area.x, area.y), area, pygame.Surface.blit, picture, area)
        self.element("qr", area)
        return area


@lru_cache(maxsize=4)
def _qr_surface(matrix: tuple[tuple[bool, ...], ...], module: int) -> pygame.Surface:
    side = module * len(matrix)
    surface = pygame.Surface((side, side))
    surface.fill(theme.WHITE)
    for row_index, row in enumerate(matrix):
        for column, dark in enumerate(row):
            if dark:
                surface.fill(theme.BLACK, (column * module, row_index * module, module, module))
    return surface


def _around(points: tuple[tuple[int, int], ...], thickness: int) -> pygame.Rect:
    """A rectangle holding every pixel a line or polygon through ``points`` may colour."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    margin = thickness + 2
    left, top = min(xs) - margin, min(ys) - margin
    return pygame.Rect(left, top, max(xs) + margin - left + 1, max(ys) + margin - top + 1)


def _polygon(
    x: float, y: float, r: float, sides: int, rotation: float, star: bool
) -> list[tuple[float, float]]:
    points = []
    count = sides * 2 if star else sides
    for i in range(count):
        radius = r if not star or i % 2 == 0 else r * 0.45
        angle = math.radians(rotation + i * 360 / count)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return points
