"""The window in a process of its own (host/tv/remote.py): the real `molecrew` command in window
mode (SDL's dummy video driver), its window process found among its children, public frames in
and host keys out through the real pipes."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import signal
from pathlib import Path

import aiohttp
from tv_phones import Listener, killed_at_the_end, start_molecrew, stops_cleanly

from host.channel import connect
from host.tv.remote import (
    BURST_KEPT,
    KEY_NAMES,
    HostLines,
    WindowProcess,
    _key_sender,
    call_key,
    kept_of_burst,
)
from host.tv.window import BURST_FED

DUMMY = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def window_child(pid: int) -> int:
    """The pid of the window process among ``pid``'s children."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            command = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            if b"host.tv.remote" in command:
                return int(child)
    raise AssertionError("no window process")


async def test_the_window_draws_in_its_own_process_and_its_reports_reach_the_room(tmp_path):
    process, url, _banner = await start_molecrew(tmp_path, headless=False, env=DUMMY)
    async with killed_at_the_end(process):
        assert window_child(process.pid) != process.pid  # the banner came after its first frame
        async with aiohttp.ClientSession() as http:
            leader = Listener(await connect(http, url + "ws"))
            await leader.send({"type": "hello", "token": None, "lang": "en"})
            await leader.send({"type": "join", "name": "Ana"})
            await leader.until(lambda m: m["type"] == "welcome")
            await leader.send({"type": "tutorial", "command": "start", "game": "mole"})
            # The Room knows a tutorial's chapters only from the TV that plays it: the public
            # frame went to the window process, and its report came back as a host key line.
            state = await leader.until(
                lambda m: m["type"] == "state" and (m["room"]["tutorial"] or {}).get("chapters")
            )
            assert state["room"]["tutorial"]["game"] == "mole"
            await leader.ws.close()
        await stops_cleanly(process, signal.SIGINT)


async def test_closing_the_window_stops_the_host(tmp_path):
    process, _url, _banner = await start_molecrew(tmp_path, headless=False, env=DUMMY)
    async with killed_at_the_end(process):
        os.kill(window_child(process.pid), signal.SIGTERM)  # as the window's close button does
        await stops_cleanly(process, signum=None)


async def test_a_window_that_crashes_is_opened_again_and_the_table_plays_on(tmp_path):
    process, url, _banner = await start_molecrew(tmp_path, headless=False, env=DUMMY)
    async with killed_at_the_end(process):
        first = window_child(process.pid)
        os.kill(first, signal.SIGKILL)  # as a crash in the display driver would end it
        said = (await asyncio.wait_for(process.stdout.readline(), 20)).decode()
        assert "opened again" in said
        again = window_child(process.pid)
        assert again != first
        async with aiohttp.ClientSession() as http, http.get(url + "healthz") as health:
            assert (await health.json())["phase"] == "lobby"  # served all along
        await stops_cleanly(process, signal.SIGINT)


def test_a_key_line_runs_that_host_key_and_nothing_else():
    sent = []
    window_keys = _key_sender(sent.append)  # the window's side: each key is one line
    window_keys.claim(True)
    window_keys.teach("chapter_ended", 2)
    window_keys.start()
    assert sent == [
        {"key": "claim", "args": [True]},
        {"key": "teach", "args": ["chapter_ended", 2]},
        {"key": "start", "args": []},
    ]
    calls = []

    class Keys:
        def __getattr__(self, name):
            return lambda *args: calls.append((name, args))

    for line in [*sent, {"key": "fingerprint"}, {"key": "__init__"}, {"key": "start", "args": 1}]:
        call_key(Keys(), line)  # the host's side: only the HostKeys fields, with a list of args
    assert calls == [("claim", (True,)), ("teach", ("chapter_ended", 2)), ("start", ())]
    assert "fingerprint" not in KEY_NAMES


def test_the_window_takes_the_hosts_lines_whole_whatever_the_pipe_cuts():
    """Read at each turn without waiting: half a line waits for its end, a line that is not a
    frame is skipped, and the host closing its end closes the window."""
    read_end, write_end = os.pipe()
    got, ended = [], []
    lines = HostLines(read_end, got.append, lambda: ended.append(True))
    try:
        lines.read()  # nothing yet: returns at once
        os.write(write_end, b'{"type":"public","n":1}\n{"type":"pub')
        lines.read()
        assert got == [{"type": "public", "n": 1}]
        os.write(write_end, b'lic","n":2}\nnot json\n[1]\n{"type":"notice","text":"x"}\n')
        lines.read()
        assert got[1:] == [{"type": "public", "n": 2}, {"type": "notice", "text": "x"}]
        assert not ended
        os.close(write_end)
        lines.read()
        assert ended == [True]
    finally:
        os.close(read_end)


def public_line(number: int) -> bytes:
    return b'{"type":"public","room":{},"view":{"n":%d}}' % number


def test_of_a_burst_only_what_the_window_shows_crosses_the_pipe():
    """The window feeds its director the last BURST_FED public frames of a burst: the host
    sends no more than those, and every notice, in the order they came."""
    assert BURST_KEPT == BURST_FED
    notice = json.dumps({"type": "notice", "text": "refused"}).encode()
    burst = [public_line(n) for n in range(3)] + [notice] + [public_line(n) for n in range(3, 9)]
    assert kept_of_burst(burst) == [notice] + [public_line(n) for n in range(5, 9)]
    few = [public_line(0), notice, public_line(1)]
    assert kept_of_burst(few) == few


def test_the_hosts_writer_sends_a_burst_as_one_write_of_its_last_frames():
    """Frames put faster than the writer writes (bots at once, a bench's thousand actions a
    second) reach the pipe as one write: the last few frames and every notice; the pipe then
    closes when the window is stopped."""
    read_end, write_end = os.pipe()
    writer = WindowProcess.__new__(WindowProcess)  # the writer alone, without a window
    writer._outbox = queue.SimpleQueue()
    for number in range(10):
        writer.post_text(public_line(number).decode())
    writer.notify("refused")
    writer._outbox.put(None)  # stop() after the burst
    with os.fdopen(write_end, "wb") as pipe:
        writer._write(pipe)
    with os.fdopen(read_end, "rb") as pipe:
        lines = pipe.read().splitlines()
    assert lines == [public_line(n) for n in range(6, 10)] + [
        json.dumps({"type": "notice", "text": "refused"}).encode()
    ]


def test_the_window_parses_only_the_frames_it_will_show():
    """A read that takes a long burst delivers its last BURST_FED frames and its notices."""
    read_end, write_end = os.pipe()
    got: list[dict[str, object]] = []
    lines = HostLines(read_end, got.append, lambda: None)
    try:
        burst = [public_line(n) for n in range(12)]
        burst.insert(2, b'{"type": "notice", "text": "x"}')
        os.write(write_end, b"\n".join(burst) + b"\n")
        lines.read()
        assert got == [{"type": "notice", "text": "x"}] + [
            {"type": "public", "room": {}, "view": {"n": n}} for n in range(8, 12)
        ]
    finally:
        os.close(read_end)
        os.close(write_end)
