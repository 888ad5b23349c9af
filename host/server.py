"""The host's web app: the phone page, its files, the phone and public WebSockets, QR and health.

``create_app(HostConfig(...))`` builds it; ``app[ROOM_KEY]`` is the one Room. Every message about
the game is made by the Room; this module only carries frames in and out, checks their origin,
size and rate, and closes every socket and the journal on shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from host.i18n import LANGUAGES, catalog, normalise_language
from host.journal import JournalStore
from host.qr import qr_svg
from host.room import Connection, Room, RoomError, encode

log = logging.getLogger("molecrew.server")

PHONECLIENT_DIR = Path(__file__).resolve().parent.parent / "phoneclient"


def default_state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "molecrew"


@dataclass
class HostConfig:
    """Everything the app needs from the command line or a test.

    ``join_url`` is what the QR code and the lobby show (the CLI computes the LAN address).
    ``state_dir`` holds the journals; ``resume=True`` continues the last unfinished game at once
    (otherwise the lobby offers it, see ``Room.resume_saved``). ``seed`` fixes the deal (tests).
    """

    join_url: str = "http://127.0.0.1:8080/"
    state_dir: Path | None = None
    resume: bool = False
    seed: int | None = None
    game: str = "mole"
    variants: tuple[str, ...] = ()
    # A frame above this many characters is refused with ``too_big`` (the socket stays open)...
    max_message_chars: int = 8 * 1024
    # ...and one above this many bytes closes the socket (1009), before it is even read whole.
    max_frame_bytes: int = 64 * 1024
    # The flood guard: a bucket of ``burst`` messages refilled at ``rate`` per second.
    rate: float = 20.0
    burst: int = 40
    # After this many refused-for-flooding messages in a row, the socket is closed (1008).
    flood_close_after: int = 400
    # Seconds between WebSocket pings; a phone that misses one shows as disconnected.
    heartbeat: float | None = 15.0
    # WebSockets open at once (phones, boards): more are refused with 503 before the upgrade.
    max_sockets: int = 64
    # Frames queued for one slow socket before it is dropped (it will reconnect and catch up).
    max_queued: int = 256
    phoneclient_dir: Path = PHONECLIENT_DIR

    def journal_dir(self) -> Path:
        return Path(self.state_dir) if self.state_dir is not None else default_state_dir()


ROOM_KEY = web.AppKey("room", Room)
CONFIG_KEY = web.AppKey("config", HostConfig)
SOCKETS_KEY = web.AppKey("sockets", set)


class TokenBucket:
    """The flood guard of one socket: ``take()`` is False once the burst is spent."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Outbox:
    """Frames for one socket, written in order by one task, so the Room never waits on a phone."""

    def __init__(self, ws: web.WebSocketResponse, max_queued: int) -> None:
        self.ws = ws
        self.max_queued = max_queued
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.dropped = False
        self.closer: asyncio.Future[Any] | None = None
        self.task = asyncio.create_task(self._write())

    def put(self, text: str) -> None:
        if self.ws.closed or self.task.done() or self.dropped:
            return
        if self.queue.qsize() >= self.max_queued:
            # It will reconnect and get the current state at once; the table must not wait.
            log.warning("dropping a socket that does not read its messages")
            self.dropped = True
            self.closer = asyncio.ensure_future(
                self.ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"too slow")
            )
            return
        self.queue.put_nowait(text)

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return  # the socket went away; the read loop cleans up

    async def close(self) -> None:
        self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self.task, timeout=1.0)
        if not self.task.done():
            self.task.cancel()


class PhoneConnection(Connection):
    def __init__(self, outbox: Outbox, lang: str) -> None:
        super().__init__(lang)
        self.outbox = outbox

    def send_text(self, text: str) -> None:
        self.outbox.put(text)


