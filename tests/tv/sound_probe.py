"""Run in a child process: play one TV cue into SDL's disk audio driver and stop.

Usage: python sound_probe.py OUTFILE CUE [muted]. The audio driver must be chosen before pygame
starts, which the test process (dummy audio) cannot do again.
"""

import os
import sys
import time

os.environ.update(
    SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=sys.argv[1],
    PYGAME_HIDE_SUPPORT_PROMPT="1",
)  # fmt: skip

import pygame

from host.tv.window import TvWindow

WANTED_BYTES = 40_000  # about half a second of 16-bit stereo at 22 kHz
window = TvWindow("en", size=(320, 180))
if len(sys.argv) > 3 and sys.argv[3] == "muted":
    window.press(pygame.K_m)
window._play(sys.argv[2])
deadline = time.monotonic() + 10
while os.path.getsize(sys.argv[1]) < WANTED_BYTES and time.monotonic() < deadline:
    time.sleep(0.02)  # the disk driver writes the mix in real time
window.close()
print(",".join(window.sounds.played))
