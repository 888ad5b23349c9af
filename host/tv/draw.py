"""Drawing on a virtual 1920×1080 canvas scaled to any window, with a record of what was drawn.

Scenes lay themselves out in design units; :class:`Canvas` scales them uniformly (letterboxing a
window that is not 16:9) and renders text at the real pixel size, so 720p and 4K are both crisp.
Every text and named element drawn in a frame is recorded with its screen rectangle: tests read
that record to check what a viewer sees, and that nothing falls off the screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from host.tv import theme
from host.tv.fonts import FontBook
from host.tv.theme import Colour


@dataclass
class Drawn:
    kind: str  # "text" or "element"
    label: str
    rect: pygame.Rect
    size: float = 0.0  # of a text: the size it was drawn at, in design units (1080p pixels)


class StillPicture:
    """The last picture of a scene that stays the same until the next message, kept to be
    copied: a board drawn from scratch costs a 1080p frame about 3 ms of shapes and text, a
    copy a tenth of that, and the window redraws at 60 frames/s while a moment plays over it.
    The key says everything the picture depends on; the canvas's record of what was drawn is
    kept with it, so a copied frame reads to the tests exactly as a drawn one.

    A picture is kept only when it is asked for a second time in a row: keeping it is itself a
    whole-screen copy, wasted on a board that changes with every frame (a burst of votes), and
    the window's memory traffic is what slows the host beside it (docs/benchmarks.md, "TV")."""

    def __init__(self) -> None:
        self.key: object = None
        self.surface: pygame.Surface | None = None
        self.drawn: list[Drawn] = []

    def draw(self, canvas: Canvas, key: object, paint: Callable[[Canvas], None]) -> None:
        """``paint`` the whole screen (it must cover it, a fill first), or copy what it painted
        last time for the same key and screen size."""
        key = (key, canvas.surface.get_size(), canvas.surface.get_bitsize())
        if key == self.key and self.surface is not None:
            canvas.surface.blit(self.surface, (0, 0))
            canvas.drawn.extend(self.drawn)
            return
        before = len(canvas.drawn)
        paint(canvas)
        if key == self.key:  # the second frame of this picture: keep it for the next ones
            self.surface = canvas.surface.copy()
            self.drawn = canvas.drawn[before:]
        else:
            self.key, self.surface, self.drawn = key, None, []


@dataclass
class Canvas:
    surface: pygame.Surface
    fonts: FontBook
    drawn: list[Drawn] = field(default_factory=list)

    def __post_init__(self) -> None:
        width, height = self.surface.get_size()
        self.scale = min(width / theme.DESIGN_WIDTH, height / theme.DESIGN_HEIGHT)
        self.offset_x = (width - theme.DESIGN_WIDTH * self.scale) / 2
        self.offset_y = (height - theme.DESIGN_HEIGHT * self.scale) / 2

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
        self.surface.fill(colour)

    def dim(self, amount: float, towards: Colour = theme.BACKGROUND) -> None:
        """Fade the whole picture towards a colour (0: unchanged, 1: that colour).

        Two blended fills, no copy of the screen: a fraction of the cost of an alpha blit.
        """
        amount = min(1.0, max(0.0, amount))
        keep = round(255 * (1 - amount))
        self.surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        self.surface.fill(
            tuple(round(c * amount) for c in towards), special_flags=pygame.BLEND_RGB_ADD
        )

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
        pygame.draw.rect(self.surface, colour, area, border_radius=self.px(radius))
        if border is not None:
            pygame.draw.rect(
                self.surface, border, area, self.px(border_width), border_radius=self.px(radius)
            )
        return area

    def circle(self, x: float, y: float, r: float, colour: Colour, width: float = 0) -> pygame.Rect:
        return pygame.draw.circle(
            self.surface, colour, self.point(x, y), self.px(r), self.px(width) if width else 0
        )

    def line(
        self, x0: float, y0: float, x1: float, y1: float, colour: Colour, width: float
    ) -> None:
        pygame.draw.line(
            self.surface, colour, self.point(x0, y0), self.point(x1, y1), self.px(width)
        )

    def polygon(self, points: list[tuple[float, float]], colour: Colour, width: float = 0) -> None:
        pygame.draw.polygon(
            self.surface,
            colour,
            [self.point(x, y) for x, y in points],
            self.px(width) if width else 0,
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
        self.surface.blit(surface, area)
        self.drawn.append(Drawn("text", text, area, pixels / self.scale))
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
        lines = self.wrap(text, size, width)[:max_lines]
        for index, line in enumerate(lines):
            top = y + index * size * line_gap
            if centred:
                area = self.text(line, x + width / 2, top, size, colour, "midtop", width)
            else:
                area = self.text(line, x, top, size, colour, max_width=width)
            # Record the whole sentence once, so tests can look a catalog text up as written.
            if index == 0:
                self.drawn.append(Drawn("text", text, area, self.drawn[-1].size))
        return y + len(lines) * size * line_gap

    # -- game pieces -------------------------------------------------------------------------
    def seat_shape(self, seat: int, x: float, y: float, r: float) -> pygame.Rect:
        """The seat's own coloured shape, centred on (x, y), with a dark outline."""
        colour = theme.seat_colour(seat)
        shape = theme.seat_shape(seat)
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

    def qr(self, matrix: list[list[bool]], x: float, y: float, size: float) -> pygame.Rect:
        """The QR code, whole modules of equal pixel size (scanners dislike uneven modules)."""
        modules = len(matrix)
        module = max(1, int(size * self.scale) // modules)
        left, top = self.point(x, y)
        side = module * modules
        left += (round(size * self.scale) - side) // 2
        top += (round(size * self.scale) - side) // 2
        area = pygame.Rect(left, top, side, side)
        self.surface.blit(_qr_surface(tuple(map(tuple, matrix)), module), area)
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
