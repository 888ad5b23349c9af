"""A frame drawn only where it differs from the one on screen.

The window's canvas records a frame as a list of drawing calls instead of drawing it: each call
with a key (everything its pixels depend on) and the screen area it may change. The
:class:`Painter` compares the frame with the last one it painted, in order, and paints the new
frame's calls again only inside the areas of the calls that differ, clipped to them; the
window then updates only those areas of the display. A vote coming in changes a badge or two,
where repainting the whole 1080p screen for it rewrote 8 MB of pixels several times over and
sent them all to the display (docs/benchmarks.md, "TV").

Why the picture is exact: outside the changed areas, the calls that touch a pixel are the same
calls in the same order in both frames (the matched calls form a common subsequence, and any
call not matched has its area among the changed ones), so the pixel on screen is already the new
frame's. Inside them, every call of the new frame that may touch the area is replayed, in order,
from the frame's first call, which covers the screen. Every call is a per-pixel operation
(fills, shapes, blits), so clipping changes which pixels it reaches, never their values.
``tests/tv/test_tv_still_picture.py`` checks this pixel for pixel through whole games.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from difflib import SequenceMatcher
from typing import Any

import pygame

# Changed areas closer than this (pixels) are painted as one: fewer passes over the calls.
MERGE_GAP = 24
# Past this share of the screen, the whole frame is painted without clipping.
WHOLE_SCREEN_SHARE = 0.6
# A frame painted whole whose first calls, at least this share of them, are the last frame's:
# the screen as they leave it is kept for the next frame (a fade goes on over them).
KEEP_UNDER_SHARE = 0.5

# A recorded call: the surface it draws on, that surface's area on the screen, its offset
# there, then the function and its arguments after the surface.
Call = tuple[pygame.Surface, pygame.Rect, tuple[int, int], Callable[..., Any], tuple[Any, ...]]


class Recording:
    """One frame's drawing calls, in order, not yet drawn. A frame begins by covering the whole
    screen (the director's frames begin with a fill), so no pixel of it depends on the last."""

    __slots__ = ("areas", "calls", "keys")

    def __init__(self) -> None:
        self.keys: list[Hashable] = []
        self.areas: list[pygame.Rect] = []  # on the screen, within the call's surface
        self.calls: list[Call] = []

    def __len__(self) -> int:
        return len(self.keys)

    def add(self, key: Hashable, area: pygame.Rect, call: Call) -> None:
        self.keys.append(key)
        self.areas.append(area)
        self.calls.append(call)

    def since(self, start: int) -> Recording:
        """The calls recorded from ``start`` on (a still picture keeps them to repeat)."""
        part = Recording()
        part.keys, part.areas, part.calls = (
            self.keys[start:],
            self.areas[start:],
            self.calls[start:],
        )
        return part

    def extend(self, other: Recording) -> None:
        self.keys.extend(other.keys)
        self.areas.extend(other.areas)
        self.calls.extend(other.calls)


class Painter:
    """Paints recordings onto one screen, each only where it differs from the last.

    A frame that changes most of the screen (a fade over a board that stands still) is painted
    whole; the screen as its unchanged first calls left it is then kept (``under``), so the
    next frames of the fade start from a copy of it instead of drawing the board again."""

    def __init__(self) -> None:
        self.last: Recording | None = None
        self.screen: pygame.Surface | None = None
        self.epoch: object = None
        self.under: pygame.Surface | None = None
        self.under_keys: list[Hashable] = []  # the calls that painted ``under``

    def paint(
        self, frame: Recording, screen: pygame.Surface, epoch: object = None
    ) -> list[pygame.Rect]:
        """Draw ``frame`` on ``screen``; returns the areas that changed, to update on the
        display. A new screen or a new ``epoch`` (the display lost its picture) paints it all."""
        whole = screen.get_rect()
        previous = self.last
        if previous is None or screen is not self.screen or epoch != self.epoch:
            previous, self.under, self.under_keys = None, None, []
        self.last, self.screen, self.epoch = frame, screen, epoch
        if previous is None:
            _replay(frame, range(len(frame)), None)
            return [whole]
        same = _same_start(previous.keys, frame.keys)
        regions = _regions(changed_areas(previous, frame, same), whole)
        if sum(region.w * region.h for region in regions) > WHOLE_SCREEN_SHARE * whole.w * whole.h:
            self._paint_whole(frame, screen, same)
            return [whole]
        for region in regions:
            _replay(frame, region.collidelistall(frame.areas), region)
        return regions

    def _paint_whole(self, frame: Recording, screen: pygame.Surface, same: int) -> None:
        """``same``: how many first calls the frame shares with the last one."""
        depth = len(self.under_keys)
        if depth and self.under is not None and frame.keys[:depth] == self.under_keys:
            screen.blit(self.under, (0, 0))
            _replay(frame, range(depth, len(frame)), None)
            return
        if not same or same < KEEP_UNDER_SHARE * len(frame):
            _replay(frame, range(len(frame)), None)
            return
        _replay(frame, range(same), None)
        if self.under is None or self.under.get_size() != screen.get_size():
            self.under = screen.copy()
        else:
            self.under.blit(screen, (0, 0))
        self.under_keys = frame.keys[:same]
        _replay(frame, range(same, len(frame)), None)


def _same_start(old: list[Hashable], new: list[Hashable]) -> int:
    """How many first calls two frames share."""
    start, end = 0, min(len(old), len(new))
    while start < end and old[start] == new[start]:
        start += 1
    return start


def changed_areas(before: Recording, after: Recording, start: int = 0) -> list[pygame.Rect]:
    """The areas of the calls of either frame that the other does not make in the same order
    (``start``: how many first calls they are known to share)."""
    old, new = before.keys, after.keys
    n, m = len(old), len(new)
    start += _same_start(old[start:], new[start:])
    end = 0
    while end < n - start and end < m - start and old[n - 1 - end] == new[m - 1 - end]:
        end += 1
    if start == n - end and start == m - end:
        return []
    matcher = SequenceMatcher(None, old[start : n - end], new[start : m - end], autojunk=False)
    changed: list[pygame.Rect] = []
    in_old = in_new = 0
    for block in matcher.get_matching_blocks():
        changed += before.areas[start + in_old : start + block.a]
        changed += after.areas[start + in_new : start + block.b]
        in_old, in_new = block.a + block.size, block.b + block.size
    return changed


def _regions(areas: list[pygame.Rect], whole: pygame.Rect) -> list[pygame.Rect]:
    """The areas on screen, those that touch or nearly touch joined into one."""
    regions: list[pygame.Rect] = []
    for area in areas:
        area = area.clip(whole)
        if area.w <= 0 or area.h <= 0:
            continue
        near = area.inflate(MERGE_GAP, MERGE_GAP).collidelist(regions)
        while near != -1:
            area = area.union(regions.pop(near))
            near = area.inflate(MERGE_GAP, MERGE_GAP).collidelist(regions)
        regions.append(area)
    return regions


def _replay(frame: Recording, indices: Any, region: pygame.Rect | None) -> None:
    """Make the calls at ``indices``, each clipped to ``region`` (None: not clipped)."""
    touched: set[pygame.Surface] = set()
    calls = frame.calls
    for index in indices:
        target, bounds, (dx, dy), draw, args = calls[index]
        if region is None:
            target.set_clip(None)
        else:
            target.set_clip(region.clip(bounds).move(-dx, -dy))
        touched.add(target)
        draw(target, *args)
    for target in touched:
        target.set_clip(None)
