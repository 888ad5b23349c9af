"""The TV window in a process of its own, so that drawing never holds up the table.

One CPython process runs one thread at a time: a window drawing 1080p frames beside the server
made every phone wait for the window's turn (p99 2.2x that of a host without a window). Here
the server keeps its process and the window gets another, as a second screen would. The two
speak JSON lines over the child's standard streams:

- host -> window (stdin): the public frames exactly as the public socket sends them (the window
  sees nothing a board page would not; of a burst, only the last few it will show), and
  ``{"type": "notice", "text": ...}`` for a refused key;
- window -> host (stdout): ``{"key": name, "args": [...]}`` for a host key (a ``HostKeys``
  field), ``{"event": "first_frame"}`` once the lobby is on screen, or ``{"event": "no_window",
  "error": ...}`` if no display could be opened; ``{"event": "frames", "count", "seconds",
  "cpu_seconds"}`` as the window closes, what its loop did (for bench/tv.py); the host's reader
  adds ``{"event": "ended"}`` when the window's output ends.

The window ends when its standard input closes (the host stops) or when it is closed (Q twice,
the window's close button, SIGTERM), with status 0; the host then stops too. A window that ends
any other way crashed: the host opens it again (twice at most, host/cli.py), showing the board
as it is, and the table plays on meanwhile.

    python3 -m host.tv.remote '<settings JSON>'     # started by host/cli.py, not by hand
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding host/ and engine/

# The HostKeys fields a window may call (each becomes one JSON line to the host).
KEY_NAMES = ("start", "pause", "unpause", "resume_saved", "bots", "teach", "claim", "replay")

# Of a burst of public frames, the window shows only the last few (host.tv.window.BURST_FED: the
# moments its director keeps, and the board after them), so only those cross the pipe and are
# read. A notice is never dropped.
BURST_KEPT = 4
# The host's writer rests this long after each write, so that a burst (bots moving at once, a
# bench's thousand actions a second) reaches the window as one write of its last frames, not a
# wake-up of both processes per change. A lone change is written at once; one in a burst waits
# a frame at 60/s at most. (A rest of 8 ms: the phones' p99 beside the window 1.26x that
# without it; 16 ms: 1.11x. docs/benchmarks.md, TV, 2026-12-02.)
WRITE_REST_SECONDS = 0.016
PUBLIC_PREFIX = b'{"type":"public"'  # how a public frame begins (host.outgoing.Change)


def kept_of_burst(lines: list[bytes]) -> list[bytes]:
    """Every line that is not a public frame, and the last BURST_KEPT public frames, in order."""
    public = [i for i, line in enumerate(lines) if line.startswith(PUBLIC_PREFIX)]
    if len(public) <= BURST_KEPT:
        return lines
    dropped = set(public[:-BURST_KEPT])
    return [line for i, line in enumerate(lines) if i not in dropped]


@dataclass
class WindowSettings:
    lang: str
    fullscreen: bool = True
    local_url: str | None = None
    reduced_motion: bool = False
    fingerprint: str = ""
    sound: bool = True
    size: tuple[int, int] = (1280, 720)
    # For bench/tv.py only: redraw every frame at this rate (0: as fast as it can), moving or
    # not: the worst case.
    draw_every_frame: float | None = None


# ------------------------------------------------------------------------ the host's side


class WindowProcess:
    """The host's handle on the window process: ``post_text`` public frames (from any thread),
    and the window's lines come to ``on_line`` on a reader thread. ``stop`` closes the window."""

    def __init__(self, settings: WindowSettings, on_line: Callable[[dict[str, Any]], None]):
        # The window imports this package as the host did, wherever the host was started from.
        path = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host.tv.remote", json.dumps(asdict(settings))],
            env=dict(os.environ, PYTHONPATH=path),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            # The host's Ctrl+C reaches the whole terminal's process group; the window ends
            # when the host closes its input instead, after the host has said goodbye.
            start_new_session=True,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        # Frames are written by a thread of their own: a window that stalls (a display being
        # reconfigured) must not stall the server's loop on a full pipe.
        self._outbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._writer = threading.Thread(
            target=self._write, args=(self.process.stdin,), name="tv-writer", daemon=True
        )
        self._reader = threading.Thread(
            target=self._read, args=(self.process.stdout, on_line), name="tv-reader", daemon=True
        )
        self._writer.start()
        self._reader.start()

    def post_text(self, frame: str) -> None:
        """A public frame as the public socket sends it (the Room's ``as_text`` subscriber): one
        line, as compact JSON never holds a raw newline."""
        self._outbox.put(frame)

    def notify(self, text: str) -> None:
        self.post_text(json.dumps({"type": "notice", "text": text}))

    def _write(self, pipe: IO[bytes]) -> None:
        try:
            while True:
                burst = [self._outbox.get()]
                while burst[-1] is not None:
                    try:
                        burst.append(self._outbox.get_nowait())
                    except queue.Empty:
                        break
                ending = burst[-1] is None
                lines = [f"{text}\n".encode() for text in burst if text is not None]
                pipe.write(b"".join(kept_of_burst(lines)))
                pipe.flush()
                if ending:
                    break
                time.sleep(WRITE_REST_SECONDS)
        except (BrokenPipeError, ValueError):  # the window is gone
            pass
        finally:
            with contextlib.suppress(BrokenPipeError):
                pipe.close()

    @staticmethod
    def _read(pipe: IO[bytes], on_line: Callable[[dict[str, Any]], None]) -> None:
        for raw in pipe:
            try:
                line = json.loads(raw)
            except ValueError:
                continue  # not ours (a library printing on stdout): ignored
            if isinstance(line, dict):
                on_line(line)
        on_line({"event": "ended"})

    def wait(self, timeout: float | None = None) -> int | None:
        """The window's exit status once it has ended (None: still open after ``timeout``)."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        """Close the window: its input ends, it closes; killed if it does not within 10 s."""
        self._outbox.put(None)
        if self.wait(10) is None:
            self.process.kill()
            self.process.wait(10)
        self._reader.join(5)


def call_key(keys: Any, line: dict[str, Any]) -> None:
    """Run the host key a window line names (``keys`` is a ``HostKeys``); others are ignored."""
    name, args = line.get("key"), line.get("args", [])
    if name in KEY_NAMES and isinstance(args, list):
        getattr(keys, name)(*args)


# ------------------------------------------------------------------------ the window's side


class HostLines:
    """The host's lines on standard input, read without waiting at each turn of the window's
    loop. A thread blocked on the pipe would wake the window once a message, however fast the
    table plays (a bench's phones send a thousand a second); read here it wakes once a frame at
    most, and what arrived meanwhile is taken in one read, of which only what the window will
    use is parsed (:func:`kept_of_burst`)."""

    def __init__(
        self, fd: int, deliver: Callable[[dict[str, Any]], None], on_end: Callable[[], None]
    ) -> None:
        os.set_blocking(fd, False)
        self.fd, self.deliver, self.on_end = fd, deliver, on_end
        self.partial = b""  # the start of a line whose end has not arrived yet

    def read(self) -> None:
        import orjson

        while True:
            try:
                chunk = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                break
            if not chunk:  # the host closed its end: the window closes
                self.on_end()
                break
            self.partial += chunk
        *lines, self.partial = self.partial.split(b"\n")
        for raw in kept_of_burst(lines):
            try:
                message = orjson.loads(raw)
            except orjson.JSONDecodeError:
                continue
            if isinstance(message, dict):
                self.deliver(message)  # a public frame, or a notice


def _key_sender(send: Callable[[dict[str, Any]], None]) -> Any:
    from host.tv.window import HostKeys

    keys = HostKeys()
    for name in KEY_NAMES:
        setattr(keys, name, lambda *args, name=name: send({"key": name, "args": list(args)}))
    return keys


def _run_window(settings: WindowSettings) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the host decides when the window ends
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # stray prints must not mix with the lines the host reads
    lock = threading.Lock()

    def send(line: dict[str, Any]) -> None:
        with lock:
            try:
                out.write(json.dumps(line).encode() + b"\n")
                out.flush()
            except (BrokenPipeError, ValueError):
                pass  # the host is gone; the window ends with its input

    try:
        from host.tv.window import TvWindow

        width, height = settings.size
        window = TvWindow(
            settings.lang,
            size=(int(width), int(height)),
            fullscreen=settings.fullscreen,
            local_url=settings.local_url,
            sound=settings.sound,
            reduced_motion=settings.reduced_motion,
        )
    except Exception as error:  # pygame.error: no display, no video driver
        send({"event": "no_window", "error": str(error)})
        return 3
    keys = _key_sender(send)
    keys.fingerprint = settings.fingerprint
    window.keys = keys
    ended = threading.Event()
    window.collect = HostLines(sys.stdin.fileno(), window.post, ended.set).read
    # Asked to end (a desktop logging out): close as the close button does, and say so by a 0.
    signal.signal(signal.SIGTERM, lambda *_: ended.set())
    first = lambda: send({"event": "first_frame"})  # noqa: E731
    began, cpu_began = time.perf_counter(), time.process_time()
    if settings.draw_every_frame is not None:
        _draw_every_frame(window, settings.draw_every_frame, ended, first)
    else:
        window.run(should_stop=ended.is_set, on_first_frame=first)
    # What the loop did, start-up left out (bench/tv.py reads it; the host has no use for it).
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu_began
    send({"event": "frames", "count": window.frames, "seconds": seconds, "cpu_seconds": cpu})
    return 0


def _draw_every_frame(
    window: Any, rate: float, ended: threading.Event, on_first_frame: Callable[[], None]
) -> None:
    """The bench's worst case: a frame drawn at ``rate`` frames/s (0: no limit) whether or not
    anything moves or changes, until the host closes the input."""
    import pygame

    clock = pygame.time.Clock()
    last = time.perf_counter()
    told = False
    while not ended.is_set():
        window.drain()
        now = time.perf_counter()
        window.director.update(now - last)
        last = now
        window.draw()
        pygame.display.flip()
        window.frames += 1
        if not told and window.director.fed:
            on_first_frame()
            told = True
        pygame.event.pump()
        clock.tick(rate)
    window.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    settings = WindowSettings(**json.loads(argv[0]))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return _run_window(settings)


if __name__ == "__main__":
    code = main()
    # Straight out, once the window is closed (display and sounds already shut): the host waits
    # on this exit, and nothing is left to write but what stderr holds.
    sys.stderr.flush()
    os._exit(code)
