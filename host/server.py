"""The host's web app: the phone page, its files, the phone and public WebSockets, QR and health.

``create_app(HostConfig(...))`` builds it; ``app[ROOM_KEY]`` is the one Room. Every message about
the game is made by the Room; this module only carries frames in and out, checks their origin,
size and rate, and closes every socket and the journal on shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web, web_response
from aiohttp.http_exceptions import HttpProcessingError

from engine.registry import DEFAULT_GAME
from host.channel import BAD_HANDSHAKE, HostKey, SealedSocket, fingerprint, keyed_url
from host.evening import start_demo
from host.gate import TRY_AGAIN_LATER, Gate, TokenBucket, knows_token
from host.i18n import LANGUAGES, SURFACES, catalog, normalise_language
from host.journal import JournalStore
from host.outbox import Outbox
from host.protocol import ProtocolError, parse_message
from host.room import Connection, Room, RoomError
from host.static import MadeAssets, StaticFolder

__all__ = [
    "CONFIG_KEY",
    "FINGERPRINT_KEY",
    "GATE_KEY",
    "HOST_KEY",
    "ROOM_KEY",
    "SOCKETS_KEY",
    "HostConfig",
    "TokenBucket",
]

log = logging.getLogger("molecrew.server")

# Every response says "molecrew", not "Python/3.11 aiohttp/3.x": the versions are nobody's
# business, and on the phone's first visit they came back fourteen times (issue #15's budget).
# aiohttp writes this name into any response without a Server header, its parser's own 400s
# too, which no app hook ever sees (QA).
web_response.SERVER_SOFTWARE = "molecrew"  # type: ignore[attr-defined]

PHONECLIENT_DIR = Path(__file__).resolve().parent.parent / "phoneclient"
SOUND_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
# The TV's fonts, for the board page (host.static's safe lookup: this folder only).
FONTS = StaticFolder(Path(__file__).resolve().parent.parent / "assets" / "fonts")


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
    # The big screen's language (--lang, else this computer's): the board page's default too.
    screen_lang: str = "en"
    state_dir: Path | None = None
    resume: bool = False
    seed: int | None = None
    game: str = DEFAULT_GAME
    variants: tuple[str, ...] = ()
    # A frame above this many characters is refused with ``too_big`` (the socket stays open)...
    max_message_chars: int = 8 * 1024
    # ...and one above this many bytes (this many is still read) closes the socket (1009),
    # before it is even read whole.
    max_frame_bytes: int = 64 * 1024
    # The flood guard: a bucket of ``burst`` messages refilled at ``rate`` per second.
    rate: float = 20.0
    burst: int = 40
    # After this many refused-for-flooding messages in a row, the socket is closed (1008).
    flood_close_after: int = 400
    # Seconds between WebSocket pings; a phone that misses one shows as disconnected.
    heartbeat: float | None = 15.0
    # A phone whose seat's token another phone presents is pinged; silent this long, it is gone.
    probe_seconds: float = 3.0
    # WebSockets open at once (phones, boards). Past it a board gets 503 before the upgrade, a
    # phone is held until its first frame: a seat's token gets in (see host/gate.py).
    max_sockets: int = 400  # phones, boards and the audience at once (--max-sockets)
    # The churn guard, per remote address: WebSockets opened at once and refilled per second.
    churn_burst: int = 30
    churn_rate: float = 5.0
    # Phone sockets one address may have held at the door at once (more: 503 before the upgrade)
    # and how long a held one may wait for its first frame or its turn (then closed with 1013).
    max_held_per_address: int = 8
    admission_seconds: float = 5.0
    # Strangers (phones without a seat, boards) one address may have inside at once; past it
    # that address's next socket is held at the door like one over the socket limit.
    max_strangers_per_address: int = 30
    # A phone socket that has not finished the channel's key exchange this long after its
    # upgrade is closed (4002): a socket that never speaks must not keep a place.
    key_exchange_seconds: float = 10.0
    # Frames queued for one slow socket before it is dropped (it will reconnect and catch up).
    max_queued: int = 256
    phoneclient_dir: Path = PHONECLIENT_DIR
    # A bot's natural pause before each move, so the table can follow it (tests: 0, at once).
    bot_pause: float = 1.0
    # The Room's clock for turn timers and bot pauses (tests pass a fake one; None: the real one).
    scheduler: Any = None
    # Phone sockets speak plain JSON instead of the private channel (host/channel.py). Only the
    # protocol tests set it, to read the Room's messages; the product always encrypts.
    plain_sockets: bool = False
    # molecrew --demo: bots play this game on every seat, game after game (None: a real room).
    demo: str | None = None
    # Where the channel's long-term key is kept (None: with the journals). A demo keeps its
    # journals apart but is the same host: phones that joined it stay when the evening begins.
    key_dir: Path | None = None

    def journal_dir(self) -> Path:
        return Path(self.state_dir) if self.state_dir is not None else default_state_dir()

    def host_key_dir(self) -> Path:
        return Path(self.key_dir) if self.key_dir is not None else self.journal_dir()


ROOM_KEY = web.AppKey("room", Room)
CONFIG_KEY = web.AppKey("config", HostConfig)
# Every upgraded WebSocket, held ones too.
SOCKETS_KEY: web.AppKey[set[Any]] = web.AppKey("sockets", set)
GATE_KEY = web.AppKey("gate", Gate)
HOST_KEY = web.AppKey("host_key", HostKey)  # the long-term key of the private channel
FINGERPRINT_KEY = web.AppKey("fingerprint", str)  # its short code, for the TV to show
STATIC_KEY = web.AppKey("static", StaticFolder)  # the phone page's files, compressed
CATALOGS_KEY = web.AppKey("catalogs", MadeAssets)


class PhoneConnection(Connection):
    def __init__(
        self, outbox: Outbox, lang: str, on_probe: Callable[[], None] | None = None
    ) -> None:
        super().__init__(lang)
        self.outbox = outbox
        self.on_probe = on_probe

    def send_text(self, text: str) -> None:
        self.outbox.put(text)

    def probe(self) -> None:
        if self.on_probe is not None:
            self.on_probe()


class Liveness:
    """Whether a phone still answers. ``probe()`` pings it; if nothing at all comes back (every
    browser answers a ping by itself) within ``seconds``, ``on_dead`` runs and the socket is
    closed. The Room probes a phone whose seat's token another phone presents."""

    def __init__(
        self, ws: web.WebSocketResponse, seconds: float, on_dead: Callable[[], None]
    ) -> None:
        self.ws, self.seconds, self.on_dead = ws, seconds, on_dead
        self.heard = 0  # frames received so far, pongs included
        self.task: asyncio.Future[None] | None = None

    def heard_from(self) -> None:
        self.heard += 1

    def probe(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._check(self.heard))

    async def _check(self, heard_before: int) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.ping(b"probe")
        await asyncio.sleep(self.seconds)
        if self.heard == heard_before and not self.ws.closed:
            log.info("closing a phone socket that did not answer a probe")
            self.on_dead()
            await self.ws.close(code=WSCloseCode.OK, message=b"no answer")

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


