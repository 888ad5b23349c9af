"""The cues really reach the sound output, and the mute key really silences them."""

from __future__ import annotations

import array
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = Path(__file__).resolve().parent / "sound_probe.py"
ROOT = Path(__file__).resolve().parents[2]


def loudest_sample(path: Path) -> int:
    samples = array.array("h")
    samples.frombytes(path.read_bytes()[: len(path.read_bytes()) // 2 * 2])
    return max((abs(s) for s in samples), default=0)


@pytest.mark.parametrize("muted", [False, True], ids=["sound", "muted"])
def test_the_siren_is_heard_unless_muted(tmp_path, muted):
    out = tmp_path / "mix.raw"
    done = subprocess.run(
        [sys.executable, str(PROBE), str(out), "siren", *(["muted"] if muted else [])],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size >= 40_000
    if muted:
        assert loudest_sample(out) == 0
    else:
        assert loudest_sample(out) > 3000
