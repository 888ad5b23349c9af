"""The end of the game: the winner, then everything that was secret — roles, cards, marks."""

from __future__ import annotations

from typing import Any

from engine.mole.vocabulary import BLOWN, CLEAN, CREW_SIDE, LOOKOUT, MOLES_SIDE, OPEN, side_of
from host.tv import corner, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene


def winner(result: dict[str, Any]) -> str:
    """The winning side, from the result header every game's result starts with."""
    winners = result.get("winners") or [result.get("winner") or CREW_SIDE]
    return str(winners[0])


class RevealScene(Scene):
    def draw(self, canvas: Canvas, frame: Frame) -> None:
        view = frame.view or {}
        result: dict[str, Any] = view.get("result") or {}
        side = winner(result)
        colour = theme.CREW if side == CREW_SIDE else theme.MOLES
        canvas.panel(40, 24, 1840, 190, colour, radius=30)
        canvas.text(frame.t(f"mole.winner.{side}"), 960, 40, 84, theme.WHITE, "midtop", 1760)
        canvas.element(f"winner:{side}", canvas.rect(40, 24, 1840, 190))
        reason = result.get("ending") or result.get("reason")
        if reason:
            canvas.text(frame.t(f"mole.ending.{reason}"), 960, 146, 34, theme.WHITE, "midtop", 1760)
        self._getaway_line(canvas, frame, result)
        self._table(canvas, frame, view, result)
        again = "tv.end.demo_again" if frame.room.get("demo") else "tv.end.rematch"
        footer = f"{frame.t('tv.replay.offer')}  ·  {frame.t(again)}"
        corner.line_beside_hint(canvas, frame, footer, 60, 1064, 26, theme.MUTED)

    def _getaway_line(self, canvas: Canvas, frame: Frame, result: dict[str, Any]) -> None:
        if not result.get("marks"):
            return
        accused, protected = result.get("accused"), result.get("protected")
        parts = [
            frame.t("tv.end.accused", name=frame.name(accused))
            if accused is not None
            else frame.t("tv.end.no_accused"),
            frame.t("tv.end.protected", name=frame.name(protected))
            if protected is not None
            else frame.t("tv.end.no_protected"),
        ]
        canvas.text("   ·   ".join(parts), 960, 232, 30, theme.ACCENT, "midtop", 1800)

    def _table(
        self, canvas: Canvas, frame: Frame, view: dict[str, Any], result: dict[str, Any]
    ) -> None:
        roles = list(result.get("roles") or [])
        marks = list(result.get("marks") or [])
        plays = {int(p["lock"]): p.get("cards") or {} for p in result.get("plays") or []}
        locks = view.get("locks") or []
        players = len(roles) or frame.player_count()
        top, row_height = 340, min(76, 660 / max(1, players))
        x_name, x_role, x_mark, x_locks = 70, 470, 850, 1200
        lock_width = min(100, 680 / max(1, len(locks)))
        header = theme.MUTED
        canvas.text(frame.t("tv.end.player"), x_name, 290, 26, header)
        canvas.text(frame.t("tv.end.role"), x_role, 290, 26, header, max_width=360)
        if marks:
            canvas.text(frame.t("tv.end.mark"), x_mark, 290, 26, header, max_width=330)
        for index, lock in enumerate(locks):
            cx = x_locks + index * lock_width + lock_width / 2
            tint = {OPEN: theme.GOOD, BLOWN: theme.BAD}.get(lock.get("result"), header)
            label = frame.t("tv.end.lock_short", number=index + 1)
            canvas.text(label, cx, 290, 24, tint, "midtop", lock_width)
        alibis = [a for a in result.get("alibis") or [] if a.get("seat") is not None]
        lookout = roles.index(LOOKOUT) if LOOKOUT in roles else None
        role_width = (x_mark if marks else x_locks) - x_role - 60
        for seat in range(players):
            y = top + seat * row_height
            if seat % 2 == 0:
                canvas.panel(50, y, 1820, row_height, theme.PANEL, radius=12)
            cy = y + row_height / 2
            tags = []
            if seat == result.get("accused"):
                tags.append(frame.t("tv.end.tag_accused"))
            if seat == result.get("protected"):
                tags.append(frame.t("tv.end.tag_protected"))
            # A tag goes under the name: the name moves up and gives the tag its room.
            name_y = cy - (row_height * 0.18 if tags else 0)
            name_size = min(42, row_height * (0.55 if tags else 0.7))
            canvas.seat_badge(seat, frame.name(seat), x_name, name_y, name_size, max_width=380)
            role = roles[seat] if seat < len(roles) else None
            if role:
                mole = side_of(role) == MOLES_SIDE
                tint = theme.MOLES if mole else theme.CREW
                if mole:
                    canvas.cross(x_role + 14, cy, 13, tint)
                else:
                    canvas.check(x_role + 14, cy, 14, tint)
                canvas.text(
                    frame.t(f"mole.role.{role}"),
                    x_role + 40,
                    cy - (row_height * 0.2 if seat == lookout and alibis else 0),
                    30 if seat != lookout or not alibis else 28,
                    tint,
                    "midleft",
                    role_width,
                )
                canvas.element(f"role:{seat}:{role}", canvas.rect(x_role, y, 360, row_height))
            if marks and seat < len(marks):
                target = marks[seat]
                canvas.text("→ " + frame.name(target), x_mark, cy, 28, theme.TEXT, "midleft", 330)
                canvas.element(f"mark:{seat}:{target}", canvas.rect(x_mark, y, 330, row_height))
            for index in range(len(locks)):
                card = plays.get(index, {}).get(str(seat))
                if card is None:
                    continue
                cx = x_locks + index * lock_width + lock_width / 2
                if card == CLEAN:
                    canvas.check(cx, cy, row_height * 0.3)
                else:
                    canvas.cross(cx, cy, row_height * 0.28)
                canvas.element(
                    f"played:{index}:{seat}:{card}", canvas.rect(cx - 20, y, 40, row_height)
                )
            if tags:  # under the name, where the eye already is
                canvas.text(
                    " · ".join(tags),
                    x_name + 52,
                    cy + row_height * 0.3,
                    theme.MIN_TEXT,
                    theme.ACCENT,
                    "midleft",
                    330,
                )
            if seat == lookout and alibis:
                # The Lookout's secret file, now public: who it cleared, and for which lock.
                cleared = ", ".join(
                    frame.t("tv.end.alibi", name=frame.name(a["seat"]), lock=int(a["lock"]) + 1)
                    for a in alibis
                )
                canvas.text(
                    cleared,
                    x_role + 40,
                    cy + row_height * 0.3,
                    theme.MIN_TEXT,
                    theme.MUTED,
                    "midleft",
                    role_width,
                )
                canvas.element(f"alibis:{seat}", canvas.rect(x_role, y, role_width, row_height))
