"""The private channel between a phone and the host, over a plain ``ws://`` socket.

Everyone at the party knows the Wi-Fi password, so anyone can capture the frames; an offline host
has no certificate a phone would trust. The host therefore keeps a long-term X25519 key pair in
its state folder, and the QR code's URL carries the public key in its fragment (``#k=...``, which
a browser never sends over HTTP). Every phone connection then makes a fresh key exchange,
authenticated by that key, and every frame in both directions is encrypted and authenticated.
Only NaCl's own constructions are used (PyNaCl here, tweetnacl on the page); the exact bytes are
in docs/protocol.md, "The private channel".

1. phone -> host, binary: ``01 || e`` (33 bytes), ``e`` a fresh X25519 public key.
2. host -> phone, binary: ``01 || S || n || box(E, n, S_secret -> e)`` (105 bytes): ``S`` the
   long-term public key, ``E`` a fresh key pair's public half, ``n`` 24 random bytes. Only the
   holder of ``S``'s secret can make that box for ``e``, so an opened box proves the host.
3. Both sides take ``K = box.before(E, e)`` (X25519 + HSalsa20) and from then on every frame is
   ``counter (8 bytes, big-endian) || secretbox(padded JSON, nonce, K)``, the nonce being the
   direction byte (1 phone->host, 2 host->phone), the counter, then zeros. Each direction counts
   from 0: an earlier counter is a replay (dropped), a later one means frames went missing, and a
   box that does not open was tampered with; both of those close the socket.

Frames are padded to one size per message before they are sealed (host/outgoing.py, the page's
``padded``), and sealing adds the same 24 bytes to every frame, so sizes still tell nothing.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import logging
import os
import secrets
from pathlib import Path
from typing import Any, NamedTuple

from aiohttp import WSMsgType
from nacl.bindings import crypto_secretbox_easy, crypto_secretbox_open_easy
from nacl.exceptions import CryptoError
from nacl.public import Box, PrivateKey, PublicKey
from nacl.secret import SecretBox

log = logging.getLogger("molecrew.channel")

VERSION = 1
KEY_BYTES = 32
NONCE_BYTES = 24
MAC_BYTES = 16
COUNTER_BYTES = 8
HELLO_BYTES = 1 + KEY_BYTES
REPLY_BYTES = 1 + KEY_BYTES + NONCE_BYTES + KEY_BYTES + MAC_BYTES
# What sealing adds to every frame: the counter and the authenticator.
OVERHEAD = COUNTER_BYTES + MAC_BYTES
PHONE_TO_HOST = 1
HOST_TO_PHONE = 2
KEY_FILE = "host-key"

# WebSocket close codes (documented in docs/protocol.md).
PLAIN_REFUSED = 4001  # a plain text frame where a sealed one was due
BAD_HANDSHAKE = 4002  # the first frame is not a key exchange this host understands
TAMPERED = 4003  # a sealed frame that does not open
OUT_OF_ORDER = 4004  # a counter ahead of the one due: frames were dropped or reordered


class ChannelError(Exception):
    """A frame that ends the channel; ``code`` is the WebSocket close code."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class WrongHost(ChannelError):
    """The host's key is not the one the phone expected (from the QR code)."""


class HostKeyDamaged(Exception):
    """The key file exists but does not hold a key."""


# ------------------------------------------------------------------------ the long-term key


