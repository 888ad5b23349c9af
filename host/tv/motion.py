"""The one easing curve of the TV, and the card turn built on it.

With reduced motion (``still``) every movement becomes a cut: what would glide is simply at its
end the moment it starts, so the moments keep their length and their order but nothing moves.
"""

from __future__ import annotations

import math


def ease(x: float, still: bool = False) -> float:
    """Progress 0..1 of a movement ``x`` of the way through (cubic ease-out; a cut when still)."""
    if still:
        return 1.0 if x > 0 else 0.0
    x = min(1.0, max(0.0, x))
    return 1 - (1 - x) ** 3


def flip(
    elapsed: float, start: float, still: bool = False, duration: float = 0.35
) -> tuple[float, bool]:
    """Horizontal scale of a card turning over at ``start``, and whether its face shows."""
    progress = (elapsed - start) / duration
    if progress <= 0:
        return 1.0, False
    if progress >= 1 or still:
        return 1.0, progress > 0.5
    return abs(math.cos(progress * math.pi)), progress > 0.5
