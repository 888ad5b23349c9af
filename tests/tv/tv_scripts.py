"""Realistic public messages for the TV: seeded Mole games played by the engine's own bots.

Each step is exactly what ``Room.subscribe_public`` delivers: ``{"type": "public", "room": ...,
"view": GAME.view(state, None)}``. The room part follows ``docs/protocol.md``.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.registry import get_game
from engine.rng import Rng

NAMES = ["Ana", "Bruno", "Carla", "Diego", "Élodie", "Fátima", "João", "Ñuño", "Zoë", "Kwame"]
JOIN_URL = "http://192.168.1.20:8080/"


def room(
    players: int, phase: str = "playing", variants: list[str] | None = None, **extra: Any
) -> dict[str, Any]:
    data = {
        "phase": phase,
        "game": "mole",
        "games": ["mole", "insidejob"],
        "variants": list(variants or []),
        "available_variants": ["quick", "vault", "snitch"],
        "min_players": 5,
        "max_players": 10,
        "seats": [
            {"seat": s, "name": NAMES[s], "connected": True, "leader": s == 0}
            for s in range(players)
        ],
        "leader": 0 if players else None,
        "spectators": 0,
        "join_url": JOIN_URL,
        "paused": False,
        "can_start": 5 <= players <= 10 and phase == "lobby",
        "reclaimable": [],
        "resumable": None,
        "round": 0 if phase == "lobby" else 1,
    }
    data.update(extra)
    return data


def lobby(players: int, **extra: Any) -> dict[str, Any]:
    return {"type": "public", "room": room(players, "lobby", **extra), "view": None}


def play(
    players: int = 7, seed: int = 1, variants: list[str] | None = None, bot: str = "smart"
) -> list[dict[str, Any]]:
    """Every public message of one whole game, from the deal to the end."""
    game = get_game("mole")
    config = game.make_config(players=players, variants=list(variants or []))
    state = game.new_game(config, seed)
    rng = Rng(seed + 1000)
    choose = game.bots[bot]

    def message() -> dict[str, Any]:
        phase = "over" if game.is_over(state) else "playing"
        return {
            "type": "public",
            "room": room(players, phase, variants),
            "view": copy.deepcopy(game.view(state, None)),
        }

    messages = [message()]
    while not game.is_over(state):
        seat = min(game.expected_seats(state))
        game.apply(state, seat, choose(state, seat, rng))
        messages.append(message())
    return messages


def first(messages: list[dict[str, Any]], test) -> dict[str, Any]:
    return next(m for m in messages if test(m["view"]))


def find_game(
    players: int, want, variants: list[str] | None = None, bot: str = "smart"
) -> tuple[int, list[dict[str, Any]]]:
    """The first seed whose game satisfies ``want(messages)`` (deterministic search)."""
    for seed in range(1, 400):
        messages = play(players, seed, variants, bot)
        if want(messages):
            return seed, messages
    raise AssertionError("no seed gives that game")


def play_insidejob(
    players: int = 4, seed: int = 1, variants: list[str] | None = None, bot: str = "smart"
) -> list[dict[str, Any]]:
    """Every public message of one whole Inside Job game, from the deal to the end."""
    game = get_game("insidejob")
    state = game.new_game(game.make_config(players=players, variants=list(variants or [])), seed)
    rng = Rng(seed + 1000)
    extra = {"game": "insidejob", "min_players": 3, "max_players": 5}

    def message() -> dict[str, Any]:
        phase = "over" if game.is_over(state) else "playing"
        return {
            "type": "public",
            "room": room(players, phase, variants, **extra),
            "view": copy.deepcopy(game.view(state, None)),
        }

    messages = [message()]
    while not game.is_over(state):
        seat = min(game.expected_seats(state))
        game.apply(state, seat, game.bots[bot](state, seat, rng))
        messages.append(message())
    return messages
