"""Run in a child process on an X display (Xvfb, no window manager): open the TV window, show a
board, photograph the X screen, press F11, photograph it, press F11 again, photograph it.

Usage: python fullscreen_probe.py MESSAGE.json OUTDIR [fullscreen]. Each photograph is taken
once the window has drawn the board after the key (SDL syncs with the X server as it updates
the window, so the pixels are there); the window's X geometry goes to OUTDIR/geometry.txt.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

os.environ.update(SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")

import pygame

from host.tv.window import TvWindow

STEPS = 400  # turns of the loop at most before a photograph (each draws what changed)

message = json.loads(Path(sys.argv[1]).read_text())
out = Path(sys.argv[2])
window = TvWindow("en", size=(1280, 720), fullscreen=sys.argv[3:] == ["fullscreen"], sound=False)
window.post(message)


def settle() -> None:
    """Turn the loop until the board is drawn and nothing moves or waits in SDL's queue."""
    for _ in range(STEPS):
        events = pygame.event.get()
        for event in events:
            window.handle(event)
        window.step(0.05)
        window.director.skip()
        if not events and not window.moving() and not window.was_moving and not window.dirty:
            return
    raise SystemExit("the window never settled")


def photograph(name: str) -> None:
    settle()
    subprocess.run(["import", "-window", "root", str(out / f"{name}.png")], check=True)
    if shutil.which("xwininfo") is None:  # x11-utils: only to tell a person where it was
        return
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    line = next(line for line in tree.splitlines() if '"molecrew"' in line)
    with (out / "geometry.txt").open("a") as file:
        file.write(f"{name} {line.split()[-2]}\n")


photograph("first")
window.press(pygame.K_F11)
photograph("toggled")
window.press(pygame.K_F11)
photograph("again")
window.close()
