"""The `molecrew` command: host a game (the default) or simulate games with bots."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["simulate"]:
        from host.simulate import main as simulate_main

        return simulate_main(argv[1:])
    parser = argparse.ArgumentParser(
        prog="molecrew",
        description="Host a hidden-role party game: the board on this screen, secrets on phones.",
        epilog="Also: `molecrew simulate --help` plays games with bots.",
    )
    parser.parse_args(argv)
    print("Hosting is not built yet.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
