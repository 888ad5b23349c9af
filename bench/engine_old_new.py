"""Engine speed of two versions of the code, measured in turns so a busy machine hurts both alike.

Run: python3 bench/engine_old_new.py --old-commit 6bc568c^ [--games N] [--rounds R] [--smart]
 or: python3 bench/engine_old_new.py --old <a tree of the old code> ...
 or: ... --instructions [--games N]: the machine instructions a game takes (valgrind's cachegrind),
     which a shared machine's load does not change.
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
_SETUP = """
import sys, time
sys.path.insert(0, sys.argv[1])
from engine.registry import get_game
from engine.rng import Rng
from host.simulate import play_game
game = get_game(sys.argv[2])
options = [name for name in sys.argv[4].split(",") if name]
config = game.make_config(players=int(sys.argv[3]), variants=options)
bot, rng, games = game.bots[sys.argv[5]], Rng(7), int(sys.argv[6])
"""
_MEASURE = (
    _SETUP
    + """
for index in range(max(1, games // 20)):  # warm up: first imports, caches
    game.record(play_game(game, config, index, bot, rng))
started = time.process_time()
for index in range(games):
    game.record(play_game(game, config, 1_000_003 + index, bot, rng))
print(games / (time.process_time() - started))
"""
)
# The engine alone (argv as above): the games are played once untimed, then replayed from their
# logs (deal, apply of every logged action, the record); prints microseconds per game and per
# action. The two versions' bots play different games, so compare per action too.
_ENGINE_ONLY = (
    _SETUP
    + """
logs = [
    [(entry["seat"], entry["action"]) for entry in play_game(game, config, seed, bot, rng).log]
    for seed in range(1_000_003, 1_000_003 + games)
]
copies = [[(seat, dict(action)) for seat, action in log] for log in logs]
started = time.process_time()
for seed, log in zip(range(1_000_003, 1_000_003 + games), copies):
    state = game.new_game(config, seed)
    for seat, action in log:
        game.apply(state, seat, action)
    game.record(state)
elapsed = time.process_time() - started
print(elapsed / games * 1e6, elapsed / sum(map(len, logs)) * 1e6)
"""
)
# Counted by cachegrind (argv as above): the warm-up, then the games; run once with none.
_COUNTED = (
    _SETUP
    + """
for index in range(20):
    game.record(play_game(game, config, index, bot, rng))
for index in range(games):
    game.record(play_game(game, config, 1_000_003 + index, bot, rng))
"""
)


Setup = tuple[str, int, tuple[str, ...], str, float]


def run(script: str, tree: Path, setup: Setup, games: int) -> list[float]:
    """The figures ``script`` prints for that setup with the code of ``tree``, in a fresh
    process."""
    game, players, options, bot, _share = setup
    argv = [tree, game, str(players), ",".join(options), bot, str(games)]
    out = subprocess.run(
        [sys.executable, "-c", script, *map(str, argv)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return [float(word) for word in out.stdout.split()]


def instructions(tree: Path, setup: Setup, games: int) -> float:
    """The instructions one game takes with the code of ``tree``: cachegrind's count with
    ``games`` games less its count with none, per game. Deterministic, so one run will do."""
    game, players, options, bot, _share = setup

    def counted(count: int) -> int:
        argv = [tree, game, str(players), ",".join(options), bot, str(count)]
        valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        out = subprocess.run(
            [*valgrind, "--cachegrind-out-file=/dev/null", sys.executable, "-c", _COUNTED]
            + [str(word) for word in argv],
            capture_output=True,
            text=True,
            check=True,
            cwd=tree,
        )
        line = next(line for line in out.stderr.splitlines() if "I   refs:" in line)
        return int(line.split(":")[1].replace(",", ""))

    return (counted(games) - counted(0)) / games


def compare_instructions(old: Path, setups: tuple[Setup, ...], games: int) -> None:
    for setup in setups:
        count = max(1, int(games * setup[4]))
        was, new = instructions(old, setup, count), instructions(HERE, setup, count)
        print(
            f"{label(setup)}: old {was / 1e3:,.0f}k, new {new / 1e3:,.0f}k instructions a game "
            f"({count} games); new/old speed {was / new:.0%}",
            flush=True,
        )


def extract(commit: str, into: Path) -> Path:
    """The files of ``commit`` of this checkout, written under ``into``."""
    archive = subprocess.run(
        ["git", "archive", commit], cwd=HERE, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def label(setup: Setup) -> str:
    game, players, options, bot, _share = setup
    return f"{game} {players}p {bot}" + (f" [{', '.join(options)}]" if options else "")


def in_turns(old: Path, script: str, setup: Setup, games: int, rounds: int) -> list[list[float]]:
    """Per round, (old figures, new figures): the two measured one after the other, the one
    that goes first alternating."""
    count = max(1, int(games * setup[4]))
    pairs = []
    for round_index in range(rounds):
        trees = (old, HERE) if round_index % 2 == 0 else (HERE, old)
        figures = {tree: run(script, tree, setup, count) for tree in trees}
        pairs.append(figures[old] + figures[HERE])
    return pairs


def compare(old: Path, setups: tuple[Setup, ...], games: int, rounds: int) -> None:
    for setup in setups:
        pairs = in_turns(old, _MEASURE, setup, games, rounds)
        ratios = [new / was for was, new in pairs]
        print(
            f"{label(setup)}: old {statistics.median(p[0] for p in pairs):,.0f}, new "
            f"{statistics.median(p[1] for p in pairs):,.0f} games/CPU s (medians); new/old per"
            f" round {', '.join(f'{r:.0%}' for r in ratios)}: median "
            f"{statistics.median(ratios):.0%}",
            flush=True,
        )


def compare_engine(old: Path, setups: tuple[Setup, ...], games: int, rounds: int) -> None:
    for setup in setups:
        pairs = in_turns(old, _ENGINE_ONLY, setup, games, rounds)
        old_game, old_action, new_game, new_action = (
            statistics.median(p[i] for p in pairs) for i in range(4)
        )
        print(
            f"{label(setup)}, the engine alone (medians): old {old_game:.0f} µs a game, "
            f"{old_action:.2f} µs an action; new {new_game:.0f} µs a game, {new_action:.2f} µs "
            f"an action (new/old per action {old_action / new_action:.0%} of the speed)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--old", type=Path, help="a tree of the old code")
    source.add_argument("--old-commit", help="a commit of this checkout, e.g. 6bc568c^")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--smart", action="store_true", help="the smart bots too")
    parser.add_argument(
        "--engine-only", action="store_true", help="replay the games' logs: no bot, no view"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count each game's instructions with valgrind instead of timing (--games 200 will do)",
    )
    args = parser.parse_args(argv)
    setups = RANDOM_SETUPS + (SMART_SETUPS if args.smart else ())

    def measure(old: Path) -> None:
        if args.instructions:
            compare_instructions(old, setups, args.games)
        elif args.engine_only:
            compare_engine(old, setups, args.games, args.rounds)
        else:
            compare(old, setups, args.games, args.rounds)

    if args.old is not None:
        measure(args.old.resolve())
        return 0
    with tempfile.TemporaryDirectory(prefix="engine_old_") as folder:
        measure(extract(args.old_commit, Path(folder)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
