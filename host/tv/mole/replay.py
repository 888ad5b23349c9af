"""Mole in the Crew told again after the end: each lock in turn (its proposals with every named
vote, the team, who played which card, the file's alibi), then the Getaway marks and the Driver's
protection. Everything drawn comes from the final public view, where the result makes it public.
"""

from __future__ import annotations

from typing import Any

from engine.mole.vocabulary import CLEAN, DRIVER, OPEN
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame

TOP = 150
LEFT, WIDTH = 60, 1800
PATROL = "patrol"


def played_locks(view: dict[str, Any]) -> list[int]:
    return [i for i, lock in enumerate(view.get("locks") or []) if lock.get("result")]


def draw_replay_step(canvas: Canvas, frame: Frame, step: int) -> None:
    view = frame.view or {}
    locks = played_locks(view)
    if step < len(locks):
        _lock(canvas, frame, view, locks[step])
    else:
        _getaway(canvas, frame, view)


def _lock(canvas: Canvas, frame: Frame, view: dict[str, Any], index: int) -> None:
    lock = (view.get("locks") or [])[index]
    result = view.get("result") or {}
    opened = lock.get("result") == OPEN
    colour = theme.GOOD if opened else theme.BAD
    title = f"{frame.t('tv.board.lock', number=index + 1)}: "
    title += frame.t("tv.board.open" if opened else "tv.board.blown")
    if lock.get("by") == PATROL:
        title += f" ({frame.t('tv.board.by_patrol')})"
    canvas.text(title, LEFT, TOP, 52, colour, max_width=WIDTH)
    canvas.element(f"replay_lock:{index}:{lock.get('result')}", canvas.rect(LEFT, TOP, WIDTH, 60))
    proposals = [p for p in view.get("proposals") or [] if int(p.get("lock", -1)) == index]
    players = frame.player_count()
    chip_rows = 2 if players > 6 else 1
    block = min(96.0 + 44 * chip_rows, 540 / max(1, len(proposals)))
    y = TOP + 84.0
    for number, proposal in enumerate(proposals, start=1):
        _proposal(canvas, frame, proposal, number, y, block, chip_rows)
        y += block
    plays = next(
        (p.get("cards") or {} for p in result.get("plays") or [] if int(p["lock"]) == index), {}
    )
    y += 10
    if plays:
        canvas.text(frame.t("tv.replay.cards"), LEFT, y, 30, theme.MUTED, max_width=WIDTH)
        # Who played what, three to a column: a long name keeps its size.
        for position, (seat_text, card) in enumerate(
            sorted(plays.items(), key=lambda item: int(item[0]))
        ):
            column, row = divmod(position, 3)
            seat = int(seat_text)
            x, cy = LEFT + column * 900, y + 64 + row * 50
            if card == CLEAN:
                canvas.check(x + 20, cy, 18)
            else:
                canvas.cross(x + 20, cy, 16)
            words = f"{frame.name(seat)}: {frame.t(f'mole.card.{card}')}"
            canvas.text(words, x + 50, cy, 34, theme.TEXT, "midleft", 820)
            canvas.element(f"replay_card:{index}:{seat}:{card}", canvas.rect(x, cy - 24, 880, 48))
        y += 64 + 50 * min(3, len(plays)) + 6
    alibis = [a for a in result.get("alibis") or [] if a.get("seat") is not None]
    for alibi in alibis:
        if int(alibi.get("lock", -1)) != index:
            continue
        text = frame.t("mole.file.alibi", name=frame.name(alibi["seat"]), lock=index + 1)
        line = f"{frame.t('tv.replay.file')} {text}"
        canvas.text(line, LEFT, y, 32, theme.ACCENT, max_width=WIDTH)
        canvas.element(f"replay_alibi:{index}:{alibi['seat']}", canvas.rect(LEFT, y, WIDTH, 40))
        y += 48


