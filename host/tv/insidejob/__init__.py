"""Inside Job on the TV: the board (trick, missions, Intel, vote), the end, and the moments."""

from __future__ import annotations

from engine.insidejob.views import replay_steps
from engine.insidejob.vocabulary import GAME_NAME, PHASE_OVER
from host.tv.insidejob.board import InsideJobBoardScene
from host.tv.insidejob.hints import HINTS
from host.tv.insidejob.moments import changes, ending_cue
from host.tv.insidejob.replay import draw_replay_step
from host.tv.insidejob.reveal import InsideJobRevealScene
from host.tv.insidejob.tutorial import chapters
from host.tv.tvgame import BOARD, TvGame, View

REVEAL = "reveal"


def scene_for(view: View) -> str:
    return REVEAL if view.get("phase") == PHASE_OVER else BOARD


def entry_cue(scene: str, view: View) -> str | None:
    return ending_cue(view) if scene == REVEAL else None


TV_GAME = TvGame(
    name=GAME_NAME,
    make_scenes=lambda: {BOARD: InsideJobBoardScene(), REVEAL: InsideJobRevealScene()},
    scene_for=scene_for,
    changes=changes,
    entry_cue=entry_cue,
    replay_steps=replay_steps,
    draw_replay_step=draw_replay_step,
    hints=HINTS,
    tutorial=chapters,
    round_label="tv.audience.trick_short",
)
