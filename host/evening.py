"""The leader's controls that make an evening flow: pause, end a game, back to the lobby, bots to
fill seats, removing a player mid-game, stepping through the grand reveal, and continuing a game
the host was stopped in.

Each is a move of the Room (``LEADER_MOVES[type](room, conn, message)``), checked and answered like
any other message: a refusal goes to the sender only and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from host.errors import RoomError
from host.match import load_rules
from host.protocol import name_key
from host.seating import send_removed
from host.seats import BOT_NAMES, Connection, Player, new_token

if TYPE_CHECKING:
    from host.room import Room

DEMO_PLAYERS = 7  # a lively table, within the game's limits
DEMO_AGAIN_AFTER = 25.0  # seconds the result of a demo game stays up before the next deal


def pause(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "pause", "on": true|false}``: everyone sees who paused; the clocks stop."""
    room.require_leader(conn)
    if room.phase != "playing":
        raise RoomError("not_started")
    assert conn.player is not None
    if message.get("on", True):
        room.pause(by=conn.player.name)
    else:
        room.unpause()


def end_game(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "end"}``: the game stops, recorded as abandoned; everyone is back in the lobby
    (the phone asks for confirmation first)."""
    room.require_leader(conn)
    if room.phase != "playing":
        raise RoomError("not_started")
    room.abandon(by=room.leader.name if room.leader else None)


def back_to_lobby(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "lobby"}`` after the end: change the game, options and seats; latecomers sit."""
    room.require_leader(conn)
    if room.phase != "over":
        raise RoomError("not_over")
    room.back_to_lobby()


def resume_saved(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "resume_saved"}`` in the lobby: the interrupted game on offer goes on, as with
    the host's R key or ``--resume``. A host without a window has no R key, so without this the
    table could only start afresh or have the host restarted."""
    room.require_leader(conn)
    room.resume_saved()


def add_bot(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "add_bot"}`` in the lobby: a named bot takes the next seat."""
    room.require_leader(conn)
    room.require_seats_open()
    limit = room.rules.max_players if room.rules else None
    if limit is not None and len(room.players) >= limit:
        raise RoomError("room_full", max=limit)
    # Compared as the table compares names: a bot "Robo" beside a player "robo", or a bot named
    # like a watching audience member, would be two of one name on the screens (QA).
    taken = {name_key(player.name) for player in room.players + room.next_game}

    def free(name: str) -> bool:
        return name_key(name) not in taken and room.audience.holding(name_key(name)) is None

    name = next((n for n in BOT_NAMES if free(n)), f"Bot {len(room.players) + 1}")
    bot = Player(name=name, token=new_token(), lang=conn.lang, bot=True, bot_seat=True)
    with room.durable():
        room.players.append(bot)
    room.changed()


def start_demo(room: Room, game: str) -> None:
    """``molecrew --demo``: bots fill every seat and play, game after game, so a group can see
    what it looks like on the TV. Raises RoomError ``unknown_game``."""
    room.demo = True
    room.game_name = game
    room.rules = load_rules(game)
    if room.rules is None:
        raise RoomError("unknown_game", game=game)
    count = max(room.rules.min_players, min(DEMO_PLAYERS, room.rules.max_players))
    room.players = [
        Player(name=name, token=new_token(), bot=True, bot_seat=True) for name in BOT_NAMES[:count]
    ]
    room.leader = room.players[0]
    room.start()


def demo_game_over(room: Room) -> None:
    """A demo game ended: the result stays up a while, then the bots play again."""
    room.scheduler.call_later(
        DEMO_AGAIN_AFTER, lambda: room.rematch() if room.phase == "over" else None
    )


def remove_mid_game(room: Room, player: Player) -> None:
    """The leader removed a player after the deal: a bot plays the seat to the end, the phone
    loses it and its token stops working, so it cannot come back into this game."""
    player.removed = player.bot = True
    player.token = new_token()
    holder = player.conn
    room.save_quietly()
    send_removed(room, player, holder, "removed")
    room.changed()


def replay(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """``{"type": "replay", "step": n}`` after the end: the TV shows step ``n`` of the game's
    story (null: back to the result)."""
    room.require_leader(conn)
    if room.phase != "over":
        raise RoomError("not_over")
    room.show_replay_step(message.get("step"))


LEADER_MOVES: dict[str, Callable[[Room, Connection, dict[str, Any]], None]] = {
    "pause": pause,
    "end": end_game,
    "lobby": back_to_lobby,
    "add_bot": add_bot,
    "replay": replay,
    "resume_saved": resume_saved,
}
