"""The Mole board's vote history: a row per player, a column per proposal (approve ✓, reject ✗,
the team outlined, the Boss crowned). During a vote the proposal on the table is its last
column, each ballot face down once cast: who has voted reads beside every player's name, which
this panel already has room to show whole, and the column is the one the votes then turn over in.
"""

from __future__ import annotations

from typing import Any

from engine.mole.vocabulary import VOTE
from host.tv import absent, checklist, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.mole import names

HISTORY_LEFT, HISTORY_WIDTH = 1010, 870
PANEL_TOP = 320
NAME_WIDTH = 330  # at least: room for a name and its away / bot tag
KEPT_COLUMNS = 5  # a long name never takes the room of the last few proposals


def ballot(canvas: Canvas, x: float, y: float, r: float) -> None:
    """A vote cast and still secret: a card face down (unlike ✓ and ✗ in shape, not only hue)."""
    width, height = r * 1.5, r * 2.0
    canvas.panel(x - width / 2, y - height / 2, width, height, theme.TEXT, radius=r * 0.25)
    inset = r * 0.22
    canvas.panel(
        x - width / 2 + inset,
        y - height / 2 + inset,
        width - 2 * inset,
        height - 2 * inset,
        theme.TEXT,
        radius=r * 0.15,
        border=theme.FAINT,
        border_width=2,
    )


def draw_history(canvas: Canvas, frame: Frame, view: dict[str, Any], bottom: float) -> None:
    """Rows: players; columns: proposals, and during a vote the one being voted on."""
    proposals = list(view.get("proposals") or [])
    players = frame.player_count()
    voting = view.get("phase") == VOTE
    canvas.panel(
        HISTORY_LEFT - 20, PANEL_TOP, HISTORY_WIDTH + 40, bottom - PANEL_TOP, theme.PANEL, 28
    )
    canvas.text(frame.t("tv.board.history"), HISTORY_LEFT + 10, 346, 30, theme.MUTED)
    row_height = min(60, 540 / max(1, players))
    cell = min(60.0, row_height)
    size = min(36, row_height * 0.7)
    # As wide as the longest name needs (a 16-letter name and its tag), never under 330.
    wanted = names.widest(canvas, frame, list(range(players)), size) + 10
    name_width = min(max(NAME_WIDTH, wanted), HISTORY_WIDTH - KEPT_COLUMNS * (cell + 4))
    columns = max(1, int((HISTORY_WIDTH - name_width) // (cell + 4)))
    kept = max(0, columns - 1) if voting else columns
    shown = proposals[len(proposals) - min(kept, len(proposals)) :]
    first_number = len(proposals) - len(shown)
    top = 440
    if not proposals:
        canvas.text(
            frame.t("tv.board.history_empty"),
            HISTORY_LEFT + 10,
            392,
            30,
            theme.FAINT,
            max_width=(name_width - 20) if voting else HISTORY_WIDTH,
        )
        if not voting and not any(absent.seat_status(frame, seat) for seat in range(players)):
            return
        # Before the first proposal the rows are drawn only to say who is away, or who voted.
    for seat in range(players):
        y = top + seat * row_height + row_height / 2
        absent.badge(canvas, frame, seat, HISTORY_LEFT, y, size, max_width=name_width - 10)

    def column_x(offset: int) -> float:
        return HISTORY_LEFT + name_width + offset * (cell + 4) + cell / 2

    if first_number:
        # The teams older than the columns are counted on the title's line, not dropped unsaid.
        key = "tv.board.history_earlier_one" if first_number == 1 else "tv.board.history_earlier"
        earlier = frame.t(key, count=first_number)
        canvas.text(earlier, HISTORY_LEFT + HISTORY_WIDTH, 350, 24, theme.MUTED, "topright", 360)
    if shown:
        # Each header row says what it is: unnamed, the row of verdicts read as one more
        # player's votes (QA).
        right, room = HISTORY_LEFT + name_width - 10, name_width - 20
        lock_word = frame.t("tv.board.history_lock")
        canvas.text(lock_word, right, 397, 24, theme.MUTED, "midright", room)
        verdict = frame.t("tv.board.history_verdict")
        canvas.text(verdict, right, top - 15, 24, theme.MUTED, "midright", room)
    for offset, proposal in enumerate(shown):
        x = column_x(offset)
        # Header: the lock the proposal was for, and its outcome.
        canvas.text(str(int(proposal.get("lock", 0)) + 1), x, 392, 24, theme.MUTED, "midtop")
        if proposal.get("approved"):
            canvas.check(x, top - 14, 10)
        else:
            canvas.cross(x, top - 14, 9)
        team = set(proposal.get("team") or [])
        for seat, vote in enumerate(proposal.get("votes") or []):
            y = top + seat * row_height + row_height / 2
            _cell(canvas, x, y, cell, row_height, seat in team, seat == proposal.get("boss"))
            if vote:
                canvas.check(x, y, cell * 0.3)
            else:
                canvas.cross(x, y, cell * 0.27)
        canvas.element(
            f"history:{first_number + offset}",
            canvas.rect(x - cell / 2, top, cell, players * row_height),
        )
    if voting:
        _being_voted(canvas, frame, view, column_x(len(shown)), top, cell, row_height)
    if proposals or voting:
        _legend(canvas, frame, top + players * row_height + 30)


def _cell(
    canvas: Canvas, x: float, y: float, cell: float, row_height: float, team: bool, boss: bool
) -> None:
    """A cell's frame: outlined when the seat was on the team, a crown when it was the Boss."""
    if team:
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
    if boss:
        canvas.crown(x + cell * 0.34, y - row_height * 0.3, 11)


def _being_voted(
    canvas: Canvas,
    frame: Frame,
    view: dict[str, Any],
    x: float,
    top: float,
    cell: float,
    row_height: float,
) -> None:
    """The proposal on the table: its lock in the accent colour, a ballot for each vote in."""
    lock = view.get("lock")
    number = int(lock) + 1 if isinstance(lock, int) else 0
    canvas.text(str(number), x, 392, 24, theme.ACCENT, "midtop")
    team = set(view.get("team") or [])
    voted = set(view.get("voted") or [])
    players = frame.player_count()
    for seat in range(players):
        y = top + seat * row_height + row_height / 2
        _cell(canvas, x, y, cell, row_height, seat in team, seat == view.get("boss"))
        if seat in voted:
            ballot(canvas, x, y, cell * 0.3)
        else:
            checklist.waiting(canvas, x, y, cell * 0.3)
        canvas.element(
            f"acted:{seat}:{'yes' if seat in voted else 'no'}",
            canvas.rect(x - cell / 2, y - row_height / 2, cell, row_height),
        )
    canvas.element("history:voting", canvas.rect(x - cell / 2, top, cell, players * row_height))


def _legend(canvas: Canvas, frame: Frame, y: float) -> None:
    items = [
        ("check", frame.t("tv.vote.approve")),
        ("cross", frame.t("tv.vote.reject")),
        ("team", frame.t("tv.board.legend_team")),
        ("boss", frame.t("tv.board.boss")),
    ]
    x = float(HISTORY_LEFT)
    for kind, label in items:
        if kind == "check":
            canvas.check(x + 12, y, 12)
        elif kind == "cross":
            canvas.cross(x + 12, y, 11)
        elif kind == "team":
            canvas.panel(x, y - 14, 24, 28, theme.PANEL_LIGHT, 6, theme.ACCENT, 3)
        else:
            canvas.crown(x + 12, y, 12)
        area = canvas.text(label, x + 32, y, 24, theme.MUTED, "midleft", 170)
        x += 40 + area.width / canvas.scale + 30
