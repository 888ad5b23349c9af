"""Every game's tutorial script, by the engine's game name: one line per game.

A script turns the room part (its chosen options) into the chapters to play, so options that
are not in play are not taught.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.tv.insidejob.tutorial import chapters as insidejob_chapters
from host.tv.mole.tutorial import chapters as mole_chapters
from host.tv.tutorial.timeline import Chapter

Script = Callable[[dict[str, Any]], list[Chapter]]

SCRIPTS: dict[str, Script] = {"mole": mole_chapters, "insidejob": insidejob_chapters}
