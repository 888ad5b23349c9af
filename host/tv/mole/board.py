"""The Mole in the Crew board: locks, Boss, team, rejection track, who has acted, vote history."""

from __future__ import annotations

from typing import Any

from engine.mole.vocabulary import BLOWN, BY_PATROL, CARDS, GETAWAY, OPEN, OVER, PROPOSE, VOTE
from host.tv import absent, checklist, corner, strip, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.mole import history, names
from host.tv.scene import Scene

PANEL_BOTTOM = 1040  # the bottom line goes under the panels, beside the host-keys hint
TEAM_LEFT, TEAM_TOP, TEAM_WIDTH = 80, 639, 900  # the team list: its first row's top, its width
TEAM_SIZES = (46, 42, 38)  # of the team's names, largest first (38 draws a name at 32)
MARK_ROOM = 40  # before each of the team's names while it plays: played or not yet
# A lock to come: the top of the words before its team size, the size's centre and the top of
# any words after it, from the lock's top; the current lock's "NOW" ends this far above its
# bottom, clear of the 6-unit border (QA: at 720p it sat on the border, 4 units above the edge).
BEFORE_Y, NUMBER_Y, AFTER_Y, NOW_ABOVE_BOTTOM = 46, 108, 142, 18
REJECTIONS_TOP = 774  # the rejection track, unless a team of three rows pushes it down


class BoardScene(Scene):
    def still(self, frame: Frame) -> bool:
        return True  # drawn from the message alone, no clock

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        view = frame.view or {}
        name = canvas.text(frame.t(f"{frame.game}.name"), 60, 28, 40, theme.ACCENT, max_width=800)
        name_right = (name.right - canvas.offset_x) / canvas.scale
        goal = frame.t("tv.board.goal", open=view.get("to_open", 3), blow=view.get("to_blow", 3))
        strip.line(canvas, frame, goal, name_right + 48, 52, 28, theme.MUTED)
        # Below the top strip, where a first-game hint may take three lines.
        draw_locks(canvas, frame, view, top=96, height=200)
        self._round(canvas, frame, view)
        history.draw_history(canvas, frame, view, PANEL_BOTTOM)
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
        # The team on the table; while it plays, who has played beside each name.
        canvas.text(frame.t("tv.board.team", size=size), 80, 600, 30, theme.MUTED)
        if team:
            played = set(view.get("played") or []) if phase == CARDS else None
            team_bottom = draw_team(canvas, frame, team, played)
        else:
            canvas.text(frame.t("tv.board.team_pending"), 80, 642, 34, theme.FAINT, max_width=860)
            team_bottom = TEAM_TOP + 46
        track = max(REJECTIONS_TOP, team_bottom + 24)
        self._rejections(canvas, frame, view, track)
        self._who_acted(canvas, frame, view, team, track + 118)

    def _rejections(self, canvas: Canvas, frame: Frame, view: dict[str, Any], top: float) -> None:
        """The rejection track, its boxes from ``top``, and the Patrol's warning under it."""
        rejections = int(view.get("rejections") or 0)
        patrol_at = int(view.get("patrol_at") or 3)
        middle = top + 34
        canvas.text(frame.t("tv.board.rejections"), 80, middle, 30, theme.MUTED, "midleft")
        for step in range(patrol_at):
            x = 380 + step * 110
            if step < rejections:
                canvas.cross(x, middle, 34)
            else:
                canvas.panel(
                    x - 34,
                    top,
                    68,
                    68,
                    theme.PANEL_LIGHT,
                    radius=10,
                    border=theme.BAD if step == patrol_at - 1 else theme.FAINT,
                )
            canvas.element(
                f"rejection:{step}:{'on' if step < rejections else 'off'}",
                canvas.rect(x - 34, top, 68, 68),
            )
        canvas.text(
            frame.t("tv.board.patrol"),
            380 + patrol_at * 110 - 60,
            middle,
            30,
            theme.BAD,
            "midleft",
            300,
        )
        if rejections == patrol_at - 1 and view.get("phase") in (PROPOSE, VOTE):
            warning = frame.t("tv.board.patrol_warning")
            canvas.text(warning, 80, top + 76, 28, theme.BAD, max_width=860)

    def _who_acted(
        self, canvas: Canvas, frame: Frame, view: dict[str, Any], team: list[int], y: float
    ) -> None:
        """How many have acted. Who has is marked beside names the board shows anyway: the
        ballots in the history's last column during a vote, a mark by each of the team's names
        while it plays, so no name needs a second, narrower place."""
        phase = view.get("phase")
        players = frame.player_count()
        if phase == VOTE:
            done = len(set(view.get("voted") or []))
            history.ballot(canvas, 96, y + 20, 14)  # the key to the history's last column
            summary = frame.t("tv.board.votes_in", count=done, total=players)
            canvas.text(summary, 124, y, 32, theme.TEXT, max_width=816)
        elif phase == CARDS:
            done = len(set(view.get("played") or []))
            summary = frame.t("tv.board.cards_in", count=done, total=len(team))
            canvas.text(summary, 80, y, 32, theme.TEXT, max_width=860)


