"""Inside Job moments: a finished trick (cards in, winner lit, mission result, what followed)
and the counted vote. ``changes`` finds them by comparing two public views.

Cues only follow public facts: a card played or a vote cast makes the same sound whatever it is,
so no sound tells anyone what a phone chose in secret.
"""

from __future__ import annotations

from typing import Any

from engine.insidejob.vocabulary import SIDE_AGENTS
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.insidejob.pieces import (
    TOKEN,
    counts_as_trump,
    draw_card,
    fitted_wrapped,
    mission_line,
    names,
    suit_label,
    suit_name,
)
from host.tv.presentations import Presentation


def changes(old: dict[str, Any], new: dict[str, Any]) -> tuple[list[str], list[Presentation]]:
    """Sound cues and moments for what became public between two Inside Job views."""
    cues: list[str] = []
    shows: list[Presentation] = []
    old_tricks, new_tricks = old.get("tricks") or [], new.get("tricks") or []
    if len(new_tricks) < len(old_tricks):
        return cues, shows  # a new game (rematch): nothing to replay
    if len(new.get("trick") or []) > len(old.get("trick") or []):
        cues.append("flip")
    if len(new.get("voted") or []) > len(old.get("voted") or []):
        cues.append("tick")
    for trick in new_tricks[len(old_tricks) :]:
        shows.append(TrickDone(trick, new.get("targets") or {}, list(new.get("revealed") or [])))
    if new.get("vote") and not old.get("vote"):
        shows.append(VoteCount(new["vote"], list(new.get("voters") or [])))
    elif new.get("result") and not old.get("result") and shows:
        shows[-1].final = True  # the trick that ended the game (Intel, or the missions)
    return cues, shows


def ending_cue(view: dict[str, Any]) -> str:
    """The fanfare for the end: the Agents' when they won, else the traitors'."""
    result = view.get("result") or {}
    return "win_crew" if result.get("outcome") == SIDE_AGENTS else "win_moles"


class TrickDone(Presentation):
    """The whole trick, the winning card lit and why, then the mission kept or failed."""

    label = "trick_done"
    duration = 5.2
    CARDS_AT, EVERY = 0.25, 0.12
    WINNER_AT = 1.2
    RESULT_AT = 2.0
    AFTER_AT = 2.7
    still_from = AFTER_AT  # every card down, the result popped up, what followed written
    brief = AFTER_AT + 1.3

    def __init__(
        self, trick: dict[str, Any], targets: dict[str, Any], roles: list[str | None]
    ) -> None:
        self.trick = trick
        self.targets = targets
        self.roles = roles  # the public view's revealed roles, by seat

    def cue_times(self) -> list[tuple[float, str]]:
        cues = [(self.WINNER_AT, "flip")]
        cues.append((self.RESULT_AT, "lock_open" if self.trick.get("completed") else "lock_blown"))
        if self.trick.get("revealed"):
            cues.append((self.AFTER_AT, "reveal"))
        return cues

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        self._backdrop(canvas, frame, elapsed)
        trick = self.trick
        mission = trick.get("mission") or {}
        winner = trick.get("winner")
        canvas.text(
            frame.t(
                "insidejob.trick_number",
                number=trick.get("number", 0),
                total=self.targets.get("tricks", 0),
            ),
            960,
            40,
            40,
            theme.MUTED,
            "midtop",
            1700,
        )
        fitted_wrapped(canvas, mission_line(frame, mission), 200, 100, 40, 1060, 2, centred=True)
        trump = mission.get("trump")
        if trump:
            suit_label(
                canvas,
                frame,
                trump,
                frame.t("insidejob.trump", suit=suit_name(frame, trump)),
                1300,
                126,
                38,
                420,
            )
        cards = list(trick.get("cards") or [])
        count = max(1, len(cards))
        card_w, gap = 210, 40
        card_h = card_w * 1.4
        left = 960 - (count * card_w + (count - 1) * gap) / 2
        top = 250
        lit = elapsed >= self.WINNER_AT
        for index, play in enumerate(cards):
            since = elapsed - (self.CARDS_AT + index * self.EVERY)
            if since < 0:
                continue
            x = left + index * (card_w + gap)
            drop = (1 - frame.ease(since / 0.35)) * 300
            won = lit and play.get("seat") == winner
            draw_card(
                canvas,
                str(play["card"]),
                x,
                top + drop,
                card_w,
                card_h,
                wagered=bool(play.get("wagered")),
                glow=theme.ACCENT if won else None,
                trump_label=frame.t("tv.insidejob.trump_card")
                if counts_as_trump(play, trump)
                else "",
            )
            canvas.seat_badge(
                play["seat"],
                frame.name(play["seat"]),
                x,
                top + card_h + 40,
                36,
                theme.ACCENT if won else theme.TEXT,
                max_width=card_w + gap - 4,
            )
            if won:
                canvas.element(f"winner_card:{play['card']}", canvas.rect(x, top, card_w, card_h))
        if lit and winner is not None:
            why = frame.t(f"insidejob.by.{trick.get('by')}")
            line = f"{frame.t('insidejob.trick_won', player=frame.name(winner))} · {why}"
            canvas.text(line, 960, 640, 44, theme.ACCENT, "midtop", 1800)
            canvas.element(
                f"trick_winner:{winner}:{trick.get('by')}", canvas.rect(60, 640, 1800, 56)
            )
        if elapsed >= self.RESULT_AT:
            done = bool(trick.get("completed"))
            pop = 0.8 + 0.2 * frame.ease((elapsed - self.RESULT_AT) / 0.25)
            word = frame.t("insidejob.mission.completed" if done else "insidejob.mission.failed")
            colour = theme.GOOD if done else theme.BAD
            area = canvas.text(word, 1000, 765, 84 * pop, colour, "center", 1500)
            left = (area.left - canvas.offset_x) / canvas.scale  # back to design units
            if done:
                canvas.check(left - 60, 765, 44)
            else:
                canvas.cross(left - 60, 765, 40)
            canvas.element(
                "mission_result:" + ("completed" if done else "failed"),
                canvas.rect(560, 710, 1200, 110),
            )
        if elapsed >= self.AFTER_AT:
            for index, line in enumerate(self._aftermath(frame)[:4]):
                canvas.text(line, 960, 850 + index * 48, 34, theme.TEXT, "midtop", 1800)

    def _aftermath(self, frame: Frame) -> list[str]:
        """What followed the trick, in the order it happened."""
        trick = self.trick
        winner = trick.get("winner")
        lines = []
        taken = int(trick.get("taken") or 0) + int(trick.get("tokens") or 0)
        if trick.get("lost_by") is not None:
            lines.append(
                frame.t("insidejob.accomplice_effect", player=frame.name(trick["lost_by"]))
            )
        elif taken and winner is not None:
            lines.append(frame.t("tv.insidejob.takes", player=frame.name(winner), count=taken))
        for seat in trick.get("revealed") or []:
            role = self.roles[seat] if seat < len(self.roles) else None
            if role:
                role_name = frame.t(f"insidejob.role.{role}")
                lines.append(
                    frame.t("insidejob.revealed_as", player=frame.name(seat), role=role_name)
                )
        if trick.get("tim_took_from") is not None:
            lines.append(frame.t("insidejob.tim_took", player=frame.name(trick["tim_took_from"])))
        return lines


