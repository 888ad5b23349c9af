"""Restart speed: from restarting a killed host to every phone back in its seat with its view.

A real ``molecrew --headless`` runs as a child process on 127.0.0.1 (mDNS announced on loopback
only). Five phones join, a game starts and a few actions are played. Then, each round: the host
is killed with SIGKILL, the clock starts, ``molecrew --headless --resume`` is started again, and
every phone reconnects as the phone page does (``phoneclient/connection.js``: the first try
400 ms after its socket closed, then after 800 ms, 1.6 s, ... up to 5 s; then the private
channel's key exchange, checked against the host key it learnt, and ``hello`` with its token), or
every ``--retry`` ms if given. A round's time is the moment the last phone holds its
seat again with its game view (``welcome``, then a ``state`` with ``you.seat`` its own and a
``view``). One action is played between rounds, so the journal grows as in an evening.

    python3 bench/restart.py --rounds 30
    python3 bench/restart.py --rounds 30 --root /path/to/an/older/checkout   # to compare

Prints the median, the worst and each round, plus when the host first answered HTTP.
``BENCH_DEBUG=1`` prints every refused or dropped try (which phone, when, why).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ana", "Bruno", "Chen", "Dara", "Eli"]


PAGE_DELAYS_MS = [400, 800, 1600, 3200, 5000]  # phoneclient/connection.js, then 5 s each


def molecrew_command(root: Path | None) -> list[str]:
    """The installed console script beside this interpreter (not a version-manager shim), or
    ``python -m host.cli`` run from another checkout."""
    script = Path(sys.executable).parent / "molecrew"
    if root is None and script.exists():
        return [str(script)]
    return [sys.executable, "-m", "host.cli"]


def retry_delays(fixed_ms: float | None) -> list[float]:
    if fixed_ms is not None:
        return [fixed_ms / 1000] * 1000
    return [ms / 1000 for ms in PAGE_DELAYS_MS] + [5.0] * 1000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Host:
    def __init__(self, port: int, state_dir: Path, mdns: bool, root: Path | None) -> None:
        self.port, self.state_dir, self.mdns, self.root = port, state_dir, mdns, root
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, resume: bool) -> None:
        args = [
            *molecrew_command(self.root),
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--state-dir",
            str(self.state_dir),
            "--lang",
            "en",
        ]
        args += ["--mdns-interface", "127.0.0.1"] if self.mdns else ["--no-mdns"]
        if resume:
            args.append("--resume")
        self.process = await asyncio.create_subprocess_exec(
            *args,
            cwd=self.root or ROOT,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        )

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()


class Phone:
    def __init__(self, name: str, plain: bool) -> None:
        self.name = name
        self.plain = plain
        self.host_key: bytes | None = None
        self.ws: Any = None
        self.token: str | None = None
        self.seat: int | None = None
        self.state: dict[str, Any] | None = None

    async def recv(self) -> dict[str, Any]:
        try:
            msg = await self.ws.receive(timeout=10)
        except Exception as error:  # a sealed frame that does not open: the channel is over
            raise ConnectionError(f"{self.name}: {error}") from error
        if msg.type is not aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"{self.name}: {msg.type}")
        message = json.loads(msg.data)
        if message["type"] == "state":
            self.state = message
            self.seat = message["you"]["seat"]
        elif message["type"] == "welcome":
            self.token = message["token"]
        return message

    async def until(self, kind: str) -> dict[str, Any]:
        while (message := await self.recv())["type"] != kind:
            pass
        return message

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(message))

    async def connect(self, session: aiohttp.ClientSession, url: str) -> None:
        """A socket through the private channel, as the product's phones speak (a plain JSON
        socket against an older host that has none)."""
        ws = await session.ws_connect(url, heartbeat=None)
        if self.plain:
            self.ws = ws
            return
        from host.channel import ChannelError, handshake

        try:
            self.ws = await handshake(ws, self.host_key)
        except ChannelError as error:  # the host went away mid-exchange: try again
            await ws.close()
            raise ConnectionError(f"{self.name}: {error}") from error
        self.host_key = self.ws.host_key  # pinned from the first visit, as the page does

    async def back_in_seat(
        self, session: aiohttp.ClientSession, url: str, delays: list[float], closed_at: float
    ) -> float:
        """Reconnect as the page does; the moment this phone has its seat and view again."""
        seat = self.seat
        due = closed_at
        for delay in delays:
            due += delay
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            due = time.perf_counter()  # the page counts each wait from its failed try
            try:
                await self.connect(session, url)
                await self.send({"type": "hello", "token": self.token, "lang": "en"})
                await self.until("welcome")
                while True:
                    message = await self.until("state")
                    if message["you"]["seat"] == seat and message["view"] is not None:
                        return time.perf_counter()
            except (TimeoutError, ConnectionError, aiohttp.ClientConnectionError) as error:
                if os.environ.get("BENCH_DEBUG"):
                    print(self.name, round(time.perf_counter() - closed_at, 3), repr(error)[:120])
                continue  # refused, or dropped: the next wait
            except aiohttp.WSServerHandshakeError:
                continue
        raise RuntimeError(f"{self.name} never got its seat back")


def _has_channel(checkout: Path) -> bool:
    """Whether that checkout's host speaks through the private channel (older ones do not)."""
    return (checkout / "host" / "channel.py").exists()


