"""Inside Job engine speed: complete games per second with each bot, and view cost.

Run: python3 bench/engine_insidejob.py [--games N] [--players N] [--repeat R]
Each figure is the best of R runs, per second of this process's CPU time, played through the
same loop as `molecrew simulate` (a view per bot move, record included); the smart bot plays a
quarter as many games. Results go in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import games_per_second
from engine.registry import get_game
from engine.rng import Rng

OPTION_SETS = (
    [],
    ["wagers"],
    ["wagers", "risky", "decoy", "tim_shady"],
    ["wagers", "professional", "accomplice", "paranoid"],
)


def view_microseconds(players: int, rounds: int) -> float:
    """One view (public and per seat alike) of a mid-game state, as the host sends them."""
    game = get_game("insidejob")
    config = game.make_config(players=players, variants=["wagers"])
    bot, rng = game.bots["random"], Rng(1)
    seed = 0
    while True:  # a game still going after four tricks, with a trick half played
        seed += 1
        state = game.new_game(config, seed)
        while not game.is_over(state) and (len(state.history) < 4 or len(state.trick_cards) < 2):
            seat = min(game.expected_seats(state))
            game.apply(state, seat, bot(state, seat, rng))
        if not game.is_over(state):
            break
    seats = [None, *range(players)]
    started = time.process_time()
    for _ in range(rounds):
        for seat in seats:
            game.view(state, seat)
    return (time.process_time() - started) / (rounds * len(seats)) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}, one process")
    for variants in OPTION_SETS:
        for bot, games in (("random", args.games), ("smart", max(1, args.games // 4))):
            runs = [
                games_per_second("insidejob", args.players, games, seed, variants, bot)
                for seed in range(args.repeat)
            ]
            best, actions = max(runs)
            label = ", ".join(variants) or "no option"
            print(
                f"insidejob, {args.players} players, {label}, {bot} bot: {best:,.0f} games/second"
                f" (best of {args.repeat} x {games}; runs: "
                f"{' / '.join(f'{r:,.0f}' for r, _ in runs)}), {actions:.0f} actions/game"
            )
    print(f"insidejob view(): {view_microseconds(args.players, 2000):.1f} microseconds each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
