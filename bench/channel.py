"""What the private channel costs: action-to-all-phones latency with and without it, on loopback.

The same measure as bench/latency.py (the real server with its fsynced journal on one thread,
ten phones and a public board in a separate client process, whole games by a simple player, one
sample per action from just before the phone sends it until every socket has its new message
parsed), run alternately on a host whose phone sockets are plain JSON (``plain_sockets=True``)
and on one that seals them (the product), the phones doing the key exchange and opening every
frame with PyNaCl as the page does with tweetnacl.

    python3 bench/channel.py --actions 2000 --rounds 2

On a busy machine those latencies swing by more than the channel costs, so ``--cost`` also
measures the channel's own work: the frames of real actions (recorded from a plain run) sealed as
the host seals them and opened as ten phones open them, each action's set timed alone (best of
five), which is what the channel adds to an action on an idle machine:

    python3 bench/channel.py --cost --actions 500
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

from bench.latency import SimplePlayer, percentiles, receive_all, seat_and_start  # noqa: E402


def serve_and_drive(
    sealed: bool, actions: int, players: int, seed: int, record: bool = False
) -> dict[str, Any]:
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
            command += ["--record"] if record else []
            completed = subprocess.run(
                command, stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT
            )
        finally:
            box["loop"].call_soon_threadsafe(box["stop"].set)
            thread.join(30)
    return json.loads(completed.stdout)


class Recorder:
    """A plain phone socket that keeps the text of every frame it reads, per action."""

    def __init__(self, ws: Any, frames: list[list[str]]) -> None:
        self.ws, self.frames = ws, frames

    async def send_str(self, text: str) -> None:
        await self.ws.send_str(text)

    async def receive(self, timeout: float | None = None) -> Any:
        msg = await self.ws.receive(timeout=timeout)
        self.frames[-1].append(msg.data)
        return msg


async def drive(
    port: int, actions: int, players: int, seed: int, sealed: bool, record: bool = False
) -> dict[str, Any]:
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
        frames: list[list[str]] = [[]]  # the phones' frames, one list per action
        if record:
            phones = [Recorder(ws, frames) for ws in phones]
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
            frames.append([])
            started = time.perf_counter()
            await phones[seat].send_str(json.dumps({"type": "action", "action": action}))
            await receive_all(sockets, last, sender=seat)
            samples.append((time.perf_counter() - started) * 1000)
    result: dict[str, Any] = {"samples_ms": samples, "connect_ms": handshakes}
    if record:
        result["frames"] = frames[-actions:]
    return result


def channel_cost(actions: int, players: int, seed: int) -> dict[str, Any]:
    """Seal and open the phones' frames of ``actions`` real actions, each action timed alone."""
    import tempfile as temp

    from host.channel import HostKey, PhoneHandshake, answer_hello

    recorded = serve_and_drive(False, actions, players, seed, record=True)["frames"]
    with temp.TemporaryDirectory() as folder:
        host_key = HostKey.load_or_create(Path(folder))
    sessions = []
    for _ in range(players):
        phone = PhoneHandshake(host_key.public)
        reply, host_side = answer_hello(host_key, phone.hello())
        sessions.append((host_side, phone.finish(reply)))
    sealing: list[float] = []
    opening: list[float] = []
    sizes: list[int] = []
    for texts in recorded:
        payloads = [text.encode() for text in texts][:players]
        sizes += [len(payload) for payload in payloads]
        best_seal = best_open = float("inf")
        for _ in range(5):
            started = time.perf_counter()
            sealed = [host.seal(p) for (host, _), p in zip(sessions, payloads, strict=False)]
            middle = time.perf_counter()
            for (_, phone), frame in zip(sessions, sealed, strict=False):
                phone.open(frame)
            ended = time.perf_counter()
            best_seal, best_open = min(best_seal, middle - started), min(best_open, ended - middle)
        sealing.append(best_seal * 1000)
        opening.append(best_open * 1000)
    both = [a + b for a, b in zip(sealing, opening, strict=True)]
    return {
        "actions": len(recorded),
        "phone_frames": len(sizes),
        "frame_bytes": {
            key.removesuffix("_ms"): value
            for key, value in percentiles([float(size) for size in sizes]).items()
        },
        "host_seals_all_phones": percentiles(sealing),
        "phones_open_theirs_one_after_another": percentiles(opening),
        "added_per_action": percentiles(both),
    }


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


PAGE_TIMING = """async (frameBytes) => {
  const nacl = globalThis.nacl;
  const time = (runs, work) => {
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) work();
    return (performance.now() - started) / runs;
  };
  const host = nacl.box.keyPair();
  const key = nacl.randomBytes(32);
  const nonce = nacl.randomBytes(24);
  const sealed = nacl.secretbox(nacl.randomBytes(frameBytes), nonce, key);
  const phoneFrame = nacl.randomBytes(256);
  return {
    handshake_ms: time(50, () => {
      const mine = nacl.box.keyPair();
      const proof = nacl.box(host.publicKey, nonce, mine.publicKey, host.secretKey);
      nacl.box.before(nacl.box.open(proof, nonce, host.publicKey, mine.secretKey), mine.secretKey);
    }),
    open_state_frame_ms: time(500, () => nacl.secretbox.open(sealed, nonce, key)),
    seal_phone_frame_ms: time(2000, () => nacl.secretbox(phoneFrame, nonce, key)),
  };
}"""


def page_cost(frame_bytes: int) -> dict[str, Any]:
    """tweetnacl's work on the page, in Debian's Chromium (a laptop's CPU, not a phone's)."""
    import os

    from playwright.sync_api import sync_playwright

    from bench.page_size import CHROMIUM, LAUNCH_ARGS, start_host

    with tempfile.TemporaryDirectory() as temp:
        home = Path(temp)
        env = {**os.environ, "XDG_CACHE_HOME": str(home / "c"), "XDG_CONFIG_HOME": str(home / "f")}
        url, stop = start_host(home / "state")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=LAUNCH_ARGS, env=env
                )
                page = browser.new_page()
                page.goto(url)
                page.wait_for_function("() => globalThis.nacl && globalThis.nacl.secretbox")
                figures = page.evaluate(PAGE_TIMING, frame_bytes)
                browser.close()
        finally:
            stop()
    return {"frame_bytes": frame_bytes, **{k: round(v, 4) for k, v in figures.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--client", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--sealed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--record", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--cost", action="store_true", help="time the channel's own work on real frames"
    )
    parser.add_argument("--page", action="store_true", help="time tweetnacl's work in Chromium")
    args = parser.parse_args(argv)
    if args.client:
        run = drive(args.client, args.actions, args.players, args.seed, args.sealed, args.record)
        print(json.dumps(asyncio.run(run)))
        return 0
    if args.page:
        print(json.dumps(page_cost(4096), indent=1))
        return 0
    if args.cost:
        print(json.dumps(channel_cost(args.actions, args.players, args.seed), indent=1))
        return 0
    print(json.dumps(compare(args.actions, args.players, args.seed, args.rounds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
