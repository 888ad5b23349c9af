"""Legible from the sofa: no text on the 1920×1080 canvas smaller than 24 px, in any scene, in
any of the three languages, on the crowded tables (ten players, long names) as on the small,
in a 1080p and a 720p window, and none off the screen.

Every public message of whole seeded games is drawn settled, and every moment part-way and at
its end; the canvas records the size each text was really drawn at (after any shrinking to fit).
"""

from __future__ import annotations

import copy

import pygame
import pytest
from tv_scripts import NAMES, find_game, lobby, play_insidejob

from host.tv.window import HostKeys, TvWindow

SMALLEST = 24  # design pixels: about 16 px on a 720p set, still readable from a sofa
LANGS = ["en", "es", "pt"]


def small_texts(window: TvWindow) -> list[tuple[str, float]]:
    """Texts of the frame drawn smaller than SMALLEST (and none may fall off the screen)."""
    canvas = window.draw()
    texts = [d for d in canvas.drawn if d.kind == "text"]
    screen = window.screen.get_rect()
    assert not [d.label for d in texts if not screen.contains(d.rect)], "text off screen"
    return [(d.label, round(d.size, 1)) for d in texts if d.size < SMALLEST]


def every_frame(window: TvWindow, messages: list[dict]):
    """Each message settled, and each moment it brings at a few points of its run."""
    for message in messages:
        window.post(message)
        window.drain()
        window.director.update(0.0)
        shown = window.director.showing
        while shown is not None:
            for _ in range(3):
                window.director.update(shown.duration / 3)
                yield
            shown = window.director.showing
        window.director.skip()
        yield


def crowded(message: dict) -> dict:
    """The same message with long names (as players really type them), one seat away, one
    played by a bot, a seat to reclaim and spectators watching."""
    seats = []
    for seat in message["room"]["seats"]:
        entry = dict(seat, name=f"{seat['name']} Maximiliano") if seat["seat"] % 2 else dict(seat)
        if seat["seat"] == 1:
            entry.update(connected=False, bot=False)
        if seat["seat"] == 2 and message["room"]["phase"] != "lobby":
            entry.update(connected=False, bot=True)
        seats.append(entry)
    extra = {"seats": seats, "spectators": 2}
    if message["room"]["phase"] == "playing" and len(seats) > 1:
        extra["reclaimable"] = [1]
    return dict(message, room=dict(message["room"], **extra))


def getaway_ten(messages):
    return messages[-1]["view"]["result"]["marks"]


GAMES = {
    "mole-10": lambda: find_game(10, getaway_ten)[1],
    "mole-5-patrol": lambda: find_game(
        5, lambda m: any(lock["by"] == "patrol" for lock in m[-1]["view"]["locks"]), bot="random"
    )[1],
    "insidejob-5": lambda: play_insidejob(5, 3, ["wagers", "accomplice", "tim_shady"]),
    "insidejob-4": lambda: play_insidejob(4, 2, ["risky", "professional", "sleeping"]),
    "insidejob-3": lambda: play_insidejob(3, 1, []),
}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_no_text_is_smaller_than_24_px_in_any_scene(game, lang, size):
    messages = [crowded(m) for m in GAMES[game]()]
    saved = {"game": "mole", "names": ["Ana", "Bruno Maximiliano"], "actions": 12}
    lobbies = [crowded(lobby(n)) for n in (0, 3, 10)] + [lobby(0, resumable=saved)]
    paused = dict(messages[1], room=dict(messages[1]["room"], paused=True))
    window = TvWindow(lang, size=size, sound=False, local_url="http://vm.local:8080/")
    small: dict[str, float] = {}

    def look() -> None:
        for label, size in small_texts(window):
            small[label] = min(size, small.get(label, size))

    try:
        for _ in every_frame(window, [*lobbies, *messages[:2], paused, *messages[1:]]):
            look()
        # The host's overlays: sound off, the keys, the quit question, a notice.
        for key in (pygame.K_m, pygame.K_h, pygame.K_ESCAPE, pygame.K_a):
            window.press(key)
            look()
    finally:
        window.close()
    assert not small, sorted(small.items(), key=lambda item: item[1])


