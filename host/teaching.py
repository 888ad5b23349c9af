"""Teaching at the table: the animated tutorial's place (which game, which chapter, paused or
not), who has tried the flap with a practice role, and the lobby's "first game" hints.

The Room keeps the tutorial's place, so every phone can show the current chapter's summary in its
own language; the TV plays the chapters and tells the Room when one has ended. The leader's phone
and the host keys move it (start, pause, resume, next, back, skip).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.registry import game_names
from host.errors import RoomError
from host.seats import Connection

if TYPE_CHECKING:
    from host.room import Room

COMMANDS = ("start", "pause", "resume", "next", "back", "skip")
MAX_CHAPTERS = 32


@dataclass
class Tutorial:
    game: str
    chapters: list[str] = field(default_factory=list)  # the TV's chapter ids, once it has them
    index: int = 0
    paused: bool = False
    tried_flap: set[int] = field(default_factory=set)  # seats that tried the practice flap

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "chapters": list(self.chapters),
            "index": self.index,
            "chapter": self.chapters[self.index] if self.index < len(self.chapters) else None,
            "paused": self.paused,
            "tried_flap": sorted(self.tried_flap),
        }


def command(room: Room, name: str, game: str | None = None) -> None:
    """Move the tutorial: ``start`` (for ``game``, default the lobby's), ``pause``, ``resume``,
    ``next``, ``back``, ``skip`` (ends it). Raises RoomError ``not_in_lobby`` (a game is on),
    ``no_tutorial`` (nothing to move), ``unknown_command``, ``unknown_game``."""
    if name not in COMMANDS:
        raise RoomError("unknown_command", command=name)
    if room.phase != "lobby":
        raise RoomError("not_in_lobby")
    tutorial = room.tutorial
    if name == "start":
        game = game or room.game_name
        if game not in game_names():
            raise RoomError("unknown_game", game=game)
        room.tutorial = Tutorial(game=game)
    elif tutorial is None:
        raise RoomError("no_tutorial")
    elif name == "skip" or (name == "next" and tutorial.index + 1 >= len(tutorial.chapters)):
        room.tutorial = None
    elif name in ("pause", "resume"):
        tutorial.paused = name == "pause"
    elif name == "next":
        tutorial.index += 1
    elif name == "back":
        tutorial.index = max(0, tutorial.index - 1)
    room.broadcast()


def chapters_known(room: Room, game: str, chapters: list[str]) -> None:
    """The TV says which chapters its tutorial for ``game`` has (in the order it plays them)."""
    tutorial = room.tutorial
    if tutorial is not None and tutorial.game == game:
        tutorial.chapters = list(chapters[:MAX_CHAPTERS])
        tutorial.index = min(tutorial.index, max(0, len(tutorial.chapters) - 1))
        room.broadcast()


def chapter_ended(room: Room, index: int) -> None:
    """The TV finished playing chapter ``index``: go on (a late report is ignored)."""
    tutorial = room.tutorial
    if tutorial is not None and tutorial.index == index and not tutorial.paused:
        command(room, "next")


def on_tutorial(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "tutorial", "command": "start"|..., "game": ...}`` from the leader's phone."""
    room.require_leader(conn)
    command(room, message["command"], message.get("game"))


def on_tried_flap(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """A phone's player tried the practice flap (drag up, hold, let go): the TV ticks them off."""
    tutorial = room.tutorial
    if tutorial is None or not conn.seats:
        raise RoomError("no_tutorial")
    tried = [conn.player] if conn.player is not None else conn.seats  # a shared phone's holder
    for player in tried:
        if player in room.players:
            tutorial.tried_flap.add(room.players.index(player))
    room.broadcast()


MOVES = {"tutorial": on_tutorial, "tried_flap": on_tried_flap}
