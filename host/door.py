"""Who gets a TCP connection at all: at most so many open at once from one remote address.

This is below HTTP and below the WebSocket gate (host/gate.py). A device that opens connections
and holds them with half a request (slowloris) is never answered and never timed out by
aiohttp; a thousand of them took every file descriptor the process had, and then nobody got
in, not a seated phone with its token, not ``/healthz``. Here the connection past an address's
share is closed as it arrives, before aiohttp sees it, and the process asks the system for all
the descriptors it may have (:func:`raise_open_files_limit`), so other devices keep getting in.

A browser needs few: six HTTP connections to a host and a WebSocket per tab. The host's own
machine is not counted (its window, its browsers, the tests' phones all come from loopback).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web

from host.netaddr import is_loopback

log = logging.getLogger("molecrew.door")

CONNECTIONS_PER_ADDRESS = 64
FALLBACK_OPEN_FILES = 65_536  # where the hard limit is "unlimited" (macOS refuses that)


class Door:
    """Counts the open connections of each remote address; past ``per_address`` it refuses."""

    def __init__(
        self,
        per_address: int = CONNECTIONS_PER_ADDRESS,
        exempt: Callable[[str | None], bool] = is_loopback,
    ) -> None:
        self.per_address, self.exempt = per_address, exempt
        self.open: Counter[str] = Counter()
        self.refused = 0

    def enter(self, address: str | None) -> bool:
        if address is None or self.exempt(address):
            return True
        if self.open[address] >= self.per_address:
            if self.refused % 1000 == 0:  # a flood is one line now and then, not a line each
                log.warning("refusing connections from %s: %d open", address, self.open[address])
            self.refused += 1
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def protocols(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for ``loop.create_server``: ``make``'s protocols, counted."""
        return lambda: _Counted(make(), self)


class _Counted(asyncio.Protocol):
    """aiohttp's own protocol behind the door: every call passed on, once it is let in."""

    def __init__(self, inner: asyncio.Protocol, door: Door) -> None:
        self.inner: asyncio.Protocol | None = inner
        self.door = door
        self.counted: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else None
        if not self.door.enter(address):
            self.inner = None
            if isinstance(transport, asyncio.Transport):
                transport.abort()  # nothing written, nothing lingering
            else:
                transport.close()
            return
        if address is not None and not self.door.exempt(address):
            self.counted = address
        assert self.inner is not None
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted is not None:
            self.door.leave(self.counted)
            self.counted = None
        if self.inner is not None:
            self.inner.connection_lost(exc)


class DoorSite(web.SockSite):
    """``web.SockSite`` with its connections counted at a :class:`Door`. aiohttp offers no hook
    below the request, so this starts the listening server itself, as SockSite does."""

    __slots__ = ("_door",)

    def __init__(self, runner: web.BaseRunner, sock: Any, door: Door | None = None) -> None:
        super().__init__(runner, sock)
        self._door = door or Door()

    async def start(self) -> None:
        await web.BaseSite.start(self)  # joins the runner's sites
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self._door.protocols(server), sock=self._sock, backlog=self._backlog
        )


def raise_open_files_limit() -> int | None:
    """Ask for every file descriptor the system allows this process (a desktop's soft limit is
    often 1,024, or 256 on macOS: a few hundred phones, boards and their files). Returns the new
    soft limit, or None where there is no such limit to raise."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FALLBACK_OPEN_FILES if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            return soft
        return wanted
    return soft
