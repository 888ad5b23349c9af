"""Do seeded games stay the same? The records of seeded bot games, hashed, in two versions.

Run: python3 bench/engine_same_games.py [--against REF]
Plays 60 random-bot and 15 smart-bot games in each setup below through the tree's own
``host.simulate.play_game`` (one bot generator for a setup's games, as ``engine_old_new`` does)
and prints a digest of their records (JSON, keys sorted). With ``--against``, the same for that
commit of this checkout (extracted with ``git archive``; the checkout is not touched), and a
line per setup that differs: an engine change meant only to be faster must leave every digest
as it was (a journal replays the same game, a seed deals the same game).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# Run in the tree measured (argv: the tree): one line per setup and bot, "label digest".
_DIGESTS = """
import hashlib, json, sys
sys.path.insert(0, sys.argv[1])
from engine.registry import get_game
from engine.rng import Rng
from host.simulate import play_game
SETUPS = [
    ("mole", 5, []),
    ("mole", 10, []),
    ("mole", 6, ["snitch", "quick"]),
    ("insidejob", 3, []),
    ("insidejob", 5, []),
    ("insidejob", 5, ["wagers", "risky", "decoy", "tim_shady"]),
    ("insidejob", 5, ["wagers", "professional", "accomplice", "paranoid"]),
]
for name, players, options in SETUPS:
    game = get_game(name)
    config = game.make_config(players=players, variants=options)
    for bot_name, count in (("random", 60), ("smart", 15)):
        digest, rng = hashlib.sha256(), Rng(11)
        for seed in range(count):
            record = game.record(play_game(game, config, seed, game.bots[bot_name], rng))
            digest.update(json.dumps(record, sort_keys=True).encode())
        label = f"{name} {players}p {bot_name}" + (f" [{', '.join(options)}]" if options else "")
        print(f"{label}\\t{digest.hexdigest()[:16]}", flush=True)
"""


def digests(tree: Path) -> dict[str, str]:
    out = subprocess.run(
        [sys.executable, "-c", _DIGESTS, str(tree)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    ).stdout
    return dict(line.split("\t") for line in out.splitlines())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a commit of this checkout, e.g. HEAD~3")
    args = parser.parse_args(argv)
    now = digests(HERE)
    for label, digest in now.items():
        print(f"{label}: {digest}")
    if args.against is None:
        return 0
    with tempfile.TemporaryDirectory(prefix="engine_same_") as folder:
        archive = subprocess.run(
            ["git", "archive", args.against], cwd=HERE, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        before = digests(Path(folder))
    changed = [label for label in now if before.get(label) != now[label]]
    for label in changed:
        print(f"CHANGED against {args.against}: {label}")
    print(f"{len(now) - len(changed)} of {len(now)} setups the same as {args.against}")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
