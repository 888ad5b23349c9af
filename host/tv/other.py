"""A game this screen has no TV folder for: say so plainly, the phones carry the game."""

from __future__ import annotations

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene


class OtherGameScene(Scene):
    def draw(self, canvas: Canvas, frame: Frame) -> None:
        name = frame.t(f"{frame.game}.name")
        canvas.text(name, 960, 300, 96, theme.ACCENT, "midtop", 1700)
        canvas.wrapped(
            frame.t("tv.board.other_game", game=name), 360, 480, 48, 1200, theme.TEXT, centred=True
        )
