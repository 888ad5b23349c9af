"""The grand reveal: the finished game told again, one step at a time, paced by the host.

The Room holds the step (room part ``replay_step``: null for the result screen, else 0..N-1),
moved by the leader's phone and the TV's arrow keys. Each game's TV folder says how many steps
its final public view tells and draws one (``TvGame.replay_steps``/``draw_replay_step``); when
the audience marked suspects, one more step shows what they suspected beside the truth.
Only the final public view and the room part are read: everything in them is public by then.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from host.tv import audience_screen, strip, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene
from host.tv.tvgame import TvGame

CONTENT_TOP = 150  # where a step's own drawing starts; the header is above
CONTENT_BOTTOM = 1010
UNDER_BAR = 98  # the header's top while the room bar shows (the bar's strip ends at 88)


def replay_count(game: TvGame, message: dict[str, Any]) -> int:
    view = message.get("view") or {}
    room = message.get("room") or {}
    return game.replay_steps(view) + (1 if audience_screen.has_result(room) else 0)


class ReplayScene(Scene):
    def __init__(self, games: Mapping[str, TvGame]) -> None:
        self.games = games

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        game = self.games.get(frame.game)
        if game is None:
            return
        count = replay_count(game, frame.message)
        if not count:
            return
        step = min(max(0, int(frame.room.get("replay_step") or 0)), count - 1)
        # Short of the widest room bar (and the blank strip just left of it).
        canvas.text(frame.t(f"{frame.game}.name"), 60, 28, 56, theme.ACCENT, max_width=680)
        place = frame.t("tv.replay.step", number=step + 1, count=count)
        heading = f"{frame.t('tv.replay.title')} · {place}"
        # Beside the room bar there is no room for it: under the bar, above the step's drawing.
        top = UNDER_BAR if strip.shows_bar(canvas, frame) else 38
        canvas.text(heading, 1860, top, 36, theme.TEXT, "topright", 960)
        canvas.element(f"replay:{step}", canvas.rect(0, 0, 1920, 1080))
        if step < game.replay_steps(frame.view or {}):
            game.draw_replay_step(canvas, frame, step)
        else:
            audience_screen.draw(canvas, frame, CONTENT_TOP, CONTENT_BOTTOM)
        canvas.text(frame.t("tv.replay.keys"), 60, 1070, 28, theme.MUTED, "bottomleft", 1100)
