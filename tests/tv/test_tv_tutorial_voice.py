"""Optional narration: with an offline voice each beat's subtitle is synthesized to a temporary
WAV and played through the window's sound bank (silent while muted, cut when paused or when the
chapter changes); without one, or without sound, nothing is said and nothing fails.

A stand-in for espeak-ng writes a real WAV, so these tests run the same on every machine; one
more test uses the real espeak-ng when it happens to be installed.
"""

from __future__ import annotations

import shutil
import subprocess
import wave
from pathlib import Path

import pygame
import pytest
from tv_teaching import FakeClock, lobby_room, tutorial_window

from host import teaching
from host.tv.audio import SoundBank
from host.tv.tutorial import narration
from host.tv.tutorial.narration import CUE, Narrator
from host.tv.tutorial.scripts import SCRIPTS


def fake_espeak(calls: list[list[str]]):
    """Writes a tenth of a second of silence where espeak-ng would write the spoken line."""

    def run(command: list[str], **options) -> subprocess.CompletedProcess:
        calls.append(command)
        path = command[command.index("-w") + 1]
        with wave.open(path, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(22050)
            out.writeframes(b"\0\0" * 2205)
        return subprocess.CompletedProcess(command, 0)

    return run


@pytest.fixture
def mixer():
    pygame.init()
    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    yield
    pygame.mixer.quit()


def test_each_beat_is_spoken_in_the_hosts_language_through_the_sound_bank(mixer, tmp_path):
    room = lobby_room("mole")
    clock = FakeClock()
    window = tutorial_window(room, clock, "pt")
    calls: list[list[str]] = []
    bank = SoundBank({"tick": pygame.mixer.Sound(buffer=b"\0\0" * 100)})
    window.sounds = bank
    voice = Narrator("pt", bank, window._play, "espeak-ng", fake_espeak(calls), lambda work: work())
    window.director.tutorial.narrator = voice
    try:
        teaching.command(room, "start", "mole")
        story = SCRIPTS["mole"]({})[0]
        for _ in range(int(story.beats[0].seconds / 0.25) + 4):  # into the second beat
            clock.sleep(0.25)
            window.step(0.25)
        frame = window.director.frame()
        assert voice.said == [frame.t(b.subtitle) for b in story.beats[:2]]
        assert calls[0][:3] == ["espeak-ng", "-v", "pt-br"]
        assert calls[0][-1] == voice.said[0]
        assert bank.played.count(CUE) == 2 and CUE in bank.sounds
        assert not list(voice.folder.iterdir())  # each WAV is gone once loaded
        window.press(pygame.K_m)  # muted: the next line is synthesized but never played
        teaching.command(room, "next")
        for _ in range(3):
            clock.sleep(0.25)
            window.step(0.25)
        assert len(voice.said) == 3 and bank.played.count(CUE) == 2
        window.press(pygame.K_m)
        teaching.command(room, "pause")
        window.step(0.25)
        said = list(voice.said)
        for _ in range(40):  # paused: nothing more is said
            clock.sleep(0.25)
            window.step(0.25)
        assert voice.said == said
    finally:
        window.close()


def test_a_line_still_being_synthesized_when_the_next_comes_is_never_played(mixer):
    bank = SoundBank({})
    played: list[str] = []
    waiting: list = []
    voice = Narrator("en", bank, played.append, "espeak-ng", fake_espeak([]), waiting.append)
    voice.say("first")
    voice.say("second")
    waiting[0]()  # the first line finishes after the second was asked for
    voice.pump()
    assert played == []
    waiting[1]()
    voice.pump()
    assert played == [CUE]


def test_without_espeak_or_without_sound_there_is_no_narration_and_no_error(monkeypatch):
    monkeypatch.setattr(narration.shutil, "which", lambda name: None)
    assert Narrator.offline("en", SoundBank({"tick": object()}), lambda cue: None) is None
    monkeypatch.setattr(narration.shutil, "which", lambda name: "/usr/bin/espeak-ng")
    assert Narrator.offline("en", SoundBank.silent(), lambda cue: None) is None
    room = lobby_room("insidejob")
    clock = FakeClock()
    window = tutorial_window(room, clock)  # sound off: no narrator, the tutorial still plays
    try:
        assert window.director.tutorial.narrator is None
        teaching.command(room, "start", "insidejob")
        for _ in range(80):
            clock.sleep(0.25)
            window.step(0.25)
        assert room.tutorial.index == 1
    finally:
        window.close()


def test_a_failing_voice_leaves_only_the_subtitles(mixer):
    def broken(command, **options):
        raise subprocess.CalledProcessError(1, command)

    played: list[str] = []
    voice = Narrator("es", SoundBank({}), played.append, "espeak-ng", broken, lambda w: w())
    voice.say("hola")
    voice.pump()
    assert played == [] and voice.said == ["hola"]


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_real_espeak_ng_speaks_a_line(mixer):
    bank = SoundBank({})
    played: list[str] = []
    voice = Narrator("es", bank, played.append, shutil.which("espeak-ng"), spawn=lambda w: w())
    voice.say("Prueba la solapa")
    voice.pump()
    assert played == [CUE]
    assert bank.sounds[CUE].get_length() > 0.3
    assert not any(Path(voice.folder).iterdir())


def test_a_line_too_long_for_its_beat_is_said_faster_within_reason(tmp_path):
    speeds: list[int] = []

    def voice(command: list[str], **options) -> subprocess.CompletedProcess:
        """Speaks at the asked speed: ``words * 60 / speed`` seconds."""
        speed = int(command[command.index("-s") + 1])
        speeds.append(speed)
        words = len(command[-1].split())
        with wave.open(command[command.index("-w") + 1], "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(1000)
            out.writeframes(b"\0\0" * int(1000 * words * 60 / speed))
        return subprocess.CompletedProcess(command, 0)

    line = " ".join(["word"] * 16)  # 6 s at the usual speed
    path = tmp_path / "line.wav"
    assert narration.synthesize("espeak-ng", "en", line, path, 8.0, voice) == 6.0
    assert speeds == [narration.SPEED_WPM]
    length = narration.synthesize("espeak-ng", "en", line, path, 5.0, voice)
    assert length <= 5.0 * narration.FILL and speeds[-1] <= narration.FASTEST_WPM
    hopeless = narration.synthesize("espeak-ng", "en", line * 3, path, 2.0, voice)
    assert speeds[-1] == narration.FASTEST_WPM and hopeless > 2.0  # cut by the next beat
