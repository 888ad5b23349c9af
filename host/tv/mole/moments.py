"""Mole in the Crew moments: every vote turned over at once, cards flipped one by one, the
Patrol, and the Getaway's accusation. ``changes`` finds them by comparing two public views.

Cues follow public facts only: a vote or a card arriving makes the same tick whatever it is.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from engine.mole.vocabulary import BLOWN, BY_PATROL, CLEAN, OPEN, SABOTAGE
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.mole.getaway import car, siren
from host.tv.motion import flip
from host.tv.presentations import Presentation

View = dict[str, Any]


def changes(old: View, new: View) -> tuple[list[str], list[Presentation]]:
    """Sound cues and moments for what became public between two Mole views."""
    cues: list[str] = []
    shows: list[Presentation] = []
    if len(new.get("proposals") or []) < len(old.get("proposals") or []):
        return cues, shows  # a new game (rematch): nothing to replay
    for key in ("voted", "played"):
        if len(new.get(key) or []) > len(old.get(key) or []):
            cues.append("tick")
    old_confirmed = (old.get("getaway") or {}).get("confirmed") or []
    new_confirmed = (new.get("getaway") or {}).get("confirmed") or []
    if len(new_confirmed) > len(old_confirmed):
        cues.append("tick")
    old_proposals = old.get("proposals") or []
    for number, proposal in enumerate(new.get("proposals") or []):
        if number >= len(old_proposals):
            shows.append(VotesReveal(proposal, number))
    old_locks = old.get("locks") or []
    decided: list[Presentation] = []
    for index, lock in enumerate(new.get("locks") or []):
        was = old_locks[index] if index < len(old_locks) else {}
        if lock.get("result") and not was.get("result"):
            if lock.get("by") == BY_PATROL:
                decided.append(PatrolBlows(index))
            else:
                decided.append(CardsReveal(index, lock))
    shows.extend(decided)
    result = new.get("result") or {}
    if result and not old.get("result"):
        if result.get("marks"):
            shows.append(Accusation(result, int(new.get("players") or len(result["marks"]))))
        elif decided:
            decided[-1].final = True  # the lock that ended the game: the end's own beat
    return cues, shows


class VotesReveal(Presentation):
    """Every vote of one proposal, turned over together, with names; then the outcome."""

    label = "votes_reveal"
    duration = 4.5
    FLIP_AT = 0.5
    VERDICT_AT = 1.3
    still_from = VERDICT_AT  # the cards have turned over (0.35 s each) and the verdict is up
    brief = VERDICT_AT + 1.4

    def __init__(self, proposal: dict[str, Any], number: int) -> None:
        self.proposal = proposal
        self.number = number

    def cue_times(self) -> list[tuple[float, str]]:
        verdict = "approved" if self.proposal.get("approved") else "rejected"
        return [(self.FLIP_AT, "reveal"), (self.VERDICT_AT, verdict)]

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        self._backdrop(canvas, frame, elapsed)
        votes = list(self.proposal.get("votes") or [])
        boss = self.proposal.get("boss")
        team = set(self.proposal.get("team") or [])
        lock = int(self.proposal.get("lock", 0)) + 1
        canvas.text(frame.t("tv.votes.title", lock=lock), 960, 70, 64, anchor="midtop")
        canvas.text(
            frame.t("tv.votes.subtitle", boss=frame.name(boss), size=len(team)),
            960,
            155,
            36,
            theme.MUTED,
            anchor="midtop",
            max_width=1700,
        )
        columns = 5 if len(votes) > 4 else len(votes) or 1
        card_w, card_h, gap = 330, 250, 34
        rows = math.ceil(len(votes) / columns)
        top = 230 if rows > 1 else 330
        for seat, approve in enumerate(votes):
            row, column = divmod(seat, columns)
            in_row = min(columns, len(votes) - row * columns)
            left = 960 - (in_row * card_w + (in_row - 1) * gap) / 2 + column * (card_w + gap)
            y = top + row * (card_h + gap)
            if seat in team:
                # The proposed team glows behind its cards (public: it was the proposal).
                canvas.panel(left - 8, y - 8, card_w + 16, card_h + 16, theme.ACCENT, radius=26)
            scale, face = flip(elapsed, self.FLIP_AT, frame.still)
            w = card_w * scale
            x = left + (card_w - w) / 2
            if not face:
                canvas.panel(x, y, w, card_h, theme.PANEL_LIGHT, radius=20, border=theme.FAINT)
            else:
                colour = theme.GOOD if approve else theme.BAD
                canvas.panel(x, y, w, card_h, colour, radius=20)
                if scale > 0.9:
                    if approve:
                        canvas.check(left + card_w / 2, y + 80, 48, theme.BACKGROUND)
                    else:
                        canvas.cross(left + card_w / 2, y + 80, 44, theme.BACKGROUND)
                    word = frame.t("tv.vote.approve" if approve else "tv.vote.reject")
                    canvas.text(word, left + card_w / 2, y + 140, 34, theme.WHITE, "midtop")
                    canvas.element(
                        f"vote:{seat}:{'approve' if approve else 'reject'}",
                        canvas.rect(left, y, card_w, card_h),
                    )
            # Names sit under the cards at once: everyone sees whose card is whose.
            canvas.seat_badge(
                seat,
                frame.name(seat),
                left + 10,
                y + card_h - 38,
                42,
                theme.WHITE,
                max_width=card_w - 20,
            )
            if seat == boss:
                # The Boss's tag, a crown and the word, on the card's corner, not before the
                # name: a name of 16 letters needs all the card's width. Not a star: a
                # player's look may be one ("★▲ Caio … ★ Beep" read as Beep the Boss, QA).
                area = boss_tag(canvas, frame, left + card_w - 12, y + 12)
                canvas.element(f"vote_boss:{seat}", area)
        if elapsed >= self.VERDICT_AT:
            approvals = sum(1 for v in votes if v)
            tally = frame.t("tv.votes.tally", approve=approvals, reject=len(votes) - approvals)
            approved = bool(self.proposal.get("approved"))
            verdict = frame.t("tv.votes.approved" if approved else "tv.votes.rejected")
            y = top + rows * (card_h + gap) + 10
            canvas.text(tally, 960, y, 40, theme.MUTED, anchor="midtop")
            colour = theme.GOOD if approved else theme.BAD
            canvas.text(verdict, 960, y + 60, 84, colour, anchor="midtop")
            canvas.element(
                "verdict:" + ("approved" if approved else "rejected"),
                canvas.rect(560, y + 60, 800, 90),
            )


def boss_tag(canvas: Canvas, frame: Frame, right: float, top: float) -> pygame.Rect:
    """The Boss's tag, its right edge and top at (right, top): a crown and the word "Boss" in a
    dark pill outlined in the accent colour. Returns its rectangle."""
    word = frame.t("tv.board.boss")
    size = theme.MIN_TEXT + 4
    width = canvas.fonts.size(word, max(6, round(size * canvas.scale)))[0] / canvas.scale
    pill_w, pill_h = width + 66, 46
    left = right - pill_w
    canvas.panel(left, top, pill_w, pill_h, theme.BACKGROUND, 23, theme.ACCENT, 3)
    canvas.crown(left + 26, top + pill_h / 2, 13)
    canvas.text(word, left + 46, top + pill_h / 2, size, theme.ACCENT, "midleft")
    return canvas.rect(left, top, pill_w, pill_h)


class CardsReveal(Presentation):
    """The team's cards, already shuffled by the engine, turned over one by one."""

    label = "cards_reveal"
    FIRST_AT = 1.2
    EVERY = 0.9
    SHUFFLE_UNTIL = 0.9

    def __init__(self, lock_index: int, lock: dict[str, Any]) -> None:
        self.lock_index = lock_index
        self.cards = list(lock.get("cards") or [])
        self.result = lock.get("result")
        self.duration = self.FIRST_AT + self.EVERY * len(self.cards) + 2.6
        self.still_from = self.result_at() + 0.25  # the result has popped up
        self.brief = self.result_at() + 1.4

    @classmethod
    def _shuffle_offset(cls, index: int, elapsed: float) -> float:
        """Face-down cards slide across each other before the first flip: the shuffle."""
        if elapsed >= cls.SHUFFLE_UNTIL:
            return 0.0
        calm = 1 - elapsed / cls.SHUFFLE_UNTIL
        return 140 * calm * math.sin(elapsed * 14 + index * 2.1)

    def result_at(self) -> float:
        return self.FIRST_AT + self.EVERY * len(self.cards) + 0.2

    def cue_times(self) -> list[tuple[float, str]]:
        flips = [(self.FIRST_AT + i * self.EVERY, "flip") for i in range(len(self.cards))]
        outcome = "lock_open" if self.result == OPEN else "lock_blown"
        return [*flips, (self.result_at(), outcome)]

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        self._backdrop(canvas, frame, elapsed)
        number = self.lock_index + 1
        canvas.text(frame.t("tv.cards.title", lock=number), 960, 80, 64, anchor="midtop")
        count = len(self.cards)
        card_w, card_h, gap = 230, 320, 40
        left0 = 960 - (count * card_w + (count - 1) * gap) / 2
        shown_sabotages = 0
        for index, card in enumerate(self.cards):
            left = left0 + index * (card_w + gap)
            scale, face = flip(elapsed, self.FIRST_AT + index * self.EVERY, frame.still)
            w = card_w * scale
            shuffle = 0.0 if frame.still else self._shuffle_offset(index, elapsed)
            x = left + (card_w - w) / 2 + 2 * shuffle
            if not face:
                canvas.panel(x, 300, w, card_h, theme.PANEL_LIGHT, radius=22, border=theme.FAINT)
                if scale > 0.9:
                    canvas.text("?", x + w / 2, 300 + card_h / 2, 110, theme.FAINT, "center")
                continue
            clean = card == CLEAN
            shown_sabotages += 0 if clean else 1
            canvas.panel(x, 300, w, card_h, theme.GOOD if clean else theme.BAD, radius=22)
            if scale > 0.9:
                if clean:
                    canvas.check(left + card_w / 2, 420, 62, theme.BACKGROUND)
                else:
                    canvas.cross(left + card_w / 2, 420, 56, theme.BACKGROUND)
                word = frame.t(f"mole.card.{CLEAN if clean else SABOTAGE}")
                canvas.text(
                    word, left + card_w / 2, 530, 34, theme.WHITE, "midtop", max_width=card_w - 20
                )
                canvas.element(f"card:{index}:{card}", canvas.rect(left, 300, card_w, card_h))
        canvas.text(
            frame.t("tv.cards.sabotages", count=shown_sabotages),
            960,
            690,
            48,
            theme.BAD if shown_sabotages else theme.MUTED,
            anchor="midtop",
        )
        if elapsed >= self.result_at():
            opened = self.result == OPEN
            word = frame.t("tv.lock.opened" if opened else "tv.lock.blown", lock=number)
            pop = 0.8 + 0.2 * frame.ease((elapsed - self.result_at()) / 0.25)
            canvas.text(
                word,
                960,
                790,
                110 * pop,
                theme.GOOD if opened else theme.BAD,
                anchor="midtop",
                max_width=1800,
            )
            canvas.element(
                f"lock_result:{OPEN if opened else BLOWN}", canvas.rect(460, 790, 1000, 120)
            )


