"""Inside Job told again after the end: each trick with its cards (led suit, wagers, who could
not follow and who chose not to), its mission and who took the Intel, then the vote.

The engine's result says how each card answered the led suit (``result.follow``, from the hands
as dealt). Without it (an older result) "could not follow" is never claimed: a player who did
not follow is shown as holding the suit (chose not to) only when a later trick proves it (hands
only shrink), otherwise simply as not following.
"""

from __future__ import annotations

from typing import Any

from engine.insidejob.vocabulary import CHOSE_NOT, COULD_NOT
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.insidejob.pieces import (
    TOKEN,
    card_suit,
    counts_as_trump,
    draw_card,
    fitted_wrapped,
    mission_line,
    names,
    suit_label,
    suit_name,
)

TOP = 150
NAME_GAP = 48  # at least between two names side by side under the trick
LEFT, WIDTH = 60, 1800


def draw_replay_step(canvas: Canvas, frame: Frame, step: int) -> None:
    view = frame.view or {}
    tricks = list(view.get("tricks") or [])
    if step < len(tricks):
        _trick(canvas, frame, view, tricks, step)
    else:
        _vote(canvas, frame, view)


def off_suit(tricks: list[dict[str, Any]], index: int) -> dict[int, bool]:
    """Seats that did not follow the led suit in trick ``index``: True when a later trick shows
    they still held that suit (they chose not to), False when the view cannot tell."""
    cards = tricks[index].get("cards") or []
    if not cards:
        return {}
    led = card_suit(str(cards[0]["card"]))
    later = {
        (play["seat"], card_suit(str(play["card"])))
        for trick in tricks[index + 1 :]
        for play in trick.get("cards") or []
    }
    return {
        play["seat"]: (play["seat"], led) in later
        for play in cards[1:]
        if card_suit(str(play["card"])) != led
    }


NOT_FOLLOWED = "not_followed"  # another suit, and the view cannot tell why


def not_following(view: dict[str, Any], index: int) -> dict[int, str]:
    """Seats of trick ``index`` that played another suit than the led one, each with why:
    ``could_not``, ``chose_not`` or (no record of the hands) ``not_followed``."""
    tricks = list(view.get("tricks") or [])
    cards = tricks[index].get("cards") or []
    follow = (view.get("result") or {}).get("follow") or []
    if index < len(follow) and len(follow[index]) == len(cards):
        return {
            int(play["seat"]): answer
            for play, answer in zip(cards, follow[index], strict=True)
            if answer in (COULD_NOT, CHOSE_NOT)
        }
    return {
        seat: CHOSE_NOT if held else NOT_FOLLOWED for seat, held in off_suit(tricks, index).items()
    }


def _trick(
    canvas: Canvas, frame: Frame, view: dict[str, Any], tricks: list[dict[str, Any]], index: int
) -> None:
    trick = tricks[index]
    total = (view.get("targets") or {}).get("tricks", len(tricks))
    mission = trick.get("mission") or {}
    trump = mission.get("trump")
    done = bool(trick.get("completed"))
    canvas.text(
        frame.t("insidejob.trick_number", number=trick.get("number", index + 1), total=total),
        LEFT,
        TOP,
        48,
        theme.TEXT,
        max_width=700,
    )
    verdict = frame.t("insidejob.mission.completed" if done else "insidejob.mission.failed")
    canvas.text(verdict, LEFT + WIDTH, TOP + 4, 40, theme.GOOD if done else theme.BAD, "topright")
    canvas.element(f"replay_trick:{index}:{done}", canvas.rect(LEFT, TOP, WIDTH, 56))
    fitted_wrapped(canvas, mission_line(frame, mission), LEFT, TOP + 70, 36, 1200, 2)
    if trump:
        suit_label(
            canvas, frame, trump, frame.t("tv.replay.trump", suit=suit_name(frame, trump)),
            1300, TOP + 92, 34, 560,
        )  # fmt: skip
    cards = list(trick.get("cards") or [])
    skipped = not_following(view, index)
    led = card_suit(str(cards[0]["card"])) if cards else None
    slot = min(340.0, WIDTH / max(1, len(cards)))
    w, h = min(190.0, slot * 0.62), min(266.0, slot * 0.62 * 1.4)
    top = TOP + 200
    name_width = slot - NAME_GAP
    name_size = names_size(canvas, [frame.name(int(play["seat"])) for play in cards], name_width)
    for position, play in enumerate(cards):
        seat = int(play["seat"])
        x = LEFT + position * slot + (slot - w) / 2
        won = seat == trick.get("winner")
        label = frame.t("tv.replay.trump_card") if counts_as_trump(play, trump) else ""
        draw_card(
            canvas, str(play["card"]), x, top, w, h, bool(play.get("wagered")),
            theme.ACCENT if won else None, label,
        )  # fmt: skip
        cx = x + w / 2
        canvas.text(frame.name(seat), cx, top + h + 22, name_size, theme.TEXT, "midtop", name_width)
        notes = []
        if position == 0:
            notes.append(frame.t("tv.replay.led"))
        if seat in skipped:
            notes.append(frame.t(f"tv.replay.{skipped[seat]}", suit=suit_name(frame, led)))
        if play.get("wagered"):
            notes.append(frame.t("insidejob.wagered"))
        y = top + h + 68  # a long note (a suit kept back) takes two lines under a narrow card
        for note in notes:
            colour = TOKEN if note == frame.t("insidejob.wagered") else theme.MUTED
            width = slot - 12
            y = canvas.wrapped(
                note, cx - width / 2, y, theme.MIN_TEXT, width, colour, 34 / theme.MIN_TEXT,
                max_lines=2, centred=True,
            )  # fmt: skip
        if seat in skipped:
            canvas.element(f"off_suit:{index}:{seat}:{skipped[seat]}", canvas.rect(x, top, w, h))
    y = top + h + 190
    winner = trick.get("winner")
    canvas.text(
        frame.t("insidejob.trick_won", player=frame.name(winner)), LEFT, y, 40, theme.ACCENT,
        max_width=WIDTH,
    )  # fmt: skip
    canvas.text(_intel_line(frame, trick), LEFT, y + 58, 32, TOKEN, max_width=WIDTH)


