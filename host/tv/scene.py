"""The scene interface: a frame is a pure function of the scene's state and the clock.

A scene never changes itself while drawing. It learns of each public message through
:meth:`Scene.receive` when the message arrives (the moment it notes, say a newcomer's arrival,
is stamped with the director's clock), and ``draw`` reads only that state and ``frame.now``.
"""

from __future__ import annotations

from host.tv.draw import Canvas
from host.tv.frame import Frame

ANIMATION_FPS = 60


class Scene:
    # How often the window redraws while this scene animates.
    frames_per_second = ANIMATION_FPS

    def receive(self, frame: Frame) -> None:
        """A new public message has arrived (``frame.now`` is when)."""

    def animating(self, frame: Frame) -> bool:
        """True while the scene moves by itself (the window then keeps a steady frame rate)."""
        return False

    def still(self, frame: Frame) -> bool:
        """True when the picture drawn now is the one ``draw`` will make until the next message
        (it reads nothing of the clock from here on): the director then draws it once and copies
        it. False, the default, draws every frame."""
        return False

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        raise NotImplementedError
