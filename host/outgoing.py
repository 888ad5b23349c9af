"""Everything that leaves the host about a room, composed in one place.

This module is the only caller of a game's ``view()`` and the only place a frame's text is made,
so what a recipient may learn is decided here and nowhere else (as boardgame.io's player-view
filter):

- a seated phone gets ``view(state, its seat)``, inside a state frame padded to the length of the
  longest seat's frame of the same change: views differ in length by role, and anyone on the
  Wi-Fi can see a frame's size;
- everyone else (strangers, spectators, the public socket, the TV) gets ``view(state, None)``;
- a frame meant for one connection only (an error, a pong, a welcome with its token) is padded to
  a fixed bucket, so its size does not tell which error or which seat it was.

Each change is composed once (:class:`Change`) and its texts are shared by every recipient.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.errors import EngineError
from engine.registry import GameRules, game_names

if TYPE_CHECKING:
    from host.room import Room
    from host.seats import Connection, Player

PRIVATE_BUCKET = 1024  # bytes: every one-connection frame is a multiple of this
_PAD_OPEN = ',"pad":"'
_PAD_EMPTY = len(_PAD_OPEN) + 1  # the field with no spaces: ,"pad":""


def encode(message: dict[str, Any]) -> str:
    """One compact JSON text frame that always encodes as UTF-8.

    A lone surrogate (which JSON allows as an escape and Python keeps in its str) cannot be
    written to a WebSocket; escaping everything in that rare case keeps the frame valid JSON with
    the same meaning instead of a socket that silently stops.
    """
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=True)
    return text


def byte_length(text: str) -> int:
    return len(text.encode("utf-8"))


def pad_to(text: str, size: int) -> str:
    """``text`` (a JSON object without a ``pad`` field) made exactly ``size`` bytes long by a
    ``pad`` field of spaces. ``size`` must leave room for the field."""
    missing = size - byte_length(text) - _PAD_EMPTY
    if missing < 0:
        raise ValueError(f"a frame of {byte_length(text)} bytes does not fit in {size}")
    return f'{text[:-1]}{_PAD_OPEN}{" " * missing}"}}'


def private_text(message: dict[str, Any]) -> str:
    """A frame for one connection, padded to the next multiple of :data:`PRIVATE_BUCKET`."""
    text = encode(message)
    needed = byte_length(text) + _PAD_EMPTY
    size = -(-needed // PRIVATE_BUCKET) * PRIVATE_BUCKET
    return pad_to(text, size)


class Change:
    """The frames of one moment of the room, each made once.

    ``room`` is the public room part (no tokens, no game state); ``yous`` the ``you`` part of every
    seat in seat order; ``rules``/``state`` the game being played or just finished (None in the
    lobby).
    """

    def __init__(
        self,
        room: dict[str, Any],
        yous: list[dict[str, Any]],
        rules: GameRules | None,
        state: Any,
    ) -> None:
        self.room = room
        self._yous = yous
        self._rules = rules if state is not None else None
        self._state = state
        self.public_view: dict[str, Any] | None = (
            self._rules.view(state, None) if self._rules is not None else None
        )
        self.public_message = {"type": "public", "room": room, "view": self.public_view}
        self._public_text: str | None = None
        self._seat_texts: list[str] | None = None

    @property
    def seat_texts(self) -> list[str]:
        """Every seat's state frame, padded to one length (empty outside a game); made at most
        once, and only when a seated phone is sent one."""
        if self._seat_texts is None:
            self._seat_texts = (
                _padded_seat_frames(self.room, self._yous, self._rules, self._state)
                if self._rules is not None
                else []
            )
        return self._seat_texts

    @classmethod
    def of(cls, room: Room) -> Change:
        """The frames of ``room`` as it is now (the lobby shows no game)."""
        match = room.match if room.phase != "lobby" else None
        yous = [you_part(room, player, player.conn) for player in room.players]
        return cls(
            room_part(room),
            yous,
            match.rules if match else None,
            match.state if match else None,
        )

    @property
    def public_text(self) -> str:
        """The public frame, encoded at most once however many screens watch."""
        if self._public_text is None:
            self._public_text = encode(self.public_message)
        return self._public_text

    def text_for(self, seat: int | None, you: dict[str, Any]) -> str:
        """The state frame for a connection: its seat's padded frame, or the public board."""
        if seat is not None and self._rules is not None:
            return self.seat_texts[seat]
        return encode({"type": "state", "room": self.room, "you": you, "view": self.public_view})


