"""Announce the host on the local network over mDNS / DNS-SD.

Two services point at the same port: ``_http._tcp`` so browsers and laptops list the game, and
``_molecrew._tcp`` with TXT properties (path, game, version) for clients that know the product.
If another host on the network already uses our instance name, zeroconf picks a free variant
(``allow_name_change``), so two living rooms on one Wi-Fi never clash.

The zeroconf objects must be made inside a running asyncio loop; :class:`MdnsAnnouncer` is used
from the server's loop (``await start()`` / ``await stop()``) or as an aiohttp cleanup context.
zeroconf itself is imported only when an announcement starts, and then off the loop: importing it
takes tens of milliseconds that a restarting host spends serving its phones instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import re
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

HTTP_TYPE = "_http._tcp.local."
MOLECREW_TYPE = "_molecrew._tcp.local."
RIVAL_LISTEN_SECONDS = 1.0


async def _load_zeroconf() -> None:
    """Import zeroconf in a worker thread (the loop keeps serving meanwhile)."""
    await asyncio.to_thread(importlib.import_module, "zeroconf.asyncio")


def product_version() -> str:
    from importlib import metadata  # only when announcing: it loads the email package

    try:
        return metadata.version("molecrew")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def local_host_label(hostname: str | None = None) -> str:
    """This machine's name as one DNS label ('Ana's Laptop.lan' -> 'anas-laptop')."""
    name = (hostname or socket.gethostname()).split(".")[0].lower()
    label = re.sub(r"[^a-z0-9-]+", "-", name).strip("-")[:63]
    return label or "molecrew"


def local_url(port: int, path: str = "/", hostname: str | None = None) -> str:
    """The convenience ``.local`` address (shown beside the IP one, never in the QR code)."""
    return f"http://{local_host_label(hostname)}.local:{port}{path}"


@dataclass
class Announcement:
    """What to announce. ``interfaces``: addresses to announce on (None: every interface)."""

    port: int
    addresses: list[str]
    path: str = "/"
    game: str = ""  # the game the lobby offers first (the CLI says which)
    interfaces: list[str] | None = None
    instance: str = ""
    hostname: str | None = None
    version: str = field(default_factory=product_version)

    def instance_name(self) -> str:
        return self.instance or f"molecrew on {local_host_label(self.hostname)}"


class MdnsAnnouncer:
    """Registers the two services; ``names`` holds the names actually won on the network."""

    def __init__(self, announcement: Announcement) -> None:
        self.announcement = announcement
        self.names: list[str] = []
        self._zeroconf: AsyncZeroconf | None = None
        self._infos: list[AsyncServiceInfo] = []

    def _service_infos(self) -> list[AsyncServiceInfo]:
        from zeroconf.asyncio import AsyncServiceInfo

        a = self.announcement
        server = f"{local_host_label(a.hostname)}.local."
        packed = [socket.inet_aton(address) for address in a.addresses]
        properties = {"path": a.path, "game": a.game, "version": a.version}
        return [
            AsyncServiceInfo(
                service_type,
                f"{a.instance_name()}.{service_type}",
                port=a.port,
                addresses=packed,
                properties=properties,
                server=server,
            )
            for service_type in (HTTP_TYPE, MOLECREW_TYPE)
        ]

    async def start(self) -> None:
        """Register both services; returns once they are announced (a few seconds of probing).

        Raises OSError when no interface accepts multicast (the caller reports it and goes on).
        """
        await _load_zeroconf()
        from zeroconf import InterfaceChoice, IPVersion
        from zeroconf.asyncio import AsyncZeroconf

        interfaces = self.announcement.interfaces
        self._zeroconf = AsyncZeroconf(
            interfaces=interfaces if interfaces else InterfaceChoice.All,
            ip_version=IPVersion.V4Only,
        )
        await self._listen_for_rivals()
        self._infos = self._service_infos()
        # Each registration probes for a clash first; both services probe at the same time.
        announcing = await asyncio.gather(
            *(
                self._zeroconf.async_register_service(info, allow_name_change=True)
                for info in self._infos
            )
        )
        await asyncio.gather(*announcing)
        self.names = [info.name for info in self._infos]

    async def _listen_for_rivals(self) -> None:
        # zeroconf renames on a clash only if the rival's record is in its cache; its own probes
        # ask for unicast replies, which another responder sharing the port may swallow. One
        # short multicast browse fills the cache first, so the rename also works between two
        # hosts on one machine.
        from zeroconf import DNSQuestionType
        from zeroconf.asyncio import AsyncServiceBrowser

        assert self._zeroconf is not None
        browser = AsyncServiceBrowser(
            self._zeroconf.zeroconf,
            [HTTP_TYPE, MOLECREW_TYPE],
            handlers=[lambda **_: None],
            question_type=DNSQuestionType.QM,
        )
        try:
            await asyncio.sleep(RIVAL_LISTEN_SECONDS)
        finally:
            await browser.async_cancel()

    async def stop(self) -> None:
        """Unregister (sends goodbye packets so browsers drop us at once) and close sockets."""
        if self._zeroconf is None:
            return
        zeroconf, self._zeroconf = self._zeroconf, None
        with contextlib.suppress(Exception):
            await zeroconf.async_unregister_all_services()
        await zeroconf.async_close()
        self._infos.clear()


# Seconds between serving and announcing. A restarted host's phones reconnect in that time with
# the whole process to themselves (zeroconf's import, sockets and probes cost a few hundred ms on
# a busy machine); the .local name is only a convenience for people joining, shown beside the QR.
ANNOUNCE_AFTER = 1.5


def cleanup_context(
    announcement: Announcement,
    report: Callable[[str], None] = print,
    after: float = ANNOUNCE_AFTER,
    lang: str = "en",
) -> Callable[[object], AsyncIterator[None]]:
    """An aiohttp cleanup context: announce in the background while the app runs.

    Registration runs as a task ``after`` seconds from the start, so the lobby never waits for
    probing; a failure (no multicast route, say) is reported and the game goes on by QR code and
    address.
    """

    from host.i18n import translate

    async def announce(_app: object) -> AsyncIterator[None]:
        announcer = MdnsAnnouncer(announcement)

        async def register() -> None:
            await asyncio.sleep(after)
            try:
                await announcer.start()
            except (OSError, RuntimeError) as error:
                report(translate(lang, "cli.mdns_failed", error=error))
                return
            report(translate(lang, "cli.announced", names=", ".join(announcer.names)))

        task = asyncio.create_task(register())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await announcer.stop()

    return announce
