"""F11 on an X server without a window manager (plain Xvfb, a kiosk's xinit): the board fills
the screen in full screen and comes back whole, where the window was, in a window. Read from
photographs of the X screen (``import -window root``): SDL 2 asks the window manager for full
screen, and with none the window was made as large as the screen but left where the window had
been, the board's top left in the middle of the screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_tv_xvfb import SAME_AS_BOARD, differing, need_x
from tv_screens import ARTIFACTS, fresh
from tv_scripts import play

from host.tv.window import TvWindow

PROBE = Path(__file__).resolve().parent / "fullscreen_probe.py"
ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1920, 1080)
WINDOW = (1280, 720)
CENTRED = ((SCREEN[0] - WINDOW[0]) // 2, (SCREEN[1] - WINDOW[1]) // 2)


def board(size: tuple[int, int], message: dict) -> pygame.Surface:
    window = TvWindow("en", size=size, sound=False)
    try:
        return fresh(window, message)[0]
    finally:
        window.close()


def photographs(tmp_path: Path, message: dict, *extra: str) -> dict[str, pygame.Surface]:
    source = tmp_path / "message.json"
    source.write_text(json.dumps(message))
    screen = f"-screen 0 {SCREEN[0]}x{SCREEN[1]}x24"
    command = ["xvfb-run", "-a", "-s", screen, sys.executable, str(PROBE), str(source)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([*command, str(tmp_path), *extra], check=True, timeout=120, env=env)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shots = {}
    for name in ("first", "toggled", "again"):
        path = tmp_path / f"{name}.png"
        (ARTIFACTS / f"xvfb-f11-{'-'.join(extra) or 'window'}-{name}.png").write_bytes(
            path.read_bytes()
        )
        shots[name] = pygame.image.load(str(path))
    return shots


def window_part(shot: pygame.Surface) -> pygame.Surface:
    return shot.subsurface(pygame.Rect(CENTRED, WINDOW))


def where(tmp_path: Path) -> str:
    geometry = tmp_path / "geometry.txt"
    return geometry.read_text() if geometry.exists() else "(no xwininfo)"


@pytest.fixture(scope="module")
def message():
    return play(7, seed=3)[5]


def test_f11_fills_the_screen_and_comes_back_to_the_window(tmp_path, message):
    need_x()
    shots = photographs(tmp_path, message)
    full, windowed = board(SCREEN, message), board(WINDOW, message)
    assert differing(window_part(shots["first"]), windowed) <= SAME_AS_BOARD, where(tmp_path)
    share = differing(shots["toggled"], full)
    assert share <= SAME_AS_BOARD, (
        f"{share:.1%} of the full screen is not the board; {where(tmp_path)}"
    )
    assert differing(window_part(shots["again"]), windowed) <= SAME_AS_BOARD, where(tmp_path)


def test_f11_from_full_screen_opens_a_window_in_the_middle_and_fills_the_screen_again(
    tmp_path, message
):
    need_x()
    shots = photographs(tmp_path, message, "fullscreen")
    full, windowed = board(SCREEN, message), board(WINDOW, message)
    assert differing(shots["first"], full) <= SAME_AS_BOARD, where(tmp_path)
    assert differing(window_part(shots["toggled"]), windowed) <= SAME_AS_BOARD, where(tmp_path)
    assert differing(shots["again"], full) <= SAME_AS_BOARD, where(tmp_path)
