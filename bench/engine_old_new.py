"""Engine speed of two versions of the code, measured in turns so a busy machine hurts both alike.

Run: python3 bench/engine_old_new.py --old-commit 6bc568c^ [--games N] [--rounds R] [--smart]
 or: python3 bench/engine_old_new.py --old <a tree of the old code> ...
``--old-commit`` extracts that commit with ``git archive`` into a temporary folder (the checkout
and its git state are not touched). Each round measures every setup with both versions, each in
a fresh process, alternating which goes first; a figure is games per CPU second. Both versions
run the same loop, written here (the tree's own ``host.simulate.play_game`` and ``record``, as
``molecrew simulate`` plays), so an old tree's benchmark scripts do not matter. The verdict is the
median over the rounds of new / old, each round's pair measured side by side.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# (game, players, options, bot, share of --games)
RANDOM_SETUPS = (
    ("mole", 10, (), "random", 1.0),
    ("insidejob", 5, (), "random", 1.0),
    ("insidejob", 5, ("wagers", "risky", "decoy", "tim_shady"), "random", 1.0),
    ("insidejob", 5, ("wagers", "professional", "accomplice", "paranoid"), "random", 1.0),
)
# The smart bots of the old tree may be far slower (Inside Job's guessed the unseen hands).
SMART_SETUPS = (
    ("mole", 10, (), "smart", 1.0),
    ("insidejob", 5, (), "smart", 0.02),
)
# Run in the tree measured: argv = tree, game, players, options (comma-separated), bot, games.
_MEASURE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from engine.registry import get_game
from engine.rng import Rng
from host.simulate import play_game
game = get_game(sys.argv[2])
options = [name for name in sys.argv[4].split(",") if name]
config = game.make_config(players=int(sys.argv[3]), variants=options)
bot, rng, games = game.bots[sys.argv[5]], Rng(7), int(sys.argv[6])
for index in range(max(1, games // 20)):  # warm up: first imports, caches
    game.record(play_game(game, config, index, bot, rng))
started = time.process_time()
for index in range(games):
    game.record(play_game(game, config, 1_000_003 + index, bot, rng))
print(games / (time.process_time() - started))
"""


def rate(
    tree: Path, game: str, players: int, options: tuple[str, ...], bot: str, games: int
) -> float:
    """Games per CPU second of that setup with the code of ``tree``, in a fresh process."""
    argv = [tree, game, str(players), ",".join(options), bot, str(games)]
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, *map(str, argv)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return float(out.stdout)


def extract(commit: str, into: Path) -> Path:
    """The files of ``commit`` of this checkout, written under ``into``."""
    archive = subprocess.run(
        ["git", "archive", commit], cwd=HERE, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def compare(
    old: Path,
    setups: tuple[tuple[str, int, tuple[str, ...], str, float], ...],
    games: int,
    rounds: int,
) -> list[str]:
    lines = []
    for game, players, options, bot, share in setups:
        count = max(1, int(games * share))
        olds: list[float] = []
        news: list[float] = []
        for round_index in range(rounds):
            trees = (old, HERE) if round_index % 2 == 0 else (HERE, old)
            rates = {tree: rate(tree, game, players, options, bot, count) for tree in trees}
            olds.append(rates[old])
            news.append(rates[HERE])
        ratios = [new / was for new, was in zip(news, olds, strict=True)]
        label = f"{game} {players}p {bot}" + (f" [{', '.join(options)}]" if options else "")
        lines.append(
            f"{label}: old {statistics.median(olds):,.0f}, new {statistics.median(news):,.0f}"
            f" games/CPU s (medians); new/old per round "
            f"{', '.join(f'{r:.0%}' for r in ratios)}: median {statistics.median(ratios):.0%}"
        )
        print(lines[-1], flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--old", type=Path, help="a tree of the old code")
    source.add_argument("--old-commit", help="a commit of this checkout, e.g. 6bc568c^")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--smart", action="store_true", help="the smart bots too")
    args = parser.parse_args(argv)
    setups = RANDOM_SETUPS + (SMART_SETUPS if args.smart else ())
    if args.old is not None:
        compare(args.old.resolve(), setups, args.games, args.rounds)
        return 0
    with tempfile.TemporaryDirectory(prefix="engine_old_") as folder:
        compare(extract(args.old_commit, Path(folder)), setups, args.games, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
