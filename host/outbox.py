"""One socket's outgoing frames: written at once, in order, and never waited on by the Room.

A frame is written the moment the Room puts it, inside the Room's own call, when the socket can
take it (almost always: a frame is a kilobyte or two, the kernel's buffer hundreds). Only a
socket whose peer reads slowly makes its frames wait, each in its turn, in a task of its own;
one that stops reading altogether is dropped (it reconnects and gets the current state at once).
So ten phones and a thousand screens cost ten and a thousand writes, not as many task switches,
and a seated phone's frame is on the wire before the audience's are even made.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from aiohttp import WSCloseCode, WSMsgType, web

log = logging.getLogger("molecrew.server")


class Sealer(Protocol):
    """The private channel as the writer needs it (host.channel.SealedSocket is one): ``ready``
    resolves once the key exchange is done, and ``seal_now`` seals a payload from then on."""

    ready: asyncio.Future[Any]

    def seal_now(self, payload: bytes) -> bytes: ...


def run_eagerly(coro: Coroutine[Any, Any, None]) -> asyncio.Future[None] | None:
    """Run ``coro`` now, up to the point where it would wait: None if it finished there (its
    error raised here), else a task that finishes it.

    Python 3.12's eager tasks do this; on 3.11 it is done by hand, as a task steps a coroutine:
    each awaited future is waited for, then the coroutine resumed, which reads its result.
    """
    try:
        waiting_on = coro.send(None)
    except StopIteration:
        return None
    except BaseException:
        coro.close()
        raise
    return asyncio.ensure_future(_finish(coro, waiting_on))


async def _finish(coro: Coroutine[Any, Any, None], waiting_on: Any) -> None:
    try:
        while True:
            if waiting_on is None:  # a bare yield: give the loop one turn
                await asyncio.sleep(0)
            else:
                await asyncio.wait((waiting_on,))
            try:
                waiting_on = coro.send(None)
            except StopIteration:
                return
    except BaseException:
        coro.close()
        raise


# A frame goes straight to a screen's transport while less than this waits in its buffer.
DIRECT_BUFFER_LIMIT = 64 * 1024


class SharedFrame:
    """The last text frame made, as bytes on the wire, for the next socket that gets the same
    text (the very same str: a change's public frame goes to every screen).

    RFC 6455, section 5.2, as a server sends it: FIN and the text opcode, the length in 7, 16 or
    64 bits, no mask, the UTF-8 payload. Built once, a thousand screens cost a thousand writes of
    the same bytes instead of a thousand encodings and frame headers.
    """

    def __init__(self) -> None:
        self._text: str | None = None
        self._frame = b""

    def of(self, text: str) -> bytes:
        if text is not self._text:
            payload = text.encode("utf-8")
            size = len(payload)
            if size < 126:
                header = struct.pack("!BB", 0x81, size)
            elif size < 1 << 16:
                header = struct.pack("!BBH", 0x81, 126, size)
            else:
                header = struct.pack("!BBQ", 0x81, 127, size)
            self._text, self._frame = text, header + payload
        return self._frame


SHARED_FRAME = SharedFrame()


class Outbox:
    """Frames for one socket. ``put`` never blocks and never raises.

    If a frame cannot be written (the peer is gone, or a bug made text that is not UTF-8), the
    socket is closed and ``on_failure`` runs right after the current call, so its seat shows as
    away at once rather than after the next heartbeat. With a ``sealer``, each frame is sealed
    as it is written (in order, as the channel's counters need); frames put before the key
    exchange wait for it.
    """

    def __init__(
        self,
        ws: web.WebSocketResponse,
        max_queued: int,
        on_failure: Callable[[], None] | None = None,
        sealer: Sealer | None = None,
        transport: asyncio.Transport | None = None,
    ) -> None:
        self.ws = ws
        # A screen's socket (plain text, uncompressed) is written to its transport directly,
        # with the frame every screen shares; phones' sealed frames go through aiohttp's writer.
        self.transport = transport if sealer is None and not ws.compress else None
        self.max_queued = max_queued
        self.on_failure = on_failure
        self.sealer = sealer
        self.queue: deque[str] = deque()
        self.dropped = False
        self.failed = False
        self.closer: asyncio.Future[Any] | None = None
        # The task writing queued frames while the socket is slow (or the channel not ready).
        self.task: asyncio.Future[None] | None = None

    def put(self, text: str) -> None:
        if self.ws.closed or self.dropped or self.failed:
            return
        if self.task is not None and not self.task.done():
            if len(self.queue) >= self.max_queued:
                self._drop()
            else:
                self.queue.append(text)
            return
        transport = self.transport
        if (
            transport is not None
            and not transport.is_closing()
            and transport.get_write_buffer_size() < DIRECT_BUFFER_LIMIT
        ):
            transport.write(SHARED_FRAME.of(text))
            return
        if self.sealer is not None and not self.sealer.ready.done():
            self.queue.append(text)
            self.task = asyncio.ensure_future(self._write_queued())
            return
        try:
            pending = run_eagerly(self._send(text))
        except Exception as error:  # any failure ends this socket the same way
            self._fail(error)
            return
        if pending is not None:  # the peer reads slowly: later frames wait behind this one
            self.task = asyncio.ensure_future(self._write_queued(pending))

    async def _send(self, text: str) -> None:
        payload = text.encode("utf-8")
        if self.sealer is None:
            await self.ws.send_frame(payload, WSMsgType.TEXT)
        else:
            await self.ws.send_frame(self.sealer.seal_now(payload), WSMsgType.BINARY)

    async def _write_queued(self, first: asyncio.Future[None] | None = None) -> None:
        try:
            if first is not None:
                await first
            if self.sealer is not None:
                await asyncio.shield(self.sealer.ready)
            while self.queue:
                await self._send(self.queue.popleft())
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._fail(error)

    def _drop(self) -> None:
        # It will reconnect and get the current state at once; the table must not wait.
        log.warning("dropping a socket that does not read its messages")
        self.dropped = True
        self.queue.clear()
        self.closer = asyncio.ensure_future(
            self.ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"too slow")
        )

    def _fail(self, error: Exception) -> None:
        self.failed = True
        self.queue.clear()
        if not isinstance(error, ConnectionError | RuntimeError):  # not simply gone: a bug
            log.error(
                "closing a socket: a frame could not be sent (%s: %s)", type(error).__name__, error
            )
        else:
            log.info("closing a socket that went away (%s)", type(error).__name__)
        if not self.ws.closed:
            self.closer = asyncio.ensure_future(
                self.ws.close(code=WSCloseCode.INTERNAL_ERROR, message=b"send failed")
            )
        if self.on_failure is not None:
            # Soon, not now: a write fails inside the Room's own broadcast, which must finish
            # sending this change to everyone before the seat's absence makes the next one.
            asyncio.get_running_loop().call_soon(self.on_failure)

    async def close(self) -> None:
        """Let queued frames go out (for a second at most), then stop."""
        task = self.task
        if task is None or task.done():
            return
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(task), timeout=1.0)
        if not task.done():
            task.cancel()
