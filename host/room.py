"""The Room: the one authority over a game, and the one place messages about it leave the host.

It owns the seats (name, secret token, connection, language), the lobby, the engine state and the
journal. Its methods are plain synchronous code run on the server's event loop, so actions are
applied strictly one at a time: each is checked by the engine, written to the journal (fsync), and
only then acknowledged by sending every connection its own view. A refused message is answered to
its sender only and changes nothing.

What leaves: each seated phone gets ``game.view(state, seat)``; every other phone, the public
WebSocket and the TV get ``game.view(state, None)``; tokens go only to their owner.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError
from engine.registry import GameRules, game_names, get_game, replay
from engine.rng import Rng
from host.i18n import normalise_language, translate
from host.journal import GameJournal, JournalError, JournalStore, SavedGame
from host.protocol import ProtocolError, clean_name, parse_message

log = logging.getLogger("molecrew.room")

TOKEN_BYTES = 32  # secrets.token_urlsafe(32): 43 characters, 256 bits
BOT = "smart"  # the engine bot that stands in for an absent player
BOT_STEPS_MAX = 10_000  # a bound on bot moves in a row (all seats bots: a whole game)

PublicCallback = Callable[[dict[str, Any]], None]


class RoomError(Exception):
    """A request the Room refuses: ``code`` (catalog key ``error.<code>``) and ``facts``."""

    def __init__(self, code: str, **facts: Any) -> None:
        self.code = code
        self.facts = facts
        super().__init__(code)


class Connection:
    """One phone WebSocket as the Room sees it. The server subclasses it to really send."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = normalise_language(lang)
        self.player: Player | None = None

    def send_text(self, text: str) -> None:
        """Queue one text frame; never blocks, never raises."""
        raise NotImplementedError

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))


@dataclass(eq=False)
class Player:
    name: str
    token: str
    lang: str = "en"
    conn: Connection | None = None
    bot: bool = False  # the host lets a bot play this seat while it is disconnected

    @property
    def connected(self) -> bool:
        return self.conn is not None


_PAD_FIELD = ',"pad":""'


def encode(message: dict[str, Any]) -> str:
    """One compact JSON text frame."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _load_rules(name: str) -> GameRules | None:
    """The game's rules, or None while its engine package is not installed."""
    try:
        return get_game(name)
    except (ImportError, AttributeError):  # not installed, or half-written during development
        return None


