"""The "try the flap" chapter, the same in every game: a phone whose flap is dragged up, held
and let go over a practice role, and beside it the table, each player ticked off once their
phone says they have tried it (room part ``tutorial.tried_flap``)."""

from __future__ import annotations

from host.tv import theme
from host.tv.tutorial.stage import Stage

CYCLE = 4.0  # seconds of one drag, hold and let go
LIFT_AT, HELD_AT, DROP_AT = 0.8, 1.4, 3.0
LIFT = 430.0
SCREEN = (330.0, 180.0, 400.0, 740.0)  # the phone's screen in picture units


def lift(t: float, still: bool) -> float:
    """How far the flap is up ``t`` seconds into the chapter: up, held, then dropped at once."""
    phase = t % CYCLE
    if phase < LIFT_AT or phase >= DROP_AT:
        return 0.0
    if still or phase >= HELD_AT:
        return LIFT
    x = (phase - LIFT_AT) / (HELD_AT - LIFT_AT)
    return LIFT * (1 - (1 - x) ** 3)


def step(t: float) -> int:
    """Which of drag (0), hold (1) and let go (2) the phone is showing."""
    phase = t % CYCLE
    return 0 if phase < HELD_AT else 1 if phase < DROP_AT else 2


def draw(stage: Stage, t: float) -> None:
    canvas = stage.picture
    x, y, w, h = SCREEN
    canvas.panel(x - 36, y - 80, w + 72, h + 160, theme.BLACK, radius=60, border=theme.FAINT)
    canvas.panel(x, y, w, h, theme.PANEL, radius=18)
    # Under the flap: a practice role, the same for everybody.
    stage.text(
        stage.t("tv.tutorial.flap.practice"),
        x + w / 2,
        y + h - 330,
        30,
        theme.MUTED,
        "midtop",
        w - 30,
    )
    stage.text(
        stage.t("tv.tutorial.flap.role"), x + w / 2, y + h - 270, 44, theme.ACCENT, "midtop", w - 30
    )
    canvas.check(x + w / 2, y + h - 120, 50)
    up = lift(t, stage.frame.still)
    flap = canvas.panel(x, y, w, h - up, theme.PANEL_LIGHT, radius=18, border=theme.ACCENT)
    canvas.element("flap", flap)
    canvas.panel(x + w / 2 - 60, y + h - up - 34, 120, 12, theme.FAINT, radius=6)
    if up > 0:  # the finger holding the flap up
        canvas.circle(x + w / 2, y + h - up - 28, 44, theme.mix(theme.TEXT, theme.ACCENT, 0.4))
    hints = ["tv.tutorial.flap.drag", "tv.tutorial.flap.hold", "tv.tutorial.flap.let_go"]
    now = step(t)
    for index, key in enumerate(hints):
        colour = theme.ACCENT if index == now else theme.MUTED
        stage.text(
            f"{index + 1}. {stage.t(key)}", 860, 200 + index * 80, 44, colour, "topleft", 960
        )
    _tried(stage)


def _tried(stage: Stage) -> None:
    canvas, frame = stage.picture, stage.frame
    # Those who may try it: a bot the leader added has no phone to try it on.
    seats = [s for s in frame.seats() if not (s.get("removed") or s.get("bot_seat"))]
    tried = set((frame.room.get("tutorial") or {}).get("tried_flap") or [])
    count = sum(1 for s in seats if s.get("seat") in tried)
    canvas.panel(840, 470, 1020, 560, theme.PANEL, radius=28)
    if not seats:
        canvas.wrapped(stage.t("tv.tutorial.flap.nobody"), 880, 510, 40, 940, theme.FAINT)
        return
    heading = stage.t("tv.tutorial.flap.tried", count=count, total=len(seats))
    stage.text(heading, 880, 500, 40, theme.TEXT, "topleft", 940)
    for index, seat in enumerate(seats):
        column, row = divmod(index, 5)
        left, middle = 880 + column * 480, 600 + row * 84
        number = int(seat.get("seat", index))
        if number in tried:
            canvas.check(left + 26, middle, 26)
        else:
            canvas.circle(left + 26, middle, 24, theme.FAINT, width=4)
        canvas.element(
            f"flap_tried:{number}:{'yes' if number in tried else 'no'}",
            canvas.rect(left, middle - 30, 440, 60),
        )
        canvas.seat_badge(number, str(seat.get("name", "")), left + 70, middle, 46, max_width=370)