_DEFAULT_PORTS = {"http": 80, "https": 443}


def _scheme_host_port(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or _DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port that is not a number or out of range
        return None
    if parts.hostname is None or port is None or parts.username is not None:
        return None
    return scheme, parts.hostname, port


def origin_allowed(request: web.Request) -> bool:
    """Browsers send Origin: its scheme, host and port must be this page's, exactly.

    An Origin is ``scheme://host[:port]`` and nothing more: a path (even ``/``), a query or
    credentials make it foreign. Non-browser clients send none and are allowed.
    """
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    if parts.path or parts.query or parts.fragment or "?" in origin or "#" in origin:
        return False
    theirs = _scheme_host_port(parts.scheme, parts.netloc)
    ours = _scheme_host_port(request.scheme, request.host)
    return theirs is not None and theirs == ours


def _check_origin(request: web.Request) -> None:
    if not origin_allowed(request):
        origin = (request.headers.get("Origin") or "")[:200]
        log.warning("refused a WebSocket from origin %r", origin)
        raise web.HTTPForbidden(text="foreign origin")


async def _upgrade(
    request: web.Request, max_bytes: int, autoping: bool = True, compress: bool = True
) -> web.WebSocketResponse:
    config = request.app[CONFIG_KEY]
    # aiohttp closes a message of max_msg_size bytes; the documented limit is "over max_bytes".
    ws = web.WebSocketResponse(
        max_msg_size=max_bytes + 1,
        heartbeat=config.heartbeat,
        autoping=autoping,
        compress=compress,
    )
    await ws.prepare(request)
    request.app[SOCKETS_KEY].add(ws)
    return ws


async def _first_frame(ws: web.WebSocketResponse, seconds: float) -> Any:
    """The first message of a held socket; None if it closed or said nothing in time."""
    deadline = asyncio.get_running_loop().time() + seconds
    try:
        while True:
            left = deadline - asyncio.get_running_loop().time()
            msg = await ws.receive(timeout=max(left, 0.001))
            if msg.type is WSMsgType.PING:  # phone sockets answer pings themselves
                await ws.pong(msg.data)
            elif msg.type is not WSMsgType.PONG:
                break
    except TimeoutError:
        return None
    return msg if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY) else None


