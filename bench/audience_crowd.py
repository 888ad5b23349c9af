"""An audience of public sockets in a process of its own, for bench/compare.py.

A thousand phones in the audience are a thousand devices; read by the same Python process as the
ten seated phones, they would make the seated phones' frames queue behind the audience's in
that one client, and the bench would time its own client, not the host. So the audience reads
in this process, on the same machine and loopback, and reports, for each update number, when the
last of its sockets had it (``time.perf_counter``, CLOCK_MONOTONIC: the same clock in every
process). Same code for both systems.

It reads raw WebSocket frames with one epoll, not through aiohttp: read by aiohttp's client
(a task per socket) a thousand frames cost the reader about 23 ms of CPU an update, more than
molecrew's server takes to send them, so the bench timed its own reader; read here they cost
about 9 ms. (A receive asks for 16 KiB at most: asking for 256 KiB made every call allocate,
and cost more than aiohttp.)

    python3 -m bench.audience_crowd --system molecrew|boardgame.io --port P --count N [--match ID]

It prints ``ready`` once every socket is open, then ``<update> <time>`` lines; it ends when its
standard input closes.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import select
import socket
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bgio.driver import EVENT, NAMESPACE, PLAYERS  # noqa: E402

MOLECREW_UPDATE = '{"type":"public"'


class AudienceProcess:
    """The client side: starts the crowd, then tells when it has received update ``n``."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.reported: dict[int, float] = {}

    @classmethod
    async def start(cls, system: str, port: int, count: int, match: str = "") -> AudienceProcess:
        command = [sys.executable, "-m", "bench.audience_crowd", "--system", system]
        # "=" joined: a boardgame.io match id may begin with "-", which argparse takes for a flag.
        command += ["--port", str(port), "--count", str(count), f"--match={match}"]
        process = await asyncio.create_subprocess_exec(
            *command, cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        crowd = cls(process)
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 120)
        if line.strip() != b"ready":
            raise RuntimeError(f"the audience did not open its sockets: {line!r}")
        return crowd

    async def wait(self, update: int) -> float:
        """When the last audience socket had update number ``update``."""
        assert self.process.stdout is not None
        while update not in self.reported:
            line = await asyncio.wait_for(self.process.stdout.readline(), 30)
            if not line:
                raise RuntimeError("the audience process ended")
            number, at = line.split()
            self.reported[int(number)] = float(at)
        return self.reported.pop(update)

    async def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        await asyncio.wait_for(self.process.wait(), 30)


# ------------------------------------------------------------------------- the reading side

# The first bytes of an update's text, per system (a molecrew public frame; a boardgame.io
# "update" event on the /mole namespace, as bench/bgio/driver.py reads it).
UPDATE_PREFIX = {
    "molecrew": MOLECREW_UPDATE.encode(),
    "boardgame.io": (EVENT + '["update"').encode(),
}
TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA
HANDSHAKE_TIMEOUT = 30.0
RECEIVE_BYTES = 16384  # a public frame is a few KiB; a larger buffer is allocated at each call


