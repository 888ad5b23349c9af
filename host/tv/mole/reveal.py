"""The end of the game: the winner, then everything that was secret — roles, cards, marks."""

from __future__ import annotations

from typing import Any

from engine.mole.vocabulary import BLOWN, CLEAN, CREW_SIDE, LOOKOUT, MOLES_SIDE, OPEN, side_of
from host.tv import corner, strip, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.mole import names
from host.tv.scene import Scene

TABLE_TOP, TABLE_HEIGHT, TABLE_RIGHT = 340, 660, 1870
ROW_HEIGHT = 76  # at most: fewer players do not spread over the whole table
# The winner's banner: top, height, the title's top and size, the ending's top.
BANNER = (24, 190, 40, 84, 146)
BANNER_UNDER_BAR = (strip.STRIP_BOTTOM, 126, strip.STRIP_BOTTOM + 6, 64, 164)
NAME_ROOM = 380  # a name's column, its seat's shape included
ROLE_LINE, FILE_LINE = 34, 27  # the Lookout's role (at 28) and each line of its file (at 24)


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
        # Under the room bar's strip while it shows (latecomers named at the end of a game), a
        # little shorter, ending where it always does.
        banner = BANNER_UNDER_BAR if strip.shows_bar(canvas, frame) else BANNER
        top, height, title_y, title_size, reason_y = banner
        canvas.panel(40, top, 1840, height, colour, radius=30)
        canvas.text(
            frame.t(f"mole.winner.{side}"), 960, title_y, title_size, theme.WHITE, "midtop", 1760
        )
        canvas.element(f"winner:{side}", canvas.rect(40, top, 1840, height))
        reason = result.get("ending") or result.get("reason")
        if reason:
            text = frame.t(f"mole.ending.{reason}")
            canvas.text(text, 960, reason_y, 34, theme.WHITE, "midtop", 1760)
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
        lock_width = min(100, 680 / max(1, len(locks)))
        # The locks' columns end at the right edge: what they leave goes to the roles, where
        # the Lookout's file is written.
        x_name, x_role = 70, 470
        x_locks = max(1200.0, TABLE_RIGHT - len(locks) * lock_width)
        x_mark = x_locks - 350
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
        lookout = roles.index(LOOKOUT) if LOOKOUT in roles and alibis else None
        role_width = (x_mark if marks else x_locks) - x_role - 60
        cleared = [
            frame.t("tv.end.alibi", name=frame.name(a["seat"]), lock=int(a["lock"]) + 1)
            for a in alibis
        ]
        file = file_lines(canvas, cleared, role_width) if lookout is not None else []
        heights = row_heights(players, lookout, file)
        tagged = {result.get("accused"), result.get("protected")} - {None}
        name_size = table_name_size(canvas, frame, players, min(heights), bool(tagged))
        y = float(TABLE_TOP)
        for seat in range(players):
            row_height = heights[seat]
            if seat % 2 == 0:
                canvas.panel(50, y, 1820, row_height, theme.PANEL, radius=12)
            cy = y + row_height / 2
            tags = []
            accused, protected = seat == result.get("accused"), seat == result.get("protected")
            if accused and protected:  # the Driver saved the accused: both in a tag's room
                tags.append(frame.t("tv.end.tag_accused_protected"))
            elif accused:
                tags.append(frame.t("tv.end.tag_accused"))
            elif protected:
                tags.append(frame.t("tv.end.tag_protected"))
            # A tag goes under the name: the name moves up and gives the tag its room.
            base = min(row_height, ROW_HEIGHT)  # the Lookout's taller row keeps the same name
            name_y = cy - (base * 0.18 if tags else 0)
            canvas.seat_badge(
                seat, frame.name(seat), x_name, name_y, name_size, max_width=NAME_ROOM
            )
            role = roles[seat] if seat < len(roles) else None
            if role:
                mole = side_of(role) == MOLES_SIDE
                tint = theme.MOLES if mole else theme.CREW
                if seat == lookout:
                    # The role, and under it the secret file, now public: who it cleared, and
                    # for which lock, every entry whole.
                    block = ROLE_LINE + len(file) * FILE_LINE
                    role_y = cy - block / 2 + ROLE_LINE / 2
                else:
                    role_y = cy
                if mole:
                    canvas.cross(x_role + 14, role_y, 13, tint)
                else:
                    canvas.check(x_role + 14, role_y, 14, tint)
                canvas.text(
                    frame.t(f"mole.role.{role}"),
                    x_role + 40,
                    role_y,
                    28 if seat == lookout else 30,
                    tint,
                    "midleft",
                    role_width,
                )
                canvas.element(f"role:{seat}:{role}", canvas.rect(x_role, y, 360, row_height))
                if seat == lookout:
                    for index, line in enumerate(file):
                        line_y = role_y + ROLE_LINE / 2 + FILE_LINE * (index + 0.5)
                        canvas.text(
                            line,
                            x_role + 40,
                            line_y,
                            theme.MIN_TEXT,
                            theme.MUTED,
                            "midleft",
                            role_width,
                        )
                    area = canvas.rect(x_role, y, role_width + 40, row_height)
                    canvas.element(f"alibis:{seat}", area)
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
                    canvas.check(cx, cy, base * 0.3)
                else:
                    canvas.cross(cx, cy, base * 0.28)
                canvas.element(
                    f"played:{index}:{seat}:{card}", canvas.rect(cx - 20, y, 40, row_height)
                )
            if tags:  # under the name, where the eye already is
                canvas.text(
                    " · ".join(tags),
                    x_name + 52,
                    cy + base * 0.3,
                    theme.MIN_TEXT,
                    theme.ACCENT,
                    "midleft",
                    330,
                )
            y += row_height


def table_name_size(
    canvas: Canvas, frame: Frame, players: int, row_height: float, tagged: bool
) -> float:
    """One size for every name of the table: as large as the rows allow (smaller when a tag
    goes under a name) and as the longest name needs to fit NAME_ROOM whole, never under the
    smallest legible name (QA: names of one table were set at mixed sizes)."""
    base = min(row_height, ROW_HEIGHT)
    size = min(42, base * (0.55 if tagged else 0.7))
    seats = list(range(players))
    floor = theme.MIN_TEXT / 0.85  # seat_badge draws a name at 0.85 of its size
    while size > floor and names.widest(canvas, frame, seats, size, tags=False) > NAME_ROOM:
        size -= 1
    return max(size, floor)


def file_lines(canvas: Canvas, entries: list[str], width: float) -> list[str]:
    """The Lookout's file in lines of ``width`` at the smallest legible size: as many whole
    entries to a line as fit, an entry wrapped only when it alone is wider."""
    lines: list[str] = []
    for entry in entries:
        together = f"{lines[-1]}, {entry}" if lines else entry
        if lines and len(canvas.wrap(together, theme.MIN_TEXT, width)) == 1:
            lines[-1] = together
            continue
        if lines:
            lines[-1] += ","
        lines.extend(canvas.wrap(entry, theme.MIN_TEXT, width))
    return lines


def row_heights(players: int, lookout: int | None, file: list[str]) -> list[float]:
    """Each player's row: the same for all, but the Lookout's as tall as its role and file
    need, the others sharing what is left of the table."""
    if lookout is None or not file:
        return [min(ROW_HEIGHT, TABLE_HEIGHT / max(1, players))] * players
    needed = ROLE_LINE + len(file) * FILE_LINE + 10
    others = min(ROW_HEIGHT, (TABLE_HEIGHT - needed) / max(1, players - 1))
    return [max(others, needed) if seat == lookout else others for seat in range(players)]
