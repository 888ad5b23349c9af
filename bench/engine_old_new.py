"""Engine speed of two versions of the code, measured in turns so a busy machine hurts both alike.

Run: git archive <commit> | tar -x -C /tmp/engine_old
     python3 bench/engine_old_new.py --old /tmp/engine_old [--games N] [--rounds R]
Each round runs every setup once with the old code, then once with this checkout, each in its
own process (``bench/engine.py``'s loop: a view per bot move, the record at the end); a figure
is games per CPU second, best of the rounds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# (game, players, bot, share of --games)
SETUPS = (
    ("mole", 10, "random", 1.0),
    ("mole", 10, "smart", 1.0),
    ("insidejob", 5, "random", 1.0),
    ("insidejob", 5, "smart", 0.25),
)
_MEASURE = """
import sys
sys.path.insert(0, sys.argv[1])
from bench.engine import games_per_second
rate, _ = games_per_second(sys.argv[2], int(sys.argv[3]), int(sys.argv[5]), 1, bot_name=sys.argv[4])
print(rate)
"""


def rate(tree: Path, game: str, players: int, bot: str, games: int) -> float:
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(tree), game, str(players), bot, str(games)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return float(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="a tree of the old code")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    best: dict[tuple[str, int, str], list[float]] = {}
    for _ in range(args.rounds):
        for game, players, bot, share in SETUPS:
            games = max(1, int(args.games * share))
            pair = [rate(tree, game, players, bot, games) for tree in (args.old, HERE)]
            kept = best.setdefault((game, players, bot), [0.0, 0.0])
            kept[:] = [max(a, b) for a, b in zip(kept, pair, strict=True)]
    for (game, players, bot), (old, new) in best.items():
        print(
            f"{game}, {players} players, {bot} bot: old {old:,.0f}, new {new:,.0f} games/second"
            f" ({new / old - 1:+.0%}, best of {args.rounds})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
