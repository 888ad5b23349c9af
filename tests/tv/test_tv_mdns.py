"""mDNS on loopback only: what this host announces is found by a browser in another process.

Never multicasts off the machine: every zeroconf here is bound to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from host.mdns import HTTP_TYPE, MOLECREW_TYPE, Announcement, MdnsAnnouncer, product_version

BROWSER = Path(__file__).resolve().parent / "mdns_browse.py"
ROOT = Path(__file__).resolve().parents[2]


async def browse(names: list[str]) -> dict:
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(BROWSER), *names, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0
    return json.loads(out)


def loopback(port: int) -> Announcement:
    return Announcement(
        port=port,
        addresses=["127.0.0.1"],
        interfaces=["127.0.0.1"],
        instance="molecrew test lounge",
        game="mole",
    )


async def test_both_services_are_found_from_another_process_and_clashes_are_renamed():
    first, second = MdnsAnnouncer(loopback(18080)), MdnsAnnouncer(loopback(18081))
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
    for name, port in [*((n, 18080) for n in first.names), *((n, 18081) for n in second.names)]:
        entry = found[name]
        assert entry["browsed"], name
        assert entry["port"] == port
        assert entry["addresses"] == ["127.0.0.1"]
        assert entry["server"].endswith(".local.")
        assert entry["properties"] == {"path": "/", "game": "mole", "version": product_version()}
