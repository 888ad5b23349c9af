"""`molecrew simulate`: play many games with bots and report who wins and how games end.

Generic over the game registry: it knows a game only through ``engine.registry.GameRules``.
Each finished game's ``record(state)`` must hold ``"winners"`` (the winning sides or roles) and
``"ending"`` (a category); optional ``"sides"`` and ``"endings"`` list every possible value so
that those that never happened still show as zero.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TextIO

from engine.errors import InvalidConfig
from engine.registry import GameRules, game_names, get_game
from engine.rng import Rng

_SEED_MASK = (1 << 63) - 1


def play_game(
    game: GameRules,
    config: Any,
    seed: int,
    bot: Callable[[Any, int, Rng], dict[str, Any]],
    bot_rng: Rng,
) -> Any:
    """Play one game to its end with one bot in every seat; returns the final state.

    When several seats may act, the one to act next is drawn from ``bot_rng``, so simultaneous
    steps (votes, marks) arrive in varied orders. Raises RuntimeError if the game never ends.
    """
    state = game.new_game(config, seed)
    expected_seats, apply, is_over = game.expected_seats, game.apply, game.is_over
    for _ in range(1_000_000):
        if is_over(state):
            return state
        seats = expected_seats(state)
        if len(seats) == 1:
            (seat,) = seats
        else:
            ordered = sorted(seats)
            seat = ordered[bot_rng.below(len(ordered))]
        apply(state, seat, bot(state, seat, bot_rng))
    raise RuntimeError("the game did not end")


def simulate(
    game: GameRules,
    config: Any,
    games: int,
    seed: int,
    bot_name: str,
    records: TextIO | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; returns the tallies (and writes one JSON record per line)."""
    bot = game.bots[bot_name]
    master = Rng(seed)
    wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    sides: list[str] = []
    all_endings: list[str] = []
    elapsed = 0.0
    for _ in range(games):
        game_seed = master.next_u64() & _SEED_MASK
        bot_rng = Rng(master.next_u64())
        started = time.perf_counter()
        state = play_game(game, config, game_seed, bot, bot_rng)
        record = game.record(state)
        elapsed += time.perf_counter() - started
        for side in record.get("sides", []):
            if side not in sides:
                sides.append(side)
        for ending in record.get("endings", []):
            if ending not in all_endings:
                all_endings.append(ending)
        for winner in record["winners"]:
            wins[winner] += 1
            if winner not in sides:
                sides.append(winner)
        endings[record["ending"]] += 1
        if record["ending"] not in all_endings:
            all_endings.append(record["ending"])
        if records is not None:
            records.write(json.dumps(record, separators=(",", ":")) + "\n")
    return {
        "games": games,
        "wins": {side: wins[side] for side in sides},
        "endings": {ending: endings[ending] for ending in all_endings},
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else float("inf"),
    }


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="molecrew simulate",
        description="Play games with bots in every seat; print win rates and how games ended.",
    )
    parser.add_argument("--game", required=True, choices=game_names())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="a variant to play (repeat it, or separate names with commas)",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", help="random or smart (default: random)")
    parser.add_argument("--records", metavar="FILE", help="write one JSON record per game")
    return parser


def report(summary: dict[str, Any], out: TextIO) -> None:
    games = summary["games"]
    out.write(f"{'side':<14}{'wins':>8}{'win rate':>10}\n")
    for side, count in summary["wins"].items():
        out.write(f"{side:<14}{count:>8}{count / games:>10.1%}\n")
    out.write(f"\n{'ending':<14}{'games':>8}{'share':>10}\n")
    for ending, count in summary["endings"].items():
        out.write(f"{ending:<14}{count:>8}{count / games:>10.1%}\n")
    out.write(
        f"\n{games} games in {summary['seconds']:.2f} s: "
        f"{summary['games_per_second']:,.0f} games/second\n"
    )


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    variants = [v.strip() for item in args.variant for v in item.split(",") if v.strip()]
    game = get_game(args.game)
    if args.bot not in game.bots:
        print(f"unknown bot {args.bot!r}; {game.name} has: {', '.join(game.bots)}", file=sys.stderr)
        return 2
    try:
        config = game.make_config(players=args.players, variants=variants)
    except InvalidConfig as error:
        print(f"cannot play {game.name}: {error} {json.dumps(error.facts)}", file=sys.stderr)
        return 2
    label = ", ".join(variants) or "no variant"
    print(
        f"{game.name}: {args.players} players, {label}, {args.bot} bot, "
        f"{args.games} games, seed {args.seed}"
    )
    if args.records:
        with open(args.records, "w", encoding="utf-8") as records:
            summary = simulate(game, config, args.games, args.seed, args.bot, records)
    else:
        summary = simulate(game, config, args.games, args.seed, args.bot)
    report(summary, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
