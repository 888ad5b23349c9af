"""The Mole in the Crew board: locks, Boss, team, rejection track, who has acted, vote history."""

from __future__ import annotations

from typing import Any

from engine.mole.vocabulary import BLOWN, BY_PATROL, CARDS, GETAWAY, OPEN, OVER, PROPOSE, VOTE
from host.tv import absent, checklist, corner, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene

HISTORY_LEFT, HISTORY_TOP, HISTORY_WIDTH = 1010, 330, 870
PANEL_BOTTOM = 1040  # the bottom line goes under the panels, beside the host-keys hint


class BoardScene(Scene):
    def still(self, frame: Frame) -> bool:
        return True  # drawn from the message alone, no clock

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        view = frame.view or {}
        name = canvas.text(frame.t(f"{frame.game}.name"), 60, 28, 40, theme.ACCENT, max_width=800)
        name_right = (name.right - canvas.offset_x) / canvas.scale
        canvas.text(
            frame.t("tv.board.goal", open=view.get("to_open", 3), blow=view.get("to_blow", 3)),
            1860,
            36,
            28,
            theme.MUTED,
            "topright",
            max_width=1860 - name_right - 48,  # all the room right of the game's name
        )
        draw_locks(canvas, frame, view, top=90, height=200)
        self._round(canvas, frame, view)
        draw_history(canvas, frame, view)
        absent.draw_bottom_line(canvas, frame, 60, corner.BOTTOM)

    def _round(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        phase = view.get("phase")
        boss = view.get("boss")
        lock = view.get("lock")
        locks = view.get("locks") or []
        size = locks[lock]["team_size"] if isinstance(lock, int) and lock < len(locks) else 0
        team = list(view.get("team") or [])
        proposals = view.get("proposals") or []
        if phase == CARDS and proposals:
            # The engine has already passed the Boss on; the team at work is the last one chosen.
            boss, team = proposals[-1].get("boss"), list(proposals[-1].get("team") or team)
        canvas.panel(40, 320, 940, PANEL_BOTTOM - 320, theme.PANEL, radius=28)
        # The Boss.
        canvas.text(frame.t("tv.board.boss"), 80, 346, 30, theme.MUTED)
        if boss is not None:
            absent.badge(canvas, frame, boss, 80, 420, 64, theme.ACCENT, max_width=860)
            canvas.element(f"boss:{boss}", canvas.rect(80, 388, 860, 64))
        # What happens now.
        if phase == PROPOSE:
            line = frame.t("tv.board.phase.propose", name=frame.name(boss), size=size)
        elif phase == VOTE:
            line = frame.t("tv.board.phase.vote", needed=view.get("approvals_needed", 0))
        elif phase == CARDS:
            line = frame.t("tv.board.phase.cards")
        else:
            line = ""
        canvas.wrapped(line, 80, 478, 38, 860, theme.TEXT, max_lines=2)
        # The team on the table.
        canvas.text(frame.t("tv.board.team", size=size), 80, 600, 30, theme.MUTED)
        if team:
            for index, seat in enumerate(team):
                column, row = divmod(index, 3)
                absent.badge(
                    canvas, frame, seat, 80 + row * 300, 662 + column * 58, 46, max_width=290
                )
                canvas.element(
                    f"team:{seat}", canvas.rect(80 + row * 300, 639 + column * 58, 290, 46)
                )
        else:
            canvas.text(frame.t("tv.board.team_pending"), 80, 642, 34, theme.FAINT, max_width=860)
        self._rejections(canvas, frame, view)
        self._who_acted(canvas, frame, view, team)

    def _rejections(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        rejections = int(view.get("rejections") or 0)
        patrol_at = int(view.get("patrol_at") or 3)
        canvas.text(frame.t("tv.board.rejections"), 80, 790, 30, theme.MUTED)
        for step in range(patrol_at):
            x = 380 + step * 110
            if step < rejections:
                canvas.cross(x, 808, 34)
            else:
                canvas.panel(
                    x - 34,
                    774,
                    68,
                    68,
                    theme.PANEL_LIGHT,
                    radius=10,
                    border=theme.BAD if step == patrol_at - 1 else theme.FAINT,
                )
            canvas.element(
                f"rejection:{step}:{'on' if step < rejections else 'off'}",
                canvas.rect(x - 34, 774, 68, 68),
            )
        canvas.text(
            frame.t("tv.board.patrol"),
            380 + patrol_at * 110 - 60,
            808,
            30,
            theme.BAD,
            "midleft",
            300,
        )
        if rejections == patrol_at - 1 and view.get("phase") in (PROPOSE, VOTE):
            canvas.text(frame.t("tv.board.patrol_warning"), 80, 850, 28, theme.BAD, max_width=860)

    def _who_acted(
        self, canvas: Canvas, frame: Frame, view: dict[str, Any], team: list[int]
    ) -> None:
        phase = view.get("phase")
        players = frame.player_count()
        if phase == VOTE:
            acting, done = list(range(players)), set(view.get("voted") or [])
            summary = frame.t("tv.board.votes_in", count=len(done), total=players)
        elif phase == CARDS:
            acting, done = team, set(view.get("played") or [])
            summary = frame.t("tv.board.cards_in", count=len(done), total=len(team))
        else:
            return
        canvas.text(summary, 80, 892, 32, theme.TEXT, max_width=860)
        # Four to a row leaves a name room for eight letters; ten players need five a row.
        per_row = 4 if len(acting) <= 8 else 5
        grid = checklist.Grid(80, 962, per_row, 880 / per_row, 48, 30, tags=False)
        checklist.draw(canvas, frame, acting, done, grid, "acted")


def draw_locks(
    canvas: Canvas, frame: Frame, view: dict[str, Any], top: float, height: float
) -> None:
    """The lock track: each lock's team size, open / blown / current / to come."""
    locks = view.get("locks") or []
    current = view.get("lock")
    count = max(1, len(locks))
    gap = 24
    width = min(320, (1800 - gap * (count - 1)) / count)
    left = 960 - (count * width + (count - 1) * gap) / 2
    for index, lock in enumerate(locks):
        x = left + index * (width + gap)
        cx = x + width / 2
        result = lock.get("result")
        if result == OPEN:
            fill, border, state = theme.GOOD, None, OPEN
        elif result == BLOWN:
            fill, border, state = theme.BAD, None, BLOWN
        elif index == current and view.get("phase") not in (GETAWAY, OVER):
            fill, border, state = theme.PANEL_LIGHT, theme.ACCENT, "current"
        else:
            fill, border, state = theme.PANEL, theme.FAINT, "later"
        canvas.panel(x, top, width, height, fill, radius=22, border=border, border_width=6)
        canvas.element(f"lock:{index}:{state}", canvas.rect(x, top, width, height))
        ink = theme.WHITE if result else theme.TEXT
        canvas.text(
            frame.t("tv.board.lock", number=index + 1), cx, top + 12, 28, ink, "midtop", width - 16
        )
        if result == OPEN:
            canvas.check(cx, top + 88, 36, theme.BACKGROUND)
            canvas.text(frame.t("tv.board.open"), cx, top + 134, 30, ink, "midtop", width - 16)
        elif result == BLOWN:
            canvas.cross(cx, top + 88, 32, theme.BACKGROUND)
            if lock.get("by") == BY_PATROL:
                detail = frame.t("tv.board.by_patrol")
            else:
                detail = frame.t("tv.board.sabotaged", count=lock.get("sabotages") or 0)
            canvas.text(frame.t("tv.board.blown"), cx, top + 126, 26, ink, "midtop", width - 16)
            canvas.text(detail, cx, top + 160, 24, ink, "midtop", width - 16)
        else:
            canvas.text(
                str(lock.get("team_size", "")),
                cx,
                top + 96,
                64,
                theme.ACCENT if state == "current" else theme.TEXT,
                "center",
            )
            canvas.text(
                frame.t("tv.board.team_of", size=lock.get("team_size", 0)),
                cx,
                top + 140,
                24,
                theme.MUTED,
                "midtop",
                width - 16,
            )
            if state == "current":
                canvas.text(
                    frame.t("tv.board.now"),
                    cx,
                    top + height - 4,
                    theme.MIN_TEXT,
                    theme.ACCENT,
                    "midbottom",
                    width - 16,
                )


def draw_history(canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
    """Rows: players; columns: proposals. Approve ✓ / reject ✗, team outlined, Boss starred."""
    proposals = list(view.get("proposals") or [])
    players = frame.player_count()
    canvas.panel(
        HISTORY_LEFT - 20, 320, HISTORY_WIDTH + 40, PANEL_BOTTOM - 320, theme.PANEL, radius=28
    )
    canvas.text(frame.t("tv.board.history"), HISTORY_LEFT + 10, 346, 30, theme.MUTED)
    name_width = 330  # room for a name and its away / bot tag
    row_height = min(60, 540 / max(1, players))
    cell = min(60.0, row_height)
    columns = max(1, int((HISTORY_WIDTH - name_width) // (cell + 4)))
    shown = proposals[-columns:]
    first_number = len(proposals) - len(shown)
    top = 440
    if not proposals:
        canvas.text(
            frame.t("tv.board.history_empty"),
            HISTORY_LEFT + 10,
            392,
            30,
            theme.FAINT,
            max_width=HISTORY_WIDTH,
        )
        if not any(absent.seat_status(frame, seat) for seat in range(players)):
            return
        # Before the first proposal the rows are drawn only to say who is away.
    for seat in range(players):
        y = top + seat * row_height + row_height / 2
        absent.badge(
            canvas,
            frame,
            seat,
            HISTORY_LEFT,
            y,
            min(36, row_height * 0.7),
            max_width=name_width - 10,
        )
    if not proposals:
        return
    for offset, proposal in enumerate(shown):
        x = HISTORY_LEFT + name_width + offset * (cell + 4) + cell / 2
        # Header: the lock the proposal was for, and its outcome.
        canvas.text(str(int(proposal.get("lock", 0)) + 1), x, 392, 24, theme.MUTED, "midtop")
        approved = proposal.get("approved")
        if approved:
            canvas.check(x, top - 14, 10)
        else:
            canvas.cross(x, top - 14, 9)
        team = set(proposal.get("team") or [])
        for seat, vote in enumerate(proposal.get("votes") or []):
            y = top + seat * row_height + row_height / 2
            r = cell * 0.3
            if seat in team:
                canvas.panel(
                    x - cell / 2 + 2,
                    y - row_height / 2 + 3,
                    cell - 4,
                    row_height - 6,
                    theme.PANEL_LIGHT,
                    radius=8,
                    border=theme.ACCENT,
                    border_width=3,
                )
            if vote:
                canvas.check(x, y, r)
            else:
                canvas.cross(x, y, r * 0.9)
            if seat == proposal.get("boss"):
                canvas.text("★", x + cell * 0.34, y - row_height * 0.28, 24, theme.ACCENT, "center")
        canvas.element(
            f"history:{first_number + offset}",
            canvas.rect(x - cell / 2, top, cell, players * row_height),
        )
    legend_y = top + players * row_height + 30
    items = [
        ("check", frame.t("tv.vote.approve")),
        ("cross", frame.t("tv.vote.reject")),
        ("team", frame.t("tv.board.legend_team")),
        ("boss", frame.t("tv.board.boss")),
    ]
    x = HISTORY_LEFT
    for kind, label in items:
        if kind == "check":
            canvas.check(x + 12, legend_y, 12)
        elif kind == "cross":
            canvas.cross(x + 12, legend_y, 11)
        elif kind == "team":
            canvas.panel(x, legend_y - 14, 24, 28, theme.PANEL_LIGHT, 6, theme.ACCENT, 3)
        else:
            canvas.text("★", x + 12, legend_y, 24, theme.ACCENT, "center")
        area = canvas.text(label, x + 32, legend_y, 24, theme.MUTED, "midleft", 170)
        x += 40 + area.width / canvas.scale + 30
