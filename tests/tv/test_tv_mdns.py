"""mDNS on loopback only: what this host announces is found by a browser in another process.

Never multicasts off the machine: every zeroconf here is bound to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sys
from pathlib import Path

from host.mdns import HTTP_TYPE, MOLECREW_TYPE, Announcement, MdnsAnnouncer, product_version

BROWSER = Path(__file__).resolve().parent / "mdns_browse.py"
ROOT = Path(__file__).resolve().parents[2]


async def browse(names: list[str], seconds: float = 10.0) -> dict:
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(BROWSER), str(seconds), *names, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0
    return json.loads(out)


def free_ports(count: int) -> list[int]:
    """Distinct TCP ports nobody on this machine listens on now (the system picks them; all
    are held until every one is chosen, so none is given twice)."""
    probes = [socket.socket() for _ in range(count)]
    try:
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]
    finally:
        for probe in probes:
            probe.close()


def loopback(port: int) -> Announcement:
    return Announcement(
        port=port,
        addresses=["127.0.0.1"],
        interfaces=["127.0.0.1"],
        instance="molecrew test lounge",
        game="mole",
    )


async def test_both_services_are_found_from_another_process_and_clashes_are_renamed():
    ports = free_ports(2)
    first, second = MdnsAnnouncer(loopback(ports[0])), MdnsAnnouncer(loopback(ports[1]))
    try:
        await first.start()
        # A second host with the same name on the same network takes another name by itself.
        await second.start()
        assert first.names == [
            f"molecrew test lounge.{HTTP_TYPE}",
            f"molecrew test lounge.{MOLECREW_TYPE}",
        ]
        assert len(set(second.names)) == 2 and not set(second.names) & set(first.names)
        found = await browse(first.names + second.names)
    finally:
        await second.stop()
        await first.stop()
    assert set(found) == set(first.names + second.names)
    expected = [*((n, ports[0]) for n in first.names), *((n, ports[1]) for n in second.names)]
    for name, port in expected:
        entry = found[name]
        assert entry["browsed"], name
        assert entry["port"] == port
        assert entry["addresses"] == ["127.0.0.1"]
        assert entry["server"].endswith(".local.")
        assert entry["properties"] == {"path": "/", "game": "mole", "version": product_version()}


async def test_molecrew_announces_itself_and_says_goodbye_when_stopped(tmp_path):
    """The command's own announcement (loopback only), found while it runs, gone after Ctrl+C."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host.cli", "--lang", "en",
        "--headless", "--bind", "127.0.0.1", "--port", "0",
        "--mdns-interface", "127.0.0.1", "--state-dir", str(tmp_path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    watcher = None
    try:
        port = names = None
        while names is None:
            line = (await asyncio.wait_for(process.stdout.readline(), 20)).decode()
            assert line, "molecrew exited"
            if line.startswith("Join URL: "):
                port = int(line.rsplit(":", 1)[1].strip("/\n "))
            if line.startswith("Announced on the network as: "):
                names = line.split(": ", 1)[1].strip().split(", ")
        assert sorted(name.split(".", 1)[1] for name in names) == sorted([HTTP_TYPE, MOLECREW_TYPE])
        found = await browse(names)
        assert {entry["port"] for entry in found.values()} == {port} and len(found) == 2
        # A browser that keeps listening sees both services go at once when the host stops:
        # goodbye packets, not the records' 75-minute time to live running out.
        watcher = await asyncio.create_subprocess_exec(
            sys.executable, str(BROWSER), "watch", "30", *names, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        events = []
        while len(events) < 2:
            events.append(json.loads(await asyncio.wait_for(watcher.stdout.readline(), 20)))
        assert {(e["event"], e["name"]) for e in events} == {("added", n) for n in names}
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), 20)
        assert process.returncode == 0
        while len(events) < 4:
            events.append(json.loads(await asyncio.wait_for(watcher.stdout.readline(), 20)))
        assert {(e["event"], e["name"]) for e in events[2:]} == {("removed", n) for n in names}
        await asyncio.wait_for(watcher.wait(), 20)
    finally:
        for child in (process, watcher):
            if child is not None and child.returncode is None:
                child.kill()
                await child.wait()
