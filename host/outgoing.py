"""Everything that leaves the host about a room, composed in one place.

This module is the only caller of a game's ``view()`` and the only place a frame's text is made,
so what a recipient may learn is decided here and nowhere else (as boardgame.io's player-view
filter):

- a seated phone gets ``view(state, its seat)``, inside a state frame padded to the length of the
  longest seat's frame of the same change. Views differ in length by role and by secret choice
  (a Sabotage card is longer than a Clean one), and anyone on the Wi-Fi can see a frame's size
  and compare it with the public board's; so a seat's own part of its view is first padded to a
  fixed size (:data:`SEAT_PART_BUCKET`), and what is left to differ between two frames is public;
- everyone else (strangers, spectators, the public socket, the TV) gets ``view(state, None)``;
- a frame meant for one connection only (an error, a pong, a welcome with its token) is padded to
  a fixed bucket, so its size does not tell which error or which seat it was.

Each change is composed once (:class:`Change`) and its texts are shared by every recipient.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import orjson

from engine.errors import EngineError
from engine.registry import game_names

if TYPE_CHECKING:
    from host.room import Room
    from host.seats import Connection, Player

PRIVATE_BUCKET = 1024  # bytes: every one-connection frame is a multiple of this
# Bytes: a seat's own part of its view is padded to a multiple of this. The largest seen in
# random games of every size and variant is about 500 (docs/protocol.md, "Sizes"); any part
# that fits gives a frame whose length no secret changes.
SEAT_PART_BUCKET = 1024
_PAD_OPEN = ',"pad":"'
_PAD_EMPTY = len(_PAD_OPEN) + 1  # the field with no spaces: ,"pad":""


def encode(message: Any) -> str:
    """One compact JSON text frame that always encodes as UTF-8.

    orjson makes it (a tenth of the standard library's time: every frame of every change goes
    through here). It refuses what JSON cannot carry as UTF-8 (a lone surrogate, which JSON allows
    as an escape and Python keeps in its str) and integers beyond 64 bits; the standard library
    then makes the frame, escaping everything, so it keeps its meaning and the socket never
    silently stops.
    """
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=True)


def byte_length(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def pad_to(text: str, size: int) -> str:
    """``text`` (a JSON object without a ``pad`` field) made exactly ``size`` bytes long by a
    ``pad`` field of spaces. ``size`` must leave room for the field."""
    missing = size - byte_length(text) - _PAD_EMPTY
    if missing < 0:
        raise ValueError(f"a frame of {byte_length(text)} bytes does not fit in {size}")
    return f'{text[:-1]}{_PAD_OPEN}{" " * missing}"}}'


def pad_object(text: str, bucket: int) -> str:
    """A JSON object's text made a multiple of ``bucket`` bytes long by spaces before its closing
    brace: whitespace JSON ignores, so the object reads exactly as before."""
    length = byte_length(text)
    size = max(1, -(-length // bucket)) * bucket
    return f"{text[:-1]}{' ' * (size - length)}}}"


def private_text(message: dict[str, Any]) -> str:
    """A frame for one connection, padded to the next multiple of :data:`PRIVATE_BUCKET`."""
    text = encode(message)
    needed = byte_length(text) + _PAD_EMPTY
    size = -(-needed // PRIVATE_BUCKET) * PRIVATE_BUCKET
    return pad_to(text, size)


class Change:
    """The frames of one moment of ``room``, each made at most once and only when needed.

    During a game every seated phone's frame (and a shared phone's, showing the seat that holds
    it or the curtain) is padded to the length of the longest of them: equal sizes tell nothing.

    A frame is spliced from parts encoded once per change: the room part, the public board, and
    for a seat only what its view adds to the board (``seat_part``). Ten seats and a thousand
    screens cost one encoding of the board, not one each.

    A state frame may leave out the room part (``with_room=False``) when every phone it goes to
    already has this very room part (most game actions change only the board): it is 1.6 of a
    ten-player seat frame's 3.7 KB, so each phone opens and parses less than half as much. The
    choice is made for the whole change, so its seat frames stay of one length.
    """

    def __init__(self, room: Room) -> None:
        self._room = room
        match = room.match if room.phase != "lobby" else None
        self._rules = match.rules if match else None
        self._state = match.state if match else None
        self.room = room_part(room)
        self.public_view: dict[str, Any] | None = (
            self._rules.view(self._state, None) if self._rules is not None else None
        )
        self.public_message = {"type": "public", "room": self.room, "view": self.public_view}
        # The Room may swap in an equal text it made before, so that whether a phone has this
        # room part is a comparison of identity (see Room.broadcast).
        self.room_text = encode(self.room)
        self._public_view_text = encode(self.public_view)
        self._public_text: str | None = None
        self._padded: dict[bool, tuple[list[str], dict[Connection, str]]] = {}
        self._watcher_texts: dict[tuple[str, bool], str] = {}
        self._board_texts: dict[tuple[str, ...], str] = {}

    @property
    def public_text(self) -> str:
        """The public frame, made at most once however many screens watch."""
        if self._public_text is None:
            self._public_text = (
                f'{{"type":"public","room":{self.room_text},"view":{self._public_view_text}}}'
            )
        return self._public_text

    def text_for(self, conn: Connection, with_room: bool = True) -> str:
        """The state frame for a connection: its seat's, its shared phone's, or the public one;
        without the room part if ``with_room`` is false (the phone keeps the one it has)."""
        if self._rules is not None and conn.seats:
            seats, devices = self._game_frames(with_room)
            if conn.shared:
                return devices[conn]
            if conn.player is not None and conn.player in self._room.players:
                return seats[self._room.players.index(conn.player)]
        you = you_part(self._room, conn.player, conn)
        # Watchers' frames differ only by a few words of "you": with hundreds of them in the
        # audience, each distinct frame is made once.
        you_text = encode(you)
        text = self._watcher_texts.get((you_text, with_room))
        if text is None:
            text = self._state_text(you_text, self._public_view_text, with_room)
            self._watcher_texts[you_text, with_room] = text
        return text

    def _game_frames(self, with_room: bool) -> tuple[list[str], dict[Connection, str]]:
        frames = self._padded.get(with_room)
        if frames is None:
            frames = ([], {}) if self._rules is None else self._pad_game_frames(with_room)
            self._padded[with_room] = frames
        return frames

    def _pad_game_frames(self, with_room: bool) -> tuple[list[str], dict[Connection, str]]:
        room = self._room
        views = [self._seat_view_text(seat) for seat in range(len(room.players))]
        seat_texts = [
            self._state_text(encode(you_part(room, player, player.conn)), views[seat], with_room)
            for seat, player in enumerate(room.players)
        ]
        device_texts = {}
        for conn in room.connections:
            if conn.shared:
                holder = conn.player
                view = self._public_view_text  # the curtain: nobody holds it
                if holder is not None and holder in room.players:
                    view = views[room.players.index(holder)]
                you = encode(you_part(room, holder, conn))
                device_texts[conn] = self._state_text(you, view, with_room)
        texts = seat_texts + list(device_texts.values())
        size = max(byte_length(text) for text in texts) + _PAD_EMPTY
        padded = {conn: pad_to(text, size) for conn, text in device_texts.items()}
        return [pad_to(text, size) for text in seat_texts], padded

    def _seat_view_text(self, seat: int) -> str:
        """``view(state, seat)`` as JSON: the board (without the keys the seat's part sets,
        encoded once for every seat) and the seat's own part."""
        assert self._rules is not None and self.public_view is not None
        part = self._rules.seat_part(self._state, seat)
        keys = tuple(part)
        board = self._board_texts.get(keys)
        if board is None:
            board = encode({k: v for k, v in self.public_view.items() if k not in part})
            self._board_texts[keys] = board
        part_text = encode(part)
        if part_text == "{}":
            return board
        part_text = pad_object(part_text, SEAT_PART_BUCKET)
        if board == "{}":
            return part_text
        return f"{board[:-1]},{part_text[1:]}"

    def _state_text(self, you_text: str, view_text: str, with_room: bool) -> str:
        if not with_room:
            return f'{{"type":"state","you":{you_text},"view":{view_text}}}'
        return f'{{"type":"state","room":{self.room_text},"you":{you_text},"view":{view_text}}}'


