"""Synthesise the TV's sound cues into small WAV files (run: python3 assets/sounds/make_sounds.py).

Made here from sine waves and seeded noise with the standard library only, so the project owns
every sound it plays. The output is deterministic: running it again rewrites identical files.
Each cue describes a public event only (a vote arrived, the votes are shown, a card turns, a lock
opens or blows); none of them differs with a secret (every vote makes the same tick).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def tone(freq: float, seconds: float, volume: float = 0.5, shape: str = "sine") -> list[float]:
    samples = []
    for i in range(int(RATE * seconds)):
        phase = (freq * i / RATE) % 1.0
        if shape == "square":
            value = 1.0 if phase < 0.5 else -1.0
        elif shape == "triangle":
            value = 4 * abs(phase - 0.5) - 1
        else:
            value = math.sin(2 * math.pi * phase)
        samples.append(value * volume)
    return samples


def sweep(start: float, end: float, seconds: float, volume: float = 0.5) -> list[float]:
    """A glide from one pitch to another, phase-continuous."""
    samples, phase = [], 0.0
    count = int(RATE * seconds)
    for i in range(count):
        freq = start + (end - start) * i / count
        phase += freq / RATE
        samples.append(math.sin(2 * math.pi * phase) * volume)
    return samples


def noise(seconds: float, volume: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) * volume for _ in range(int(RATE * seconds))]


def envelope(samples: list[float], attack: float = 0.01, release: float = 0.1) -> list[float]:
    """Fade in and out so no cue clicks."""
    count = len(samples)
    a, r = max(1, int(RATE * attack)), max(1, int(RATE * release))
    out = []
    for i, value in enumerate(samples):
        gain = min(1.0, i / a, (count - i) / r)
        out.append(value * gain)
    return out


def decay(samples: list[float], rate: float) -> list[float]:
    return [v * math.exp(-rate * i / RATE) for i, v in enumerate(samples)]


def mix(*tracks: list[float]) -> list[float]:
    length = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(length)]


def then(*parts: list[float]) -> list[float]:
    out: list[float] = []
    for part in parts:
        out.extend(part)
    return out


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def lowpass(samples: list[float], amount: float) -> list[float]:
    out, last = [], 0.0
    for value in samples:
        last += amount * (value - last)
        out.append(last)
    return out


def note(freq: float, seconds: float, volume: float = 0.35) -> list[float]:
    """A bell-ish note: a fundamental and a soft octave, decaying."""
    body = mix(tone(freq, seconds, volume), tone(freq * 2, seconds, volume * 0.3))
    return envelope(decay(body, 4.0), 0.005, 0.05)


def cues() -> dict[str, list[float]]:
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    return {
        # A player joined the lobby.
        "join": then(note(g5, 0.12), note(c6, 0.3)),
        # Someone's vote / card / Getaway confirmation arrived (the same tick for everyone).
        "tick": envelope(decay(tone(1400, 0.08, 0.35, "triangle"), 40), 0.002, 0.02),
        # All votes turned over at once.
        "reveal": mix(
            envelope(lowpass(noise(0.25, 0.35, 1), 0.3), 0.005, 0.2),
            then(silence(0.1), note(e5, 0.4, 0.3)),
        ),
        "approved": then(note(c5, 0.14), note(e5, 0.14), note(g5, 0.4)),
        "rejected": then(note(g5 / 2, 0.18, 0.4), note(e5 / 2 * 0.944, 0.45, 0.4)),
        # One card turned face up: a short paper swish.
        "flip": envelope(lowpass(noise(0.16, 0.6, 2), 0.45), 0.01, 0.12),
        "lock_open": then(note(c5, 0.1), note(e5, 0.1), note(g5, 0.1), note(c6, 0.6)),
        "lock_blown": envelope(
            mix(
                decay(sweep(180, 45, 0.9, 0.7), 3.0),
                decay(lowpass(noise(0.9, 0.8, 3), 0.08), 5.0),
            ),
            0.003,
            0.2,
        ),
        # The Getaway: a two-tone police siren, two cycles, loopable.
        "siren": lowpass(
            envelope(
                then(*(sweep(f0, f1, 0.6, 0.35) for f0, f1 in [(650, 950), (950, 650)] * 2)),
                0.05,
                0.05,
            ),
            0.5,
        ),
        "win_crew": then(
            note(c5, 0.15), note(e5, 0.15), note(g5, 0.15), mix(note(c6, 0.9), note(g5, 0.9))
        ),
        "win_moles": then(
            note(g5 / 2, 0.2, 0.4),
            note(311.13, 0.2, 0.4),
            mix(note(261.63, 1.0), note(155.56, 1.0)),
        ),
    }


def write(name: str, samples: list[float]) -> Path:
    path = HERE / f"{name}.wav"
    peak = max(1e-9, max(abs(v) for v in samples))
    scale = 0.9 / peak if peak > 0.9 else 1.0
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, v * scale)) * 32767)) for v in samples
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return path


def main() -> None:
    for name, samples in cues().items():
        path = write(name, samples)
        print(f"{path.name}: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