class HostKey:
    """The host's long-term X25519 key pair, kept in ``<state folder>/host-key`` (mode 0600)."""

    def __init__(self, private: PrivateKey) -> None:
        self.private = private
        self.public = bytes(private.public_key)

    @classmethod
    def load_or_create(cls, folder: Path) -> HostKey:
        """The folder's key, made on first use. The file appears whole or not at all (written
        beside it, then hard-linked into place), so a crash never leaves half a key."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / KEY_FILE
        if not path.exists():
            cls._create(path)
        return cls(PrivateKey(cls._read(path)))

    @staticmethod
    def _create(path: Path) -> None:
        draft = path.with_name(f".{KEY_FILE}.{secrets.token_hex(6)}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, bytes(PrivateKey.generate()))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(draft, path)  # fails if another host made one meanwhile: theirs is kept
        except FileExistsError:
            pass
        finally:
            draft.unlink()
        with contextlib.suppress(OSError):  # the folder entry survives a power cut too
            dir_fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)

    @staticmethod
    def _read(path: Path) -> bytes:
        if path.stat().st_mode & 0o077:
            log.warning("%s could be read by others; making it private (0600)", path)
            path.chmod(0o600)
        raw = path.read_bytes()
        if len(raw) != KEY_BYTES:
            raise HostKeyDamaged(
                f"{path} is not a host key ({len(raw)} bytes); delete it to make a new one "
                "(phones then need to scan the new QR code)"
            )
        return raw


def key_text(public_key: bytes) -> str:
    """The key as it goes in a URL fragment: base64url without padding (43 characters)."""
    return base64.urlsafe_b64encode(public_key).rstrip(b"=").decode("ascii")


def keyed_url(url: str, public_key: bytes) -> str:
    """The join URL with the host's public key in its fragment (any old fragment replaced)."""
    return f"{url.split('#', 1)[0]}#k={key_text(public_key)}"


def fingerprint(public_key: bytes) -> str:
    """A short code of the key for people to compare, phone against TV: twelve digits in three
    groups, ``"4821 0937 5512"``, from the first 40 bits of SHA-512 (digits read the same in
    every language)."""
    number = int.from_bytes(hashlib.sha512(public_key).digest()[:5], "big") % 10**12
    digits = f"{number:012d}"
    return " ".join(digits[i : i + 4] for i in range(0, 12, 4))


# ------------------------------------------------------------------------ the sealed frames


def _nonce(direction: int, counter: int) -> bytes:
    return bytes([direction]) + counter.to_bytes(COUNTER_BYTES, "big") + bytes(15)


class Session:
    """One connection's keys and counters. ``seal`` for frames sent, ``open`` for frames read."""

    def __init__(self, key: bytes, sending: int, receiving: int) -> None:
        if len(key) != SecretBox.KEY_SIZE:
            raise ValueError("a session key is 32 bytes")
        # libsodium's secretbox called directly: SecretBox's wrapper would check the same sizes
        # again and build an object per frame, on the path of every frame to every phone.
        self._key = key
        self._sending, self._receiving = sending, receiving
        self.sent = 0
        self.received = 0

    def seal(self, plaintext: bytes) -> bytes:
        counter = self.sent
        self.sent += 1
        sealed = crypto_secretbox_easy(plaintext, _nonce(self._sending, counter), self._key)
        return counter.to_bytes(COUNTER_BYTES, "big") + sealed

    def open(self, frame: bytes) -> bytes | None:
        """The plaintext of the next frame; None for a replayed one (already read: refused).
        Raises ChannelError (TAMPERED, OUT_OF_ORDER) for a frame that must end the channel."""
        if len(frame) < OVERHEAD:
            raise ChannelError(TAMPERED, "frame too short")
        counter = int.from_bytes(frame[:COUNTER_BYTES], "big")
        if counter < self.received:
            return None
        if counter > self.received:
            raise ChannelError(OUT_OF_ORDER, f"frame {counter} where {self.received} was due")
        try:
            nonce = _nonce(self._receiving, counter)
            plaintext = crypto_secretbox_open_easy(frame[COUNTER_BYTES:], nonce, self._key)
        except CryptoError:
            raise ChannelError(TAMPERED, "frame does not open") from None
        self.received += 1
        return plaintext


def answer_hello(host_key: HostKey, hello: bytes) -> tuple[bytes, Session]:
    """The host's side of the key exchange: (the reply to send, the session)."""
    if len(hello) != HELLO_BYTES or hello[0] != VERSION:
        raise ChannelError(BAD_HANDSHAKE, "not a version 1 key exchange")
    ephemeral = PrivateKey.generate()
    try:
        phone = PublicKey(hello[1:])
        proof = Box(host_key.private, phone).encrypt(bytes(ephemeral.public_key))
        key = Box(ephemeral, phone).shared_key()
    except (CryptoError, ValueError, TypeError):  # a low-order point: no shared key
        raise ChannelError(BAD_HANDSHAKE, "unusable phone key") from None
    reply = bytes([VERSION]) + host_key.public + bytes(proof)
    return reply, Session(key, sending=HOST_TO_PHONE, receiving=PHONE_TO_HOST)


