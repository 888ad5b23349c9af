"""Chapters and beats: what a tutorial is made of, and where a moment of it falls.

A chapter is a short run of beats; each beat is one subtitle shown for a fixed time. Lengths are
fixed (not read from the text), so the tutorial lasts the same in every language and the total
can be measured without drawing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from host.tv.tutorial.stage import Stage

# Draws a chapter's picture ``t`` seconds into it (a pure function of the stage and t).
Picture = Callable[["Stage", float], None]


@dataclass(frozen=True)
class Beat:
    subtitle: str  # catalog key of the line shown (and spoken) during the beat
    seconds: float


@dataclass(frozen=True)
class Chapter:
    id: str  # stable: the phones show the catalog's ``tutorial.<game>.<id>`` summary
    title: str  # catalog key of the chapter's heading on the TV
    beats: tuple[Beat, ...]
    picture: Picture

    @property
    def duration(self) -> float:
        return sum(beat.seconds for beat in self.beats)

    def beat_at(self, t: float) -> int:
        """The index of the beat playing ``t`` seconds into the chapter (the last one after)."""
        start = 0.0
        for index, beat in enumerate(self.beats):
            start += beat.seconds
            if t < start:
                return index
        return len(self.beats) - 1

    def beat_start(self, index: int) -> float:
        return sum(beat.seconds for beat in self.beats[:index])


def chapter(game: str, id: str, picture: Picture, *seconds: float) -> Chapter:
    """A chapter whose catalog keys follow one pattern: ``tv.tutorial.<game>.<id>`` is its
    title and ``...<id>.<n>`` (from 1) the subtitle of beat n, which lasts ``seconds[n-1]``."""
    prefix = f"tv.tutorial.{game}.{id}"
    beats = tuple(Beat(f"{prefix}.{n}", length) for n, length in enumerate(seconds, start=1))
    return Chapter(id, prefix, beats, picture)


def total_seconds(chapters: list[Chapter]) -> float:
    return sum(c.duration for c in chapters)
