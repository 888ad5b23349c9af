"""The Inside Job tutorial: about two minutes, drawn with the game's own board and cards.

The pictures are the real board scene, the real trick and vote moments and the game's cards,
fed made-up public views of a demo table of four. Options are taught only when the lobby has
chosen them: wagers, Risky missions, and each special role in one line (the game's own
description of it). Subtitle keys are ``tv.tutorial.insidejob.<chapter>.<n>``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.insidejob.vocabulary import (
    AGENT,
    AT_RISK,
    GAME_NAME,
    INSIDER,
    MICROPHONE,
    PHASE_MISSION,
    PHASE_PLAY,
    PHASE_VOTE,
    RISKY,
    SPECIAL_ROLES,
    WAGERS,
)
from host.tv import theme
from host.tv.insidejob.board import InsideJobBoardScene
from host.tv.insidejob.moments import TrickDone, VoteCount
from host.tv.insidejob.pieces import (
    draw_card,
    fitted_wrapped,
    intel_pips,
    role_colour,
    suit_label,
    suit_name,
)
from host.tv.tutorial import flap
from host.tv.tutorial.stage import Stage
from host.tv.tutorial.timeline import Beat, Chapter, chapter

PLAYERS = 4
TARGETS = {"missions": 7, "intel": 5, "reveal_at": 5, "final_hand": 2, "tricks": 10}
BOARD = InsideJobBoardScene()  # never told of messages: cards are drawn already in place
INSIDER_SEAT = 2


def mission(objective: str, trump: str, risky: bool = False) -> dict[str, Any]:
    return {"id": "demo", "objective": objective, "trump": trump, "risky": risky}


def plays(*cards: str, start: int = 0, wagered: int | None = None) -> list[dict[str, Any]]:
    return [
        {"seat": (start + i) % PLAYERS, "card": card, "wagered": i == wagered}
        for i, card in enumerate(cards)
    ]


def view(**changes: Any) -> dict[str, Any]:
    """A public Inside Job view of the demo table, changed as given."""
    base: dict[str, Any] = {
        "game": GAME_NAME,
        "players": PLAYERS,
        "variants": [],
        "special_roles": [],
        "seat": None,
        "phase": PHASE_PLAY,
        "targets": TARGETS,
        "trick_number": 1,
        "start": 0,
        "turn": 0,
        "mission": mission("winner_10_plus", "yellow"),
        "missions_left": 22,
        "trick": [],
        "led_suit": None,
        "intel": [1, 1, 1, 1],
        "supply": 10,
        "hand_sizes": [12, 12, 12, 12],
        "completed": [],
        "failed": [],
        "tricks": [],
        "revealed": [None] * PLAYERS,
        "accomplice": None,
        "voters": [],
        "voted": [],
        "vote": None,
        "result": None,
    }
    base.update(changes)
    return base


def trick_so_far(cards: list[dict[str, Any]], shown: int, **changes: Any) -> dict[str, Any]:
    """The board while a trick is played: the first ``shown`` cards down, the next on turn."""
    down = cards[:shown]
    turn = (cards[0]["seat"] + shown) % PLAYERS
    led = suit_of(down[0]["card"]) if down else None
    hands = [12 - (1 if any(p["seat"] == s for p in down) else 0) for s in range(PLAYERS)]
    return view(trick=down, turn=turn, led_suit=led, hand_sizes=hands, **changes)


def suit_of(card: str) -> str:
    return {"B": "blue", "R": "red", "G": "green", "Y": "yellow"}[card[0]]


def finished(
    cards: list[dict[str, Any]], winner: int, done: bool, the_mission: dict[str, Any], by: str
) -> dict[str, Any]:
    """A trick as the view's ``tricks`` list keeps it once it is over."""
    return {
        "number": 1,
        "start": cards[0]["seat"],
        "mission": the_mission,
        "cards": cards,
        "winner": winner,
        "by": by,
        "taken": 1,
        "tokens": 0,
        "lost_by": None,
        "completed": done,
        "revealed": [],
        "tim_took_from": None,
    }


FOLLOW = plays("B7", "B11", "B2", "R12")  # the last player has no blue
ODD = plays("G5", "G9", "G6", "Y3", start=2)  # one even card: "every card is odd" fails
TRUMPED = plays("B9", "B13", "R3", "B5", start=1)  # red is trump: the 3 wins


