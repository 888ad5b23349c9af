"""The door below HTTP (host/door.py): one address holding connections open with half a request
(slowloris; QA: 1,100 of them took every file descriptor, and a seated phone could not get back
in) gets its share and no more, while another address still gets in, and the host asks for every
file descriptor it may have."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from aiohttp import web

from host.door import Door, DoorSite
from host.netaddr import listening_socket
from host.server import HostConfig, create_app

ROOT = Path(__file__).resolve().parents[2]
HALF_A_REQUEST = b"GET / HTTP/1.1\r\nHost: x\r\n"


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[int, HeardDoor]]:
    # Loopback is normally the host's own machine and not counted: here it is any address.
    door = HeardDoor(per_address=3, exempt=lambda address: address == "never")
    sock = listening_socket("127.0.0.1", 0)
    runner = web.AppRunner(create_app(HostConfig(state_dir=tmp_path, heartbeat=None)))
    await runner.setup()
    await DoorSite(runner, sock, door).start()
    try:
        yield sock.getsockname()[1], door
    finally:
        await runner.cleanup()


class HeardDoor(Door):
    """A door that says when a connection has left."""

    def __init__(self, per_address: int, exempt: Callable[[str | None], bool]) -> None:
        super().__init__(per_address, exempt)
        self.left = asyncio.Event()

    def leave(self, address: str) -> None:
        super().leave(address)
        self.left.set()


async def half_open(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(HALF_A_REQUEST)
    await writer.drain()
    return reader, writer


async def health(port: int) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    try:
        return await asyncio.wait_for(reader.read(), timeout=10)
    except ConnectionResetError:
        return b""
    finally:
        writer.close()


async def test_an_address_past_its_share_is_closed_at_once_and_let_in_when_one_closes(served):
    port, door = served
    held = [await half_open(port) for _ in range(3)]
    assert (await health(port)) == b"", "the fourth connection is closed before any answer"
    assert door.open["127.0.0.1"] == 3 and door.refused >= 1
    for reader, _writer in held:  # the held ones are still open: nothing came back
        assert not reader.at_eof()
    _reader, writer = held.pop()
    writer.close()
    await writer.wait_closed()
    await asyncio.wait_for(door.left.wait(), timeout=10)
    assert door.open["127.0.0.1"] == 2
    answer = await health(port)
    assert answer.startswith(b"HTTP/1.1 200") and b'"ok": true' in answer
    for _reader, writer in held:
        writer.close()


async def test_the_hosts_own_machine_is_not_counted(tmp_path):
    door = Door(per_address=2)  # loopback exempt, as in the real host
    sock = listening_socket("127.0.0.1", 0)
    runner = web.AppRunner(create_app(HostConfig(state_dir=tmp_path, heartbeat=None)))
    await runner.setup()
    await DoorSite(runner, sock, door).start()
    try:
        port = sock.getsockname()[1]
        held = [await half_open(port) for _ in range(5)]
        assert (await health(port)).startswith(b"HTTP/1.1 200")
        assert not door.open
        for _reader, writer in held:
            writer.close()
    finally:
        await runner.cleanup()


def test_the_command_serves_behind_the_door_with_every_file_descriptor_it_may_have(tmp_path):
    probe = (
        "import asyncio, json, resource\n"
        "from host import cli\n"
        "from host.door import DoorSite\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "args = cli.build_parser().parse_args(['--headless', '--no-mdns', '--port', '0',\n"
        f"    '--bind', '127.0.0.1', '--state-dir', {str(tmp_path)!r}])\n"
        "plan = cli.make_plan(args)\n"
        "async def main():\n"
        "    runner = await cli._start(cli.build_app(plan), plan)\n"
        "    sites = [type(site).__name__ for site in runner.sites]\n"
        "    await runner.cleanup()\n"
        "    return sites\n"
        "sites = asyncio.run(main())\n"
        "print(json.dumps([sites, resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    sites, soft, hard = json.loads(done.stdout.strip().splitlines()[-1])
    assert sites == ["DoorSite"]
    assert soft == (hard if hard != -1 else 65_536) and soft > 256
