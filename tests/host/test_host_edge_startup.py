"""Start-up: the port listens before the slow imports, so a phone reconnecting to a restarting
host is queued instead of refused; a headless host without mDNS loads no pygame, no zeroconf."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
from aiohttp import web

from host.netaddr import listening_socket
from host.server import HostConfig, create_app

ROOT = Path(__file__).resolve().parents[2]


async def test_a_phone_that_connects_before_the_server_serves_is_answered_once_it_does(tmp_path):
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    async with aiohttp.ClientSession() as session:
        early = asyncio.ensure_future(session.ws_connect(f"http://127.0.0.1:{port}/ws"))
        await asyncio.sleep(0)  # the connection is made to the kernel's queue, not refused
        assert not early.done()
        config = HostConfig(state_dir=tmp_path, heartbeat=None, plain_sockets=True)
        runner = web.AppRunner(create_app(config))
        await runner.setup()
        await web.SockSite(runner, sock).start()
        try:
            ws = await asyncio.wait_for(early, timeout=5)
            assert json.loads((await ws.receive(timeout=5)).data)["type"] == "state"
            await ws.close()
        finally:
            await runner.cleanup()


def test_a_taken_port_moves_on_and_port_zero_is_any():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        moved = listening_socket("127.0.0.1", port)
        try:
            assert moved.getsockname()[1] > port
        finally:
            moved.close()
    anywhere = listening_socket("127.0.0.1", 0)
    assert anywhere.getsockname()[1] > 0
    anywhere.close()


def test_a_headless_host_without_mdns_imports_no_window_and_no_zeroconf(tmp_path):
    probe = (
        "import sys\n"
        "from host import cli\n"
        "args = cli.build_parser().parse_args(['--headless', '--no-mdns', '--port', '0',\n"
        "    '--bind', '127.0.0.1', '--state-dir', sys.argv[1], '--lang', 'en'])\n"
        "plan = cli.make_plan(args)\n"
        "app = cli.build_app(plan)\n"
        "plan.sock.close()\n"
        "print(sorted(m for m in ('pygame', 'zeroconf') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "[]"


def test_the_port_listens_before_any_slow_import(tmp_path):
    probe = (
        "import sys\n"
        "from host import cli\n"
        "args = cli.build_parser().parse_args(['--headless', '--port', '0',\n"
        "    '--bind', '127.0.0.1', '--state-dir', sys.argv[1], '--lang', 'en'])\n"
        "plan = cli.make_plan(args)\n"
        "assert plan.sock.getsockname()[1] == plan.port\n"
        "plan.sock.close()\n"
        "slow = ('aiohttp', 'zeroconf', 'ifaddr', 'pygame', 'importlib.metadata', 'engine')\n"
        "print(sorted(m for m in slow if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "[]"
