"""Optional spoken subtitles with an offline voice (espeak-ng), never fetched from anywhere.

When ``espeak-ng`` is on the PATH, each beat's line is synthesized to a temporary WAV in a
background thread (a sentence takes a fraction of a second) and played by the window's own
:class:`~host.tv.audio.SoundBank` as the cue ``narration``, through the same path as every other
sound, so muting the TV silences it too. Without espeak-ng, or without a sound card, nothing is
said and nothing fails: the subtitles carry the words anyway.
"""

from __future__ import annotations

import contextlib
import math
import shutil
import subprocess
import tempfile
import threading
import wave
from collections.abc import Callable
from pathlib import Path

import pygame

from host.tv.audio import SoundBank

CUE = "narration"
VOICES = {"en": "en", "es": "es", "pt": "pt-br"}
SPEED_WPM = 160  # a little under espeak's default, to be followed across a living room
FASTEST_WPM = 260  # a line too long for its beat is said faster, up to this
FILL = 0.95  # of its beat a line may take, so it ends before the next begins
SYNTH_TIMEOUT = 10.0
Run = Callable[..., subprocess.CompletedProcess[bytes]]


def espeak() -> str | None:
    return shutil.which("espeak-ng")


def synthesize(
    program: str, voice: str, text: str, path: Path, seconds: float | None, run: Run
) -> float:
    """Write ``text`` spoken to ``path``; if it lasts longer than ``seconds`` allow, say it
    again faster (the subtitle's beat has a fixed length). Returns its length in seconds."""
    speed = SPEED_WPM
    while True:
        command = [program, "-v", voice, "-s", str(speed), "-w", str(path), "--", text]
        run(command, check=True, timeout=SYNTH_TIMEOUT, capture_output=True)
        with wave.open(str(path)) as sound:
            length = sound.getnframes() / max(1, sound.getframerate())
        if seconds is None or length <= seconds * FILL or speed >= FASTEST_WPM:
            return float(length)
        speed = min(FASTEST_WPM, math.ceil(speed * length / (seconds * FILL)) + 5)


class Narrator:
    """Says lines one at a time; a new line (or ``stop``) cuts the one being said."""

    def __init__(
        self,
        lang: str,
        bank: SoundBank,
        play: Callable[[str], None],
        program: str,
        run: Run = subprocess.run,
        spawn: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self.voice = VOICES.get(lang, "en")
        self.bank = bank
        self.play = play  # the window's cue player: silent while muted
        self.program = program
        self.run = run
        self.spawn = spawn or (lambda work: threading.Thread(target=work, daemon=True).start())
        self.folder = Path(tempfile.mkdtemp(prefix="molecrew-voice-"))
        self.lock = threading.Lock()
        self.wanted = 0  # number of the latest line asked for; older ones are dropped
        self.ready: Path | None = None  # the latest line's WAV, once synthesized
        self.said: list[str] = []  # every line asked for (tests read it)

    @classmethod
    def offline(
        cls, lang: str, bank: SoundBank, play: Callable[[str], None], run: Run = subprocess.run
    ) -> Narrator | None:
        """A narrator if an offline voice is installed and the TV has sound (a silent bank:
        sound turned off, or no sound card), else None."""
        program = espeak()
        if program is None or not bank.sounds or not pygame.mixer.get_init():
            return None
        return cls(lang, bank, play, program, run)

    def say(self, text: str, seconds: float | None = None) -> None:
        """Say ``text``, within ``seconds`` if given (faster, within reason, if it must)."""
        self.stop()
        self.said.append(text)
        with self.lock:
            self.wanted += 1
            number = self.wanted
        self.spawn(lambda: self._synthesize(number, text, seconds))

    def _synthesize(self, number: int, text: str, seconds: float | None) -> None:
        path = self.folder / f"line-{number}.wav"
        try:
            synthesize(self.program, self.voice, text, path, seconds, self.run)
        except (OSError, EOFError, wave.Error, subprocess.SubprocessError):
            return  # no voice for this line: the subtitle is still there
        with self.lock:
            if number == self.wanted:
                self.ready = path

    def pump(self) -> None:
        """On the window's thread: play the latest line once it is synthesized."""
        with self.lock:
            path, self.ready = self.ready, None
        if path is None:
            return
        try:
            self.bank.sounds[CUE] = pygame.mixer.Sound(str(path))
        except pygame.error:
            return
        finally:
            with contextlib.suppress(OSError):
                path.unlink()
        self.play(CUE)

    def stop(self) -> None:
        with self.lock:
            self.wanted += 1  # a line still being synthesized is not played
            self.ready = None
        sound = self.bank.sounds.get(CUE)
        if sound is not None:
            sound.stop()
