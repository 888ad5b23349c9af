"""Every text of the boards and the grand reveal shown whole, in every language, at 1080p and
720p: none shortened with "…" or missing a line, none drawn over another (tests/tv/tv_fit.py).

The table is the one a QA evening had: the host and six bots with short names ("Widget"),
every bot seat away (so the board's bottom line names them, beside the host-keys hint, with the
sound off too); the Mole board's goal line in Portuguese; an Inside Job game with Risky missions
and a reveal in which someone kept back the suit led ("had Green: chose not to follow")."""

from __future__ import annotations

import copy

import pygame
import pytest
from tv_fit import cut_texts, misfits
from tv_scripts import find_game, play_insidejob

from engine.insidejob.views import replay_steps as insidejob_steps
from engine.mole.views import replay_steps as mole_steps
from host.i18n import LANGUAGES
from host.tv import absent, corner
from host.tv.insidejob.replay import CHOSE_NOT, not_following
from host.tv.window import TvWindow

QA_NAMES = ["Ana", "Robo", "Beep", "Chip", "Dot", "Widget", "Gizmo"]


def qa_table(message: dict) -> dict:
    """The message with the QA evening's names; every seat but the host's a bot the host
    added, each offered to a player who may take it (reclaimable)."""
    message = copy.deepcopy(message)
    room = message["room"]
    for seat in room["seats"]:
        seat["name"] = QA_NAMES[seat["seat"]]
        if seat["seat"]:
            seat.update(bot_seat=True)
    if room["phase"] == "playing":
        room["reclaimable"] = [s["seat"] for s in room["seats"] if s["seat"]]
    return message


def with_reveal(messages: list[dict], steps) -> list[dict]:
    """The game, then its grand reveal step by step."""
    end = messages[-1]
    count = steps(end["view"]) + 1
    reveal = [dict(end, room=dict(end["room"], replay_step=step)) for step in range(count)]
    return [*messages, *reveal]


def keeps_a_suit_back(messages: list[dict]) -> bool:
    view = messages[-1]["view"]
    tricks = view.get("tricks") or []
    return any(CHOSE_NOT in not_following(view, i).values() for i in range(len(tricks)))


def risky_game_keeping_a_suit_back() -> list[dict]:
    for seed in range(1, 200):
        messages = play_insidejob(4, seed, ["risky"])
        risky = any((m["view"].get("mission") or {}).get("risky") for m in messages)
        if risky and keeps_a_suit_back(messages):
            return messages
    raise AssertionError("no seed gives that game")


@pytest.fixture(scope="module")
def games():
    mole = find_game(7, lambda m: m[-1]["view"]["phase"] == "over")[1]
    insidejob = risky_game_keeping_a_suit_back()
    return {
        "mole": [qa_table(m) for m in with_reveal(mole, mole_steps)],
        "insidejob": [qa_table(m) for m in with_reveal(insidejob, insidejob_steps)],
    }


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_fits_whole(games, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    window.press(pygame.K_m)  # the sound off: the widest host-keys hint
    window.overlays.notice_until = 0.0  # its notice gone, as a few seconds later
    problems: dict[str, set[str]] = {}
    seen: set[str] = set()
    try:
        for name, messages in games.items():
            for message in messages:
                window.post(message)
                window.drain()
                window.director.skip()
                canvas = window.draw()
                seen.update(label.split(":")[0] for label in canvas.elements())
                seen.update(canvas.texts())
                for problem in misfits(canvas):
                    problems.setdefault(problem, set()).add(f"{name}:{window.director.current}")
    finally:
        window.close()
    frame = window.director.frame()
    # The scenes QA saw are among those drawn: the vote list, the bottom line, the goal line,
    # a suit kept back in the reveal, a Risky mission.
    assert {"acted", "off_suit", "risky"} <= seen
    assert frame.t("tv.board.goal", open=3, blow=3) in seen
    assert any(text.startswith(frame.t("tv.board.reclaim", names="")[:6]) for text in seen)
    assert not problems, sorted(problems.items())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bottom_line_makes_room_when_the_sound_goes_off(games, lang):
    """The words "sound off" widen the corner hint on a board already on screen: the bottom line,
    redrawn, stays left of it; with the sound on it spells out every name."""
    window = TvWindow(lang, size=(1280, 720), sound=False)
    board = next(m for m in games["mole"] if m["view"]["phase"] == "vote")
    try:
        window.post(board)
        window.drain()
        window.director.skip()
        for muted in (False, True, False):
            if muted != window.overlays.muted:
                window.press(pygame.K_m)
                window.overlays.notice_until = 0.0
            frame = window.director.frame()
            canvas = window.draw()
            hint = next(d for d in canvas.drawn if d.label == corner.hint_text(frame))
            line = next(d for d in canvas.drawn if d.label.startswith(frame.t(
                "tv.board.reclaim", names="")[:6]))  # fmt: skip
            assert line.rect.right < hint.rect.left and not line.cut
            if not muted:
                assert line.label == absent.bottom_line(frame)  # every name spelt out
    finally:
        window.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_notice_takes_two_lines_rather_than_being_cut(games, lang, size):
    """The host's B key names every seat a bot now plays: seven names and the sentence."""
    window = TvWindow(lang, size=size, sound=False)
    try:
        window.post(next(m for m in games["mole"] if m["view"]["phase"] == "vote"))
        window.drain()
        window.director.skip()
        text = window.director.frame().t("tv.bots.on", names=", ".join(QA_NAMES))
        window.notify(text)
        window.drain()
        canvas = window.draw()
        notice = [d for d in canvas.drawn if d.kind == "text" and d.label == text]
        assert notice and not [d for d in notice if d.cut or d.size < 24]
        assert not cut_texts(canvas)  # (it lies over the board: only cuts count here)
    finally:
        window.close()
