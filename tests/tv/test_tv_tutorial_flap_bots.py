"""The flap chapter counts the people who may try the flap: a bot the leader added has no phone
and would leave the count short for ever ("0 of 5" with four bots)."""

from __future__ import annotations

from tv_teaching import FakeClock, lobby_room, tried_flap, tutorial_window

from host import teaching
from host.seats import Player, new_token
from host.tv.tutorial.scripts import SCRIPTS


def test_bots_are_not_counted_among_those_who_should_try_the_flap():
    room = lobby_room("mole", players=2)
    for name in ("Robo", "Beep", "Chip"):
        room.players.append(Player(name=name, token=new_token(), bot=True, bot_seat=True))
    clock = FakeClock()
    window = tutorial_window(room, clock, "en", (1280, 720))
    window.keys.teach = lambda *args: None
    try:
        teaching.command(room, "start", "mole")
        teaching.chapters_known(room, "mole", [c.id for c in SCRIPTS["mole"]({})])
        room.tutorial.index = 2  # the flap
        tried_flap(room, 0)
        tried_flap(room, 1)
        window.drain()
        window.director.update(1.0)
        canvas = window.draw()
        assert "Tried the flap: 2 of 2" in canvas.texts()
        assert not [e for e in canvas.elements() if e.startswith(("flap_tried:2", "flap_tried:4"))]
    finally:
        window.close()