class PhoneHandshake:
    """The phone's side, as the page does it (tests, benchmarks and other clients use it).

    ``expected`` is the host key from the QR code; None trusts the key the host presents."""

    def __init__(self, expected: bytes | None = None) -> None:
        self.expected = expected
        self._ephemeral = PrivateKey.generate()
        self.host_key: bytes | None = None

    def hello(self) -> bytes:
        return bytes([VERSION]) + bytes(self._ephemeral.public_key)

    def finish(self, reply: bytes) -> Session:
        if len(reply) != REPLY_BYTES or reply[0] != VERSION:
            raise ChannelError(BAD_HANDSHAKE, "not a version 1 reply")
        host_key = reply[1 : 1 + KEY_BYTES]
        if self.expected is not None and host_key != self.expected:
            raise WrongHost(BAD_HANDSHAKE, "the host's key is not the expected one")
        try:
            host_ephemeral = Box(self._ephemeral, PublicKey(host_key)).decrypt(
                reply[1 + KEY_BYTES :]
            )
            key = Box(self._ephemeral, PublicKey(host_ephemeral)).shared_key()
        except (CryptoError, ValueError, TypeError):
            raise ChannelError(BAD_HANDSHAKE, "the reply does not prove the host's key") from None
        self.host_key = host_key
        return Session(key, sending=PHONE_TO_HOST, receiving=HOST_TO_PHONE)


# ------------------------------------------------------------------------ on the phone socket


class Frame(NamedTuple):
    """A frame as the socket handler reads it (``type`` and ``data``, like aiohttp's)."""

    type: WSMsgType
    data: Any
    extra: Any = None


_ENDED = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)


