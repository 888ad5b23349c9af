"""The scene interface: update separated from draw, nothing loaded at import time."""

from __future__ import annotations

from typing import Any

from host.tv.draw import Canvas
from host.tv.frame import Frame


class Scene:
    name = "scene"

    def enter(self, director: Any) -> None:
        """Called when the scene comes on screen."""
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed = getattr(self, "elapsed", 0.0) + dt

    def animating(self) -> bool:
        """True while the scene moves by itself (the window then keeps a steady frame rate)."""
        return False

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        raise NotImplementedError
