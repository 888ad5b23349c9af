"""A host in a child process on a free loopback port, for tests that kill it (SIGKILL) or limit
what it may write (RLIMIT_FSIZE). It speaks the protocol in plain JSON like the other protocol
tests."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import asyncio, signal, sys
from aiohttp import web
from host.server import HostConfig, create_app

# A write past a file-size limit must fail with EFBIG, not kill the process with SIGXFSZ.
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

async def main():
    config = HostConfig(
        state_dir=sys.argv[1], seed=int(sys.argv[2]), heartbeat=None, plain_sockets=True
    )
    runner = web.AppRunner(create_app(config))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    print(runner.addresses[0][1], flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


async def start_child_host(state_dir: Path, seed: int) -> tuple[asyncio.subprocess.Process, int]:
    """The child process and the port it serves on."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SCRIPT, str(state_dir), str(seed),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        port = int(await asyncio.wait_for(process.stdout.readline(), timeout=30))
    except BaseException:
        process.kill()
        await process.wait()
        raise
    return process, port
