"""What the private channel costs: action-to-all-phones latency with and without it, on loopback.

The same measure as bench/latency.py (the real server with its fsynced journal on one thread,
ten phones and a public board in a separate client process, whole games by a simple player, one
sample per action from just before the phone sends it until every socket has its new message
parsed), run alternately on a host whose phone sockets are plain JSON (``plain_sockets=True``)
and on one that seals them (the product), the phones doing the key exchange and opening every
frame with PyNaCl as the page does with tweetnacl.

    python3 bench/channel.py --actions 2000 --rounds 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.latency import SimplePlayer, percentiles, receive_all  # noqa: E402


def serve_and_drive(sealed: bool, actions: int, players: int, seed: int) -> dict[str, Any]:
    from aiohttp import web

    from host.server import HostConfig, create_app

    ready = threading.Event()
    box: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="molecrew-bench-") as state_dir:

        def serve() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            config = HostConfig(
                state_dir=Path(state_dir),
                seed=seed,
                heartbeat=None,
                rate=1e9,
                burst=10**9,
                plain_sockets=not sealed,
            )
            runner = web.AppRunner(create_app(config))
            loop.run_until_complete(runner.setup())
            loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", 0).start())
            box.update(port=runner.addresses[0][1], loop=loop, stop=asyncio.Event())
            ready.set()
            loop.run_until_complete(box["stop"].wait())
            loop.run_until_complete(runner.cleanup())
            loop.close()

        thread = threading.Thread(target=serve, name="host-server", daemon=True)
        thread.start()
        ready.wait(30)
        try:
            command = [sys.executable, __file__, "--client", str(box["port"])]
            command += ["--actions", str(actions), "--players", str(players), "--seed", str(seed)]
            command += ["--sealed"] if sealed else []
            completed = subprocess.run(
                command, stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT
            )
        finally:
            box["loop"].call_soon_threadsafe(box["stop"].set)
            thread.join(30)
    return json.loads(completed.stdout)


async def drive(port: int, actions: int, players: int, seed: int, sealed: bool) -> dict[str, Any]:
    import aiohttp

    from host.channel import connect

    player = SimplePlayer(random.Random(seed))
    samples: list[float] = []
    handshakes: list[float] = []
    url = f"http://127.0.0.1:{port}/ws"
    async with aiohttp.ClientSession() as session:
        phones = []
        for _ in range(players):
            started = time.perf_counter()
            phones.append(await (connect(session, url) if sealed else session.ws_connect(url)))
            handshakes.append((time.perf_counter() - started) * 1000)
        last: list[dict[str, Any]] = [{} for _ in phones]
        for index, ws in enumerate(phones):
            await ws.send_str(json.dumps({"type": "join", "name": f"P{index}"}))
            while json.loads((await ws.receive(timeout=10)).data)["type"] != "welcome":
                pass
        for ws in phones:  # everything so far read (ping/pong barrier)
            await ws.send_str('{"type":"ping"}')
            while json.loads((await ws.receive(timeout=10)).data)["type"] != "pong":
                pass
        board = await session.ws_connect(f"http://127.0.0.1:{port}/ws/public")
        await board.receive(timeout=10)
        sockets = [*phones, board]
        await phones[0].send_str('{"type":"start"}')
        await receive_all(sockets, last)
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
    return {"samples_ms": samples, "connect_ms": handshakes}


def compare(actions: int, players: int, seed: int, rounds: int) -> dict[str, Any]:
    """Plain and sealed in turn, ``rounds`` times each, so a noisy moment hits both alike."""
    runs: dict[str, dict[str, list[float]]] = {
        "plain": {"samples_ms": [], "connect_ms": []},
        "sealed": {"samples_ms": [], "connect_ms": []},
    }
    for _ in range(rounds):
        for name in ("plain", "sealed"):
            result = serve_and_drive(name == "sealed", actions, players, seed)
            for key in ("samples_ms", "connect_ms"):
                runs[name][key] += result[key]
    figures: dict[str, Any] = {"actions_each": actions * rounds, "phones": players}
    for name, result in runs.items():
        figures[name] = percentiles(result["samples_ms"])
        figures[name]["connect"] = percentiles(result["connect_ms"])
    figures["added_ms"] = {
        key: round(figures["sealed"][key] - figures["plain"][key], 3)
        for key in ("p50_ms", "p90_ms", "p99_ms", "mean_ms")
    }
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--client", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--sealed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.client:
        run = drive(args.client, args.actions, args.players, args.seed, args.sealed)
        print(json.dumps(asyncio.run(run)))
        return 0
    print(json.dumps(compare(args.actions, args.players, args.seed, args.rounds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