def team_layout(canvas: Canvas, frame: Frame, team: list[int], marked: bool) -> tuple[int, float]:
    """How many to a row and at what size every name of the team fits whole: three to a row
    at the board's size if they can, a little smaller, then two to a row."""
    for per_row in (3, 2):
        room = TEAM_WIDTH / per_row - 10 - (MARK_ROOM if marked else 0)
        for size in TEAM_SIZES:
            if names.widest(canvas, frame, team, size) <= room:
                return per_row, size
    return 2, TEAM_SIZES[-1]  # names longer still shrink within their room


def draw_team(canvas: Canvas, frame: Frame, team: list[int], played: set[int] | None) -> float:
    """The team's names, one size for all, from TEAM_TOP; ``played``: while the team plays,
    the seats that have played (a check, else an empty ring, before each name). Returns the
    bottom of the last row."""
    per_row, size = team_layout(canvas, frame, team, played is not None)
    pitch, step = TEAM_WIDTH / per_row, size + 12
    for index, seat in enumerate(team):
        row, column = divmod(index, per_row)
        x, y = TEAM_LEFT + column * pitch, TEAM_TOP + row * step + size / 2
        width = pitch - 10
        canvas.element(f"team:{seat}", canvas.rect(x, y - size / 2, width, size))
        if played is not None:
            mark = 16
            if seat in played:
                canvas.check(x + mark, y, mark)
            else:
                checklist.waiting(canvas, x + mark, y, mark)
            done = "yes" if seat in played else "no"
            canvas.element(f"acted:{seat}:{done}", canvas.rect(x, y - mark, 2 * mark, 2 * mark))
            x, width = x + MARK_ROOM, width - MARK_ROOM
        absent.badge(canvas, frame, seat, x, y, size, max_width=width)
    rows = -(-len(team) // per_row)
    return TEAM_TOP + rows * step - 12


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
            team_size(canvas, frame, lock.get("team_size", 0), cx, top, width, state)
            if state == "current":
                canvas.text(
                    frame.t("tv.board.now"),
                    cx,
                    top + height - NOW_ABOVE_BOTTOM,
                    theme.MIN_TEXT,
                    theme.ACCENT,
                    "midbottom",
                    width - 16,
                )


# Stands for the number in the catalog's "team of {size}", to find where the words split.
SIZE_MARK = "\u0000"


def team_size(
    canvas: Canvas, frame: Frame, size: int, cx: float, top: float, width: float, state: str
) -> None:
    """A lock's team size said once: the catalog's "team of {size}" with the number drawn
    large in its place (QA: a large 3 over "team of 3" said it twice)."""
    before, _, after = frame.t("tv.board.team_of", size=SIZE_MARK).partition(SIZE_MARK)
    if before.strip():
        canvas.text(before.strip(), cx, top + BEFORE_Y, 24, theme.MUTED, "midtop", width - 16)
    colour = theme.ACCENT if state == "current" else theme.TEXT
    canvas.text(str(size), cx, top + NUMBER_Y, 56, colour, "center")
    if after.strip():
        canvas.text(after.strip(), cx, top + AFTER_Y, 24, theme.MUTED, "midtop", width - 16)
