"""The front door: with no screen `molecrew` says so in one plain line and hosts headless, with no
driver or audio noise; a TV gets full screen unless asked for a window."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from host.cli import build_parser, screen_present

ROOT = Path(__file__).resolve().parents[2]


async def test_with_no_screen_it_says_so_once_and_hosts_headless(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("SDL_AUDIODRIVER", None)
    env["XDG_RUNTIME_DIR"] = ""  # the variable whose absence SDL complains about
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host.cli", "--lang", "en", "--no-mdns", "--bind", "127.0.0.1",
        "--port", "0", "--state-dir", str(tmp_path),
        cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        lines = []
        while not lines or not lines[-1].startswith("Press Ctrl+C"):
            raw = await asyncio.wait_for(process.stdout.readline(), 30)
            assert raw, lines
            lines.append(raw.decode().rstrip("\n"))
    finally:
        process.terminate()
        _, err = await process.communicate()
    assert lines[0] == (
        "No screen was found: hosting without a window. Players scan the QR code below."
    )
    assert any(line.startswith("Join URL: http://") for line in lines)
    board = [line for line in lines if line.startswith("Another screen? Open http://")]
    assert board and "/board" in board[0]
    assert any("█" in line for line in lines)  # the QR code in the terminal
    noise = err.decode()
    for word in ("ALSA", "XDG_RUNTIME_DIR", "Traceback", "pygame"):
        assert word not in noise, noise


def test_a_screen_is_named_by_the_environment(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    assert screen_present() is (not sys.platform.startswith("linux"))
    monkeypatch.setenv("DISPLAY", ":0")
    assert screen_present() is True


def test_full_screen_is_the_default_and_windowed_opts_out():
    parser = build_parser()
    assert parser.parse_args([]).windowed is False
    assert parser.parse_args(["--windowed"]).windowed is True
    assert "--windowed" in parser.format_help()
