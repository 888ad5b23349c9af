"""What a game gives the TV: its scenes, which one a view calls for, its moments and cues.

Each game's TV folder (``host/tv/<game>/``) exports one :class:`TvGame`; ``host.tv.games``
registers them by the engine's game name. The director knows games only through this interface.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.presentations import Presentation
from host.tv.scene import Scene

View = dict[str, Any]
BOARD = "board"  # every game has a board scene; its moments play over it


@dataclass(frozen=True)
class TvGame:
    name: str  # the engine's game name (``view["game"]``)
    # A fresh set of the game's scenes by key; one of them is ``BOARD``.
    make_scenes: Callable[[], dict[str, Scene]]
    # The key of the scene a public view calls for.
    scene_for: Callable[[View], str]
    # Sound cues and moments for what became public between two views of one game.
    changes: Callable[[View, View], tuple[list[str], list[Presentation]]]
    # The cue to play when one of its scenes comes on screen (a siren, a fanfare), if any.
    entry_cue: Callable[[str, View], str | None]
    # The grand reveal after the end: how many steps the final public view tells, and one drawn.
    replay_steps: Callable[[View], int] = lambda view: 0
    draw_replay_step: Callable[[Canvas, Frame, int], None] = lambda canvas, frame, step: None
    # First-game hints: (name, trigger) in order of priority (see host/tv/hints.py).
    hints: tuple[tuple[str, Callable[[View, View, Frame], dict[str, Any] | None]], ...] = ()
    # The catalog key naming one round of the game ("Lock {n}", "Trick {n}") on shared screens.
    round_label: str = "tv.end.lock_short"
    # The animated tutorial: the room part (its chosen options) -> the chapters to play.
    tutorial: Callable[[dict[str, Any]], list[Any]] | None = None
