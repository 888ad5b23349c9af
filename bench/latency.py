"""Action-to-views latency of the host, on loopback.

The real server (``create_app``, a real journal with fsync on disk, a real TCP socket on
127.0.0.1) runs in this process on its own event-loop thread, as the ``molecrew`` command runs it
next to the TV. Ten phones and one public board connect from a separate client process (its own
interpreter, so the clients do not compete with the server for the GIL). Each sample is one seat's
action, from just before the phone sends it until every one of the ten phone sockets and the public
socket has received and parsed its new message. Whole games are played (by a simple player that
reads only its own view), with a rematch each time one ends.

    python3 bench/latency.py --actions 2000

``run(actions=..., extra_setup=callable)`` is the hook for comparisons: ``extra_setup(app, loop)``
is called on the server's loop thread once the app is built and before it serves; it may start
work of its own (the TV window drawing, say) and return a callable that stops it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ExtraSetup = Callable[[Any, asyncio.AbstractEventLoop], Callable[[], None] | None]


# ------------------------------------------------------------------------- server side


def run(
    actions: int = 2000,
    players: int = 10,
    seed: int = 1,
    extra_setup: ExtraSetup | None = None,
    state_dir: Path | None = None,
) -> dict[str, Any]:
    """Serve, drive ``actions`` actions from a client process, return the figures (ms)."""
    from aiohttp import web

    from host.server import ROOM_KEY, HostConfig, create_app

    ready = threading.Event()
    box: dict[str, Any] = {}
    host_samples: list[float] = []

    with tempfile.TemporaryDirectory(prefix="molecrew-bench-", dir=state_dir) as journal_dir:

        def serve() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            # The flood guard is opened wide: one bench phone acts far faster than a hand can tap.
            config = HostConfig(
                state_dir=Path(journal_dir), seed=seed, heartbeat=None, rate=1e9, burst=10**9
            )
            app = create_app(config)
            time_the_host(app[ROOM_KEY], host_samples)
            stop_extra = extra_setup(app, loop) if extra_setup else None
            runner = web.AppRunner(app)
            loop.run_until_complete(runner.setup())
            site = web.TCPSite(runner, "127.0.0.1", 0)
            loop.run_until_complete(site.start())
            box["port"] = runner.addresses[0][1]
            box["loop"] = loop
            box["stop"] = asyncio.Event()
            ready.set()
            loop.run_until_complete(box["stop"].wait())
            if stop_extra:
                stop_extra()
            loop.run_until_complete(runner.cleanup())
            loop.close()

        thread = threading.Thread(target=serve, name="host-server", daemon=True)
        thread.start()
        ready.wait(30)
        try:
            completed = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--client",
                    str(box["port"]),
                    "--actions",
                    str(actions),
                    "--players",
                    str(players),
                    "--seed",
                    str(seed),
                ],
                stdout=subprocess.PIPE,
                text=True,
                check=True,
                cwd=ROOT,
            )
        finally:
            box["loop"].call_soon_threadsafe(box["stop"].set)
            thread.join(30)
    samples = json.loads(completed.stdout)["samples_ms"]
    figures = {"actions": len(samples), "phones": players, "public_sockets": 1}
    figures.update(percentiles(samples))
    # The host's own share: apply + journal fsync + the eleven messages built and queued.
    figures["host_handling"] = percentiles(host_samples)
    return figures


def time_the_host(room: Any, samples: list[float]) -> None:
    """Record how long the Room takes over each action message (on the server's thread)."""
    handle = room.handle_text

    def timed(conn: Any, text: str) -> None:
        started = time.perf_counter()
        handle(conn, text)
        if text.startswith('{"type": "action"'):
            samples.append((time.perf_counter() - started) * 1000)

    room.handle_text = timed


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def percentile(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]

    return {
        "p50_ms": round(percentile(50), 3),
        "p90_ms": round(percentile(90), 3),
        "p99_ms": round(percentile(99), 3),
        "max_ms": round(ordered[-1], 3),
        "mean_ms": round(statistics.fmean(ordered), 3),
    }


# ------------------------------------------------------------------------- client side


class SimplePlayer:
    """Acts from its own view only: random teams, mostly approving, Moles sometimes sabotage."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def action(self, view: dict[str, Any]) -> dict[str, Any] | None:
        me = view["me"]
        if not me["can_act"]:
            return None
        phase = view["phase"]
        if phase == "propose":
            size = view["locks"][view["lock"]]["team_size"]
            return {
                "type": "propose",
                "team": sorted(self.rng.sample(range(view["players"]), size)),
            }
        if phase == "vote":
            return {"type": "vote", "approve": self.rng.random() < 0.7}
        if phase == "cards":
            sabotage = me["side"] == "moles" and me["sabotages_left"] and self.rng.random() < 0.5
            return {"type": "play", "card": "sabotage" if sabotage else "clean"}
        if phase == "getaway":
            if me.get("marked"):
                return {"type": "confirm"}
            return {"type": "mark", "target": self.rng.randrange(view["players"])}
        return None


async def seat_and_start(session: Any, port: int, phones: list[Any], last: list[Any]) -> list[Any]:
    """Seat every phone, read everything so far (a ping/pong barrier), open the board last (it
    gets one message now, then one per change, like the phones) and start the game. Returns the
    phones and the board, with ``last`` holding each one's newest message."""
    for index, ws in enumerate(phones):
        await ws.send_str(json.dumps({"type": "join", "name": f"P{index}"}))
        while json.loads((await ws.receive(timeout=10)).data)["type"] != "welcome":
            pass
    for ws in phones:
        await ws.send_str('{"type":"ping"}')
        while True:
            message = json.loads((await ws.receive(timeout=10)).data)
            if message["type"] == "pong":
                break
            if message["type"] == "error":
                raise RuntimeError(message)
    board = await session.ws_connect(f"http://127.0.0.1:{port}/ws/public")
    await board.receive(timeout=10)
    sockets = [*phones, board]
    await phones[0].send_str('{"type":"start"}')
    await receive_all(sockets, last)
    return sockets


async def drive(port: int, actions: int, players: int, seed: int) -> list[float]:
    import aiohttp

    rng = random.Random(seed)
    player = SimplePlayer(rng)
    samples: list[float] = []
    async with aiohttp.ClientSession() as session:
        from host.channel import connect  # the phones' sockets are sealed, as the page's are

        url = f"http://127.0.0.1:{port}/ws"
        phones = [await connect(session, url) for _ in range(players)]
        last: list[dict[str, Any]] = [{} for _ in phones]
        sockets = await seat_and_start(session, port, phones, last)

        while len(samples) < actions:
            if last[0]["room"]["phase"] == "over":
                await phones[0].send_str('{"type":"rematch"}')
                await receive_all(sockets, last)
                continue
            seat, action = next(
                (seat, a)
                for seat, state in enumerate(last)
                if (a := player.action(state["view"])) is not None
            )
            started = time.perf_counter()
            await phones[seat].send_str(json.dumps({"type": "action", "action": action}))
            await receive_all(sockets, last, sender=seat)
            samples.append((time.perf_counter() - started) * 1000)
    return samples


async def receive_all(
    sockets: list[Any], last: list[dict[str, Any]], sender: int | None = None
) -> None:
    """Wait until every socket has its next message, parsed (an error is a bug in the bench).

    Parsed with orjson, as bench/bgio/driver.py parses boardgame.io's: the client plays ten
    phones in one process, and its parsing should weigh as little as it can on both systems."""
    if sender is not None:  # a refusal reaches the sender only: fail at once, do not hang
        first = await sockets[sender].receive(timeout=10)
        if orjson.loads(first.data)["type"] == "error":
            raise RuntimeError(f"refused: {first.data}")
    pending = [ws for index, ws in enumerate(sockets) if index != sender]
    messages = list(await asyncio.gather(*(ws.receive(timeout=10) for ws in pending)))
    if sender is not None:
        messages.insert(sender, first)
    for index, raw in enumerate(messages):
        message = orjson.loads(raw.data)
        if message["type"] not in ("state", "public"):
            raise RuntimeError(f"socket {index} got {message}")
        if index < len(last):
            if "room" not in message and "room" in last[index]:
                message["room"] = last[index]["room"]  # left out: the one it has, unchanged
            last[index] = message


# ------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--client", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.client:
        samples = asyncio.run(drive(args.client, args.actions, args.players, args.seed))
        print(json.dumps({"samples_ms": samples}))
        return 0
    print(json.dumps(run(actions=args.actions, players=args.players, seed=args.seed), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
