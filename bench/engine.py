"""Engine speed: complete games per second with the random bot on one core, and view cost.

Run: python3 bench/engine.py [--games N] [--players N] [--repeat R]
The figure is the best of R runs (the least disturbed by other work on the machine). It plays
through the same loop as `molecrew simulate`, record included. Results go in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.registry import get_game
from engine.rng import Rng
from host.simulate import play_game


def games_per_second(
    game_name: str, players: int, games: int, seed: int, variants: list[str] | None = None
) -> tuple[float, float]:
    """Complete games per second with the random bot, and the mean actions per game."""
    game = get_game(game_name)
    config = game.make_config(players=players, variants=variants or [])
    bot, rng = game.bots["random"], Rng(seed)
    actions = 0
    started = time.perf_counter()
    for index in range(games):
        state = play_game(game, config, seed * 1_000_003 + index, bot, rng)
        actions += len(game.record(state)["actions"])
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / games


def views_per_second(players: int, rounds: int) -> float:
    """Every seat's view plus the public one, as the host sends after each change."""
    game = get_game("mole")
    config = game.make_config(players=players)
    state = game.new_game(config, 1)
    bot, rng = game.bots["random"], Rng(1)
    for _ in range(60):  # into the middle of a game
        if game.is_over(state):
            break
        seat = min(game.expected_seats(state))
        game.apply(state, seat, bot(state, seat, rng))
    seats = [None, *range(players)]
    started = time.perf_counter()
    for _ in range(rounds):
        for seat in seats:
            game.view(state, seat)
    return rounds * len(seats) / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    runs = [games_per_second("mole", args.players, args.games, seed) for seed in range(args.repeat)]
    best, actions = max(runs)
    print(f"python {platform.python_version()} on {platform.machine()}, one process")
    print(
        f"mole, {args.players} players, random bot: {best:,.0f} complete games/second "
        f"(best of {args.repeat} x {args.games}; runs: "
        f"{', '.join(f'{r:,.0f}' for r, _ in runs)}), {actions:.0f} actions/game"
    )
    rate = views_per_second(args.players, 2000)
    print(f"mole view(): {rate:,.0f} views/second ({1e6 / rate:.1f} microseconds each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