class Room:
    def __init__(
        self,
        *,
        join_url: str = "",
        journals: JournalStore | None = None,
        seed: int | None = None,
        game: str = "mole",
        variants: list[str] | tuple[str, ...] = (),
    ) -> None:
        self.join_url = join_url
        self.journals = journals
        self.fixed_seed = seed
        self.game_name = game
        self.variants: list[str] = list(variants)
        self.phase = "lobby"  # "lobby" | "playing" | "over"
        self.players: list[Player] = []
        self.leader: Player | None = None
        self.connections: set[Connection] = set()
        self.paused = False
        self.rules: GameRules | None = _load_rules(game)
        self.config: Any = None
        self.seed: int | None = None
        self.state: Any = None
        self.log: list[dict[str, Any]] = []
        self.journal: GameJournal | None = None
        self.games_started = 0
        self._bot_rng = Rng(0)
        self._bots_running = False
        self._public_callbacks: list[PublicCallback] = []
        self.saved: SavedGame | None = journals.latest_unfinished() if journals else None

    # ---------------------------------------------------------------- connections

    def connect(self, conn: Connection) -> None:
        """A new phone socket: a guest until it says hello with a token or joins."""
        self.connections.add(conn)
        self._broadcast()

    def disconnect(self, conn: Connection) -> None:
        self.connections.discard(conn)
        player = conn.player
        conn.player = None
        if player is not None and player.conn is conn:
            player.conn = None
        self._changed()

    def subscribe_public(self, callback: PublicCallback) -> Callable[[], None]:
        """Call ``callback(message)`` with every public message from now on, and once at once.

        Returns a function that unsubscribes. Exceptions from the callback are logged, not raised.
        """
        self._public_callbacks.append(callback)
        self._call_public(callback, self.public_message())

        def unsubscribe() -> None:
            if callback in self._public_callbacks:
                self._public_callbacks.remove(callback)

        return unsubscribe

    def handle_text(self, conn: Connection, text: str) -> None:
        """One frame from a phone. Every refusal is answered to ``conn`` only; nothing raises."""
        try:
            message = parse_message(text)
            self._dispatch(conn, message)
        except (ProtocolError, RoomError, EngineError) as error:
            self.refuse(conn, error.code, error.facts)

    def refuse(self, conn: Connection, code: str, facts: dict[str, Any] | None = None) -> None:
        facts = facts or {}
        conn.send(
            {
                "type": "error",
                "code": code,
                "message": translate(conn.lang, f"error.{code}", **facts),
                "facts": facts,
            }
        )

    # ---------------------------------------------------------------- host keys (TV, CLI)

    def start(self) -> None:
        """Deal a new game with the seated players, in seat order.

        Raises RoomError (``not_in_lobby``, ``unknown_game``, ``journal_failed``) or the engine's
        InvalidConfig (``player_count``, ``variant_players``...).
        """
        if self.phase != "lobby":
            raise RoomError("not_in_lobby")
        self._deal()
        self._changed()

    def rematch(self) -> None:
        """A new game with the same players, names, seats, tokens and options.

        Raises RoomError (``not_over``, ``journal_failed``) or the engine's InvalidConfig.
        """
        if self.phase != "over":
            raise RoomError("not_over")
        self._deal()
        self._changed()

    def pause(self) -> None:
        """Refuse actions (``paused``) until :meth:`unpause`; the lobby is unaffected."""
        self.paused = True
        self._broadcast()

    def unpause(self) -> None:
        self.paused = False
        self._changed()

    def set_bot(self, seat: int, on: bool = True) -> None:
        """Let the engine's bot play ``seat`` whenever it is disconnected (or stop it).

        The bot's actions are the seat's actions: checked, journaled and sent like any other.
        The player takes the seat back as usual (token or name); the bot then waits. Raises
        RoomError ``not_started`` (lobby), ``not_a_seat``.
        """
        if self.phase == "lobby":
            raise RoomError("not_started")
        if not 0 <= seat < len(self.players):
            raise RoomError("not_a_seat", seat=seat)
        self.players[seat].bot = on
        self._changed()

    def resume_saved(self) -> None:
        """Continue the unfinished game found in the journal folder.

        Phones already in the lobby keep a seat whose name matches theirs (a resumed game's
        seats are all disconnected, so this is the same rule as reclaiming by name); the rest
        watch. Raises RoomError ``nothing_to_resume``, ``not_in_lobby``, ``unknown_game``,
        ``journal_failed``, ``resume_failed`` (the journal does not replay).
        """
        if self.phase != "lobby":
            raise RoomError("not_in_lobby")
        saved = self.saved
        if saved is None or self.journals is None:
            raise RoomError("nothing_to_resume")
        rules = _load_rules(saved.game)
        if rules is None:
            raise RoomError("unknown_game", game=saved.game)
        try:
            config = rules.config_from_json(saved.config)
            state = replay(rules, config, saved.seed, saved.log)
        except Exception as error:  # a journal this engine cannot replay: never offer it again
            log.error("the saved game %s does not replay: %s", saved.path, error)
            self.saved = None
            self._broadcast()
            raise RoomError("resume_failed") from error
        try:
            journal = self.journals.reopen(saved)
        except JournalError as error:
            raise RoomError("journal_failed") from error
        lobby = {p.name.casefold(): p for p in self.players}
        self.players = [
            Player(name=seat["name"], token=seat["token"], lang=seat.get("lang", "en"))
            for seat in saved.seats
        ]
        self.leader = self.players[min(saved.leader, len(self.players) - 1)]
        for player in self.players:
            old = lobby.get(player.name.casefold())
            if old is not None and old.conn is not None:
                conn = old.conn
                player.lang = conn.lang
                self._seat(conn, player)
        for old in lobby.values():
            if old.conn is not None and old.conn.player is old:
                old.conn.send({"type": "seat_lost", "reason": "resumed"})
                old.conn.player = None
        self.game_name, self.rules, self.config, self.seed = saved.game, rules, config, saved.seed
        self.variants = list(saved.config.get("variants", []))
        self.state, self.log, self.journal = state, list(saved.log), journal
        self.phase, self.saved, self.paused = "playing", None, False
        self._bot_rng = Rng(saved.seed ^ 0x5EED)
        self.games_started += 1
        if rules.is_over(state):
            self._finish()
        self._broadcast()

    def close(self) -> None:
        """Flush and close the journal (the app's cleanup calls this)."""
        if self.journal is not None:
            self.journal.close()

    # ---------------------------------------------------------------- messages

    def _dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        handler = getattr(self, f"_on_{kind}")
        handler(conn, message)

    def _on_ping(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.send({"type": "pong"})

    def _on_hello(self, conn: Connection, message: dict[str, Any]) -> None:
        if message.get("lang"):
            conn.lang = normalise_language(message["lang"])
            if conn.player is not None:
                conn.player.lang = conn.lang
        token = message.get("token")
        if token:
            player = self._player_by_token(token)
            if player is None:
                self._send_state(conn)
                raise RoomError("token_unknown")
            player.lang = conn.lang
            self._seat(conn, player)
            self._broadcast()
        else:
            self._send_state(conn)

    def _on_lang(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.lang = normalise_language(message["lang"])
        if conn.player is not None:
            conn.player.lang = conn.lang
        self._send_state(conn)

    def _on_join(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.player is not None:
            raise RoomError("already_seated", seat=self._seat_of(conn.player))
        name = clean_name(message["name"])
        same = self._player_by_name(name)
        if same is not None:
            if same.connected:
                raise RoomError("name_taken", name=same.name)
            same.lang = conn.lang
            self._seat(conn, same)  # reclaim a disconnected seat by its name
        elif self.phase == "lobby":
            limit = self.rules.max_players if self.rules else None
            if limit is not None and len(self.players) >= limit:
                raise RoomError("room_full", max=limit)
            player = Player(name=name, token=secrets.token_urlsafe(TOKEN_BYTES), lang=conn.lang)
            self.players.append(player)
            if self.leader is None:
                self.leader = player
            self._seat(conn, player)
        else:
            # A late joiner watches the public board; seats are fixed once dealt.
            self._send_state(conn)
            return
        self._broadcast()

    def _on_leave(self, conn: Connection, message: dict[str, Any]) -> None:
        self._require_lobby()
        if conn.player is None:
            raise RoomError("not_seated")
        self._remove(conn.player, reason="left")
        self._broadcast()

    def _on_options(self, conn: Connection, message: dict[str, Any]) -> None:
        self._require_leader(conn)
        self._require_lobby()
        name = message.get("game", self.game_name)
        if name not in game_names():
            raise RoomError("unknown_game", game=name)
        rules = _load_rules(name)
        if rules is None:
            raise RoomError("unknown_game", game=name)
        default = self.variants if name == self.game_name else []
        variants = list(dict.fromkeys(message.get("variants", default)))
        for variant in variants:
            if variant not in rules.variants:
                raise RoomError("unknown_variant", variant=variant)
        self.game_name, self.rules, self.variants = name, rules, variants
        self._broadcast()

    def _on_reorder(self, conn: Connection, message: dict[str, Any]) -> None:
        self._require_leader(conn)
        self._require_lobby()
        order = message["order"]
        if sorted(order) != list(range(len(self.players))):
            raise RoomError("bad_order", players=len(self.players))
        self.players = [self.players[seat] for seat in order]
        self._broadcast()

    def _on_remove(self, conn: Connection, message: dict[str, Any]) -> None:
        self._require_leader(conn)
        self._require_lobby()
        seat = message["seat"]
        if not 0 <= seat < len(self.players):
            raise RoomError("not_a_seat", seat=seat)
        self._remove(self.players[seat], reason="removed")
        self._broadcast()

    def _on_start(self, conn: Connection, message: dict[str, Any]) -> None:
        self._require_leader(conn)
        self.start()

    def _on_rematch(self, conn: Connection, message: dict[str, Any]) -> None:
        self._require_leader(conn)
        self.rematch()

    def _on_bot(self, conn: Connection, message: dict[str, Any]) -> None:
        """The leader lets a bot play a seat whose phone is gone (``on`` false: stop it).

        Turning a bot on is refused for a seat whose phone is connected (``seat_connected``):
        nobody's seat is taken from under them.
        """
        self._require_leader(conn)
        if self.phase == "lobby":
            raise RoomError("not_started")
        seat = message["seat"]
        if not 0 <= seat < len(self.players):
            raise RoomError("not_a_seat", seat=seat)
        on = message.get("on", True)
        player = self.players[seat]
        if on and player.connected:
            raise RoomError("seat_connected", name=player.name)
        self.set_bot(seat, on)

    def _on_action(self, conn: Connection, message: dict[str, Any]) -> None:
        if self.phase == "lobby":
            raise RoomError("not_started")
        player = conn.player
        if player is None:
            raise RoomError("not_seated")
        seat = self._seat_of(player)
        claimed = message.get("seat")
        if claimed is not None and claimed != seat:
            raise RoomError("not_your_seat", seat=claimed)
        if self.paused:
            raise RoomError("paused")
        self._apply(seat, message["action"])
        self._changed()

    # ---------------------------------------------------------------- game

    def _deal(self) -> None:
        """Start a game (first or rematch) with the seated players. Raises as :meth:`start`."""
        rules = self.rules or _load_rules(self.game_name)
        if rules is None:
            raise RoomError("unknown_game", game=self.game_name)
        config = rules.make_config(players=len(self.players), variants=list(self.variants))
        if self.fixed_seed is not None:
            seed = self.fixed_seed + self.games_started
        else:
            seed = secrets.randbits(63)
        state = rules.new_game(config, seed)
        journal = None
        if self.journals is not None:
            seats = [{"name": p.name, "token": p.token, "lang": p.lang} for p in self.players]
            try:
                journal = self.journals.start(
                    rules.name, config.to_json(), seed, seats, self._seat_of(self.leader)
                )
            except JournalError as error:
                log.error("cannot start the journal: %s", error)
                raise RoomError("journal_failed") from error
        if self.journal is not None:
            self.journal.close()
        self.rules, self.config, self.seed, self.state = rules, config, seed, state
        self.log, self.journal = [], journal
        self.phase, self.paused, self.saved = "playing", False, None
        self._bot_rng = Rng(seed ^ 0x5EED)
        for player in self.players:
            player.bot = False
        self.games_started += 1

    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        """Apply, journal, then (the caller) acknowledge. Raises EngineError or RoomError."""
        rules = self.rules
        assert rules is not None
        if self.phase == "over":
            raise RoomError("game_over")
        try:
            rules.apply(self.state, seat, action)
        except EngineError:
            raise
        except Exception as error:
            # An engine bug must not take the table down, nor leave a half-applied state.
            log.exception("engine failed on seat %s action %r", seat, action)
            self._rebuild()
            raise RoomError("internal_error") from error
        if self.journal is not None:
            try:
                self.journal.append_action(seat, action)
            except JournalError as error:
                log.error("journal write failed, action undone: %s", error)
                self._rebuild()
                raise RoomError("journal_failed") from error
        self.log.append({"seat": seat, "action": action})
        if rules.is_over(self.state):
            self._finish()

    def _finish(self) -> None:
        self.phase = "over"
        if self.journal is not None:
            try:
                self.journal.mark_over()
            except JournalError as error:
                log.error("could not mark the journal over: %s", error)
            self.journal.close()
            self.journal = None

    def _rebuild(self) -> None:
        assert self.rules is not None
        self.state = replay(self.rules, self.config, self.seed, self.log)

    # ---------------------------------------------------------------- seats

    def _seat(self, conn: Connection, player: Player) -> None:
        """Give ``player``'s seat to ``conn``; a phone holding it before loses it."""
        if conn.player is not None and conn.player is not player and conn.player.conn is conn:
            conn.player.conn = None
        old = player.conn
        if old is not None and old is not conn:
            old.player = None
            old.send({"type": "seat_lost", "reason": "taken_over"})
        player.conn = conn
        conn.player = player
        conn.send({"type": "welcome", "token": player.token, "seat": self._seat_of(player)})

    def _remove(self, player: Player, reason: str) -> None:
        self.players.remove(player)
        if player.conn is not None:
            player.conn.player = None
            player.conn.send({"type": "seat_lost", "reason": reason})
            player.conn = None
        if self.leader is player:
            self.leader = self.players[0] if self.players else None

    def _seat_of(self, player: Player | None) -> int | None:
        if player is None:
            return None
        return self.players.index(player)

    def _player_by_token(self, token: str) -> Player | None:
        found = None
        for player in self.players:
            # compare every seat, in constant time each: no timing hint about any token
            if secrets.compare_digest(player.token.encode(), token.encode()):
                found = player
        return found

    def _player_by_name(self, name: str) -> Player | None:
        key = name.casefold()
        return next((p for p in self.players if p.name.casefold() == key), None)

    def _require_leader(self, conn: Connection) -> None:
        if conn.player is None or conn.player is not self.leader:
            raise RoomError("not_leader")

    def _require_lobby(self) -> None:
        if self.phase != "lobby":
            raise RoomError("not_in_lobby")

    # ---------------------------------------------------------------- what leaves

    def room_json(self) -> dict[str, Any]:
        """The public description of the room: lobby, seats, options. No tokens, no game state."""
        rules = self.rules
        return {
            "phase": self.phase,
            "game": self.game_name,
            "games": game_names(),
            "variants": list(self.variants),
            "available_variants": list(rules.variants) if rules else [],
            "min_players": rules.min_players if rules else None,
            "max_players": rules.max_players if rules else None,
            "seats": [
                {
                    "seat": seat,
                    "name": player.name,
                    "connected": player.connected,
                    "leader": player is self.leader,
                    "bot": player.bot,
                }
                for seat, player in enumerate(self.players)
            ],
            "leader": self._seat_of(self.leader),
            "spectators": sum(1 for conn in self.connections if conn.player is None),
            "join_url": self.join_url,
            "paused": self.paused,
            "can_start": self._can_start(),
            "reclaimable": [s for s, p in enumerate(self.players) if not p.connected],
            "resumable": self.saved.summary() if self.saved and self.phase == "lobby" else None,
            "round": self.games_started,
        }

    def _can_start(self) -> bool:
        if self.phase != "lobby" or self.rules is None:
            return False
        try:
            self.rules.make_config(players=len(self.players), variants=list(self.variants))
        except EngineError:
            return False
        return True

    def public_view(self) -> dict[str, Any] | None:
        if self.state is None or self.phase == "lobby" or self.rules is None:
            return None
        return self.rules.view(self.state, None)

    def public_message(self) -> dict[str, Any]:
        return {"type": "public", "room": self.room_json(), "view": self.public_view()}

    def _you(self, conn: Connection) -> dict[str, Any]:
        return self._you_as(conn.player, conn.lang)

    def _you_as(self, player: Player | None, lang: str) -> dict[str, Any]:
        return {
            "seat": self._seat_of(player),
            "name": player.name if player else None,
            "leader": player is not None and player is self.leader,
            "lang": lang,
            "spectator": player is None and self.phase != "lobby",
        }

    def _view_for(self, conn: Connection, public_view: dict[str, Any] | None) -> Any:
        if self.phase == "lobby" or self.rules is None or self.state is None:
            return None
        if conn.player is None:
            return public_view
        return self.rules.view(self.state, self._seat_of(conn.player))

    def _send_state(self, conn: Connection) -> None:
        room, public_view = self.room_json(), self.public_view()
        seat = self._seat_of(conn.player)
        if seat is not None and self._in_game():
            conn.send_text(self._seat_texts(room)[seat])
        else:
            conn.send_text(encode(self._state_message(conn, room, public_view)))

    def _state_message(
        self, conn: Connection, room: dict[str, Any], public_view: dict[str, Any] | None
    ) -> dict[str, Any]:
        return {
            "type": "state",
            "room": room,
            "you": self._you(conn),
            "view": self._view_for(conn, public_view),
        }

    def _in_game(self) -> bool:
        return self.phase != "lobby" and self.rules is not None and self.state is not None

    def _seat_texts(self, room: dict[str, Any]) -> list[str]:
        """Every seat's state message during a game, padded to one byte length.

        Views of the same moment differ in length by role (a Lookout's alibi, a Mole's tally, the
        echo of the card just played), and anyone on the Wi-Fi can see the size of a frame. So
        each seat's message is made as long as the longest any seat gets now, connected or not:
        equal sizes tell nothing.
        """
        assert self.rules is not None
        texts = []
        for seat, player in enumerate(self.players):
            message = {
                "type": "state",
                "room": room,
                "you": self._you_as(player, player.conn.lang if player.conn else player.lang),
                "view": self.rules.view(self.state, seat),
            }
            texts.append(encode(message))
        size = max(len(text.encode()) for text in texts) + len(_PAD_FIELD)
        return [self._pad(text, size) for text in texts]

    @staticmethod
    def _pad(text: str, size: int) -> str:
        """``text`` (a JSON object) with a ``pad`` field of spaces making it ``size`` bytes."""
        missing = size - len(text.encode()) - len(_PAD_FIELD)
        return f'{text[:-1]},"pad":"{" " * missing}"}}'

    def _changed(self) -> None:
        """Tell everyone, then let bots play their absent seats, one action (and one message
        round) at a time."""
        self._broadcast()
        if self._bots_running:
            return
        self._bots_running = True
        try:
            for _ in range(BOT_STEPS_MAX):
                seat = self._bot_turn()
                if seat is None:
                    break
                rules = self.rules
                assert rules is not None
                action = rules.bots[BOT](self.state, seat, self._bot_rng)
                try:
                    self._apply(seat, action)
                except (EngineError, RoomError) as error:
                    log.error("the bot for seat %s was refused: %s", seat, error)
                    break
                self._broadcast()
        finally:
            self._bots_running = False

    def _bot_turn(self) -> int | None:
        """The lowest absent seat a bot plays that the engine expects to act, if any."""
        if self.phase != "playing" or self.paused or self.rules is None:
            return None
        expected = self.rules.expected_seats(self.state)
        waiting = [
            s for s in sorted(expected) if self.players[s].bot and not self.players[s].connected
        ]
        return waiting[0] if waiting else None

    def _broadcast(self) -> None:
        """Every phone its own state message, then the public listeners the public one."""
        room = self.room_json()
        public_view = self.public_view()
        seat_texts = self._seat_texts(room) if self._in_game() else []
        for conn in list(self.connections):
            seat = self._seat_of(conn.player)
            if seat is not None and seat_texts:
                conn.send_text(seat_texts[seat])
            else:
                conn.send_text(encode(self._state_message(conn, room, public_view)))
        public = {"type": "public", "room": room, "view": public_view}
        for callback in list(self._public_callbacks):
            self._call_public(callback, public)

    @staticmethod
    def _call_public(callback: PublicCallback, message: dict[str, Any]) -> None:
        try:
            callback(message)
        except Exception:
            log.exception("a public subscriber failed")
