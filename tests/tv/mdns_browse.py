"""Run in a second process: browse loopback mDNS for the given service names, print JSON.

Usage: python mdns_browse.py SECONDS NAME... — each NAME a full service name; waits (at most
SECONDS) until the type browser has seen every name, then resolves each one.
Or: python mdns_browse.py watch SECONDS NAME... — prints one JSON line per name added or removed,
as it happens, until every name has come and gone (or SECONDS pass).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys

from zeroconf import ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf


async def main(timeout: float, names: list[str]) -> None:
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
        await asyncio.wait_for(all_seen.wait(), timeout)
    found = {}
    for name in names:
        info = await zc.async_get_service_info(
            _type_of(name), name, timeout=round(min(3.0, timeout) * 1000)
        )
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


async def watch(timeout: float, names: list[str]) -> None:
    zc = AsyncZeroconf(interfaces=["127.0.0.1"])
    gone: set[str] = set()
    done = asyncio.Event()

    def on_change(zeroconf, service_type, name, state_change):
        if name not in names or state_change is ServiceStateChange.Updated:
            return
        event = "added" if state_change is ServiceStateChange.Added else "removed"
        print(json.dumps({"event": event, "name": name}), flush=True)
        if event == "removed":
            gone.add(name)
            if gone == set(names):
                done.set()

    types = sorted({_type_of(name) for name in names})
    browser = AsyncServiceBrowser(zc.zeroconf, types, handlers=[on_change])
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done.wait(), timeout)
    await browser.async_cancel()
    await zc.async_close()


def _type_of(name: str) -> str:
    # "<instance>._molecrew._tcp.local." -> "_molecrew._tcp.local."
    parts = name.split(".")
    return ".".join(parts[-4:])


if __name__ == "__main__":
    if sys.argv[1] == "watch":
        asyncio.run(watch(float(sys.argv[2]), sys.argv[3:]))
    else:
        asyncio.run(main(float(sys.argv[1]), sys.argv[2:]))
