"""The TV and a real Room: the window's host keys bound by the CLI's own ``host_keys`` (the
server loop's ``call`` replaced by a direct call) let a claimed seat in or refuse it, and step
the grand reveal; the window follows the Room's public messages, never its own guess."""

from __future__ import annotations

import json

import pygame
import pytest
from tv_screens import en, show
from tv_teaching import Phone, lobby_room

from engine.rng import Rng
from host.cli import host_keys
from host.server import FINGERPRINT_KEY, ROOM_KEY
from host.tv.director import REPLAY
from host.tv.window import TvWindow


class DirectServer:
    """What ``host_keys`` needs of the server thread: the app's keys and a loop to run on."""

    def __init__(self, room) -> None:
        self.app = {ROOM_KEY: room, FINGERPRINT_KEY: "4821 0937 5512"}

    def call(self, work) -> None:
        work()


@pytest.fixture
def table():
    room = lobby_room("mole", players=5)
    window = TvWindow("en", size=(1280, 720), sound=False)
    notices: list[str] = []
    window.keys = host_keys(DirectServer(room), notices.append, "en")  # type: ignore[arg-type]
    room.subscribe_public(window.post)
    yield room, window, notices
    window.close()


def claim_carla(room) -> Phone:
    carla = room.players[2]
    room.disconnect(carla.conn)
    stranger = Phone()
    room.connect(stranger)
    room.handle_text(stranger, json.dumps({"type": "join", "name": "carla"}))
    return stranger


def test_y_lets_the_claimant_in_and_the_tv_says_the_seat_was_taken_back(table):
    room, window, _ = table
    stranger = claim_carla(room)
    canvas = show(window, [], "room-claim")
    # With the code the claimant's phone shows, for the table to compare before pressing Y.
    shown = json.loads(stranger.frames[-1])["you"]["claim"]["code"]
    assert en("tv.room.claim", name="Carla", code=str(shown)) in canvas.texts()
    old_token = room.players[2].token
    window.press(pygame.K_y)
    assert room.players[2].conn is stranger and room.players[2].token != old_token
    canvas = show(window, [], "room-taken-back")
    assert en("tv.room.seat_taken_back", name="Carla") in canvas.texts()
    assert not any(label.startswith("claim:") for label in canvas.elements())
    assert "fingerprint" in canvas.elements()  # the lobby shows the code the keys carry


def test_n_refuses_the_claimant_who_gets_nothing_of_the_seat(table):
    room, window, _ = table
    stranger = claim_carla(room)
    show(window, [], "room-claim-refuse")
    window.press(pygame.K_n)
    assert room.players[2].conn is None and not room.claims
    errors = [json.loads(text) for text in stranger.frames if '"type":"error"' in text]
    assert errors[-1]["code"] == "claim_refused"
    assert "notice:seat_taken_back" not in show(window, [], "room-refused").elements()


def play_to_the_end(room) -> None:
    room.fixed_seed = 1  # a seeded deal: the same game, and the same reveal, on every run
    room.start()
    rng = Rng(5)
    while room.phase != "over":
        match = room.match
        seat = min(match.rules.expected_seats(match.state))
        action = match.rules.bots["smart"](match.state, seat, rng)
        message = {"type": "action", "action": action}
        room.handle_text(room.players[seat].conn, json.dumps(message))


def test_the_arrows_step_the_rooms_reveal_and_the_tv_follows_each_step(table):
    room, window, notices = table
    window.press(pygame.K_RIGHT)  # in the lobby: nothing to step, nothing asked
    play_to_the_end(room)
    show(window, [], "room-over")
    count = window.director.replay_count(window.director.message)
    assert count >= 4  # at least three locks and the Getaway, or five locks
    seen = []
    for _ in range(count + 1):
        window.press(pygame.K_RIGHT)
        canvas = show(window, [], "room-step")
        seen.append(room.replay_step)
        if room.replay_step is not None:
            assert window.director.current == REPLAY
            assert f"replay:{room.replay_step}" in canvas.elements()
        else:
            assert window.director.current == "mole.reveal"
    assert seen == [*range(count), None]
    assert notices == []


@pytest.mark.parametrize("demo", [False, True])
def test_the_end_says_who_starts_the_next_game(table, demo):
    # A demo has no leader to start a rematch: the next game deals itself.
    room, window, _ = table
    room.demo = demo
    play_to_the_end(room)
    canvas = show(window, [], "room-over")
    footer = " ".join(canvas.texts())
    words = en("tv.end.demo_again" if demo else "tv.end.rematch")
    other = en("tv.end.rematch" if demo else "tv.end.demo_again")
    assert words in footer and other not in footer


def test_the_tv_says_who_ended_the_game_when_the_table_is_back_in_the_lobby(table):
    """QA: the leader's "End the game" took every screen straight to the lobby, with no word of
    why; the TV names who ended it."""
    room, window, _ = table
    room.start()
    room.handle_text(room.leader.conn, json.dumps({"type": "end"}))
    room.notice = None  # the lobby as it would be without the notice, drawn for comparison
    room.changed()
    show(window, [], "ended-lobby")
    width, height = window.screen.get_size()
    panel = pygame.Rect(360 * width // 1920, 880 * height // 1080, 1200 * width // 1920, 4)
    without = pygame.image.tobytes(window.screen.subsurface(panel), "RGB")
    room.start()
    room.handle_text(room.leader.conn, json.dumps({"type": "end"}))
    assert room.phase == "lobby"
    canvas = show(window, [], "ended-after")
    assert "notice:game_ended" in canvas.elements()
    assert en("tv.room.game_ended", name=room.leader.name) in canvas.texts()
    # On the display surface itself: the notice's panel stands where the lobby was.
    assert pygame.image.tobytes(window.screen.subsurface(panel), "RGB") != without
