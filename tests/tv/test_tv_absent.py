"""Absent players on the TV: "away" and "bot playing" beside the name on every game board, and
the host's B key letting bots play every seat whose phone is gone (through the real server)."""

from __future__ import annotations

import asyncio
import copy

import aiohttp
import pygame
import pytest
from tv_screens import show, wait_for
from tv_scripts import NAMES, play, room

from engine.registry import get_game
from engine.rng import Rng
from host.channel import connect
from host.cli import ServerThread, build_parser, host_keys, make_plan
from host.i18n import translate
from host.server import ROOM_KEY
from host.tv.window import TvWindow

AWAY, BOT = 2, 3
TIMEOUT = 10.0


def with_absent(message: dict) -> dict:
    """The same public message with seat 2's phone gone and a bot playing seat 3."""
    message = copy.deepcopy(message)
    seats = message["room"]["seats"]
    seats[AWAY].update(connected=False, bot=False)
    seats[BOT].update(connected=False, bot=True)
    message["room"]["reclaimable"] = [AWAY, BOT]
    return message


def assert_marked(canvas, lang: str = "en") -> None:
    texts, elements = canvas.texts(), canvas.elements()
    assert translate(lang, "tv.seat.away") in texts
    assert translate(lang, "tv.seat.bot") in texts
    assert f"absent:{AWAY}:away" in elements and f"absent:{BOT}:bot" in elements
    # Nobody else is marked: a seat at the table has no tag.
    assert {e for e in elements if e.startswith("absent:")} == {
        f"absent:{AWAY}:away",
        f"absent:{BOT}:bot",
    }


@pytest.fixture(params=[(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def window(request):
    window = TvWindow("en", size=request.param, sound=False)
    yield window
    window.close()


def test_the_mole_board_marks_the_away_seat_and_the_bot_played_one(window):
    messages = play(7, seed=3)
    voting = next(m for m in messages if m["view"]["phase"] == "vote" and m["view"]["proposals"])
    canvas = show(window, [with_absent(voting)], "absent-board")
    assert window.director.current == "mole.board"
    assert_marked(canvas)
    names = f"{NAMES[AWAY]}, {NAMES[BOT]}"
    line = translate("en", "tv.board.reclaim", names=names)
    assert any(line in text for text in canvas.texts())
    assert any(translate("en", "tv.board.bots", names=NAMES[BOT]) in t for t in canvas.texts())
    # Before the first proposal the rows of names are drawn only to mark who is away.
    canvas = show(window, [with_absent(messages[0])], "absent-board-first")
    assert_marked(canvas)
    assert not [e for e in show(window, [messages[0]], "first").elements() if "absent" in e]
    # The same board with everyone back: no tag, no line.
    plain = show(window, [voting], "absent-board-none")
    assert not [e for e in plain.elements() if e.startswith("absent:")]
    assert translate("en", "tv.seat.away") not in plain.texts()


def test_the_getaway_marks_them_too(window):
    messages = play(7, seed=3)
    getaway = next(m for m in messages if m["view"]["phase"] == "getaway")
    canvas = show(window, [with_absent(getaway)], "absent-getaway")
    assert window.director.current == "mole.getaway"
    assert_marked(canvas)


def test_the_inside_job_board_marks_them_in_spanish():
    game = get_game("insidejob")
    state = game.new_game(game.make_config(players=5, variants=[]), 11)
    rng = Rng(1)
    for _ in range(6):  # a few cards into the first trick
        seat = min(game.expected_seats(state))
        game.apply(state, seat, game.bots["smart"](state, seat, rng))
    message = {
        "type": "public",
        "room": room(5, game="insidejob", min_players=3, max_players=5),
        "view": game.view(state, None),
    }
    window = TvWindow("es", size=(1280, 720), sound=False)
    try:
        canvas = show(window, [with_absent(message)], "absent-insidejob")
        assert window.director.current == "insidejob.board"
        assert_marked(canvas, "es")
    finally:
        window.close()


# -- the B key through the real server -------------------------------------------------------


async def seat_phones(url: str, names: list[str]) -> tuple[aiohttp.ClientSession, list]:
    """Real phone sockets that join in order; the first starts the game."""
    session = aiohttp.ClientSession()
    sockets = []
    for name in names:
        ws = await connect(session, url)  # the private channel
        await ws.send_json({"type": "hello", "lang": "en"})
        await ws.send_json({"type": "join", "name": name})
        while (await ws.receive_json(timeout=TIMEOUT))["type"] != "welcome":
            pass
        sockets.append(ws)
    await sockets[0].send_json({"type": "start"})
    while True:
        message = await sockets[0].receive_json(timeout=TIMEOUT)
        if message["type"] == "state" and message["room"]["phase"] == "playing":
            return session, sockets


def seats(window: TvWindow) -> list[dict]:
    return window.director.message.get("room", {}).get("seats") or []


def test_b_lets_bots_play_every_absent_seat_and_says_so(tmp_path):
    args = ["--no-mdns", "--bind", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path)]
    plan = make_plan(build_parser().parse_args([*args, "--lang", "en", "--seed", "5"]))
    window = TvWindow(plan.lang, size=(1280, 720), sound=False)
    server = ServerThread(plan)
    loop = asyncio.new_event_loop()
    session, sockets = None, []
    try:
        server.start()
        window.keys = host_keys(server, window.notify, plan.lang)
        room_ = server.app[ROOM_KEY]
        server.call(lambda: room_.subscribe_public(window.post))
        wait_for(window, lambda: window.director.fed)
        window.press(pygame.K_b)  # in the lobby: there is no game for a bot to play
        wait_for(window, lambda: window.overlays.notice)
        assert window.overlays.notice == translate("en", "error.not_started")

        url = f"http://127.0.0.1:{plan.port}/ws"
        session, sockets = loop.run_until_complete(seat_phones(url, NAMES[:5]))
        wait_for(window, lambda: window.director.message["room"]["phase"] == "playing")
        window.press(pygame.K_b)  # everyone is here
        none = translate("en", "tv.bots.none")
        wait_for(window, lambda: window.overlays.notice == none)
        assert not any(p.bot for p in room_.players)

        for seat in (AWAY, BOT):  # two phones die
            loop.run_until_complete(sockets[seat].close())
        wait_for(window, lambda: sum(not s["connected"] for s in seats(window)) == 2)
        window.press(pygame.K_b)
        said = translate("en", "tv.bots.on", names=f"{NAMES[AWAY]}, {NAMES[BOT]}")
        wait_for(window, lambda: window.overlays.notice == said)
        wait_for(window, lambda: all(seats(window)[s]["bot"] for s in (AWAY, BOT)))
        assert [p.bot for p in room_.players] == [False, False, True, True, False]
        canvas = window.draw()
        assert said in canvas.texts()
        assert (
            f"absent:{AWAY}:bot" in canvas.elements() and f"absent:{BOT}:bot" in canvas.elements()
        )
        window.press(pygame.K_h)
        help_canvas = window.draw()
        assert translate("en", "tv.help.bots") in help_canvas.texts()
    finally:
        for ws in sockets:
            loop.run_until_complete(ws.close())
        if session is not None:
            loop.run_until_complete(session.close())
        loop.close()
        window.close()
        server.stop()
    assert not server.thread.is_alive()
