"""The writer of one socket (host/outbox.py): frames go out inside the Room's call when the socket
takes them, and wait, in order, only behind a slow peer or an unfinished key exchange."""

from __future__ import annotations

import asyncio

import pytest

from host.outbox import Outbox, SharedFrame, run_eagerly


class RecordingSocket:
    """Takes every frame at once, or, while ``slow`` is set, waits on it (flow control)."""

    def __init__(self) -> None:
        self.sent: list[tuple[bytes, int]] = []
        self.closed = False
        self.compress = False
        self.slow: asyncio.Future[None] | None = None

    async def send_frame(self, payload: bytes, opcode: int) -> None:
        self.sent.append((payload, opcode))
        if self.slow is not None:
            await self.slow

    async def close(self, code: int, message: bytes) -> None:
        self.closed = True


class Channel:
    def __init__(self) -> None:
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.counter = 0

    def seal_now(self, payload: bytes) -> bytes:
        self.counter += 1
        return b"%d:" % self.counter + payload


def texts(ws: RecordingSocket) -> list[str]:
    return [payload.decode() for payload, _opcode in ws.sent]


async def test_a_frame_is_written_inside_the_call_that_puts_it():
    ws = RecordingSocket()
    outbox = Outbox(ws, max_queued=4)
    outbox.put("one")
    assert ws.sent == [(b"one", 1)]  # a TEXT frame, already written: nothing was awaited
    outbox.put("two")
    assert texts(ws) == ["one", "two"] and outbox.task is None


async def test_frames_behind_a_slow_peer_wait_in_order():
    ws = RecordingSocket()
    outbox = Outbox(ws, max_queued=4)
    ws.slow = asyncio.get_running_loop().create_future()
    outbox.put("one")  # written, then the socket makes it wait
    outbox.put("two")
    outbox.put("three")
    assert texts(ws) == ["one"]
    ws.slow.set_result(None)
    ws.slow = None
    await outbox.task
    assert texts(ws) == ["one", "two", "three"]
    outbox.put("four")  # the peer caught up: written at once again
    assert texts(ws)[-1] == "four"


async def test_a_peer_that_stops_reading_is_dropped_not_waited_for():
    ws = RecordingSocket()
    outbox = Outbox(ws, max_queued=2)
    ws.slow = asyncio.get_running_loop().create_future()  # never resolved
    for index in range(5):
        outbox.put(f"m{index}")
    assert outbox.dropped and texts(ws) == ["m0"]
    await outbox.closer
    assert ws.closed
    outbox.task.cancel()


async def test_sealed_frames_wait_for_the_key_exchange_and_keep_their_order():
    ws = RecordingSocket()
    channel = Channel()
    outbox = Outbox(ws, max_queued=4, sealer=channel)
    outbox.put("hello")  # the phone has not finished the exchange yet
    outbox.put("state")
    assert ws.sent == []
    channel.ready.set_result(None)
    await outbox.task
    assert ws.sent == [(b"1:hello", 2), (b"2:state", 2)]  # BINARY, sealed in order
    outbox.put("next")
    assert ws.sent[-1] == (b"3:next", 2)


async def test_a_failed_write_closes_the_socket_and_tells_the_room_after_the_call():
    ws = RecordingSocket()
    told = []
    outbox = Outbox(ws, max_queued=4, on_failure=lambda: told.append("gone"))

    async def broken(payload: bytes, opcode: int) -> None:
        raise ConnectionResetError("peer gone")

    ws.send_frame = broken
    outbox.put("one")  # never raises into the Room
    assert told == []  # not inside the Room's broadcast...
    await asyncio.sleep(0)
    assert told == ["gone"]  # ...but right after it
    await outbox.closer
    assert ws.closed
    outbox.put("two")  # a failed socket takes nothing more
    assert outbox.queue == type(outbox.queue)()


async def test_run_eagerly_finishes_now_or_hands_over_a_task():
    async def at_once() -> None:
        return None

    assert run_eagerly(at_once()) is None

    async def fails() -> None:
        raise ValueError("bad")

    with pytest.raises(ValueError):
        run_eagerly(fails())

    gate = asyncio.get_running_loop().create_future()
    seen = []

    async def waits() -> None:
        seen.append(await gate)
        await asyncio.sleep(0)  # a bare yield too
        seen.append("after")

    task = run_eagerly(waits())
    assert task is not None and not task.done()
    gate.set_result("opened")
    await task
    assert seen == ["opened", "after"]


def test_a_shared_frame_is_rfc_6455_and_made_once_per_text():
    frames = SharedFrame()
    for size, header in ((5, b"\x81\x05"), (300, b"\x81\x7e\x01\x2c"), (70_000, None)):
        text = "é" + "x" * (size - 2)  # two bytes in UTF-8: ``size`` bytes in all
        frame = frames.of(text)
        if header is None:
            header = b"\x81\x7f" + (70_000).to_bytes(8, "big")
        assert frame == header + text.encode("utf-8")
        assert frames.of(text) is frame  # the same text again: the same bytes, not made anew


class RecordingTransport:
    def __init__(self, buffered: int = 0) -> None:
        self.written: list[bytes] = []
        self.buffered = buffered

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def write(self, data: bytes) -> None:
        self.written.append(data)


async def test_a_screen_gets_the_shared_frame_on_its_transport_unless_it_lags():
    ws = RecordingSocket()
    ws.compress = False
    transport = RecordingTransport()
    outbox = Outbox(ws, max_queued=4, transport=transport)
    outbox.put("board")
    assert transport.written == [b"\x81\x05board"] and ws.sent == []
    transport.buffered = 10**6  # it has not read what it was sent: aiohttp's writer, in order
    outbox.put("next")
    assert ws.sent == [(b"next", 1)] and len(transport.written) == 1