def room_part(room: Room) -> dict[str, Any]:
    """The public description of the room: lobby, seats, options, claims. No tokens, no game."""
    rules = room.rules

    def seat_of(player: Player) -> int | None:
        return room.players.index(player) if player in room.players else None

    # Seats that share a phone carry the same number (the TV groups them); who takes it next.
    shared = sorted(
        (c for c in room.connections if c.shared), key=lambda c: seat_of(c.seats[0]) or 0
    )
    phones = {id(conn): number for number, conn in enumerate(shared, start=1)}
    next_up = {seat for conn in shared if (seat := next_on_phone(room, conn)) is not None}
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
                "look": player.look if player.look is not None else seat,
                "connected": player.connected,
                "leader": player is room.leader,
                "bot": player.bot,  # a bot plays it whenever its phone is gone
                "bot_seat": player.bot_seat,  # a bot the leader added
                "away": player.idle,  # ran out of time twice: its bot plays until it is back
                "removed": player.removed,
                "phone": phones.get(id(player.conn)) if player.conn else None,
                "takes_phone": seat in next_up,
            }
            for seat, player in enumerate(room.players)
        ],
        "next_game": [player.name for player in room.next_game],
        "leader": seat_of(room.leader) if room.leader else None,
        "spectators": sum(1 for conn in room.connections if conn.stranger),
        "join_url": room.join_url,
        "paused": room.paused,
        "paused_by": room.paused_by,
        "timer": room.timer,
        "first_game": room.first_game,
        "tutorial": room.tutorial.to_json() if room.tutorial else None,
        "clock": room.clock.public(),
        "replay_step": room.replay_step,
        "replay_count": room.replay_count(),
        "demo": room.demo,  # bots on every seat, game after game (molecrew --demo)
        "can_start": _can_start(room),
        # The option that keeps this many players from starting, and the counts it allows.
        "misfit": _misfit(room),
        # Seats a player may come back to: a bot the leader added is nobody's to reclaim.
        "reclaimable": [
            s for s, p in enumerate(room.players) if not p.connected and not p.bot_seat
        ],
        "claims": [
            {
                "id": c.id,
                "seat": seat_of(c.player),
                "name": c.player.name,
                "code": c.code,  # on the claimant's phone too: the table checks it is this one
                "decider": seat_of(decider) if (decider := room.decider_of(c)) else None,
            }
            for c in room.claims
        ],
        "notice": room.notice,
        "resumable": room.saved.summary() if room.saved and room.phase == "lobby" else None,
        "audience": room.audience.present(),
        "audience_result": room.audience.result_for(room),
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
        "leader": room.leader is not None
        and (player is room.leader or (conn is not None and room.leader in conn.seats)),
        "lang": lang,
        "spectator": not seated and room.phase != "lobby" and not (conn and conn.shared),
    }
    if player is not None and not seated:
        you["next_game"] = True  # a latecomer: named, watching, seated at the next game
    if conn is not None and conn.shared:
        you["phone"] = shared_phone_part(room, conn)
    if conn is not None and conn.member is not None:
        you["audience"] = conn.member.name  # its marks come in its own "audience" frames
    if player is None and conn is not None:
        claim = conn.claim
        you["claim"] = (
            {"id": claim.id, "name": claim.player.name, "code": claim.code} if claim else None
        )
        you["waiting_seat"] = conn.waiting_for is not None
    if room.saved is not None and room.phase == "lobby":
        kept = conn is not None and conn.kept_seat
        you["resume_pending"] = kept or (player is not None and room.is_saved_seat(player.token))
    return you


