"""The audience at the end: what each member suspected, lock by lock (or trick by trick), beside
the truth, and who read the table best (room part ``audience_result``, public after the end).

Suspects are drawn as the seats' own shapes (colour is never the only clue) and a member's final
guess by name; a round they had not marked yet is a dash.
"""

from __future__ import annotations

from typing import Any

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.games import TV_GAMES

MAX_ROWS = 8  # members shown, best first (the Room sorts them); the rest are counted


def has_result(room: dict[str, Any]) -> bool:
    result = room.get("audience_result") or {}
    return bool(result.get("members"))


def round_label(frame: Frame, number: int) -> str:
    key = TV_GAMES[frame.game].round_label if frame.game in TV_GAMES else "tv.end.lock_short"
    return frame.t(key, number=number)


def draw(canvas: Canvas, frame: Frame, top: float, bottom: float) -> None:
    result = frame.room.get("audience_result") or {}
    members = list(result.get("members") or [])
    truth = list(result.get("truth") or [])
    rounds = max((len(m.get("rounds") or []) for m in members), default=0)
    canvas.text(frame.t("tv.audience.title"), 960, top, 52, theme.ACCENT, "midtop", 1800)
    truth_names = ", ".join(frame.name(seat) for seat in truth)
    canvas.text(
        frame.t("tv.audience.truth", names=truth_names),
        960,
        top + 72,
        36,
        theme.TEXT,
        "midtop",
        1800,
    )
    best = result.get("best")
    line = best_line(frame, result) if best else frame.t("tv.audience.no_best")
    canvas.text(line, 960, top + 124, 36, theme.GOOD if best else theme.MUTED, "midtop", 1800)
    canvas.element(f"audience_best:{best}", canvas.rect(60, top + 124, 1800, 44))
    # The best and all who tied with it (rows come best first), named or only counted above.
    top_score = members[0].get("score") if best and members else None
    x_name, x_rounds, x_score = 70, 460, 1740
    header = top + 200
    column = (x_score - 40 - x_rounds) / max(1, rounds)
    canvas.text(frame.t("tv.audience.member"), x_name, header, 26, theme.MUTED, max_width=380)
    for index in range(rounds):
        cx = x_rounds + index * column + column / 2
        canvas.text(round_label(frame, index + 1), cx, header, 26, theme.MUTED, "midtop", column)
    canvas.text(frame.t("tv.audience.score"), 1860, header, 26, theme.MUTED, "topright", 200)
    shown = members[:MAX_ROWS]
    row_height = min(76.0, (bottom - header - 150) / max(1, len(shown)))
    hidden = set(truth)
    for row_index, member in enumerate(shown):
        y = header + 44 + row_index * row_height
        cy = y + row_height / 2
        if row_index % 2 == 0:
            canvas.panel(50, y, 1820, row_height, theme.PANEL, radius=12)
        name = str(member.get("name", ""))
        colour = theme.ACCENT if top_score and member.get("score") == top_score else theme.TEXT
        canvas.text(name, x_name, cy, min(36, row_height * 0.5), colour, "midleft", 380)
        for index, marked in enumerate(member.get("rounds") or []):
            cx = x_rounds + index * column + column / 2
            if marked is None:
                canvas.text("—", cx, cy, 30, theme.FAINT, "center", column)
                continue
            _suspects(canvas, list(marked), hidden, cx, cy, min(column, 200), row_height)
        score = round(100 * float(member.get("score") or 0))
        canvas.text(
            frame.t("tv.audience.percent", value=score), 1860, cy, 34, colour, "midright", 200
        )
        canvas.element(f"audience:{name}", canvas.rect(50, y, 1820, row_height))
    left_out = max(0, len(members) - MAX_ROWS) + int(result.get("more") or 0)  # and the host's
    if left_out:
        more = frame.t("tv.audience.more", count=left_out)
        canvas.text(more, 960, bottom - 96, 28, theme.MUTED, "midtop", 1800)
    _legend(canvas, frame, bottom - 30)


def best_line(frame: Frame, result: dict[str, Any]) -> str:
    """Who read the table best: one name, or every one who scored as well (a tie)."""
    best = str(result.get("best"))
    tied = [str(name) for name in result.get("tied_with") or []]
    more = int(result.get("tied_more") or 0)
    if more:
        return frame.t("tv.audience.best_tied_more", names=", ".join([best, *tied]), count=more)
    if tied:
        names = ", ".join([best, *tied[:-1]])
        return frame.t("tv.audience.best_tied", names=names, last=tied[-1])
    return frame.t("tv.audience.best", name=best)


def _legend(canvas: Canvas, frame: Frame, y: float) -> None:
    """Every seat's shape with its name, so the rows read without knowing the colours."""
    seats = [int(s["seat"]) for s in frame.seats() if s.get("seat") is not None]
    chip = min(300.0, 1800 / max(1, len(seats)))
    for index, seat in enumerate(seats):
        canvas.seat_badge(seat, frame.name(seat), 60 + index * chip, y, 30, max_width=chip - 10)


def _suspects(
    canvas: Canvas,
    seats: list[int],
    hidden: set[int],
    cx: float,
    cy: float,
    width: float,
    height: float,
) -> None:
    """The suspected seats' shapes side by side; a right guess gets a ring of the good colour."""
    if not seats:
        canvas.text("∅", cx, cy, 30, theme.MUTED, "center", width)
        return
    r = min(height * 0.28, width / (2.6 * len(seats)))
    step = r * 2.5
    left = cx - step * (len(seats) - 1) / 2
    for index, seat in enumerate(seats):
        x = left + index * step
        if seat in hidden:
            canvas.circle(x, cy, r * 1.2, theme.GOOD, width=3)
        canvas.seat_shape(seat, x, cy, r)
