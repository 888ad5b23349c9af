"""The real server on its background loop feeding a real TV window; host keys going back."""

from __future__ import annotations

import pygame
from tv_screens import wait_for

from host.cli import ServerThread, build_parser, host_keys, make_plan
from host.i18n import translate
from host.server import ROOM_KEY
from host.tv.window import TvWindow


def test_the_window_sees_the_lobby_and_a_refused_start_is_explained(tmp_path):
    args = ["--no-mdns", "--bind", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path)]
    plan = make_plan(build_parser().parse_args([*args, "--lang", "es"]))
    window = TvWindow(plan.lang, size=(1280, 720), sound=False)
    server = ServerThread(plan)
    try:
        server.start()
        window.keys = host_keys(server, window.notify, plan.lang)
        room = server.app[ROOM_KEY]
        server.call(lambda: room.subscribe_public(window.post))
        wait_for(window, lambda: window.director.fed)
        assert window.director.message["room"]["join_url"].split("#k=")[0] == plan.join_url
        window.press(pygame.K_s)  # nobody has joined: the Room refuses, the TV says why
        wait_for(window, lambda: window.overlays.notice)
        assert window.overlays.notice == translate(
            "es", "error.player_count", min=5, max=10, players=0
        )
        canvas = window.draw()
        assert window.overlays.notice in canvas.texts()
    finally:
        window.close()
        server.stop()
    assert not server.thread.is_alive()
