"""How long the TV tutorials last: each one played headless from the Room's "start" to its end
(the window's own step on the dummy driver, a fake clock, the TV's reports run on a real Room),
per game, per set of options and per language; and, when espeak-ng is installed, how long each
spoken line takes against its beat.

    python3 bench/tutorial_length.py [--voice]

The planned length is the sum of the beats; the measured one includes the TV waiting for the
Room's next message after each chapter (one loop step at most).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host import teaching
from host.i18n import LANGUAGES, translate
from host.room import Room
from host.tv.tutorial.keys import room_teacher
from host.tv.tutorial.narration import SPEED_WPM, VOICES, synthesize
from host.tv.tutorial.scripts import SCRIPTS
from host.tv.tutorial.timeline import total_seconds
from host.tv.window import HostKeys, TvWindow

STEP = 0.25
CASES = [
    ("mole", []),
    ("insidejob", []),
    ("insidejob", ["wagers"]),
    ("insidejob", ["wagers", "risky"]),
    ("insidejob", ["wagers", "decoy", "accomplice"]),
]


class Clock:
    def __init__(self) -> None:
        self.time = 0.0

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += seconds


def measure(game: str, variants: list[str], lang: str) -> float:
    room = Room(game=game, variants=variants)
    clock = Clock()
    window = TvWindow(lang, size=(640, 360), sound=False, now=clock.now, sleep=clock.sleep)
    window.keys = HostKeys(teach=room_teacher(room, lambda work: work(), print, lang))
    room.subscribe_public(window.post)
    try:
        teaching.command(room, "start", game)
        while room.tutorial is not None and clock.time < 600:
            clock.sleep(STEP)
            window.step(STEP)
    finally:
        window.close()
    return clock.time


def clock_text(seconds: float) -> str:
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def spoken(lang: str, text: str, folder: Path, seconds: float | None) -> float:
    """How long espeak-ng says the line (fitted to ``seconds`` the way the TV does)."""
    path = folder / "line.wav"
    return synthesize("espeak-ng", VOICES[lang], text, path, seconds, subprocess.run)


def voice_report() -> None:
    if shutil.which("espeak-ng") is None:
        print("espeak-ng is not installed: no narration to measure")
        return
    folder = Path(tempfile.mkdtemp(prefix="tutorial-voice-"))
    print(f"\nspoken lines (espeak-ng) against their beats: at {SPEED_WPM} words a minute, "
          "then as the TV says them (faster when a line would overrun)")  # fmt: skip
    for game, variants in CASES[:1] + CASES[-1:]:
        for lang in LANGUAGES:
            counts = []
            for fitted in (False, True):
                over, worst, lines = 0, 0.0, 0
                for chapter in SCRIPTS[game]({"variants": variants}):
                    for beat in chapter.beats:
                        text = translate(lang, beat.subtitle)
                        length = spoken(lang, text, folder, beat.seconds if fitted else None)
                        lines += 1
                        if length > beat.seconds:
                            over += 1
                            worst = max(worst, length - beat.seconds)
                counts.append(f"{over} of {lines} overrun (longest by {worst:.1f} s)")
            print(f"{game:10} {lang}: plain {counts[0]}; fitted {counts[1]}")
    shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voice", action="store_true", help="also time espeak-ng's lines")
    args = parser.parse_args()
    print(f"{'game':10} {'options':28} {'chapters':>8} {'planned':>8}  " + "  ".join(LANGUAGES))
    for game, variants in CASES:
        chapters = SCRIPTS[game]({"variants": variants})
        planned = total_seconds(chapters)
        measured = [clock_text(measure(game, variants, lang)) for lang in LANGUAGES]
        options = ",".join(variants) or "-"
        print(f"{game:10} {options:28} {len(chapters):>8} {clock_text(planned):>8}  "
              + "  ".join(measured))  # fmt: skip
    if args.voice:
        voice_report()


if __name__ == "__main__":
    main()