def _padded_seat_frames(
    room: dict[str, Any], yous: list[dict[str, Any]], rules: GameRules, state: Any
) -> list[str]:
    texts = [
        encode({"type": "state", "room": room, "you": you, "view": rules.view(state, seat)})
        for seat, you in enumerate(yous)
    ]
    size = max(byte_length(text) for text in texts) + _PAD_EMPTY
    return [pad_to(text, size) for text in texts]


def room_part(room: Room) -> dict[str, Any]:
    """The public description of the room: lobby, seats, options, claims. No tokens, no game."""
    rules = room.rules

    def seat_of(player: Player) -> int | None:
        return room.players.index(player) if player in room.players else None

    return {
        "phase": room.phase,
        "game": room.game_name,
        "games": game_names(),
        "variants": list(room.variants),
        "available_variants": list(rules.variants) if rules else [],
        "min_players": rules.min_players if rules else None,
        "max_players": rules.max_players if rules else None,
        "seats": [
            {
                "seat": seat,
                "name": player.name,
                "connected": player.connected,
                "leader": player is room.leader,
                "bot": player.bot,  # a bot plays it whenever its phone is gone
                "bot_seat": player.bot_seat,  # a bot the leader added
                "away": player.idle,  # ran out of time twice: its bot plays until it is back
                "removed": player.removed,
            }
            for seat, player in enumerate(room.players)
        ],
        "next_game": [player.name for player in room.next_game],
        "leader": seat_of(room.leader) if room.leader else None,
        "spectators": sum(1 for conn in room.connections if conn.player is None),
        "join_url": room.join_url,
        "paused": room.paused,
        "paused_by": room.paused_by,
        "timer": room.timer,
        "clock": room.clock.public(),
        "replay_step": room.replay_step,
        "can_start": _can_start(room),
        "reclaimable": [s for s, p in enumerate(room.players) if not p.connected],
        "claims": [
            {"id": c.id, "seat": seat_of(c.player), "name": c.player.name} for c in room.claims
        ],
        "notice": room.notice,
        "resumable": room.saved.summary() if room.saved and room.phase == "lobby" else None,
        "round": room.games_started,
    }


def you_part(room: Room, player: Player | None, conn: Connection | None) -> dict[str, Any]:
    """What a connection is at the table: its seat (if any), name, leadership and language;
    for a phone without a seat, whether it waits for one."""
    lang = conn.lang if conn is not None else (player.lang if player else "en")
    seated = player is not None and player in room.players
    you: dict[str, Any] = {
        "seat": room.players.index(player) if player is not None and seated else None,
        "name": player.name if player else None,
        "leader": player is not None and player is room.leader,
        "lang": lang,
        "spectator": not seated and room.phase != "lobby",
    }
    if player is not None and not seated:
        you["next_game"] = True  # a latecomer: named, watching, seated at the next game
    if player is None and conn is not None:
        claim = conn.claim
        you["claim"] = {"id": claim.id, "name": claim.player.name} if claim else None
        you["waiting_seat"] = conn.waiting_for is not None
    if room.saved is not None and room.phase == "lobby":
        you["resume_pending"] = player is not None and room.is_saved_seat(player.token)
    return you


def _can_start(room: Room) -> bool:
    if room.phase != "lobby" or room.rules is None:
        return False
    try:
        room.rules.make_config(players=len(room.players), variants=list(room.variants))
    except EngineError:
        return False
    return True
