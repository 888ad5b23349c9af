"""The Mole in the Crew tutorial: about two and a half minutes, drawn with the game's own board.

Each chapter's picture is the real board scene, the real moments (votes turned over, cards
shuffled and flipped, the Patrol) and the real Getaway, fed a made-up public view of a demo table
of seven, so the tutorial looks exactly like the game it teaches. Subtitle keys are
``tv.tutorial.mole.<chapter>.<n>``; the variants reuse the game's own one-line descriptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.mole.vocabulary import (
    BLOWN,
    BY_CARDS,
    BY_PATROL,
    CARDS,
    CLEAN,
    CONTACT,
    CONTACT_FOUND,
    CREW,
    DOUBLE,
    DRIVER,
    ESCAPE,
    GAME_NAME,
    GETAWAY,
    LOOKOUT,
    MOLE,
    OPEN,
    PROPOSE,
    QUICK,
    SABOTAGE,
    SNITCH_VARIANT,
    VAULT,
    VOID,
    VOTE,
)
from host.tv import theme
from host.tv.frame import Frame
from host.tv.mole.board import BoardScene, draw_locks
from host.tv.mole.getaway import GetawayScene
from host.tv.mole.moments import CardsReveal, PatrolBlows, VotesReveal
from host.tv.tutorial import flap
from host.tv.tutorial.stage import Stage
from host.tv.tutorial.timeline import Beat, Chapter, chapter

PLAYERS = 7
SIZES = (2, 2, 2, 3, 3)  # seven players' team sizes
BOARD = BoardScene()
GETAWAY_SCENE = GetawayScene()
ROLES = (MOLE, CONTACT, DOUBLE, LOOKOUT, DRIVER, CREW)
TEAM = [0, 3]
VOTES = [True, False, True, True, False, True, True]  # five approve: the team goes


def locks(
    results: Sequence[tuple[str, str] | None] = (), sizes: Sequence[int] = SIZES
) -> list[dict[str, Any]]:
    """Lock entries as the engine's public view has them: ``(result, by)`` for resolved ones."""
    out = []
    for index, size in enumerate(sizes):
        result = results[index] if index < len(results) else None
        out.append(
            {
                "team_size": size,
                "result": result[0] if result else None,
                "by": result[1] if result else None,
                "sabotages": (1 if result[0] == BLOWN else 0) if result else None,
                "cards": None,
            }
        )
    return out


def view(**changes: Any) -> dict[str, Any]:
    """A public Mole view of the demo table, first lock, changed as given."""
    base: dict[str, Any] = {
        "game": GAME_NAME,
        "players": PLAYERS,
        "variants": [],
        "seat": None,
        "phase": PROPOSE,
        "locks": locks(),
        "lock": 0,
        "to_open": 3,
        "to_blow": 3,
        "boss": 0,
        "approvals_needed": 4,
        "rejections": 0,
        "patrol_at": 3,
        "team": [],
        "voted": [],
        "played": [],
        "proposals": [],
        "getaway": None,
        "result": None,
    }
    base.update(changes)
    return base


def proposal(votes: list[bool], boss: int = 0, team: list[int] = TEAM) -> dict[str, Any]:
    return {"lock": 0, "boss": boss, "team": team, "votes": votes, "approved": sum(votes) >= 4}


# -- pictures --------------------------------------------------------------------------------
def story(stage: Stage, t: float) -> None:
    canvas = stage.picture
    frame = stage.demo(view(), PLAYERS, t)
    if t < 11:
        draw_locks(canvas, frame, view(), top=120, height=220)
        for seat in range(PLAYERS):
            x = 180 + seat * 240
            canvas.seat_badge(seat, frame.name(seat), x, 560, 56, max_width=220)
            if t >= 5 and seat in (2, 5):  # two of them are not what they seem
                stage.text("?", x + 28, 660, 110, theme.BAD, "midtop", 80)
        return
    # The two ways it ends: three locks open (then the Getaway), or three locks blown.
    opened = view(locks=locks([(OPEN, BY_CARDS)] * 3), lock=3)
    blown = view(locks=locks([(BLOWN, BY_CARDS)] * 3), lock=3)
    stage.text(stage.t("tv.tutorial.mole.story.crew"), 960, 90, 48, theme.GOOD, "midtop")
    draw_locks(canvas, stage.demo(opened, PLAYERS), opened, top=170, height=200)
    stage.text(stage.t("tv.tutorial.mole.story.moles"), 960, 560, 48, theme.BAD, "midtop")
    draw_locks(canvas, stage.demo(blown, PLAYERS), blown, top=640, height=200)