class PatrolBlows(Presentation):
    """Too many rejections in a row: the Patrol blows the lock, no cards played."""

    label = "patrol"
    duration = 3.8
    still_from = 1.2  # the cross has stopped flashing
    brief = 2.6

    def __init__(self, lock_index: int) -> None:
        self.lock_index = lock_index

    def cue_times(self) -> list[tuple[float, str]]:
        return [(0.3, "lock_blown")]

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        self._backdrop(canvas, frame, elapsed)
        flash = not frame.still and elapsed < 1.2 and int(elapsed * 6) % 2 == 0
        canvas.cross(960, 330, 110, theme.SIREN_RED if flash else theme.BAD)
        canvas.text(
            frame.t("tv.patrol.title"), 960, 500, 110, theme.BAD, anchor="midtop", max_width=1800
        )
        canvas.wrapped(
            frame.t("tv.patrol.text", lock=self.lock_index + 1),
            360,
            660,
            48,
            1200,
            theme.TEXT,
            centred=True,
        )


class Accusation(Presentation):
    """The Getaway's end: every mark confirmed, then whom the Moles accused and whom the Driver
    protected, before the reveal says who won. The table's key beat: shown even when the Getaway
    came and went while earlier moments played (then it is the Getaway's only picture)."""

    label = "accusation"
    duration = 6.4
    ACCUSED_AT = 1.6
    PROTECTED_AT = 3.0
    final = True

    def __init__(self, result: dict[str, Any], players: int) -> None:
        self.accused = result.get("accused")
        self.protected = result.get("protected")
        self.players = players

    def cue_times(self) -> list[tuple[float, str]]:
        return [(0.0, "siren"), (self.ACCUSED_AT, "reveal"), (self.PROTECTED_AT, "flip")]

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        self._backdrop(canvas, frame, elapsed)
        t = 0.0 if frame.still else elapsed
        siren(canvas, t)
        canvas.text(frame.t("tv.getaway.title"), 960, 96, 96, theme.TEXT, "midtop", 1700)
        everyone = frame.t("tv.getaway.confirmed", count=self.players, total=self.players)
        canvas.text(everyone, 960, 230, 40, theme.ACCENT, "midtop", 1700)
        if elapsed >= self.ACCUSED_AT:
            self._named(canvas, frame, "accused", self.accused, 380, 88, theme.BAD)
        if elapsed >= self.PROTECTED_AT:
            self._named(canvas, frame, "protected", self.protected, 560, 64, theme.GOOD)
        car(canvas, t)

    @staticmethod
    def _named(
        canvas: Canvas, frame: Frame, kind: str, seat: int | None, y: float, size: int, colour: Any
    ) -> None:
        """One line: "The Moles accuse Ana" (``accused``), "The Driver protects Bo"
        (``protected``), or that nobody was."""
        line = (
            frame.t(f"tv.accusation.{kind}", name=frame.name(seat))
            if seat is not None
            else frame.t(f"tv.accusation.no_{kind}")
        )
        canvas.element(f"{kind}:{seat}", canvas.text(line, 960, y, size, colour, "midtop", 1800))
