"""With no window (``molecrew --headless``) the tutorial still runs: its chapters are known and
each one ends after its own length, stopped while paused, so the phones and board pages follow
a lesson no TV plays."""

from __future__ import annotations

import asyncio

import aiohttp
from fake_clock import FakeClock
from tv_phones import Listener, join_table, start_molecrew
from tv_teaching import Phone

from host import teaching
from host.room import Room
from host.seats import Player, new_token
from host.tv.tutorial.offscreen import OffscreenTutorial
from host.tv.tutorial.scripts import SCRIPTS


def test_the_chapters_play_in_turn_on_the_rooms_clock_and_wait_while_paused():
    clock = FakeClock()
    room = Room(game="mole", scheduler=clock)
    for name in ("Ana", "Bea", "Cal", "Dan", "Eva"):
        phone = Phone()
        player = Player(name=name, token=new_token(), conn=phone)
        phone.seats, phone.player = [player], player
        room.players.append(player)
    tutorial = OffscreenTutorial(room, "en")
    try:
        teaching.command(room, "start", "mole")
        chapters = SCRIPTS["mole"]({"variants": []})
        assert room.tutorial.chapters == [c.id for c in chapters]
        clock.advance(chapters[0].duration - 0.1)
        assert room.tutorial.index == 0
        clock.advance(0.2)
        assert room.tutorial.index == 1
        teaching.command(room, "pause")
        clock.advance(10 * chapters[1].duration)
        assert room.tutorial.index == 1
        teaching.command(room, "resume")
        clock.advance(chapters[1].duration + 0.1)
        assert room.tutorial.index == 2
        for chapter in chapters[2:]:
            clock.advance(chapter.duration + 0.1)
        assert room.tutorial is None  # the last chapter played: the lesson is over
    finally:
        tutorial.close()
    teaching.command(room, "start", "mole")
    assert room.tutorial.chapters == []  # closed: nothing plays it any more


def test_a_screen_watching_after_the_lesson_is_told_its_chapters_last():
    """The headless lesson reports its chapters while it is told of the start: a screen that
    subscribed after it used to get the newer message first, then the older one, and showed
    "The lesson is starting" through the whole first chapter (QA)."""
    clock = FakeClock()
    room = Room(game="insidejob", scheduler=clock)
    for name in ("Ana", "Bea", "Cal"):
        room.players.append(Player(name=name, token=new_token()))
    tutorial = OffscreenTutorial(room, "en")
    board: list[dict] = []
    room.subscribe_public(board.append)
    try:
        teaching.command(room, "start", "insidejob")
        lessons = [message["room"]["tutorial"] for message in board[1:]]
        assert lessons[0]["chapters"] == [] and lessons[-1]["chapters"] == room.tutorial.chapters
        assert [bool(lesson["chapters"]) for lesson in lessons] == sorted(
            bool(lesson["chapters"]) for lesson in lessons
        ), "once known, the chapters never go back to unknown"
    finally:
        tutorial.close()


async def test_a_headless_host_plays_the_lesson_the_leader_starts(tmp_path):
    process, url, _ = await start_molecrew(tmp_path / "state", "--seed", "7")
    try:
        async with aiohttp.ClientSession() as http:
            public = Listener(await http.ws_connect(url + "ws/public"))
            phones = await join_table(http, url)
            await phones[0].send({"type": "tutorial", "command": "start", "game": "mole"})
            lesson = await public.until(lambda m: (m["room"].get("tutorial") or {}).get("chapters"))
            assert (
                lesson["room"]["tutorial"]["chapter"] == lesson["room"]["tutorial"]["chapters"][0]
            )
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 20)