def roles(stage: Stage, t: float) -> None:
    canvas = stage.picture
    # One beat each for the Moles, the Contact and the Double, then the rest together.
    lit = {MOLE} if t < 6 else {CONTACT} if t < 12 else {DOUBLE} if t < 17 else set(ROLES[3:])
    width, gap = 270, 30
    left = 960 - (len(ROLES) * width + (len(ROLES) - 1) * gap) / 2
    for index, role in enumerate(ROLES):
        x = left + index * (width + gap)
        on = role in lit
        y = 260 if on else 320
        colour = theme.MOLES if role == MOLE else theme.CREW
        canvas.panel(
            x,
            y,
            width,
            420,
            colour if on else theme.PANEL,
            radius=26,
            border=theme.ACCENT if on else theme.FAINT,
            border_width=6,
        )
        ink = theme.WHITE if on else theme.MUTED
        stage.wrapped(stage.t(f"mole.role.{role}"), x + 12, y + 30, 38, width - 24, ink)
        side = "mole.side.moles" if role == MOLE else "mole.side.crew"
        stage.text(stage.t(side), x + width / 2, y + 340, 28, ink, "midtop", width - 24)
        if role == MOLE:
            canvas.cross(x + width / 2, y + 210, 60, theme.BACKGROUND if on else theme.BAD)
        else:
            canvas.check(x + width / 2, y + 210, 64, theme.BACKGROUND if on else theme.GOOD)
        canvas.element(f"role:{role}:{'lit' if on else 'dim'}", canvas.rect(x, y, width, 420))


def team(stage: Stage, t: float) -> None:
    if t < 3:
        BOARD.draw(stage.picture, stage.demo(view(), PLAYERS, t))
    elif t < 6:
        BOARD.draw(stage.picture, stage.demo(view(phase=VOTE, team=TEAM), PLAYERS, t))
    elif t < 8:
        voted = list(range(min(PLAYERS, int((t - 6) * 4))))
        BOARD.draw(stage.picture, stage.demo(view(phase=VOTE, team=TEAM, voted=voted), PLAYERS))
    elif t < 12:
        VotesReveal(proposal(VOTES), 0).draw(stage.picture, stage.demo(None, PLAYERS), t - 8)
    else:
        after = view(phase=CARDS, boss=1, team=TEAM, proposals=[proposal(VOTES)])
        BOARD.draw(stage.picture, stage.demo(after, PLAYERS, t))


def patrol(stage: Stage, t: float) -> None:
    if 5.5 <= t < 5.5 + PatrolBlows.duration:
        PatrolBlows(0).draw(stage.picture, stage.demo(None, PLAYERS), t - 5.5)
        return
    no = [True, False, False, True, False, False, True]
    if t < 5.5:
        count = min(2, int(t / 1.8))
        history = [proposal(no, boss=s) for s in range(count)]
        now = view(boss=count, rejections=count, proposals=history)
    else:
        history = [proposal(no, boss=s) for s in range(3)]
        now = view(locks=locks([(BLOWN, BY_PATROL)]), lock=1, boss=3, proposals=history)
        now["locks"][0]["sabotages"] = None
    BOARD.draw(stage.picture, stage.demo(now, PLAYERS, t))


def cards(stage: Stage, t: float) -> None:
    if t < 6:
        played = TEAM[: int(t / 2.5)]
        busy = view(phase=CARDS, boss=1, team=TEAM, played=played, proposals=[proposal(VOTES)])
        BOARD.draw(stage.picture, stage.demo(busy, PLAYERS, t))
        return
    frame = stage.demo(None, PLAYERS)
    blown = {
        "team_size": 3,
        "result": BLOWN,
        "by": BY_CARDS,
        "sabotages": 1,
        "cards": [CLEAN, SABOTAGE, CLEAN],
    }
    opened = {
        "team_size": 3,
        "result": OPEN,
        "by": BY_CARDS,
        "sabotages": 0,
        "cards": [CLEAN, CLEAN, CLEAN],
    }
    first = CardsReveal(1, blown)
    if t - 6 < first.duration - 1.0:
        first.draw(stage.picture, frame, t - 6)
    else:
        CardsReveal(2, opened).draw(stage.picture, frame, t - 6 - (first.duration - 1.0))


def file(stage: Stage, t: float) -> None:
    canvas = stage.picture
    frame = stage.demo(None, PLAYERS)
    lookout = 4
    opened = t >= 6
    for index, seat in enumerate(range(1, 6)):
        x, y = 120 + index * 340, 160
        canvas.panel(x, y, 310, 700, theme.PANEL_LIGHT, radius=22, border=theme.FAINT)
        canvas.seat_badge(seat, frame.name(seat), x + 20, y + 50, 44, max_width=270)
        if not opened:  # each file is read under the flap, like the role
            canvas.panel(x + 14, y + 110, 282, 574, theme.PANEL, radius=16, border=theme.ACCENT)
            text = stage.t("tv.tutorial.mole.file.closed")
            canvas.wrapped(text, x + 30, y + 330, 34, 250, theme.MUTED, max_lines=3, centred=True)
            continue
        if seat == lookout:
            stage.text(
                stage.t("mole.role.lookout"), x + 155, y + 130, 34, theme.ACCENT, "midtop", 270
            )
            text = stage.t("mole.file.alibi", name=frame.name(3), lock=2)
        else:
            text = stage.t("mole.file.nothing")
        canvas.wrapped(text, x + 24, y + 220, 38, 262, theme.TEXT, max_lines=6)
        canvas.element(
            f"file:{seat}:{'alibi' if seat == lookout else 'nothing'}", canvas.rect(x, y, 310, 700)
        )


