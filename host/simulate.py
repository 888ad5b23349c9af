"""`molecrew simulate`: play many games with bots and report who wins and how games end.

Generic over the game registry: it knows a game only through ``engine.registry.GameRules``.
Each finished game's ``record(state)`` must hold ``"winners"`` (the winning sides or roles) and
``"ending"`` (a category); optional ``"sides"`` and ``"endings"`` list every possible value so
that those that never happened still show as zero, and ``"roles"`` with ``"winning_seats"``
give the win rate of each role.

``--table`` plays every game (or one), every player count, and every set of at most two options
the game accepts, and prints one line per setup: each side's and each role's win rate with its
95 % margin, marking the setups where one side wins too often (see ``LOPSIDED``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations
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
        seats = expected_seats(state)
        # A finished game expects nobody, so is_over is asked only when one seat is not: a
        # call less on most moves.
        if len(seats) == 1:
            (seat,) = seats
        elif is_over(state):
            return state
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
    role_games: Counter[str] = Counter()  # seats dealt each role
    role_wins: Counter[str] = Counter()
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
        winning = set(record.get("winning_seats", ()))
        for seat, role in enumerate(record.get("roles", ())):
            role_games[role] += 1
            role_wins[role] += seat in winning
        if record["ending"] not in all_endings:
            all_endings.append(record["ending"])
        if records is not None:
            records.write(json.dumps(record, separators=(",", ":")) + "\n")
    return {
        "games": games,
        "wins": {side: wins[side] for side in sides},
        "endings": {ending: endings[ending] for ending in all_endings},
        # role -> (seats that won, seats dealt it)
        "roles": {role: (role_wins[role], count) for role, count in role_games.items()},
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else float("inf"),
    }


# A setup is lopsided when its leading side wins more often than this.
LOPSIDED = 0.65
MARGIN_Z = 1.96  # the 95 % normal-approximation margin of a win rate


def margin(wins: int, games: int) -> float:
    """Half the width of the 95 % interval of a win rate (normal approximation)."""
    rate = wins / games
    return MARGIN_Z * math.sqrt(rate * (1 - rate) / games)


def setups(game: GameRules, most_options: int = 2) -> list[tuple[int, list[str]]]:
    """Every player count with no option, each option alone, and every set of up to
    ``most_options`` options, where the game accepts them."""
    found = []
    for players in range(game.min_players, game.max_players + 1):
        for size in range(most_options + 1):
            for chosen in combinations(game.variants, size):
                try:
                    game.make_config(players=players, variants=list(chosen))
                except InvalidConfig:
                    continue
                found.append((players, list(chosen)))
    return found


class Progress:
    """A progress bar on a terminal stream (stderr), redrawn in place."""

    def __init__(self, total: int, out: TextIO, width: int = 30) -> None:
        self.total, self.out, self.width = total, out, width
        self.done = 0

    def step(self, label: str) -> None:
        self.done += 1
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.out.write(f"\r[{bar}] {self.done}/{self.total} {label:<40.40}")
        if self.done == self.total:
            self.out.write("\n")
        self.out.flush()


def table_row(summary: dict[str, Any]) -> tuple[str, str | None]:
    """The setup's win rates (sides, then roles) with margins, and the side that wins too often
    (None when the setup is fair enough)."""
    games = summary["games"]
    sides = [
        f"{side} {count / games:.0%}±{margin(count, games):.0%}"
        for side, count in summary["wins"].items()
    ]
    roles = [
        f"{role} {won / dealt:.0%}±{margin(won, dealt):.0%}"
        for role, (won, dealt) in sorted(summary["roles"].items())
    ]
    leader = max(summary["wins"], key=lambda side: summary["wins"][side], default=None)
    lopsided = leader if leader and summary["wins"][leader] / games > LOPSIDED else None
    return "  ".join(sides) + "   | roles: " + "  ".join(roles), lopsided


def balance_table(
    games: list[GameRules], count: int, seed: int, bot_name: str, out: TextIO, progress: TextIO
) -> int:
    """Play every setup of every game; print one line per setup. Returns the number of lopsided
    setups."""
    plan = [(game, players, variants) for game in games for players, variants in setups(game)]
    bar = Progress(len(plan), progress)
    lopsided = 0
    out.write(
        f"{bot_name} bot, {count} games per setup, seed {seed}; rate±margin = 95 % interval; "
        f"! = one side wins more than {LOPSIDED:.0%}\n"
    )
    current = None
    started = time.perf_counter()
    played = 0
    for game, players, variants in plan:
        if game.name != current:
            current = game.name
            out.write(f"\n{game.name}\n")
        config = game.make_config(players=players, variants=variants)
        summary = simulate(game, config, count, seed, bot_name)
        played += count
        row, leader = table_row(summary)
        lopsided += leader is not None
        flag = f"! {leader}" if leader else ""
        label = "+".join(variants) or "-"
        out.write(f"{players:>2}  {label:<24} {flag:<14} {row}\n")
        bar.step(f"{game.name} {players} {label}")
    elapsed = time.perf_counter() - started
    out.write(f"\n{len(plan)} setups, {played:,} games in {elapsed:.0f} s; {lopsided} lopsided\n")
    return lopsided


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="molecrew simulate",
        description="Play games with bots in every seat; print win rates and how games ended.",
    )
    parser.add_argument("--game", choices=game_names(), help="required unless --table")
    parser.add_argument("--players", type=int, help="required unless --table")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="a variant to play (repeat it, or separate names with commas)",
    )
    parser.add_argument("--games", type=int, default=100, help="games (per setup with --table)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", help="random or smart (default: random)")
    parser.add_argument("--records", metavar="FILE", help="write one JSON record per game")
    parser.add_argument(
        "--table",
        action="store_true",
        help="every player count and every set of up to two options (of --game, or every game)",
    )
    return parser


def report(summary: dict[str, Any], out: TextIO) -> None:
    games = summary["games"]
    out.write(f"{'side':<14}{'wins':>8}{'win rate':>10}\n")
    for side, count in summary["wins"].items():
        out.write(f"{side:<14}{count:>8}{count / games:>10.1%}\n")
    out.write(f"\n{'ending':<14}{'games':>8}{'share':>10}\n")
    for ending, count in summary["endings"].items():
        out.write(f"{ending:<14}{count:>8}{count / games:>10.1%}\n")
    if summary["roles"]:
        out.write(f"\n{'role':<14}{'won':>8}{'win rate':>10}{'margin':>9}\n")
        for role, (won, dealt) in sorted(summary["roles"].items()):
            rate = f"{won / dealt:.1%}"
            out.write(f"{role:<14}{won:>8}{rate:>10}{f'±{margin(won, dealt):.1%}':>9}\n")
    out.write(
        f"\n{games} games in {summary['seconds']:.2f} s: "
        f"{summary['games_per_second']:,.0f} games/second\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    games = [get_game(args.game)] if args.game else [get_game(name) for name in game_names()]
    for game in games:
        if args.bot not in game.bots:
            known = ", ".join(game.bots)
            print(f"unknown bot {args.bot!r}; {game.name} has: {known}", file=sys.stderr)
            return 2
    if args.table:
        balance_table(games, args.games, args.seed, args.bot, sys.stdout, sys.stderr)
        return 0
    if args.game is None or args.players is None:
        parser.print_usage(sys.stderr)
        print("--game and --players are needed (or --table)", file=sys.stderr)
        return 2
    game = games[0]
    variants = [v.strip() for item in args.variant for v in item.split(",") if v.strip()]
    try:
        config = game.make_config(players=args.players, variants=variants)
    except InvalidConfig as error:
        print(f"cannot play {game.name}: {error}", file=sys.stderr)
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