def names_size(canvas: Canvas, names: list[str], width: float) -> float:
    """One size for every name under the trick, the largest (up to 34) at which each fits
    ``width``: side by side, names of different sizes, or with no room between them, read as
    one line ("Maximiliano Alej Guadalupe Ferná")."""
    size = 34.0
    while size > theme.MIN_TEXT and any(
        canvas.fonts.size(name, canvas.px(size))[0] > width * canvas.scale for name in names
    ):
        size -= 1
    return size


def _intel_line(frame: Frame, trick: dict[str, Any]) -> str:
    """Who took Intel in this trick and what else moved: a seat revealed, a token lost."""
    winner = trick.get("winner")
    taken = int(trick.get("taken") or 0) + int(trick.get("tokens") or 0)
    parts = [frame.t("tv.replay.intel", name=frame.name(winner), count=taken)]
    if trick.get("lost_by") is not None:
        parts.append(frame.t("tv.replay.lost", name=frame.name(trick["lost_by"])))
    if trick.get("tim_took_from") is not None:
        parts.append(frame.t("tv.replay.tim", name=frame.name(trick["tim_took_from"])))
    revealed = trick.get("revealed") or []
    if revealed:
        parts.append(frame.t("tv.replay.revealed", names=names(frame, list(revealed))))
    return "  ·  ".join(parts)


def _vote(canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
    vote = view.get("vote") or {}
    ballots = vote.get("ballots") or {}
    tally = list(vote.get("tally") or [])
    leaders = set(vote.get("leaders") or [])
    canvas.text(frame.t("tv.replay.vote"), LEFT, TOP, 52, theme.ACCENT, max_width=1300)
    # The votes a row's player received, in a column named once: "→ Beep  received 2" on one
    # line read as Beep's two votes (QA, on the reveal).
    canvas.text(frame.t("tv.insidejob.tally"), 1860, TOP + 60, 30, theme.MUTED, "bottomright", 400)
    players = frame.player_count()
    row_height = min(120.0, 640 / max(1, players))
    for seat in range(players):
        y = TOP + 90 + seat * row_height
        cy = y + row_height / 2
        if seat % 2 == 0:
            canvas.panel(50, y, 1820, row_height, theme.PANEL, radius=12)
        canvas.seat_badge(seat, frame.name(seat), LEFT + 10, cy, 44, max_width=560)
        named = ballots.get(str(seat))
        line = "→ " + names(frame, list(named)) if named else frame.t("tv.replay.no_ballot")
        canvas.text(line, 700, cy, 36, theme.TEXT, "midleft", 700)
        received = tally[seat] if seat < len(tally) else 0
        colour = theme.ACCENT if seat in leaders else theme.MUTED
        area = canvas.text(str(received), 1860, cy, 40, colour, "midright", 400)
        canvas.element(f"replay_received:{seat}:{received}", area)
        canvas.element(f"replay_ballot:{seat}", canvas.rect(50, y, 1820, row_height))
