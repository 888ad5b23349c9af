"""The games the TV can show, by the engine's game name: one line per game."""

from __future__ import annotations

from host.tv import insidejob, mole
from host.tv.tvgame import TvGame

TV_GAMES: dict[str, TvGame] = {game.name: game for game in (mole.TV_GAME, insidejob.TV_GAME)}