def _proposal(
    canvas: Canvas,
    frame: Frame,
    proposal: dict[str, Any],
    number: int,
    y: float,
    block: float,
    chip_rows: int,
) -> None:
    """One proposal: who chose which team, approved or not, and every seat's named vote."""
    approved = bool(proposal.get("approved"))
    team = ", ".join(frame.name(seat) for seat in proposal.get("team") or [])
    line = frame.t(
        "tv.replay.proposal", number=number, name=frame.name(proposal.get("boss")), team=team
    )
    size = 32.0
    verdict = frame.t("tv.votes.approved" if approved else "tv.votes.rejected")
    canvas.text(verdict, LEFT + WIDTH, y, size, theme.GOOD if approved else theme.BAD, "topright")
    room = WIDTH - 330
    smallest = max(6, round(theme.MIN_TEXT * canvas.scale))
    if canvas.fonts.size(line, smallest)[0] <= room * canvas.scale:
        canvas.text(line, LEFT, y, size, theme.TEXT, max_width=room)
        extra = 0.0
    else:  # a team of long names: two lines, and the votes under them move down
        canvas.wrapped(line, LEFT, y, 28, room, theme.TEXT, line_gap=1.2, max_lines=2)
        extra = 34.0
    votes = list(proposal.get("votes") or [])
    per_row = max(1, -(-len(votes) // chip_rows))
    chip = min(360.0, WIDTH / per_row)
    row_gap = (block - 56 - extra) / chip_rows
    r = 13.0
    for seat, vote in enumerate(votes):
        row, column = divmod(seat, per_row)
        x, cy = LEFT + column * chip, y + 66 + extra + row * row_gap
        if vote:
            canvas.check(x + r, cy, r)
        else:
            canvas.cross(x + r, cy, r * 0.9)
        canvas.text(frame.name(seat), x + 2.6 * r, cy, 28, theme.MUTED, "midleft", chip - 3.4 * r)
        area = canvas.rect(x, cy - r, chip, 2 * r)
        canvas.element(f"replay_vote:{number}:{seat}:{bool(vote)}", area)


def _getaway(canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
    result = view.get("result") or {}
    marks = list(result.get("marks") or [])
    roles = list(result.get("roles") or [])
    canvas.text(frame.t("mole.phase.getaway"), LEFT, TOP, 52, theme.ACCENT, max_width=WIDTH)
    rows = (len(marks) + 1) // 2
    row_height = min(110.0, 560 / max(1, rows))
    for seat, target in enumerate(marks):
        column, row = divmod(seat, rows)
        x, y = LEFT + column * 920, TOP + 90 + row * row_height
        cy = y + row_height * 0.4
        canvas.seat_badge(seat, frame.name(seat), x, cy, 40, max_width=400)
        role = roles[seat] if seat < len(roles) else None
        if role:
            tint = theme.ACCENT if role == DRIVER else theme.MUTED
            canvas.text(frame.t(f"mole.role.{role}"), x + 52, cy + 34, 24, tint, "midleft", 360)
        canvas.text("→ " + frame.name(target), x + 440, cy, 36, theme.TEXT, "midleft", 440)
        canvas.element(f"replay_mark:{seat}:{target}", canvas.rect(x, y, 900, row_height))
    accused, protected = result.get("accused"), result.get("protected")
    y = TOP + 110 + rows * row_height
    accused_line = (
        frame.t("tv.end.accused", name=frame.name(accused))
        if accused is not None
        else frame.t("tv.end.no_accused")
    )
    protected_line = (
        frame.t("tv.end.protected", name=frame.name(protected))
        if protected is not None
        else frame.t("tv.end.no_protected")
    )
    canvas.text(f"{accused_line}, {protected_line}", LEFT, y, 38, theme.ACCENT, max_width=WIDTH)
    canvas.element(f"replay_getaway:{accused}:{protected}", canvas.rect(LEFT, y, WIDTH, 48))
    ending = result.get("ending") or result.get("reason")
    if ending:
        colour = theme.BAD if ending == "contact_found" else theme.TEXT
        canvas.text(frame.t(f"mole.ending.{ending}"), LEFT, y + 64, 34, colour, max_width=WIDTH)
