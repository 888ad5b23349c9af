"""Engine speed: complete games per second with each bot on one core, and view cost.

Run: python3 bench/engine.py [--games N] [--repeat R]
Plays Mole at 10 players and Inside Job at 5, with the random and the smart bot, through the
same loop as `molecrew simulate` (the seat's lazy view per bot move, the record at the end).
Rates are per second of this process's CPU time (``time.process_time``), so other work on a busy
machine slows them less than wall time would; each figure is the best of R runs. Results go in
docs/benchmarks.md.
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
    game_name: str,
    players: int,
    games: int,
    seed: int,
    variants: list[str] | None = None,
    bot_name: str = "random",
) -> tuple[float, float]:
    """Complete games per CPU second with that bot, and the mean actions per game."""
    game = get_game(game_name)
    config = game.make_config(players=players, variants=variants or [])
    bot, rng = game.bots[bot_name], Rng(seed)
    actions = 0
    started = time.process_time()
    for index in range(games):
        state = play_game(game, config, seed * 1_000_003 + index, bot, rng)
        actions += len(game.record(state)["actions"])
    elapsed = time.process_time() - started
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
    started = time.process_time()
    for _ in range(rounds):
        for seat in seats:
            game.view(state, seat)
    return rounds * len(seats) / (time.process_time() - started)


# (game, players, bot, games per run at the default --games 3000)
RUNS = (
    ("mole", 10, "random", 1.0),
    ("mole", 10, "smart", 1.0),
    ("insidejob", 5, "random", 1.0),
    ("insidejob", 5, "smart", 0.25),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}, one process, CPU time")
    for game_name, players, bot, share in RUNS:
        games = max(1, int(args.games * share))
        runs = [
            games_per_second(game_name, players, games, seed, bot_name=bot)
            for seed in range(args.repeat)
        ]
        best, actions = max(runs)
        print(
            f"{game_name}, {players} players, {bot} bot: {best:,.0f} games/second "
            f"(best of {args.repeat} x {games}; runs: {', '.join(f'{r:,.0f}' for r, _ in runs)}),"
            f" {actions:.0f} actions/game, {best * actions:,.0f} actions/second"
        )
    rate = views_per_second(10, 2000)
    print(f"mole view(): {rate:,.0f} views/second ({1e6 / rate:.1f} microseconds each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
