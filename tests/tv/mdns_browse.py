"""Run in a second process: browse loopback mDNS for the given service names, print JSON.

Usage: python mdns_browse.py NAME... — each NAME a full service name; waits (bounded) until the
type browser has seen every name, then resolves each one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys

from zeroconf import ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

TIMEOUT = 10.0


async def main(names: list[str]) -> None:
    zc = AsyncZeroconf(interfaces=["127.0.0.1"])
    types = sorted({_type_of(name) for name in names})
    seen: set[str] = set()
    all_seen = asyncio.Event()

    def on_change(zeroconf, service_type, name, state_change):
        if state_change is ServiceStateChange.Added:
            seen.add(name)
            if set(names) <= seen:
                all_seen.set()

    browser = AsyncServiceBrowser(zc.zeroconf, types, handlers=[on_change])
    with contextlib.suppress(TimeoutError):  # report what was found; the test decides
        await asyncio.wait_for(all_seen.wait(), TIMEOUT)
    found = {}
    for name in names:
        info = await zc.async_get_service_info(_type_of(name), name, timeout=3000)
        if info is not None:
            found[name] = {
                "browsed": name in seen,
                "port": info.port,
                "addresses": info.parsed_addresses(),
                "server": info.server,
                "properties": {k.decode(): (v or b"").decode() for k, v in info.properties.items()},
            }
    await browser.async_cancel()
    await zc.async_close()
    print(json.dumps(found))


def _type_of(name: str) -> str:
    # "<instance>._molecrew._tcp.local." -> "_molecrew._tcp.local."
    parts = name.split(".")
    return ".".join(parts[-4:])


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