# -- pictures --------------------------------------------------------------------------------
def goal(stage: Stage, t: float) -> None:
    canvas = stage.picture
    frame = stage.demo(None, PLAYERS)
    if t < 7:
        for seat in range(PLAYERS):
            x = 200 + seat * 400
            role = INSIDER if seat == INSIDER_SEAT else AGENT
            lit = t >= 2.5
            colour = role_colour(role) if lit else theme.PANEL_LIGHT
            canvas.panel(x, 200, 320, 460, colour, radius=26, border=theme.FAINT)
            label = stage.t(f"insidejob.role.{role}") if lit else "?"
            stage.text(label, x + 160, 400, 48 if lit else 110, theme.WHITE, "midtop", 290)
            canvas.seat_badge(seat, frame.name(seat), x + 10, 720, 48, max_width=300)
        return
    stage.text(
        stage.t("tv.tutorial.insidejob.goal.agents"), 480, 200, 48, theme.GOOD, "midtop", 820
    )
    done = min(TARGETS["missions"], int((t - 7) * 1.2))
    stage.text(
        stage.t("tv.tutorial.insidejob.goal.missions", count=done, total=TARGETS["missions"]),
        480,
        300,
        40,
        theme.TEXT,
        "midtop",
        820,
    )
    for index in range(TARGETS["missions"]):
        x = 120 + index * 104
        canvas.panel(
            x, 400, 88, 124, theme.GOOD if index < done else theme.PANEL, 12, border=theme.FAINT
        )
    stage.text(
        stage.t("tv.tutorial.insidejob.goal.insider"), 1440, 200, 48, theme.BAD, "midtop", 820
    )
    stage.text(
        stage.t("tv.tutorial.insidejob.goal.intel", total=TARGETS["intel"]),
        1440,
        300,
        40,
        theme.TEXT,
        "midtop",
        820,
    )
    intel_pips(
        canvas, min(TARGETS["intel"], 1 + int(t - 7) // 2), TARGETS["intel"], 1100, 460, 40, 680
    )


def tricks(stage: Stage, t: float) -> None:
    if t < 12:
        shown = min(4, 1 + int(t / 2.2))
        BOARD.draw(stage.picture, stage.demo(trick_so_far(FOLLOW, shown), PLAYERS))
        return
    the_mission = view()["mission"]
    done = finished(FOLLOW, 1, True, the_mission, "led_suit")
    TrickDone(done, TARGETS, [None] * PLAYERS).draw(
        stage.picture, stage.demo(None, PLAYERS), t - 12
    )


def trump(stage: Stage, t: float) -> None:
    red = mission("winner_is_trump", "red")
    if t < 7:
        shown = min(4, 1 + int(t / 1.6))
        BOARD.draw(stage.picture, stage.demo(trick_so_far(TRUMPED, shown, mission=red), PLAYERS))
        return
    done = finished(TRUMPED, 3, True, red, "trump")
    TrickDone(done, TARGETS, [None] * PLAYERS).draw(stage.picture, stage.demo(None, PLAYERS), t - 7)


def missions(stage: Stage, t: float) -> None:
    canvas = stage.picture
    frame = stage.demo(None, PLAYERS)
    if 6 <= t < 12:
        done = finished(ODD, 1, False, mission("all_odd", "yellow"), "trump")  # the yellow 3
        TrickDone(done, TARGETS, [None] * PLAYERS).draw(canvas, frame, t - 6)
        return
    if t < 6:
        drawn = (mission("all_odd", "green"), mission("winner_10_plus", "yellow"))
        for index, card in enumerate(drawn):
            removed = index == 0 and t >= 4
            x, y = 300 + index * 700, 220 + (380 if removed else 0) * min(1.0, (t - 4) / 1.0)
            if removed:  # face down and out of the game, unseen by anyone
                canvas.panel(x, y, 620, 200, theme.PANEL_LIGHT, radius=24, border=theme.FAINT)
                stage.text(
                    stage.t("tv.tutorial.insidejob.missions.removed"),
                    x + 310,
                    y + 80,
                    34,
                    theme.MUTED,
                    "midtop",
                    580,
                )
                continue
            canvas.panel(x, y, 620, 360, theme.PANEL, radius=24, border=theme.ACCENT)
            fitted_wrapped(
                canvas,
                stage.t(f"insidejob.objective.{card['objective']}"),
                x + 30,
                y + 40,
                40,
                560,
                3,
            )
            suit_label(
                canvas,
                frame,
                card["trump"],
                frame.t("insidejob.trump", suit=suit_name(frame, card["trump"])),
                x + 30,
                y + 290,
                38,
                560,
            )
        stage.text(
            stage.t("tv.tutorial.insidejob.missions.start", name=frame.name(0)),
            960,
            90,
            40,
            theme.MUTED,
            "midtop",
            1700,
        )
        return
    kept = view(
        trick_number=2,
        start=1,
        turn=1,
        intel=[1, 2, 1, 1],
        supply=9,
        completed=[view()["mission"]],
        hand_sizes=[11, 11, 11, 11],
        mission=None,
        phase=PHASE_MISSION,
    )
    BOARD.draw(canvas, stage.demo(kept, PLAYERS))


def insider(stage: Stage, t: float) -> None:
    canvas = stage.picture
    frame = stage.demo(None, PLAYERS)
    hand = ["G10", "G3", "Y4", "B6", "R8"]
    stage.text(
        stage.t("tv.tutorial.insidejob.insider.hand", name=frame.name(INSIDER_SEAT)),
        960,
        60,
        40,
        theme.BAD,
        "midtop",
        1700,
    )
    played = t >= 3
    for index, card in enumerate(hand):
        if played and card == "Y4":
            continue
        draw_card(canvas, card, 380 + index * 240, 640, 200, 280)
    led = plays("G8", "G12", start=0)
    table = led + ([{"seat": INSIDER_SEAT, "card": "Y4", "wagered": False}] if played else [])
    for index, play in enumerate(table):
        x = 560 + index * 280
        draw_card(canvas, play["card"], x, 180, 220, 308)
        canvas.seat_badge(play["seat"], frame.name(play["seat"]), x, 530, 36, max_width=260)
    stage.text(
        stage.t("tv.insidejob.led", suit=suit_name(frame, "green")),
        960,
        120,
        34,
        theme.MUTED,
        "midtop",
        1700,
    )


def vote(stage: Stage, t: float) -> None:
    if t < 7:
        voters = list(range(PLAYERS))
        voting = view(
            phase=PHASE_VOTE,
            voters=voters,
            voted=voters[: int(t / 1.5)],
            hand_sizes=[2, 2, 2, 2],
            trick_number=10,
        )
        BOARD.draw(stage.picture, stage.demo(voting, PLAYERS))
        return
    ballots = {"0": [2], "1": [2], "2": [3], "3": [1]}
    count = {"ballots": ballots, "tally": [0, 1, 2, 1], "leaders": [2]}
    VoteCount(count, list(range(PLAYERS))).draw(stage.picture, stage.demo(None, PLAYERS), t - 7)


def wagers(stage: Stage, t: float) -> None:
    cards = plays("B9", "G4", "B12", start=0, wagered=1)
    BOARD.draw(stage.picture, stage.demo(trick_so_far(cards, 3, variants=[WAGERS]), PLAYERS))


def risky(stage: Stage, t: float) -> None:
    canvas = stage.picture
    frame = stage.demo(None, PLAYERS)
    card = mission("descending", "blue", risky=True)
    canvas.panel(560, 200, 800, 460, theme.PANEL, radius=28, border=theme.BAD, border_width=8)
    stage.text(frame.t("insidejob.variant.risky"), 960, 240, 44, theme.BAD, "midtop", 740)
    fitted_wrapped(
        canvas, frame.t(f"insidejob.objective.{card['objective']}"), 600, 330, 42, 720, 3
    )
    suit_label(
        canvas,
        frame,
        "blue",
        frame.t("insidejob.trump", suit=suit_name(frame, "blue")),
        600,
        590,
        38,
        720,
    )


def roles(chosen: list[str]) -> Callable[[Stage, float], None]:
    """The special roles chapter: each chosen role's card, lit during its own line."""

    def picture(stage: Stage, t: float) -> None:
        canvas = stage.picture
        starts = [sum(role_seconds(r) for r in chosen[:i]) for i in range(len(chosen))]
        now = max(i for i, start in enumerate(starts) if t >= start or i == 0)
        width = min(400, 1760 / len(chosen) - 20)
        left = 960 - len(chosen) * (width + 20) / 2
        for index, role in enumerate(chosen):
            x, on = left + index * (width + 20), index == now
            colour = role_colour(role) if on else theme.PANEL
            canvas.panel(x, 260 if on else 320, width, 440, colour, radius=26, border=theme.FAINT)
            ink = theme.WHITE if on else theme.MUTED
            name = stage.t(f"insidejob.role.{role}")
            stage.wrapped(name, x + 12, 440 if on else 500, 40, width - 24, ink)
            canvas.element(f"role:{role}:{'lit' if on else 'dim'}", canvas.rect(x, 260, width, 440))

    return picture


ROLE_SECONDS = 5
LONGER_ROLES = {MICROPHONE: 6, AT_RISK: 6}  # their lines say more


def role_seconds(role: str) -> float:
    return LONGER_ROLES.get(role, ROLE_SECONDS)


BASE = [
    chapter(GAME_NAME, "goal", goal, 7, 7),
    chapter(GAME_NAME, "flap", flap.draw, 6, 6),
    chapter(GAME_NAME, "tricks", tricks, 6, 6, 6),
    chapter(GAME_NAME, "trump", trump, 7, 7),
    chapter(GAME_NAME, "missions", missions, 6, 6, 6),
    chapter(GAME_NAME, "insider", insider, 6, 6),
    chapter(GAME_NAME, "vote", vote, 7, 8),
]
WAGERS_CHAPTER = chapter(GAME_NAME, "wagers", wagers, 8)
RISKY_CHAPTER = chapter(GAME_NAME, "risky", risky, 7)


def chapters(room: dict[str, Any]) -> list[Chapter]:
    """The chapters for the options chosen in the lobby (room part ``variants``)."""
    chosen = list(room.get("variants") or [])
    out = list(BASE)
    if WAGERS in chosen:
        out.append(WAGERS_CHAPTER)
    if RISKY in chosen or AT_RISK in chosen:
        out.append(RISKY_CHAPTER)
    special = [role for role in SPECIAL_ROLES if role in chosen]
    if special:
        beats = tuple(Beat(f"insidejob.variant.{r}.about", role_seconds(r)) for r in special)
        out.append(Chapter("roles", "tv.tutorial.insidejob.roles", beats, roles(special)))
    return out
