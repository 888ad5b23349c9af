"""What of the room is kept on disk, and how a restarted host gets it back.

The room file (``room.json``, see :class:`host.journal.RoomFile`) holds the seats with their
tokens, the leader, the chosen game and options in their order, the round number, the phase and
the name of the current game's journal. The journal holds the game itself and the audience's
marks. Together they bring back the lobby, an interrupted game (offered to resume), or a finished
game with its result.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from host.errors import RoomError
from host.journal import JournalStore
from host.match import Match, load_rules
from host.protocol import name_key
from host.seats import Player
from host.turnclock import PRESETS

if TYPE_CHECKING:
    from host.room import Room

log = logging.getLogger("molecrew.keeping")

VERSION = 1


def record_of(room: Room) -> dict[str, Any]:
    """The room as the room file keeps it."""
    if room.match is not None:
        journal = room.match.journal_name
    else:
        journal = room.saved.path.name if room.saved else None
    return {
        "version": VERSION,
        "game": room.game_name,
        "variants": list(room.variants),
        "seats": [player.to_json() for player in room.players],
        "leader": room.players.index(room.leader) if room.leader else None,
        "round": room.games_started,
        "phase": room.phase,
        "journal": journal,
        "timer": room.timer,
        "first_game": room.first_game,
        "clock": room.clock.to_json(),
        "next_game": [player.to_json() for player in room.next_game],
        "replay_step": room.replay_step,
        # A game paused when the host stopped comes back paused: the table had stepped away.
        "paused": room.paused_record(),
    }


def restore(room: Room, journals: JournalStore) -> None:
    """Put back into a new ``room`` what the last run left: lobby, game on offer, or finished
    game. With no room file (or an unreadable one) only an unfinished journal is offered."""
    record = room.room_file.load() if room.room_file else None
    try:
        if record is None:
            raise ValueError("no room file")
        players = [Player.from_json(seat) for seat in record["seats"]]
        leader = record.get("leader")
        game = str(record.get("game", room.game_name))
        variants = [str(v) for v in record.get("variants", [])]
        rounds = int(record.get("round", 0))
        next_game = [Player.from_json(seat) for seat in record.get("next_game", [])]
    except (KeyError, TypeError, ValueError) as error:
        if record is not None:
            log.error("the saved room is unreadable (%s): a new lobby opens", error)
        room.saved = journals.latest_unfinished()  # a journal from before room files
        if room.saved is not None:
            room.audience.restore(room.saved.suspicions, name_key)
        return
    if not (isinstance(leader, int) and 0 <= leader < len(players)):
        leader = 0 if players else None
    room.players = players
    room.leader = players[leader] if leader is not None else None
    room.game_name, room.variants, room.games_started = game, variants, rounds
    room.next_game = next_game
    room.rules = load_rules(game)
    timer = record.get("timer")
    room.timer = timer if timer in PRESETS else None
    room.first_game = bool(record.get("first_game", False))
    saved = journals.load(str(record.get("journal") or ""))
    if saved is None or saved.abandoned:
        return
    # The audience's marks, for the result or the game on offer: the members' phones come
    # back to them by token (a new game clears them).
    room.audience.restore(saved.suspicions, name_key)
    if not saved.over:
        room.saved = saved
        room.clock.restore(record.get("clock"))  # a resumed game goes on with its clock
        paused = record.get("paused")
        if isinstance(paused, dict):
            by = paused.get("by")
            room.saved_pause = {"by": by if isinstance(by, str) else None}
        return
    rules = load_rules(saved.game)
    if rules is None:
        return
    try:
        room.match = Match.from_saved(rules, saved, None)
    except RoomError:
        return
    room.rules, room.game_name, room.phase = rules, saved.game, "over"
    step = record.get("replay_step")
    room.replay_step = step if isinstance(step, int) and step >= 0 else None