ROW_TOP, ROW_STEP = 270, 110


class VoteCount(Presentation):
    """Every ballot turned over together, then the tally, the most-voted lit."""

    label = "vote_count"
    duration = 4.6
    FLIP_AT = 0.5
    TALLY_AT = 1.4
    still_from = TALLY_AT + 0.5  # the tally's bars have grown
    final = True  # the vote ends the game (see Presentation.final)

    def __init__(self, vote: dict[str, Any], voters: list[int]) -> None:
        self.vote = vote
        self.voters = voters

    def cue_times(self) -> list[tuple[float, str]]:
        return [(self.FLIP_AT, "reveal"), (self.TALLY_AT, "tick")]

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        self._backdrop(canvas, frame, elapsed)
        canvas.text(frame.t("tv.insidejob.vote_title"), 960, 50, 72, theme.ACCENT, "midtop", 1700)
        ballots = self.vote.get("ballots") or {}
        rows = sorted(ballots.items(), key=lambda item: int(item[0]))
        canvas.text(frame.t("tv.insidejob.vote_column"), 100, 180, 30, theme.MUTED, max_width=780)
        for index, (voter, named) in enumerate(rows):
            y = ROW_TOP + index * ROW_STEP
            canvas.seat_badge(int(voter), frame.name(int(voter)), 100, y, 56, max_width=400)
            if elapsed >= self.FLIP_AT:
                canvas.text("→ " + names(frame, list(named)), 520, y, 44, TOKEN, "midleft", 400)
                canvas.element(
                    f"ballot:{voter}:{','.join(str(s) for s in named)}",
                    canvas.rect(520, y - 28, 400, 56),
                )
            else:
                canvas.text("?", 520, y, 44, theme.FAINT, "midleft")
        if elapsed < self.TALLY_AT:
            return
        tally = list(self.vote.get("tally") or [])
        leaders = set(self.vote.get("leaders") or [])
        most = max(tally or [1]) or 1
        canvas.text(frame.t("tv.insidejob.tally"), 980, 180, 30, theme.MUTED, max_width=860)
        for seat, votes in enumerate(tally):
            y = ROW_TOP + seat * ROW_STEP
            lead = seat in leaders
            canvas.seat_badge(
                seat,
                frame.name(seat),
                980,
                y,
                56,
                theme.ACCENT if lead else theme.TEXT,
                max_width=360,
            )
            length = 280 * votes / most * frame.ease((elapsed - self.TALLY_AT) / 0.5)
            if votes:
                canvas.panel(1350, y - 22, length, 44, theme.ACCENT if lead else theme.MUTED, 8)
            many = frame.t("insidejob.votes_for", count=votes)
            canvas.text(
                frame.t("tv.insidejob.one_vote") if votes == 1 else many,
                1350 + max(length, 0) + 16,
                y,
                34,
                theme.TEXT,
                "midleft",
                1880 - 1366 - length,
            )
            canvas.element(f"tally:{seat}:{votes}", canvas.rect(980, y - 28, 900, 56))
        if leaders:
            canvas.text(
                frame.t("tv.insidejob.most_votes", names=names(frame, sorted(leaders))),
                960,
                930,
                48,
                theme.ACCENT,
                "midtop",
                1800,
            )
