"""The server as the windowed host runs it: on its own loop in a background thread."""

from __future__ import annotations

import asyncio

from host.cli import ServerThread, build_parser, make_plan
from host.server import ROOM_KEY


def _on_loop(server: ServerThread, read):
    async def call():
        return read()

    return asyncio.run_coroutine_threadsafe(call(), server.loop).result(timeout=10)


def test_a_windowed_demo_paces_its_bots_instead_of_playing_the_game_at_once(tmp_path):
    # Built before its loop ran, the demo's Room found no loop to wait on: every bot pause was
    # skipped and the whole first game was over before the window opened.
    args = ["--no-mdns", "--bind", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path)]
    plan = make_plan(build_parser().parse_args([*args, "--demo", "mole"]))
    server = ServerThread(plan)
    try:
        server.start()
        room = server.app[ROOM_KEY]
        phase, played = _on_loop(server, lambda: (room.phase, len(room.log)))
        assert phase == "playing" and played < 3  # a bot moves a second after the last
    finally:
        server.stop()
    server.thread.join(10)
    assert not server.thread.is_alive()