def _presents_a_seat(room: Room, msg: Any) -> bool:
    if msg.type is not WSMsgType.TEXT:
        return False
    try:
        message = parse_message(msg.data)
    except ProtocolError:
        return False
    if message["type"] != "hello":
        return False
    tokens = [message.get("token"), *(message.get("tokens") or [])]  # a shared phone has several
    return any(isinstance(token, str) and knows_token(room, token) for token in tokens)


class _PhoneFrames:
    """One phone socket's incoming frames: the flood guard, the size limit, then the Room."""

    def __init__(self, ws: web.WebSocketResponse, config: HostConfig, room: Room, conn: Any):
        self.ws, self.config, self.room, self.conn = ws, config, room, conn
        self.bucket = TokenBucket(config.rate, config.burst)
        self.flooded = 0
        self.last_flood_notice = float("-inf")

    async def handle(self, msg: Any) -> bool:
        """Handle one frame; False once the socket was closed for flooding."""
        config, room, conn = self.config, self.room, self.conn
        if not self.bucket.take():
            self.flooded += 1
            if self.flooded >= config.flood_close_after:
                await self.ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"flood")
                return False
            now = time.monotonic()
            if now - self.last_flood_notice >= 1.0:  # one notice a second, not one per message
                self.last_flood_notice = now
                room.refuse(conn, "rate_limited", {"rate": int(config.rate)})
            return True
        self.flooded = 0
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
        return True


async def _admit_held(
    request: web.Request,
    ws: Any,
    address: str,  # a WebSocketResponse, sealed or not
) -> tuple[bool, Any]:
    """For a socket over the socket limit or the churn guard: (may it enter, its first frame)."""
    gate, room = request.app[GATE_KEY], request.app[ROOM_KEY]
    gate.hold(address)
    try:
        first = await _first_frame(ws, gate.admission_seconds)
        if first is None:
            if not ws.closed:
                await ws.close(code=TRY_AGAIN_LATER, message=b"no hello")
            return False, None
        if await gate.let_in(address, seated=_presents_a_seat(room, first)):
            return True, first
        reason = b"too many connections" if gate.full() else b"too many connections from you"
        log.info("refused a phone socket from %s: %s", address, reason.decode())
        await ws.close(code=TRY_AGAIN_LATER, message=reason)
        return False, None
    finally:
        gate.release(address)


def _close_unkeyed(gate: Gate, ws: web.WebSocketResponse, sealed: SealedSocket) -> None:
    """The key exchange's deadline: a socket still without a session is closed."""
    if not (sealed.ready.done() or ws.closed):
        gate.close_soon(ws, BAD_HANDSHAKE, b"no key exchange")