def evening(messages: list[dict], insidejob: bool = False) -> list[dict]:
    """The room around a game as crowded as an evening gets: a turn clock, a shared phone
    whose next holder has a long name, latecomers, a claim, the taken-back notice, pause by
    name; then the grand reveal at every step with an audience that marked suspects."""
    board = crowded(messages[2])
    clock = {"preset": "relaxed", "length": 90, "left": 75.0, "running": True, "seats": [1]}
    shared = copy.deepcopy(board)
    for seat in shared["room"]["seats"][:3]:
        seat.update(phone=1, takes_phone=seat["seat"] == 1)
    late = ["Maximiliano Alejandro", "Guadalupe", "Zoë"]
    claim = [{"id": 1, "seat": 1, "name": shared["room"]["seats"][1]["name"]}]
    notice = {"id": 2, "kind": "seat_taken_back", "name": shared["room"]["seats"][1]["name"]}
    room = shared["room"]
    steps = [
        dict(shared, room=dict(room, clock=clock, next_game=late)),
        dict(shared, room=dict(room, clock=clock, next_game=late, claims=claim * 2)),
        dict(shared, room=dict(room, notice=notice)),
        dict(shared, room=dict(room, paused=True, paused_by=room["seats"][1]["name"])),
    ]
    end = crowded(messages[-1])
    rounds = len(end["view"].get("tricks") or end["view"].get("locks") or [])
    audience = {
        "truth": [0, 2],
        "members": [
            {
                "name": f"Maximiliano {n}",
                "rounds": [[0, 1, 2] if r % 2 else None for r in range(rounds)],
                "final": [0, 1],
                "score": 0.5,
            }
            for n in range(10)
        ],
        "best": "Maximiliano 0",
        "tally": {"0": 10},
    }
    from engine.insidejob.views import replay_steps as ij_steps
    from engine.mole.views import replay_steps as mole_steps

    count = (ij_steps if insidejob else mole_steps)(end["view"]) + 1
    for step in [None, *range(count)]:
        extra = {"phase": "over", "replay_step": step, "audience_result": audience}
        steps.append(dict(end, room=dict(end["room"], **extra)))
    return steps


def evening_lobbies() -> list[dict]:
    saved = {"game": "insidejob", "names": [f"{n} Maximiliano" for n in NAMES[:5]], "actions": 9}
    crowd = crowded(lobby(10, audience=250, spectators=12))
    for seat in crowd["room"]["seats"]:
        index = seat["seat"]
        seat.update(phone=index // 3 + 1 if index < 6 else None, bot_seat=index == 7)
        seat.update(removed=index == 8, leader=index == 0)
    return [crowd, crowded(lobby(3)), lobby(2, resumable=saved)]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["mole-10", "mole-5-patrol", "insidejob-5"])
def test_the_evening_screens_are_legible_in_every_language(game, lang, size):
    messages = GAMES[game]()
    script = [*evening_lobbies(), *evening(messages, insidejob=game.startswith("insidejob"))]
    window = TvWindow(lang, size=size, sound=False, local_url="http://vm.local:8080/")
    window.keys = HostKeys(fingerprint="4821 0937 5512")
    small: dict[str, float] = {}
    try:
        for message in script:
            window.post(message)
            window.drain()
            window.director.skip()
            for label, drawn in small_texts(window):
                small[label] = min(drawn, small.get(label, drawn))
        window.press(pygame.K_h)  # the keys, with the claim and the reveal's
        for label, drawn in small_texts(window):
            small[label] = min(drawn, small.get(label, drawn))
    finally:
        window.close()
    assert not small, sorted(small.items(), key=lambda item: item[1])
