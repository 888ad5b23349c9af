"""Mole in the Crew on the TV: the board, the Getaway, the end, and the moments between."""

from __future__ import annotations

from engine.mole.views import replay_steps
from engine.mole.vocabulary import CREW_SIDE, GAME_NAME, GETAWAY, OVER
from host.tv.mole.board import BoardScene
from host.tv.mole.getaway import GetawayScene
from host.tv.mole.hints import HINTS
from host.tv.mole.moments import changes
from host.tv.mole.replay import draw_replay_step
from host.tv.mole.reveal import RevealScene, winner
from host.tv.mole.tutorial import chapters
from host.tv.tvgame import BOARD, TvGame, View

REVEAL = "reveal"


def scene_for(view: View) -> str:
    if view.get("phase") == OVER or view.get("result"):
        return REVEAL
    if view.get("phase") == GETAWAY:
        return GETAWAY
    return BOARD


def entry_cue(scene: str, view: View) -> str | None:
    if scene == GETAWAY:
        return "siren"
    if scene == REVEAL:
        return "win_crew" if winner(view.get("result") or {}) == CREW_SIDE else "win_moles"
    return None


TV_GAME = TvGame(
    name=GAME_NAME,
    make_scenes=lambda: {BOARD: BoardScene(), GETAWAY: GetawayScene(), REVEAL: RevealScene()},
    scene_for=scene_for,
    changes=changes,
    entry_cue=entry_cue,
    replay_steps=replay_steps,
    draw_replay_step=draw_replay_step,
    hints=HINTS,
    tutorial=chapters,
)
