"""The Getaway: siren lights, a car on the run, and who has confirmed their mark (never whom)."""

from __future__ import annotations

import math

from host.tv import checklist, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.mole.board import draw_locks
from host.tv.scene import Scene


class GetawayScene(Scene):
    # The siren and the car move: a modest frame rate keeps the CPU low during this short phase.
    frames_per_second = 24

    def animating(self, frame: Frame) -> bool:
        return not frame.still  # reduced motion: the lights and the car stand still

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        view = frame.view or {}
        t = 0.0 if frame.still else frame.now
        siren(canvas, t)
        # The title keeps below the strip at the top, where a first-game hint band lies.
        canvas.text(frame.t("tv.getaway.title"), 960, 96, 96, theme.TEXT, "midtop", 1700)
        canvas.wrapped(
            frame.t("tv.getaway.text"), 200, 212, 34, 1520, theme.TEXT, max_lines=3, centred=True
        )
        draw_locks(canvas, frame, view, top=350, height=190)
        car(canvas, t)
        confirmed = set((view.get("getaway") or {}).get("confirmed") or [])
        players = frame.player_count()
        canvas.text(
            frame.t("tv.getaway.confirmed", count=len(confirmed), total=players),
            960,
            560,
            40,
            theme.ACCENT,
            "midtop",
            1700,
        )
        grid = checklist.Grid(120, 650, 4, 430, 70, 40)
        checklist.draw(canvas, frame, list(range(players)), confirmed, grid, "confirmed")


def siren(canvas: Canvas, t: float) -> None:
    """The siren's lights along the top, red and blue in turn (``t``: seconds, 0 stands still)."""
    phase = int(t * 2.5) % 2
    left, right = (
        (theme.SIREN_RED, theme.SIREN_BLUE) if phase else (theme.SIREN_BLUE, theme.SIREN_RED)
    )
    glow = 0.55 + 0.45 * abs(math.sin(t * math.pi * 2.5))
    dim = theme.BACKGROUND
    canvas.panel(0, 0, 960, 40, theme.mix(dim, left, glow), radius=0)
    canvas.panel(960, 0, 960, 40, theme.mix(dim, right, 1.55 - glow), radius=0)
    canvas.element("siren", canvas.rect(0, 0, 1920, 40))


def car(canvas: Canvas, t: float) -> None:
    """The getaway van on the road, the patrol car after it."""
    road_y = 960
    canvas.panel(0, road_y + 40, 1920, 80, (40, 42, 52), radius=0)
    dash = (t * 600) % 160
    for i in range(14):
        canvas.panel(i * 160 - dash, road_y + 76, 80, 8, theme.MUTED, radius=2)
    x = 1100 + 120 * math.sin(t * 0.9)
    bounce = 4 * abs(math.sin(t * 9))
    y = road_y - 40 - bounce
    canvas.panel(x, y, 330, 70, theme.ACCENT, radius=18)
    canvas.panel(x + 60, y - 50, 190, 60, theme.ACCENT, radius=20)
    canvas.panel(x + 80, y - 40, 70, 40, (150, 200, 240), radius=8)
    canvas.panel(x + 160, y - 40, 70, 40, (150, 200, 240), radius=8)
    for wheel in (x + 70, x + 260):
        canvas.circle(wheel, y + 72, 30, theme.BLACK)
        canvas.circle(wheel, y + 72, 12, theme.MUTED)
    for i in range(3):  # speed lines
        canvas.panel(x - 160 + i * 30, y + 10 + i * 18, 120 - i * 30, 6, theme.MUTED, 3)
    canvas.element("car", canvas.rect(x, y - 50, 330, 150))
    _police(canvas, x - 640 - 60 * math.sin(t * 1.3), road_y - 40, t)


def _police(canvas: Canvas, x: float, y: float, t: float) -> None:
    """The patrol car in pursuit, its light bar flashing red and blue."""
    canvas.panel(x, y, 300, 66, theme.WHITE, radius=16)
    canvas.panel(x, y + 26, 300, 16, theme.SIREN_BLUE, radius=0)
    canvas.panel(x + 60, y - 44, 170, 54, theme.WHITE, radius=18)
    canvas.panel(x + 78, y - 34, 60, 34, (150, 200, 240), radius=8)
    canvas.panel(x + 150, y - 34, 60, 34, (150, 200, 240), radius=8)
    red_on = int(t * 5) % 2 == 0
    canvas.panel(x + 100, y - 62, 44, 20, theme.SIREN_RED if red_on else theme.FAINT, 6)
    canvas.panel(x + 146, y - 62, 44, 20, theme.FAINT if red_on else theme.SIREN_BLUE, 6)
    for wheel in (x + 64, x + 236):
        canvas.circle(wheel, y + 68, 28, theme.BLACK)
        canvas.circle(wheel, y + 68, 11, theme.MUTED)
    canvas.element("police", canvas.rect(x, y - 62, 300, 158))