def shared_phone_part(room: Room, conn: Connection) -> dict[str, Any]:
    """What a phone passed around shows on its curtain: whose seats it holds, who holds it now,
    and who should take it next (from public facts only: the deal, and whom the game waits on)."""
    seat_of = room.players.index
    seats = [seat_of(p) for p in conn.seats if p in room.players]
    return {
        "seats": seats,
        "names": [room.players[seat].name for seat in seats],
        "holder": seat_of(conn.player) if conn.player in room.players else None,
        "next": next_on_phone(room, conn),
    }


def next_on_phone(room: Room, conn: Connection) -> int | None:
    """The seat that should take the shared phone next, in seat order: one that has not read
    its role since the deal, then one the game waits on. None: nobody needs it now."""
    match = room.match if room.phase == "playing" else None
    if match is None or conn.player is not None:
        return None
    expected = match.expected_seats()
    seats = [room.players.index(p) for p in conn.seats if p in room.players]
    for seat in seats:
        if not room.players[seat].seen_deal:
            return seat
    return next((seat for seat in seats if seat in expected), None)


def _misfit(room: Room) -> dict[str, Any] | None:
    """``{"variant", "min", "max"}`` when the table's size suits the game but not an option
    chosen (the lobby names it: "Snitch needs 5 to 6 players"); None otherwise."""
    rules = room.rules
    if room.phase != "lobby" or rules is None:
        return None
    if not rules.min_players <= len(room.players) <= rules.max_players:
        return None
    try:
        rules.make_config(players=len(room.players), variants=list(room.variants))
    except EngineError as error:
        if error.code == "variant_players":
            return {key: error.facts[key] for key in ("variant", "min", "max")}
    return None


def _can_start(room: Room) -> bool:
    if room.phase != "lobby" or room.rules is None:
        return False
    try:
        room.rules.make_config(players=len(room.players), variants=list(room.variants))
    except EngineError:
        return False
    return True
