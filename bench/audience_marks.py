"""What the audience's marks cost the seated players, now that each is synced to disk.

Each change of an audience member's marks is a journal line, fdatasynced before the member's
phone is answered (host/audience.py). This runs ``bench/latency.py`` (ten phones and a board in a
client process, the host with its real journal on disk) while a crowd of audience members inside
the host changes marks at a given total rate, and compares the seated players' latency and the
Room's own time per action across the rates, alternating them round by round.

The crowd is in the host's process and calls the Room as the server does for a frame (parsing,
the rules of the audience, the journal line and its fdatasync, the reply made); its sockets'
reading and writing are left out, so this isolates what the marks add: the disk.

    python3 bench/audience_marks.py --rounds 3 --actions 3000 --members 200 --rates 0,40,400

400 marks a second from 200 members is the most the pace allows them (2 a second each).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.latency import run  # noqa: E402
from host.seats import Connection  # noqa: E402


class QuietMember(Connection):
    """An audience member's connection whose frames go nowhere (the bench counts marks)."""

    def __init__(self) -> None:
        super().__init__()
        self.errors = 0

    def send_text(self, text: str) -> None:
        if text.startswith('{"type":"error"'):
            self.errors += 1


def crowd(members: int, rate: float, tally: dict[str, int]) -> Any:
    """An ``extra_setup`` for bench.latency.run: ``members`` join the audience and, while a
    game is on, change their marks ``rate`` times a second in all, in turns."""

    def setup(app: Any, loop: asyncio.AbstractEventLoop) -> Any:
        from host.server import ROOM_KEY

        room = app[ROOM_KEY]
        conns = [QuietMember() for _ in range(members)]
        joined: list[QuietMember] = []
        state = {"turn": 0, "stopped": False}

        def join_all() -> None:
            for number, conn in enumerate(conns):
                room.connect(conn)
                room.handle_text(conn, json.dumps({"type": "audience", "name": f"Fan {number}"}))
                joined.append(conn)

        def mark() -> None:
            if state["stopped"]:
                return
            loop.call_later(1 / rate, mark)
            if room.phase != "playing" or not joined:
                return
            turn = state["turn"]
            state["turn"] += 1
            conn = joined[turn % len(joined)]
            seats = [turn % len(room.players), (turn // 7) % len(room.players)]
            room.handle_text(conn, json.dumps({"type": "suspect", "seats": seats}))
            tally["marks"] += 1

        loop.call_soon(join_all)
        if rate > 0:
            loop.call_later(0.05, mark)

        def stop() -> None:
            state["stopped"] = True
            tally["errors"] += sum(conn.errors for conn in conns)

        return stop

    return setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--rates", default="0,40,400", help="total marks per second, by commas")
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    results: dict[float, list[dict[str, Any]]] = {rate: [] for rate in rates}
    for round_no in range(args.rounds):
        order = rates if round_no % 2 == 0 else list(reversed(rates))
        for rate in order:
            tally = {"marks": 0, "errors": 0}
            figures = run(actions=args.actions, extra_setup=crowd(args.members, rate, tally))
            figures.update(tally)
            results[rate].append(figures)
            print(
                f"round {round_no + 1} rate {rate:g}/s: p50 {figures['p50_ms']:.2f} "
                f"p99 {figures['p99_ms']:.2f} ms, "
                f"Room p50 {figures['host_handling']['p50_ms']:.2f} ms, "
                f"marks {tally['marks']} (refused {tally['errors']})",
                flush=True,
            )
    print("\n| marks per second | p50 ms | p99 ms | Room p50 / p99 ms | marks made | refused |")
    print("|---:|---:|---:|---:|---:|---:|")
    for rate, runs in results.items():
        p50 = statistics.median(r["p50_ms"] for r in runs)
        p99 = statistics.median(r["p99_ms"] for r in runs)
        room50 = statistics.median(r["host_handling"]["p50_ms"] for r in runs)
        room99 = statistics.median(r["host_handling"]["p99_ms"] for r in runs)
        marks = sum(r["marks"] for r in runs)
        errors = sum(r["errors"] for r in runs)
        room = f"{room50:.2f} / {room99:.2f}"
        print(f"| {rate:g} | {p50:.2f} | {p99:.2f} | {room} | {marks} | {errors} |")


if __name__ == "__main__":
    main()
