"""The end of Inside Job: who won and why, then every player's role, Intel, vote and result."""

from __future__ import annotations

from typing import Any

from engine.insidejob.vocabulary import SIDE_AGENTS
from host.tv import corner, strip, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.insidejob.pieces import TOKEN, names, role_colour
from host.tv.scene import Scene

# The winners' banner: top, height, the title's top and size, the ending's top.
BANNER = (24, 200, 44, 72, 150)
BANNER_UNDER_BAR = (strip.STRIP_BOTTOM, 136, strip.STRIP_BOTTOM + 8, 60, 166)


def winners_line(frame: Frame, labels: list[str]) -> str:
    """Who won, in one sentence, in the result's order (sides first): "The Agents win!", "The
    Insider and the Decoy win!". The phones and the board page say it alike (winners_line.js)."""
    if len(labels) < 2:
        return frame.t(f"insidejob.won.{labels[0]}") if labels else ""
    names = [frame.t(f"insidejob.winner.{w}") for w in labels]
    line = frame.t("insidejob.winners", names=", ".join(names[:-1]), last=names[-1])
    # The names come first in some languages, and are written for the middle of a sentence.
    return line[:1].upper() + line[1:]


class InsideJobRevealScene(Scene):
    def draw(self, canvas: Canvas, frame: Frame) -> None:
        view = frame.view or {}
        result: dict[str, Any] = view.get("result") or {}
        agents = result.get("outcome") == SIDE_AGENTS
        colour = theme.CREW if agents else theme.MOLES
        # Under the room bar's strip while it shows (latecomers named at the end of a game), a
        # little shorter, ending where it always does.
        banner = BANNER_UNDER_BAR if strip.shows_bar(canvas, frame) else BANNER
        top, height, title_y, title_size, ending_y = banner
        canvas.panel(40, top, 1840, height, colour, radius=30)
        title = winners_line(frame, result.get("winners") or [])
        canvas.text(title, 960, title_y, title_size, theme.WHITE, "midtop", 1760)
        canvas.element(f"outcome:{result.get('outcome')}", canvas.rect(40, top, 1840, height))
        ending = result.get("ending")
        if ending:
            text = frame.t(f"insidejob.ending.{ending}")
            canvas.text(text, 960, ending_y, 36, theme.WHITE, "midtop", 1760)
        targets = view.get("targets") or {}
        canvas.text(
            frame.t(
                "insidejob.missions_progress",
                completed=len(view.get("completed") or []),
                target=targets.get("missions", 0),
            ),
            960,
            244,
            30,
            theme.ACCENT,
            "midtop",
            1800,
        )
        self._table(canvas, frame, view, result)
        again = "tv.end.demo_again" if frame.room.get("demo") else "tv.end.rematch"
        footer = f"{frame.t('tv.replay.offer')}  ·  {frame.t(again)}"
        corner.line_beside_hint(canvas, frame, footer, 60, 1064, 26, theme.MUTED)

    def _table(
        self, canvas: Canvas, frame: Frame, view: dict[str, Any], result: dict[str, Any]
    ) -> None:
        roles = list(result.get("roles") or view.get("revealed") or [])
        players = len(roles) or frame.player_count()
        intel = list(view.get("intel") or [])
        vote = view.get("vote") or {}
        ballots = vote.get("ballots") or {}
        tally = list(vote.get("tally") or [])
        winners = set(result.get("winning_seats") or [])
        accomplice = view.get("accomplice") or {}
        # Seats revealed by Intel during the game (a Sleeping Agent among them changed side).
        turned = {
            seat for trick in view.get("tricks") or [] for seat in trick.get("revealed") or []
        }
        # The votes a player received in a column of their own, beside their Intel: under the
        # ballot ("→ Beep / received 2") the count read as Beep's (QA).
        x_name, x_role, x_intel, x_received, x_vote, x_result = 70, 490, 865, 1060, 1330, 1630
        role_w = 350
        header_y, top = 300, 350
        row_height = min(120, 660 / max(1, players))
        canvas.text(frame.t("tv.end.player"), x_name, header_y, 26, theme.MUTED)
        canvas.text(frame.t("tv.end.role"), x_role, header_y, 26, theme.MUTED, max_width=role_w)
        canvas.text(frame.t("insidejob.intel"), x_intel, header_y, 26, theme.MUTED, max_width=190)
        if vote:
            canvas.text(
                frame.t("tv.insidejob.tally"), x_received, header_y, 26, theme.MUTED, max_width=240
            )
            canvas.text(
                frame.t("tv.insidejob.vote_column"),
                x_vote,
                header_y,
                26,
                theme.MUTED,
                max_width=290,
            )
        for seat in range(players):
            y = top + seat * row_height
            cy = y + row_height / 2
            won = seat in winners
            canvas.panel(
                50,
                y + 4,
                1820,
                row_height - 8,
                theme.PANEL_LIGHT if won else theme.PANEL,
                radius=14,
                border=theme.ACCENT if won else None,
                border_width=4,
            )
            canvas.seat_badge(seat, frame.name(seat), x_name, cy, 48, max_width=400)
            role = roles[seat] if seat < len(roles) else None
            if role:
                colour = role_colour(role, seat in turned)
                canvas.panel(x_role, cy - 26, role_w, 52, colour, radius=14)
                canvas.text(
                    frame.t(f"insidejob.role.{role}"),
                    x_role + role_w / 2,
                    cy,
                    32,
                    theme.ink_on(colour),
                    "center",
                    role_w - 20,
                )
                canvas.element(f"role:{seat}:{role}", canvas.rect(x_role, cy - 26, role_w, 52))
                if accomplice.get("seat") == seat and accomplice.get("picked") is not None:
                    canvas.text(
                        frame.t("tv.insidejob.tag.picked", name=frame.name(accomplice["picked"])),
                        x_role + role_w / 2,
                        cy + 38,
                        theme.MIN_TEXT,
                        theme.MUTED,
                        "center",
                        role_w,
                    )
            count = intel[seat] if seat < len(intel) else 0
            canvas.circle(x_intel + 18, cy, 18, TOKEN)
            canvas.text(str(count), x_intel + 50, cy, 36, TOKEN, "midleft", 100)
            if vote:
                received = tally[seat] if seat < len(tally) else 0
                lead = seat in (vote.get("leaders") or [])
                ink = theme.ACCENT if lead else theme.MUTED
                area = canvas.text(str(received), x_received, cy, 36, ink, "midleft")
                canvas.element(f"received:{seat}:{received}", area)
                named = ballots.get(str(seat))
                line = "→ " + names(frame, list(named)) if named else "—"
                canvas.text(line, x_vote, cy, 30, theme.TEXT, "midleft", 290)
            if won:
                canvas.check(x_result + 24, cy, 24)
                word = frame.t("tv.insidejob.wins")
            else:
                canvas.cross(x_result + 24, cy, 21)
                word = frame.t("tv.insidejob.loses")
            canvas.text(
                word,
                x_result + 62,
                cy,
                34,
                theme.ACCENT if won else theme.MUTED,
                "midleft",
                170,
            )
            canvas.element(
                f"result:{seat}:{'wins' if won else 'loses'}",
                canvas.rect(x_result, y, 240, row_height),
            )