def getaway(stage: Stage, t: float) -> None:
    canvas = stage.picture
    if t < 4:
        run = view(
            phase=GETAWAY,
            locks=locks([(OPEN, BY_CARDS)] * 3),
            lock=None,
            getaway={"confirmed": list(range(int(t * 1.5)))},
        )
        GETAWAY_SCENE.draw(canvas, stage.demo(run, PLAYERS, t))
        return
    frame = stage.demo(None, PLAYERS)
    if t < 16:
        shown = (DRIVER, MOLE, CREW)
        for index, role in enumerate(shown):
            x = 150 + index * 560
            _marking_phone(stage, frame, x, 150, role, marks=t >= 10)
        return
    endings = ((VOID, theme.GOOD), (CONTACT_FOUND, theme.BAD), (ESCAPE, theme.GOOD))
    for index, (ending, colour) in enumerate(endings):
        x = 90 + index * 590
        canvas.panel(x, 200, 560, 620, theme.PANEL, radius=28, border=colour, border_width=6)
        side = "moles" if ending == CONTACT_FOUND else "crew"
        winner = f"mole.side.{side}"
        stage.text(stage.t(winner), x + 280, 240, 48, colour, "midtop", 520)
        canvas.wrapped(
            stage.t(f"mole.ending.{ending}"), x + 30, 360, 40, 500, theme.TEXT, max_lines=5
        )
        canvas.element(f"ending:{ending}", canvas.rect(x, 200, 560, 620))


def _marking_phone(stage: Stage, frame: Frame, x: float, y: float, role: str, marks: bool) -> None:
    """One phone's marking screen: the same list for everyone (the role is named only here,
    to teach what each mark does)."""
    canvas = stage.picture
    canvas.panel(x, y, 500, 780, theme.BLACK, radius=44, border=theme.FAINT)
    canvas.panel(x + 24, y + 40, 452, 700, theme.PANEL, radius=18)
    stage.text(stage.t(f"mole.role.{role}"), x + 250, y - 70, 40, theme.ACCENT, "midtop", 480)
    picked = {DRIVER: 1, MOLE: 2, CREW: 5}[role]
    rows = [frame.name(seat) for seat in range(PLAYERS)] + [stage.t("mole.mark.nobody")]
    for index, name in enumerate(rows):
        top = y + 60 + index * 82
        chosen = marks and index == picked
        canvas.panel(
            x + 44,
            top,
            412,
            70,
            theme.PANEL_LIGHT if chosen else theme.PANEL,
            radius=12,
            border=theme.ACCENT if chosen else theme.FAINT,
            border_width=3,
        )
        stage.text(name, x + 70, top + 35, 34, theme.TEXT, "midleft", 300)
        if chosen:
            canvas.check(x + 420, top + 35, 22, theme.ACCENT)
    canvas.element(f"marking:{role}", canvas.rect(x, y, 500, 780))


def variants(stage: Stage, t: float) -> None:
    canvas = stage.picture
    shown = ((QUICK, (2, 2, 3)), (VAULT, (3, 4, 4, 4, 5, 5, 5)), (SNITCH_VARIANT, SIZES))
    for index, (name, sizes) in enumerate(shown):
        y = 80 + index * 320
        on = index == (0 if t < 5 else 1 if t < 11 else 2)
        stage.text(
            stage.t(f"mole.variant.{name}"),
            120,
            y,
            44,
            theme.ACCENT if on else theme.MUTED,
            "topleft",
            1700,
        )
        track = view(locks=locks((), sizes), lock=None)
        draw_locks(canvas, stage.demo(track, PLAYERS), track, top=y + 70, height=190)


CHAPTERS = [
    chapter(GAME_NAME, "story", story, 5, 6, 6),
    chapter(GAME_NAME, "roles", roles, 6, 6, 5, 6),
    chapter(GAME_NAME, "flap", flap.draw, 7, 7),
    chapter(GAME_NAME, "team", team, 6, 6, 6),
    chapter(GAME_NAME, "patrol", patrol, 6, 6),
    chapter(GAME_NAME, "cards", cards, 6, 6, 6),
    chapter(GAME_NAME, "file", file, 6, 7),
    chapter(GAME_NAME, "getaway", getaway, 4, 6, 6, 7),
    Chapter(
        "variants",
        "tv.tutorial.mole.variants",
        (
            Beat(f"mole.variant.{QUICK}.about", 5),
            Beat(f"mole.variant.{VAULT}.about", 6),
            Beat(f"mole.variant.{SNITCH_VARIANT}.about", 5),
            Beat("tv.tutorial.mole.variants.end", 3),
        ),
        variants,
    ),
]


def chapters(room: dict[str, Any]) -> list[Chapter]:
    """Mole teaches the same chapters whatever the options (the variants in one line each)."""
    return list(CHAPTERS)
