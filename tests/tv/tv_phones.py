"""Phones and a public board as WebSocket clients of a real `molecrew` subprocess.

``start_molecrew`` runs the command (headless, or under a prefix such as ``xvfb-run``) on a free
loopback port and returns once it prints its address; ``join_table`` seats five phones.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
from pathlib import Path

import aiohttp

from host.channel import connect

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0
NAMES = ["Ana", "Bruno", "Carla", "Diego", "Élodie"]


class Listener:
    """A WebSocket read by a background task: every message kept, in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.messages: list[dict] = []
        self.changed = asyncio.Event()
        self.closed_with: int | None = None
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                self.messages.append(json.loads(frame.data))
                self.changed.set()
        self.closed_with = self.ws.close_code
        self.changed.set()

    async def until(self, test, start: int = 0) -> dict:
        """The first message from index ``start`` on that passes ``test`` (waits for it)."""

        async def wait() -> dict:
            while True:
                for message in self.messages[start:]:
                    if test(message):
                        return message
                self.changed.clear()
                await self.changed.wait()

        return await asyncio.wait_for(wait(), TIMEOUT)

    async def send(self, message: dict) -> None:
        await self.ws.send_str(json.dumps(message))


def next_move(view: dict) -> tuple[int, dict]:
    """One legal move read from the public board: everyone plays it straight and clean."""
    players = view["players"]
    phase = view["phase"]
    if phase == "propose":
        size = view["locks"][view["lock"]]["team_size"]
        return view["boss"], {"type": "propose", "team": list(range(size))}
    if phase == "vote":
        seat = min(set(range(players)) - set(view["voted"]))
        return seat, {"type": "vote", "approve": True}
    if phase == "cards":
        seat = min(set(view["team"]) - set(view["played"]))
        return seat, {"type": "play", "card": "clean"}
    raise AssertionError(f"no move for phase {phase}")


async def read_banner(process) -> tuple[str, list[str]]:
    lines: list[str] = []
    while True:
        raw = await asyncio.wait_for(process.stdout.readline(), TIMEOUT)
        assert raw, "molecrew exited before printing its address: " + "\n".join(lines)
        line = raw.decode().rstrip("\n")
        lines.append(line)
        if line.startswith("Press Ctrl+C"):
            url = next(x.split(": ", 1)[1] for x in lines if x.startswith("Join URL: "))
            return url, lines


async def start_molecrew(
    state_dir: Path, *extra: str, headless: bool = True, prefix: tuple[str, ...] = (), **popen
):
    """`molecrew` on a free loopback port, behind ``prefix`` if given (``xvfb-run ...``); its
    URL and banner once it is serving."""
    process = await asyncio.create_subprocess_exec(
        *prefix, sys.executable, "-m", "host.cli", "--lang", "en",
        *(["--headless"] if headless else []), "--no-mdns", "--bind", "127.0.0.1",
        "--port", "0", "--state-dir", str(state_dir), *extra,
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, **popen,
    )  # fmt: skip
    try:
        url, lines = await read_banner(process)
    except BaseException:
        process.kill()
        await process.wait()
        raise
    return process, url, lines


async def join_table(http: aiohttp.ClientSession, url: str) -> list[Listener]:
    """The five phones, joined in seat order (the first is the leader)."""
    phones = []
    for name in NAMES:
        phone = Listener(await connect(http, url + "ws"))  # the private channel
        await phone.send({"type": "hello", "token": None, "lang": "en"})
        await phone.send({"type": "join", "name": name})
        await phone.until(lambda m: m["type"] == "welcome")
        phones.append(phone)
    return phones


@contextlib.asynccontextmanager
async def killed_at_the_end(process):
    """A `molecrew` process for the block: killed if it still runs when the block ends."""
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def stops_cleanly(process, signum: int | None = signal.SIGINT) -> str:
    """Send ``signum`` to a `molecrew` process (None: it ends by itself), wait for it, and check
    it said goodbye and exited 0; its standard output."""
    if signum is not None:
        process.send_signal(signum)
    out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, err.decode()
    assert "Stopped cleanly." in out.decode()
    return out.decode()