async def first_http_answer(session: aiohttp.ClientSession, url: str, retry: float) -> float:
    while True:
        try:
            async with session.get(url) as response:
                if response.status == 200:
                    return time.perf_counter()
        except aiohttp.ClientConnectionError:
            pass
        await asyncio.sleep(retry)


async def play_one(phones: list[Phone]) -> None:
    """One action by whoever may act, chosen from that seat's own view (any legal one)."""
    for phone in phones:
        await phone.send({"type": "ping"})
        await phone.until("pong")
    for phone in phones:
        view = phone.state["view"] if phone.state else None
        action = _an_action(view)
        if action is None:
            continue
        await phone.send({"type": "action", "action": action})
        message = await phone.recv()
        if message["type"] == "state":
            for other in phones:
                if other is not phone:
                    await other.until("state")
            return


def _an_action(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """A legal Mole action for this seat if it may act now (team: the first seats; Clean)."""
    me = (view or {}).get("me") or {}
    if not me.get("can_act"):
        return None
    phase = view["phase"]
    if phase == "propose":
        return {"type": "propose", "team": list(range(view["locks"][view["lock"]]["team_size"]))}
    if phase == "vote":
        return {"type": "vote", "approve": True}
    if phase == "cards":
        return {"type": "play", "card": "clean"}
    return None


async def run(
    rounds: int, retry_ms: float | None, mdns: bool, root: Path | None = None
) -> dict[str, Any]:
    retry = 0.025  # for the bench's own waits on the first start
    delays = retry_delays(retry_ms)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory(prefix="molecrew-restart-") as state_dir:
        host = Host(port, Path(state_dir), mdns, root)
        await host.start(resume=False)
        async with aiohttp.ClientSession() as session:
            try:
                await first_http_answer(session, url + "healthz", retry)
                plain = not _has_channel(root or ROOT)
                phones = [Phone(name, plain) for name in NAMES]
                for phone in phones:
                    await phone.connect(session, url + "ws")
                    await phone.send({"type": "join", "name": phone.name})
                    await phone.until("welcome")
                await phones[0].send({"type": "start"})
                for phone in phones:
                    while phone.state is None or phone.state["view"] is None:
                        await phone.until("state")
                for _ in range(3):
                    await play_one(phones)
                times, answers = [], []
                for _ in range(rounds):
                    await host.kill()
                    closed_at = time.perf_counter()  # the phones see their sockets close now
                    for phone in phones:
                        await phone.ws.close()
                    started = time.perf_counter()
                    await host.start(resume=True)
                    answered, *seated = await asyncio.gather(
                        first_http_answer(session, url + "healthz", 0.005),
                        *(
                            phone.back_in_seat(session, url + "ws", delays, closed_at)
                            for phone in phones
                        ),
                    )
                    times.append(max(seated) - started)
                    answers.append(answered - started)
                    await play_one(phones)
            finally:
                await host.kill()
    return {
        "command": " ".join(
            [Path(molecrew_command(root)[0]).name, "--headless", "--resume", "..."]
        ),
        "phones": f"every {retry_ms:.0f} ms" if retry_ms else "as the page does",
        "rounds": rounds,
        "median_s": statistics.median(times),
        "worst_s": max(times),
        "best_s": min(times),
        "http_median_s": statistics.median(answers),
        "each_s": [round(t, 3) for t in times],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--retry", type=float, help="phones retry every this many ms (default: as the page does)"
    )
    parser.add_argument("--no-mdns", action="store_true", help="start the host without mDNS")
    parser.add_argument("--root", type=Path, help="run `python -m host.cli` from this checkout")
    args = parser.parse_args(argv)
    figures = asyncio.run(run(args.rounds, args.retry, not args.no_mdns, args.root))
    print(
        f"restart to every phone seated with its view, {figures['rounds']} rounds "
        f"({figures['command']}; phones retry {figures['phones']}): "
        f"median {figures['median_s']:.3f} s, "
        f"worst {figures['worst_s']:.3f} s, best {figures['best_s']:.3f} s; "
        f"first HTTP answer median {figures['http_median_s']:.3f} s"
    )
    print("each round (s):", " ".join(f"{t:.3f}" for t in figures["each_s"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
