"""Every game's tutorial script, from its TV folder (``TvGame.tutorial``), by the engine's game
name.

A script turns the room part (its chosen options) into the chapters to play, so options that
are not in play are not taught.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.tv.games import TV_GAMES
from host.tv.tutorial.timeline import Chapter

Script = Callable[[dict[str, Any]], list[Chapter]]

SCRIPTS: dict[str, Script] = {
    name: game.tutorial for name, game in TV_GAMES.items() if game.tutorial is not None
}