def client_frame(payload: bytes, opcode: int = TEXT) -> bytes:
    """One masked frame from a client (RFC 6455 5.3: every client frame is masked)."""
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        header = bytes((0x80 | opcode, 0x80 | length))
    elif length < 1 << 16:
        header = bytes((0x80 | opcode, 0x80 | 126)) + length.to_bytes(2, "big")
    else:
        header = bytes((0x80 | opcode, 0x80 | 127)) + length.to_bytes(8, "big")
    key = int.from_bytes((mask * (length // 4 + 1))[:length], "big")
    masked = (int.from_bytes(payload, "big") ^ key).to_bytes(length, "big") if length else b""
    return header + mask + masked


class RawSocket:
    """A WebSocket read without a framework: the bench's audience must cost less per frame than
    either server spends per socket, or it times itself."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=HANDSHAKE_TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        self.buffer = b""
        self.unread: list[tuple[int, bytes]] = []  # frames read in the handshake, not yet seen
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"{path}: no WebSocket upgrade: {head[:120]!r}")

    def _fill(self) -> None:
        data = self.sock.recv(RECEIVE_BYTES)
        if not data:
            raise RuntimeError("the server closed a public socket")
        self.buffer += data

    def send_text(self, text: str) -> None:
        self.sock.sendall(client_frame(text.encode()))

    def frames(self) -> list[tuple[int, bytes]]:
        """The whole frames in the buffer, taken out of it: (opcode, payload)."""
        out = []
        buffer, at, end = self.buffer, 0, len(self.buffer)
        while end - at >= 2:
            opcode, length = buffer[at] & 0x0F, buffer[at + 1] & 0x7F
            start = at + 2
            if length == 126:
                if end - start < 2:
                    break
                length, start = int.from_bytes(buffer[start : start + 2], "big"), start + 2
            elif length == 127:
                if end - start < 8:
                    break
                length, start = int.from_bytes(buffer[start : start + 8], "big"), start + 8
            if end - start < length:
                break
            out.append((opcode, buffer[start : start + length]))
            at = start + length
        self.buffer = buffer[at:]
        return out

    def next_text(self) -> str:
        """Blocking, for the handshake: the next text frame (those after it stay unread)."""
        while True:
            self.unread += self.frames()
            while self.unread:
                opcode, payload = self.unread.pop(0)
                if opcode == TEXT:
                    return payload.decode()
            self._fill()


def open_molecrew(port: int) -> RawSocket:
    ws = RawSocket(port, "/ws/public")
    first = ws.next_text()
    if not first.startswith(MOLECREW_UPDATE):
        raise RuntimeError(f"the public socket began with {first[:120]}")
    return ws


def open_bgio(port: int, match: str) -> RawSocket:
    """The same exchange as ``BgioTable.open_socket(None)``: open, namespace, sync."""
    ws = RawSocket(port, "/socket.io/?EIO=4&transport=websocket")
    if not ws.next_text().startswith("0"):
        raise RuntimeError("no engine.io open packet")
    ws.send_text(f"40{NAMESPACE},")
    if not ws.next_text().startswith(f"40{NAMESPACE},"):
        raise RuntimeError("the namespace refused the connection")
    ws.send_text(EVENT + json.dumps(["sync", match, None, None, PLAYERS]))
    while True:
        text = ws.next_text()
        if text == "2":
            ws.send_text("3")
        elif text.startswith(EVENT + '["sync"'):
            return ws


def _serve(system: str, port: int, count: int, match: str) -> None:
    """Open every socket (one by one: a burst of SYNs overflows backlogs), say ``ready``, then
    read them all with one epoll until standard input closes."""
    if system == "molecrew":
        sockets = [open_molecrew(port) for _ in range(count)]
    else:
        sockets = [open_bgio(port, match) for _ in range(count)]
    prefix = UPDATE_PREFIX[system]
    by_fd = {}
    poll = select.epoll()
    for ws in sockets:
        ws.sock.setblocking(False)
        by_fd[ws.sock.fileno()] = ws
        poll.register(ws.sock.fileno(), select.EPOLLIN)
    stdin = sys.stdin.fileno()
    poll.register(stdin, select.EPOLLIN)
    received = dict.fromkeys(by_fd, 0)  # updates each socket has had
    reached: dict[int, int] = {}  # update number -> how many sockets have had it
    clock = time.perf_counter

    def read(fd: int, ws: RawSocket, frames: list[tuple[int, bytes]]) -> None:
        for opcode, payload in frames:
            if opcode == TEXT:
                if payload.startswith(prefix):
                    number = received[fd] = received[fd] + 1
                    seen = reached[number] = reached.get(number, 0) + 1
                    if seen == count:
                        print(number, repr(clock()), flush=True)
                        del reached[number]
                elif payload == b"2":  # engine.io's ping
                    ws.send_text("3")
                elif system == "molecrew":
                    raise RuntimeError(f"a public socket got {payload[:120]!r}")
            elif opcode == PING:
                ws.sock.sendall(client_frame(payload, PONG))
            elif opcode == CLOSE:
                raise RuntimeError(f"a public socket was closed: {payload[:120]!r}")

    print("ready", flush=True)
    for fd, ws in by_fd.items():
        read(fd, ws, ws.unread + ws.frames())
    while True:
        for fd, _events in poll.poll():
            if fd == stdin:
                if not os.read(stdin, 4096):
                    return
                continue
            ws = by_fd[fd]
            data = ws.sock.recv(RECEIVE_BYTES)
            if not data:
                raise RuntimeError(f"a public socket was closed by the {system} server")
            ws.buffer += data
            read(fd, ws, ws.frames())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", required=True, choices=("molecrew", "boardgame.io"))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--match", default="")
    args = parser.parse_args()
    _serve(args.system, args.port, args.count, args.match)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
