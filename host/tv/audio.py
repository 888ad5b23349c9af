"""The TV's sound cues, loaded after pygame starts; silent when there is no audio device."""

from __future__ import annotations

from pathlib import Path

import pygame

SOUND_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"
# How many extra times a cue repeats: the siren wails for a few seconds, the rest play once.
LOOPS = {"siren": 1}


class SoundBank:
    """Name -> Sound. ``played`` lists every cue asked for, muted or not (tests read it)."""

    def __init__(self, sounds: dict[str, pygame.mixer.Sound]) -> None:
        self.sounds = sounds
        self.played: list[str] = []

    @classmethod
    def load(cls, folder: Path = SOUND_DIR) -> SoundBank:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
        except pygame.error:
            return cls.silent()  # no sound card: the game goes on without sound
        return cls({path.stem: pygame.mixer.Sound(str(path)) for path in folder.glob("*.wav")})

    @classmethod
    def silent(cls) -> SoundBank:
        return cls({})

    def play(self, cue: str) -> None:
        self.played.append(cue)
        sound = self.sounds.get(cue)
        if sound is not None:
            sound.play(loops=LOOPS.get(cue, 0))

    def stop(self) -> None:
        if pygame.mixer.get_init():
            pygame.mixer.stop()