async def phone_socket(request: web.Request) -> web.WebSocketResponse:
    config, room, gate = request.app[CONFIG_KEY], request.app[ROOM_KEY], request.app[GATE_KEY]
    _check_origin(request)
    address = request.remote or ""
    at_once = gate.may_enter_at_once(address)
    if not at_once and not gate.may_hold(address):
        raise web.HTTPServiceUnavailable(text="too many connections")
    # Pongs are read here, not swallowed by aiohttp: they tell a probed phone is alive.
    # Sealed frames do not compress: deflating them would only cost the host time.
    ws = await _upgrade(
        request, config.max_frame_bytes, autoping=False, compress=config.plain_sockets
    )
    conn: PhoneConnection | None = None
    inside = False  # the Room knows this connection

    def gone() -> None:  # the writer failed or a probe went unanswered: the seat is away now
        nonlocal inside
        if inside and conn is not None:
            inside = False
            room.disconnect(conn)

    # Through the channel, frames are read opened and written sealed (host/channel.py).
    reader = ws if config.plain_sockets else SealedSocket(ws, request.app[HOST_KEY])
    sealer = None if isinstance(reader, web.WebSocketResponse) else reader
    outbox = Outbox(ws, config.max_queued, on_failure=gone, sealer=sealer)
    liveness = Liveness(ws, config.probe_seconds, on_dead=gone)
    unkeyed = None
    if sealer is not None:
        unkeyed = asyncio.get_running_loop().call_later(
            config.key_exchange_seconds, _close_unkeyed, gate, ws, sealer
        )
    try:
        first = None
        if not at_once:
            admitted, first = await _admit_held(request, reader, address)
            if not admitted:
                return ws
        lang = normalise_language(request.headers.get("Accept-Language"))
        conn = PhoneConnection(outbox, lang, on_probe=liveness.probe)
        conn.address = address
        gate.enter(ws, address, lambda: conn.stranger)
        inside = True
        room.connect(conn)
        frames = _PhoneFrames(ws, config, room, conn)
        if first is not None and not await frames.handle(first):
            return ws
        async for msg in reader:
            liveness.heard_from()
            if msg.type is WSMsgType.PING:
                await ws.pong(msg.data)
            elif msg.type in (WSMsgType.TEXT, WSMsgType.BINARY) and not await frames.handle(msg):
                break
    finally:
        if unkeyed is not None:
            unkeyed.cancel()
        liveness.stop()
        request.app[SOCKETS_KEY].discard(ws)
        gate.leave(ws)
        gone()
        await outbox.close()
    return ws


async def public_socket(request: web.Request) -> web.WebSocketResponse:
    """The public board for screens that may see only public information. Receive only.

    A board is a stranger: over the socket limit or the churn guard it gets 503 before the
    upgrade, and it is the first to be closed to make room for a seated phone.
    """
    config, room, gate = request.app[CONFIG_KEY], request.app[ROOM_KEY], request.app[GATE_KEY]
    _check_origin(request)
    if not gate.may_enter_at_once(request.remote or ""):
        raise web.HTTPServiceUnavailable(text="too many connections")
    # Uncompressed, like the phones': a board's frame is a kilobyte or two on a LAN, and every
    # screen gets the same bytes, where deflating would cost the host a compression per screen.
    ws = await _upgrade(request, 1024, compress=False)
    outbox = Outbox(ws, config.max_queued, transport=request.transport)
    unsubscribe = None
    try:
        gate.enter(ws, request.remote or "", lambda: True)
        unsubscribe = room.subscribe_public(outbox.put, as_text=True)
        async for msg in ws:
            if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                # A board only listens: one that talks is not the page (which sends nothing),
                # and a flood of them would cost the seated players their host (QA).
                await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"boards only listen")
                break
    finally:
        if unsubscribe is not None:
            unsubscribe()
        request.app[SOCKETS_KEY].discard(ws)
        gate.leave(ws)
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
    index = request.app[STATIC_KEY].find("index.html")
    if index is None:
        raise web.HTTPServiceUnavailable(text="the phone page is not installed")
    return index.response(request, PAGE_HEADERS)


async def static_file(request: web.Request) -> web.StreamResponse:
    asset = request.app[STATIC_KEY].find(request.match_info["path"])
    if asset is None:
        raise web.HTTPNotFound()
    return asset.response(request, NO_CACHE)


async def board_page(request: web.Request) -> web.StreamResponse:
    """The public board for any browser (a smart TV, a second screen): public socket only."""
    config = request.app[CONFIG_KEY]
    page = config.phoneclient_dir / "board.html"
    if not page.is_file():
        raise web.HTTPServiceUnavailable(text="the board page is not installed")
    lang = config.screen_lang if config.screen_lang in LANGUAGES else "en"
    html = page.read_text(encoding="utf-8").replace(
        '<html lang="en">', f'<html lang="{lang}" data-host-lang="{lang}">', 1
    )
    return web.Response(text=html, content_type="text/html", headers=PAGE_HEADERS)


async def sound_file(request: web.Request) -> web.StreamResponse:
    """The TV's sound cues, for the board page (the route's pattern allows plain names only)."""
    path = SOUND_DIR / f"{request.match_info['name']}.wav"
    if not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers=NO_CACHE)


async def font_file(request: web.Request) -> web.StreamResponse:
    """A font of the TV's, for the board page: Noto Emoji draws the emoji in players' names on a
    screen with no emoji font of its own. Kept a day, then revalidated by its ETag."""
    asset = FONTS.find(f"{request.match_info['name']}.ttf")
    if asset is None:
        raise web.HTTPNotFound()
    return asset.response(request, {"Cache-Control": "max-age=86400"})