class SealedSocket:
    """A phone's WebSocket seen through the channel.

    Read it like the WebSocket (``receive``, ``async for``): the key exchange is answered on the
    way, sealed frames come out as plain TEXT frames, replays are dropped, and a plain, tampered
    or out-of-order frame closes the socket (that read then ends it). The writer calls
    ``seal_now`` for each outgoing frame once ``ready`` is done, so the Room may queue frames for
    a connection before its phone has finished the key exchange.
    """

    def __init__(self, ws: Any, host_key: HostKey) -> None:
        self.ws = ws
        self.host_key = host_key
        self.session: Session | None = None
        self.ready: asyncio.Future[Session] = asyncio.get_running_loop().create_future()
        self.replays = 0  # replayed frames refused so far

    @property
    def closed(self) -> bool:
        return bool(self.ws.closed)

    async def close(self, **kwargs: Any) -> Any:
        return await self.ws.close(**kwargs)

    async def pong(self, data: bytes = b"") -> None:
        await self.ws.pong(data)

    def seal_now(self, payload: bytes) -> bytes:
        """The frame to write for ``payload``; only once ``ready`` is done (the writer waits)."""
        assert self.session is not None, "sealed before the key exchange"
        return self.session.seal(payload)

    def __aiter__(self) -> SealedSocket:
        return self

    async def __anext__(self) -> Any:
        msg = await self.receive()
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            raise StopAsyncIteration
        return msg

    async def receive(self, timeout: float | None = None) -> Any:
        """The next frame the Room should see; raises TimeoutError like the WebSocket."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - loop.time())
            msg = await self.ws.receive(timeout=left)
            if msg.type in _ENDED:
                self._end()
                return msg
            try:
                opened = await self._open(msg)
            except ChannelError as error:
                log.warning("closing a phone socket: %s", error.reason)
                self._end()
                await self.ws.close(code=error.code, message=error.reason.encode())
                return Frame(WSMsgType.CLOSED, None)
            except (ConnectionError, RuntimeError):  # gone while the reply was being sent
                self._end()
                return Frame(WSMsgType.CLOSED, None)
            if opened is not None:
                return opened

    async def _open(self, msg: Any) -> Any:
        if msg.type is WSMsgType.TEXT:
            raise ChannelError(PLAIN_REFUSED, "this host only speaks through the channel")
        if msg.type is not WSMsgType.BINARY:
            return msg  # pings and pongs: the socket's own, they carry nothing
        if self.session is None:  # the first frame: the key exchange, answered at once
            reply, session = answer_hello(self.host_key, msg.data)
            await self.ws.send_bytes(reply)
            self.session = session
            self.ready.set_result(session)
            return None
        plaintext = self.session.open(msg.data)
        if plaintext is None:
            self.replays += 1
            if self.replays == 1:  # once per socket: replays must not flood the log either
                log.warning("refused a replayed frame on a phone socket (later ones unlogged)")
            return None
        try:
            return Frame(WSMsgType.TEXT, plaintext.decode("utf-8"))
        except UnicodeDecodeError:  # sealed by the phone itself: its own bad input, refused
            return Frame(WSMsgType.BINARY, plaintext)

    def _end(self) -> None:
        if not self.ready.done():
            self.ready.set_exception(ConnectionResetError("the phone left before the key exchange"))
            self.ready.exception()  # marked as retrieved: no writer may be waiting for it


# ------------------------------------------------------------------------ a Python phone


class SealedClient:
    """A client WebSocket (aiohttp's) through the channel, read and written like the plain one:
    ``send_str``, ``send_json``, ``receive``, ``async for``, ``close``. For tests, benchmarks and
    other clients; the page does the same in phoneclient/channel.js."""

    def __init__(self, ws: Any, session: Session, host_key: bytes) -> None:
        self.ws = ws
        self.session = session
        self.host_key = host_key

    @property
    def closed(self) -> bool:
        return bool(self.ws.closed)

    @property
    def close_code(self) -> int | None:
        code: int | None = self.ws.close_code
        return code

    async def send_str(self, text: str) -> None:
        await self.ws.send_bytes(self.session.seal(text.encode("utf-8")))

    async def send_json(self, data: Any) -> None:
        await self.send_str(json.dumps(data))

    async def receive(self, timeout: float | None = None) -> Any:
        while True:
            msg = await self.ws.receive(timeout=timeout)
            if msg.type is not WSMsgType.BINARY:
                return msg
            plaintext = self.session.open(msg.data)
            if plaintext is not None:
                return Frame(WSMsgType.TEXT, plaintext.decode("utf-8"))

    async def receive_str(self, timeout: float | None = None) -> str:
        msg = await self.receive(timeout)
        if msg.type is not WSMsgType.TEXT:
            raise TypeError(f"expected a text frame, got {msg.type}")
        return str(msg.data)

    async def receive_json(self, timeout: float | None = None) -> Any:
        return json.loads(await self.receive_str(timeout))

    def __aiter__(self) -> SealedClient:
        return self

    async def __anext__(self) -> Any:
        msg = await self.receive()
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            raise StopAsyncIteration
        return msg

    async def close(self, **kwargs: Any) -> Any:
        return await self.ws.close(**kwargs)


async def handshake(ws: Any, expected: bytes | None = None, timeout: float = 10.0) -> SealedClient:
    """Make the key exchange on a freshly connected client WebSocket."""
    phone = PhoneHandshake(expected)
    await ws.send_bytes(phone.hello())
    msg = await ws.receive(timeout=timeout)
    if msg.type is not WSMsgType.BINARY:
        raise ChannelError(BAD_HANDSHAKE, f"expected the host's reply, got {msg.type}")
    session = phone.finish(msg.data)
    assert phone.host_key is not None
    return SealedClient(ws, session, phone.host_key)


async def connect(
    http: Any, url: str, expected: bytes | None = None, **options: Any
) -> SealedClient:
    """``http.ws_connect(url, **options)`` (an aiohttp ClientSession or test client), sealed.
    ``expected`` is the host's key (from ``#k=`` of the join URL); None trusts what it presents."""
    return await handshake(await http.ws_connect(url, **options), expected)


def key_from_url(url: str) -> bytes | None:
    """The host key in a join URL's ``#k=`` fragment, if there is one."""
    fragment = url.partition("#")[2]
    for part in fragment.split("&"):
        name, _, value = part.partition("=")
        if name == "k" and len(value) == 43:
            with contextlib.suppress(ValueError):
                key = base64.urlsafe_b64decode(value + "=")
                if len(key) == KEY_BYTES:
                    return key
    return None
