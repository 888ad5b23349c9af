"""An audience of public sockets in a process of its own, for bench/compare.py.

A thousand phones in the audience are a thousand devices; read by the same Python process as the
ten seated phones, they would make the seated phones' frames queue behind the audience's in
that one client, and the bench would time its own client, not the host. So the audience reads
in this process, on the same machine and loopback, and reports, for each update number, when the
last of its sockets had it (``time.perf_counter``, CLOCK_MONOTONIC: the same clock in every
process). Same code for both systems.

    python3 -m bench.audience_crowd --system molecrew|boardgame.io --port P --count N [--match ID]

It prints ``ready`` once every socket is open, then ``<update> <time>`` lines; it ends when its
standard input closes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bgio.driver import EVENT, BgioTable, Crowd, connect_many  # noqa: E402

MOLECREW_UPDATE = '{"type":"public"'


class AudienceProcess:
    """The client side: starts the crowd, then tells when it has received update ``n``."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.reported: dict[int, float] = {}

    @classmethod
    async def start(cls, system: str, port: int, count: int, match: str = "") -> AudienceProcess:
        command = [sys.executable, "-m", "bench.audience_crowd", "--system", system]
        command += ["--port", str(port), "--count", str(count), "--match", match]
        process = await asyncio.create_subprocess_exec(
            *command, cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        crowd = cls(process)
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 120)
        if line.strip() != b"ready":
            raise RuntimeError(f"the audience did not open its sockets: {line!r}")
        return crowd

    async def wait(self, update: int) -> float:
        """When the last audience socket had update number ``update``."""
        assert self.process.stdout is not None
        while update not in self.reported:
            line = await asyncio.wait_for(self.process.stdout.readline(), 30)
            if not line:
                raise RuntimeError("the audience process ended")
            number, at = line.split()
            self.reported[int(number)] = float(at)
        return self.reported.pop(update)

    async def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        await asyncio.wait_for(self.process.wait(), 30)


async def _serve(system: str, port: int, count: int, match: str) -> None:
    import aiohttp

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_reader(sys.stdin.fileno(), lambda: os.read(sys.stdin.fileno(), 4096) or stop.set())
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        if system == "molecrew":

            async def public() -> Any:
                ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws/public")
                first = await ws.receive(timeout=30)
                if not first.data.startswith(MOLECREW_UPDATE):
                    raise RuntimeError(f"the public socket began with {first.data[:120]}")
                return ws

            async def other(ws: Any, text: str) -> None:
                raise RuntimeError(f"a public socket got {text[:120]}")

            crowd = Crowd(lambda text: text.startswith(MOLECREW_UPDATE), other)
        else:
            table = BgioTable(session, port)
            table.match_id = match

            async def public() -> Any:
                return (await table.open_socket(None))[0]

            crowd = Crowd(lambda text: text.startswith(EVENT + '["update"'), BgioTable.answer_ping)
        for ws in await connect_many(count, public):
            crowd.add(ws, 0)
        print("ready", flush=True)
        update = 0
        stopped = asyncio.ensure_future(stop.wait())
        while not stop.is_set():
            update += 1
            crowd.expect(update)
            assert crowd.done is not None
            await asyncio.wait((crowd.done, stopped), return_when=asyncio.FIRST_COMPLETED)
            if crowd.done.done():
                print(update, repr(crowd.done.result()), flush=True)
        await crowd.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", required=True, choices=("molecrew", "boardgame.io"))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--match", default="")
    args = parser.parse_args()
    asyncio.run(_serve(args.system, args.port, args.count, args.match))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