async def catalog_json(request: web.Request) -> web.Response:
    lang = request.match_info["lang"]
    if lang not in LANGUAGES:
        raise web.HTTPNotFound(text=f"no language {lang!r}")
    surface = request.query.get("for")
    surface = surface if surface in SURFACES else None  # ?for=phone: only what a phone shows
    asset = request.app[CATALOGS_KEY].asset(
        f"{lang}.{surface}", _catalog_body(lang, surface), "application/json"
    )
    return asset.response(request, NO_CACHE)


@cache
def _catalog_body(lang: str, surface: str | None) -> bytes:
    """A catalog as the phone downloads it, encoded once (catalogs do not change while the host
    runs; encoded per request, a guest looping on it slowed the seated players' replies; QA)."""
    return json.dumps(catalog(lang, surface), ensure_ascii=False, separators=(",", ":")).encode()


async def qr_code(request: web.Request) -> web.Response:
    room = request.app[ROOM_KEY]
    from host.qr import qr_svg  # here, not at start-up: qrcode takes a while to import

    return web.Response(text=qr_svg(room.join_url), content_type="image/svg+xml")


async def health(request: web.Request) -> web.Response:
    room = request.app[ROOM_KEY]
    return web.json_response({"ok": True, "phase": room.phase, "players": len(room.players)})


@web.middleware
async def security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response: web.StreamResponse = await handler(request)
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
    app[STATIC_KEY] = StaticFolder(config.phoneclient_dir)
    app[CATALOGS_KEY] = MadeAssets()
    app[GATE_KEY] = Gate(
        max_sockets=config.max_sockets,
        churn_rate=config.churn_rate,
        churn_burst=config.churn_burst,
        max_held_per_address=config.max_held_per_address,
        admission_seconds=config.admission_seconds,
        max_strangers_per_address=config.max_strangers_per_address,
    )
    _quiet_bad_requests()
    # The QR code's URL carries the channel's public key in its fragment (never sent over HTTP).
    host_key = app[HOST_KEY] = HostKey.load_or_create(config.host_key_dir())
    app[FINGERPRINT_KEY] = fingerprint(host_key.public)
    room = Room(
        join_url=keyed_url(config.join_url, host_key.public),
        journals=JournalStore(config.journal_dir()),
        seed=config.seed,
        game=config.game,
        variants=config.variants,
        scheduler=config.scheduler,
        bot_pause=config.bot_pause,
    )
    if config.resume and room.saved is not None:
        try:
            room.resume_saved()
        except RoomError as error:
            log.error("could not resume the saved game (%s); opening a new lobby", error.code)
    if config.demo:
        start_demo(room, config.demo)
    app[ROOM_KEY] = room
    app.router.add_get("/", phone_page)
    app.router.add_get("/board", board_page)
    app.router.add_get("/sounds/{name:[a-z_]+}.wav", sound_file)
    app.router.add_get("/fonts/{name:[A-Za-z0-9-]+}.ttf", font_file)
    app.router.add_get("/ws", phone_socket)
    app.router.add_get("/ws/public", public_socket)
    app.router.add_get("/i18n/{lang}.json", catalog_json)
    app.router.add_get("/qr.svg", qr_code)
    app.router.add_get("/healthz", health)
    app.router.add_get("/static/{path:.+}", static_file)
    app.on_shutdown.append(_close_sockets)
    app.cleanup_ctx.append(_room_lifetime)
    return app


class _OneLineForBadRequests(logging.Filter):
    """aiohttp logs a malformed HTTP request (``FOO / HTTP/1.1``, garbage) with a traceback; the
    host's log gets one line instead: nothing is wrong with the host."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            reason = " ".join(str(error.message or type(error).__name__).split())[:160]
            record.msg = f"{record.getMessage()}: {type(error).__name__}: {reason}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


_BAD_REQUEST_FILTER = _OneLineForBadRequests()


def _quiet_bad_requests() -> None:
    logging.getLogger("aiohttp.server").addFilter(_BAD_REQUEST_FILTER)  # once: filters are a set


async def _close_sockets(app: web.Application) -> None:
    sockets: set[Any] = app[SOCKETS_KEY]
    for ws in list(sockets):
        await ws.close(code=WSCloseCode.GOING_AWAY, message=b"host shutting down")


async def _room_lifetime(app: web.Application) -> AsyncIterator[None]:
    yield
    app[ROOM_KEY].close()