def origin_allowed(request: web.Request) -> bool:
    """Browsers send Origin: it must be this very host:port. Non-browser clients send none."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()


async def _open_socket(request: web.Request, max_bytes: int) -> web.WebSocketResponse:
    """Raises HTTPForbidden for a foreign Origin, HTTPServiceUnavailable when too many are open."""
    if not origin_allowed(request):
        log.warning("refused a WebSocket from origin %r", request.headers.get("Origin"))
        raise web.HTTPForbidden(text="foreign origin")
    config = request.app[CONFIG_KEY]
    if len(request.app[SOCKETS_KEY]) >= config.max_sockets:
        raise web.HTTPServiceUnavailable(text="too many connections")
    ws = web.WebSocketResponse(max_msg_size=max_bytes, heartbeat=config.heartbeat)
    await ws.prepare(request)
    return ws


async def phone_socket(request: web.Request) -> web.WebSocketResponse:
    config = request.app[CONFIG_KEY]
    room = request.app[ROOM_KEY]
    ws = await _open_socket(request, config.max_frame_bytes)
    outbox = Outbox(ws, config.max_queued)
    lang = normalise_language(request.headers.get("Accept-Language"))
    conn = PhoneConnection(outbox, lang)
    bucket = TokenBucket(config.rate, config.burst)
    flooded = 0
    last_flood_notice = float("-inf")
    try:
        request.app[SOCKETS_KEY].add(ws)
        room.connect(conn)
        async for msg in ws:
            if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            if not bucket.take():
                flooded += 1
                if flooded >= config.flood_close_after:
                    await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"flood")
                    break
                now = time.monotonic()
                if now - last_flood_notice >= 1.0:  # one notice a second, not one per message
                    last_flood_notice = now
                    room.refuse(conn, "rate_limited", {"rate": int(config.rate)})
                continue
            flooded = 0
            if msg.type is WSMsgType.BINARY:
                room.refuse(conn, "bad_json")
            elif len(msg.data) > config.max_message_chars:
                room.refuse(conn, "too_big", {"max": config.max_message_chars})
            else:
                try:
                    room.handle_text(conn, msg.data)
                except Exception:
                    log.exception("unexpected failure on a phone message")
                    room.refuse(conn, "internal_error")
    finally:
        request.app[SOCKETS_KEY].discard(ws)
        room.disconnect(conn)
        await outbox.close()
    return ws


async def public_socket(request: web.Request) -> web.WebSocketResponse:
    """The public board for screens that may see only public information. Receive only."""
    config = request.app[CONFIG_KEY]
    room = request.app[ROOM_KEY]
    ws = await _open_socket(request, 1024)
    outbox = Outbox(ws, config.max_queued)
    unsubscribe = None
    try:
        request.app[SOCKETS_KEY].add(ws)
        unsubscribe = room.subscribe_public(lambda message: outbox.put(encode(message)))
        async for _msg in ws:
            pass  # nothing is read from a board; its frames are dropped
    finally:
        if unsubscribe is not None:
            unsubscribe()
        request.app[SOCKETS_KEY].discard(ws)
        await outbox.close()
    return ws


NO_CACHE = {"Cache-Control": "no-cache"}
# The page loads nothing from anywhere but this host, and nothing may frame it.
PAGE_HEADERS = {
    **NO_CACHE,
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


async def phone_page(request: web.Request) -> web.StreamResponse:
    index = request.app[CONFIG_KEY].phoneclient_dir / "index.html"
    if not index.is_file():
        raise web.HTTPServiceUnavailable(text="the phone page is not installed")
    return web.FileResponse(index, headers=PAGE_HEADERS)


async def catalog_json(request: web.Request) -> web.Response:
    lang = request.match_info["lang"]
    if lang not in LANGUAGES:
        raise web.HTTPNotFound(text=f"no language {lang!r}")
    return web.json_response(catalog(lang), headers=NO_CACHE)


async def qr_code(request: web.Request) -> web.Response:
    room = request.app[ROOM_KEY]
    return web.Response(text=qr_svg(room.join_url), content_type="image/svg+xml")


async def health(request: web.Request) -> web.Response:
    room = request.app[ROOM_KEY]
    return web.json_response({"ok": True, "phase": room.phase, "players": len(room.players)})


@web.middleware
async def security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response = await handler(request)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response


def create_app(config: HostConfig | None = None) -> web.Application:
    """The host app. Its cleanup closes every socket and the journal.

    With ``config.resume``, a saved game that cannot be continued is logged and a new lobby opens.
    """
    config = config or HostConfig()
    app = web.Application(middlewares=[security_headers])
    app[CONFIG_KEY] = config
    app[SOCKETS_KEY] = set()
    room = Room(
        join_url=config.join_url,
        journals=JournalStore(config.journal_dir()),
        seed=config.seed,
        game=config.game,
        variants=config.variants,
    )
    if config.resume and room.saved is not None:
        try:
            room.resume_saved()
        except RoomError as error:
            log.error("could not resume the saved game (%s); opening a new lobby", error.code)
    app[ROOM_KEY] = room
    app.router.add_get("/", phone_page)
    app.router.add_get("/ws", phone_socket)
    app.router.add_get("/ws/public", public_socket)
    app.router.add_get("/i18n/{lang}.json", catalog_json)
    app.router.add_get("/qr.svg", qr_code)
    app.router.add_get("/healthz", health)
    if config.phoneclient_dir.is_dir():
        app.router.add_static("/static/", config.phoneclient_dir, append_version=False)
    app.on_shutdown.append(_close_sockets)
    app.cleanup_ctx.append(_room_lifetime)
    return app


async def _close_sockets(app: web.Application) -> None:
    for ws in list(app[SOCKETS_KEY]):
        await ws.close(code=WSCloseCode.GOING_AWAY, message=b"host shutting down")


async def _room_lifetime(app: web.Application) -> AsyncIterator[None]:
    yield
    app[ROOM_KEY].close()
