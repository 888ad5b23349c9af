"""The Room: the one authority over a table of players and the game they play.

It owns the seats (name, secret token, the phone holding it, language), the lobby, the leader and
the claims of phones asking for a seat back; it reads every phone message and dispatches it. The
game itself lives in a :class:`~host.match.Match` (deal, apply, journal, replay, bots), and
everything that leaves is composed by :mod:`host.outgoing`, the one place secrets are filtered.

Its methods are plain synchronous code run on the server's event loop, so messages are handled
strictly one at a time. A refused message is answered to its sender only and changes nothing.
Every change a phone was told about is on disk first: actions in the game's journal, the room
itself (seats, tokens, leader, options) in the room file, so a restart keeps the room.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from engine.errors import CodedError
from engine.registry import DEFAULT_GAME, GameRules, game_names
from host.audience import AUDIENCE_MOVES, Audience, leave_if_seated, start_afresh
from host.audience import game_over as audience_game_over
from host.clock import Handle, LoopScheduler, Scheduler
from host.errors import RoomError
from host.evening import LEADER_MOVES, demo_game_over, remove_mid_game
from host.i18n import normalise_language, translate
from host.journal import JournalError, JournalStore, RoomFile, SavedGame
from host.keeping import record_of, restore
from host.match import Match, load_rules
from host.outgoing import Change, encode, room_part
from host.protocol import parse_message
from host.seating import (
    SEAT_MOVES,
    decide_claim,
    decider_of,
    drop_claim,
    end_claims_on,
    forget_gone_latecomers,
    give_seat,
    hello_shared,
    send_removed,
)
from host.seats import Claim, Connection, Player, find_by_token, give_looks
from host.teaching import MOVES as TEACHING_MOVES
from host.teaching import Tutorial
from host.turnclock import PRESETS, TurnClock

__all__ = ["Connection", "Player", "Room", "RoomError", "encode"]

log = logging.getLogger("molecrew.room")

BOT_STEPS_MAX = 10_000  # a bound on bot moves in a row (all seats bots: a whole game)
# Seconds more that bots wait once a round is over (a lock's cards flipped, a trick taken): the
# screens show it for about five seconds, and a table of bots moving on at once left the TV
# further behind with every round (a demo's results shown under the next lock's moments).
REVEAL_PAUSE = 4.0
# Strangers coming and going change only the spectator count: tell the table at most this often,
# so a flood of connections cannot become a flood of frames on the players' phones.
CHURN_DELAY = 0.5

# The moves other modules define (``type -> function(room, conn, message)``); the Room's own
# ``_on_<type>`` methods handle the rest.
MOVES = SEAT_MOVES | AUDIENCE_MOVES | LEADER_MOVES | TEACHING_MOVES


class Room:
    def __init__(
        self,
        *,
        join_url: str = "",
        journals: JournalStore | None = None,
        seed: int | None = None,
        game: str = DEFAULT_GAME,
        variants: list[str] | tuple[str, ...] = (),
        scheduler: Scheduler | None = None,
        bot_pause: float = 0.0,
    ) -> None:
        self.join_url = join_url
        self.scheduler: Scheduler = scheduler or LoopScheduler()
        # A bot waits this long before its move, so the table can follow it (0: at once).
        self.bot_pause = bot_pause
        self.journals = journals
        self.room_file = RoomFile(journals.directory) if journals is not None else None
        self.fixed_seed = seed
        self.game_name = game
        self.variants: list[str] = list(variants)
        self.rules: GameRules | None = load_rules(game)
        self.phase = "lobby"  # "lobby" | "playing" | "over"
        self.players: list[Player] = []
        self.leader: Player | None = None
        self.connections: set[Connection] = set()
        self.claims: list[Claim] = []
        # Every claim code shown this evening: none is shown twice (host/seating.py, claim_code).
        self.claim_codes_shown: set[int] = set()
        self.notice: dict[str, Any] | None = None  # the last table event worth a line on the TV
        self.paused = False
        self.paused_by: str | None = None  # the leader's name when their phone paused
        self.timer: str | None = None  # the turn-timer preset chosen in the lobby (None: off)
        self.clock = TurnClock(self.scheduler, self._clock_ran_out)
        self.next_game: list[Player] = []  # named latecomers, seated when the next game starts
        self.replay_step: int | None = None  # the grand reveal's step, stepped by the leader
        self.audience = Audience(self.scheduler.now)
        self.tutorial: Tutorial | None = None  # the animated tutorial's place, while it runs
        self.first_game = False  # the lobby option: the TV explains each rule the first time
        self.demo = False  # molecrew --demo: bots play game after game
        self.match: Match | None = None
        self.games_started = 0
        self.saved: SavedGame | None = None  # an interrupted game on offer (key R, --resume)
        # Whether that game was paused when the host stopped ({"by": name or None}), so that it
        # resumes paused.
        self.saved_pause: dict[str, str | None] | None = None
        self._counter = 0  # ids of claims and notices
        self._bots_running = False
        self._bot_wait: Handle | None = None  # a bot's natural pause before its move
        self._bot_round: int | None = None  # the game's round when bots last waited
        self._churn: asyncio.TimerHandle | None = None  # a spectator count still to publish
        self._last_churn = float("-inf")
        self._public_callbacks: list[tuple[Callable[[Any], None], bool]] = []
        self._to_publish: deque[Change] = deque()  # the one being told first (_publish)
        self._room_text: str | None = None  # the room part of the last change made
        if journals is not None:
            restore(self, journals)

    # ---------------------------------------------------------------- the game, for readers

    @property
    def state(self) -> Any:
        return self.match.state if self.match else None

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.match.log if self.match else []

    @property
    def seed(self) -> int | None:
        return self.match.seed if self.match else None

    @property
    def config(self) -> Any:
        return self.match.config if self.match else None

    @property
    def journal(self) -> Any:
        return self.match.journal if self.match else None

    # ---------------------------------------------------------------- connections

    def connect(self, conn: Connection) -> None:
        """A new phone socket: a stranger until it says hello with a token or joins."""
        self.connections.add(conn)
        self.send_state(conn)
        self.broadcast_soon()

    def disconnect(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.audience.leave(conn)
        conn.member = None
        drop_claim(self, conn)
        conn.waiting_for = None
        held = [player for player in conn.seats if player.conn is conn]
        conn.seats, conn.player = [], None
        for player in held:
            player.conn = None
        for player in held:
            waiting = next((c for c in self.connections if c.waiting_for is player), None)
            if waiting is None:
                continue
            # The token's own phone, waiting for this one to go quiet, takes its seat(s).
            waiting.waiting_for, tokens = None, waiting.waiting_tokens
            waiting.waiting_tokens = []
            if tokens:
                with suppress(RoomError):
                    hello_shared(self, waiting, tokens)
            elif player.conn is None:
                give_seat(self, waiting, player)
        if held:
            self.changed()
        else:
            self.broadcast_soon()

    def knows_token(self, token: str) -> bool:
        """Whether ``token`` is a seat's (the server lets such a phone in over any limit)."""
        return find_by_token(self.players, token) is not None or self.is_saved_seat(token)

    def subscribe_public(
        self, callback: Callable[[Any], None], *, as_text: bool = False
    ) -> Callable[[], None]:
        """Call ``callback(message)`` with every public message from now on, and once at once;
        with ``as_text`` it gets the encoded frame instead (encoded once per change, however
        many screens watch).

        Returns a function that unsubscribes. Exceptions from the callback are logged, not raised.
        """
        entry = (callback, as_text)
        self._public_callbacks.append(entry)
        self._call_public(entry, self._change())

        def unsubscribe() -> None:
            if entry in self._public_callbacks:
                self._public_callbacks.remove(entry)

        return unsubscribe

    def handle_text(self, conn: Connection, text: str) -> None:
        """One frame from a phone. Every refusal is answered to ``conn`` only; nothing raises."""
        try:
            message = parse_message(text)
            handler = getattr(self, f"_on_{message['type']}", None)
            if handler is not None:
                handler(conn, message)
            else:
                MOVES[message["type"]](self, conn, message)
        except CodedError as error:  # the engine's, the protocol's and the Room's refusals
            self.refuse(conn, error.code, error.facts)

    def refuse(self, conn: Connection, code: str, facts: dict[str, Any] | None = None) -> None:
        facts = facts or {}
        conn.send_private(
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
        self.changed()

    def rematch(self) -> None:
        """A new game with the same players, names, seats, tokens and options.

        Raises RoomError (``not_over``, ``journal_failed``) or the engine's InvalidConfig.
        """
        if self.phase != "over":
            raise RoomError("not_over")
        self._deal()
        self.changed()

    def pause(self, by: str | None = None) -> None:
        """Refuse actions (``paused``) and stop the clocks until :meth:`unpause`; ``by`` is who
        paused (None: the host's key). The lobby is unaffected."""
        self.paused, self.paused_by = True, by
        self.clock.pause()
        self.save_quietly()
        self.broadcast()

    def paused_record(self) -> dict[str, str | None] | None:
        """The pause as the room file keeps it: of the game played, or of the one on offer."""
        if self.phase == "playing" and self.paused:
            return {"by": self.paused_by}
        return self.saved_pause if self.saved is not None else None

    def unpause(self) -> None:
        self.paused, self.paused_by = False, None
        self.save_quietly()
        self.changed()

    def set_bot(self, seat: int, on: bool = True) -> None:
        """Let the engine's bot play ``seat`` whenever it is disconnected (or stop it).

        The bot's actions are the seat's actions: checked, journaled and sent like any other.
        The player takes the seat back as usual; the bot then waits. Raises RoomError
        ``not_started`` (lobby), ``not_a_seat``.
        """
        if self.phase == "lobby":
            raise RoomError("not_started")
        if not 0 <= seat < len(self.players):
            raise RoomError("not_a_seat", seat=seat)
        self.players[seat].bot = on
        self.save_quietly()
        self.changed()

    def cover_absent_seats(self) -> list[str]:
        """Let the bot play every seat whose phone is gone right now (the B key).

        Returns the names of those seats (empty: nobody is away). The flag stays on when a player
        comes back, so the bot covers them again if their phone drops a second time; a new game
        clears it. Raises RoomError ``not_started`` in the lobby, ``game_over`` once it is over.
        """
        if self.phase == "lobby":
            raise RoomError("not_started")
        if self.phase == "over":
            raise RoomError("game_over")
        absent = [
            seat
            for seat, player in enumerate(self.players)
            if not player.connected and not player.bot_seat  # a bot seat is covered already
        ]
        for seat in absent:
            self.players[seat].bot = True
        self.save_quietly()
        self.changed()
        return [self.players[seat].name for seat in absent]

    def decider_of(self, claim: Claim) -> Player | None:
        """Whose phone answers ``claim``: see seating.decider_of."""
        return decider_of(self, claim)

    def decide_claim(self, approve: bool, claim_id: int | None = None) -> None:
        """The host keys' (and the leader's) answer to a claim: see seating.decide_claim."""
        decide_claim(self, approve, claim_id)

    def resume_saved(self) -> None:
        """Continue the interrupted game found in the state folder.

        The room's seats are the game's (the room file kept them, with any token renewed since),
        so phones back in their seats stay seated; anyone else watches. Raises RoomError
        ``nothing_to_resume``, ``not_in_lobby``, ``unknown_game``, ``journal_failed``,
        ``resume_failed`` (the journal does not replay; it is not offered again).
        """
        if self.phase != "lobby":
            raise RoomError("not_in_lobby")
        saved = self.saved
        if saved is None or self.journals is None:
            raise RoomError("nothing_to_resume")
        rules = load_rules(saved.game)
        if rules is None:
            raise RoomError("unknown_game", game=saved.game)
        try:
            match = Match.from_saved(rules, saved, self.journals)
        except RoomError as error:
            if error.code == "resume_failed":
                self.saved = None
                self.broadcast()
            raise
        if not self._seats_are(saved):
            self._take_seats_of(saved)
        # The game goes on with its own options, whatever the lobby chose meanwhile (QA: the
        # screens named the lobby's options for the saved game).
        self.match, self.rules, self.game_name = match, rules, saved.game
        self.variants = list(saved.config.get("variants", []))
        self.phase = "over" if match.over else "playing"
        pause, self.saved, self.saved_pause = self.saved_pause, None, None
        self.paused = pause is not None and self.phase == "playing"
        self.paused_by = pause["by"] if pause is not None and self.paused else None
        self.games_started += 1
        self.save_quietly()
        self.changed()

    def show_replay_step(self, step: int | None) -> None:
        """The grand reveal shows ``step`` of the game's story (None: the result), held within
        its :meth:`replay_count` steps. The leader's phone and the TV's arrow keys call this.
        Raises RoomError ``not_over``."""
        if self.phase != "over":
            raise RoomError("not_over")
        last = self.replay_count() - 1
        self.replay_step = None if step is None or last < 0 else max(0, min(int(step), last))
        self.save_quietly()
        self.broadcast()

    def replay_count(self) -> int:
        """How many steps the grand reveal of the finished game has (0 before the end): its
        story, as its rules count it from the public board, then what the audience suspected
        if anyone marked."""
        if self.phase != "over" or self.match is None:
            return 0
        board = self.match.rules.view(self.match.state, None)
        audience = self.audience.result_for(self) or {}
        return self.match.rules.replay_steps(board) + (1 if audience.get("members") else 0)

    def abandon(self, by: str | None = None) -> None:
        """End the game being played without a result (the journal records it abandoned) and
        go back to the lobby; ``by``: the leader who ended it, whom every screen names (those
        who did not end it, the audience too, would otherwise just find the lobby)."""
        if by is not None:
            self.notice = {"id": self.next_id(), "kind": "game_ended", "name": by}
        if self.match is not None:
            self.match.abandon()
        self.back_to_lobby()

    def back_to_lobby(self) -> None:
        """From a finished (or abandoned) game to the lobby: the same players, removed ones
        gone, latecomers seated; the leader may change the game, options and seat order."""
        if self.match is not None:
            self.match.close()
        self.match, self.phase, self.replay_step = None, "lobby", None
        self.paused, self.paused_by = False, None
        self.clock.stop()
        for player in self.players:
            player.bot = player.idle = False
        self.seat_newcomers()
        leave_if_seated(self)
        self.save_quietly()
        self.changed()

    def close(self) -> None:
        """Close the journal and stop timers (the app's cleanup calls this)."""
        if self.match is not None:
            self.match.close()
        self.clock.stop()
        if self._bot_wait is not None:
            self._bot_wait.cancel()
            self._bot_wait = None
        if self._churn is not None:
            self._churn.cancel()
            self._churn = None

    # ---------------------------------------------------------------- messages

    def _on_ping(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.send_private({"type": "pong"})

    def _on_options(self, conn: Connection, message: dict[str, Any]) -> None:
        self.require_leader(conn)
        self.require_lobby()
        name = message.get("game", self.game_name)
        rules = load_rules(name) if name in game_names() else None
        if rules is None:
            raise RoomError("unknown_game", game=name)
        default = self.variants if name == self.game_name else []
        variants = list(dict.fromkeys(message.get("variants", default)))
        for variant in variants:
            if variant not in rules.variants:
                raise RoomError("unknown_variant", variant=variant)
        timer = message.get("timer", self.timer)
        if timer is not None and timer not in PRESETS:
            raise RoomError("unknown_timer", timer=timer, presets=", ".join(PRESETS))
        with self.durable():
            self.game_name, self.rules, self.variants = name, rules, variants
            self.timer = timer
            self.first_game = bool(message.get("first_game", self.first_game))
        self.changed()

    def _on_reorder(self, conn: Connection, message: dict[str, Any]) -> None:
        self.require_leader(conn)
        self.require_seats_open()
        order = message["order"]
        if sorted(order) != list(range(len(self.players))):
            raise RoomError("bad_order", players=len(self.players))
        with self.durable():
            self.players = [self.players[seat] for seat in order]
        self.changed()

    def _on_remove(self, conn: Connection, message: dict[str, Any]) -> None:
        """The leader removes a seat (the phone asks for confirmation first): in the lobby it
        leaves the table; after the deal a bot plays it to the end (evening.py)."""
        self.require_leader(conn)
        seat = message["seat"]
        if not 0 <= seat < len(self.players):
            raise RoomError("not_a_seat", seat=seat)
        player = self.players[seat]
        if self.phase != "lobby":
            if player is self.leader:
                raise RoomError("not_a_seat", seat=seat)
            remove_mid_game(self, player)
            return
        self.require_seats_open()
        holder = player.conn
        with self.durable():
            self.remove_player(player)
        send_removed(self, player, holder, "removed")
        self.changed()

    def _on_start(self, conn: Connection, message: dict[str, Any]) -> None:
        self.require_leader(conn)
        self.start()

    def _on_rematch(self, conn: Connection, message: dict[str, Any]) -> None:
        self.require_leader(conn)
        self.rematch()

    def _on_bot(self, conn: Connection, message: dict[str, Any]) -> None:
        """The leader lets a bot play a seat whose phone is gone (``on`` false: stop it).

        Turning a bot on is refused for a seat whose phone is connected (``seat_connected``):
        nobody's seat is taken from under them.
        """
        self.require_leader(conn)
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
        if self.phase == "lobby" or self.match is None:
            raise RoomError("not_started")
        player = conn.player
        if player is None and conn.shared:
            raise RoomError("not_holding")
        if player is None or player not in self.players:
            raise RoomError("not_seated")
        seat = self.players.index(player)
        claimed = message.get("seat")
        if claimed is not None and claimed != seat:
            raise RoomError("not_your_seat", seat=claimed)
        if self.paused:
            raise RoomError("paused")
        if player.removed:
            raise RoomError("not_seated")
        self.match.apply(seat, message["action"])
        player.timeouts, player.idle = 0, False  # the player is back at the table
        self._after_action()
        self.changed()

    # ---------------------------------------------------------------- the game

    def _deal(self) -> None:
        """Start a game (first or rematch) with the seated players. Raises as :meth:`start`;
        a refused deal leaves the room as it was."""
        rules = self.rules or load_rules(self.game_name)
        if rules is None:
            raise RoomError("unknown_game", game=self.game_name)
        seated = (list(self.players), list(self.next_game), self.leader)
        self.seat_newcomers()
        forgotten = forget_gone_latecomers(self)
        seed = None if self.fixed_seed is None else self.fixed_seed + self.games_started
        try:
            match = Match.deal(
                rules,
                self.variants,
                [{"name": p.name, "token": p.token, "lang": p.lang} for p in self.players],
                self.seat_of(self.leader),
                self.journals,
                seed,
            )
        except Exception:
            self.players, self.next_game, self.leader = seated
            raise
        previous = self.match
        self._take_the_deal(match, rules, seated)
        for player in forgotten:
            end_claims_on(self, player)
        for conn in self.connections:
            conn.player = None if conn.shared else conn.player  # everyone passes the phone anew
        self._bot_round = None
        leave_if_seated(self)
        start_afresh(self)
        self.tutorial = None
        if previous is not None:
            previous.close()

    def _take_the_deal(self, match: Match, rules: Any, seated: tuple[Any, ...]) -> None:
        """Make ``match`` the room's game, on disk first: a game the room file does not point
        at would not come back after a restart, with every action acknowledged in it. Raises
        RoomError ``journal_failed`` (the room is then as before and the new journal gone)."""
        before = (
            self.match,
            self.rules,
            self.phase,
            self.paused,
            self.paused_by,
            self.saved,
            self.replay_step,
            self.games_started,
            self.clock.preset,
        )
        flags = [(p, p.bot, p.idle, p.seen_deal, p.timeouts) for p in self.players]
        self.match, self.rules = match, rules
        self.phase, self.paused, self.paused_by, self.saved = "playing", False, None, None
        self.replay_step = None
        for player in self.players:
            player.bot = player.idle = player.seen_deal = False
            player.timeouts = 0
        self.clock.stop()
        self.clock.preset = self.timer
        self.games_started += 1
        try:
            self.save_room()
        except RoomError:
            (
                self.match,
                self.rules,
                self.phase,
                self.paused,
                self.paused_by,
                self.saved,
                self.replay_step,
                self.games_started,
                self.clock.preset,
            ) = before
            for player, bot, idle, seen_deal, timeouts in flags:
                player.bot, player.idle, player.seen_deal, player.timeouts = (
                    bot,
                    idle,
                    seen_deal,
                    timeouts,
                )
            self.players, self.next_game, self.leader = seated
            match.discard()
            raise

    def seat_newcomers(self) -> None:
        """Between games: removed players leave the table, latecomers whose phone is here take
        seats while the chosen game has room (the rest wait for the one after). A latecomer
        whose phone is gone takes no seat: the table would wait on a seat nobody holds (QA: a
        guest device's 290 names sat in the next lobby); it is seated if its phone comes back
        while the lobby's seats are open (seating.seat_returning_latecomer)."""
        for player in [p for p in self.players if p.removed]:
            self.remove_player(player)
        limit = self.rules.max_players if self.rules else len(self.players)
        for player in [p for p in self.next_game if p.conn is not None]:
            if len(self.players) >= limit:
                break
            self.next_game.remove(player)
            self.players.append(player)
        if self.leader is None and self.players:
            self.leader = next((p for p in self.players if not p.bot_seat), self.players[0])

    def _after_action(self) -> None:
        if self.match is not None and self.match.over and self.phase != "over":
            self.phase = "over"
            self.save_quietly()
            audience_game_over(self)
            if self.demo:
                demo_game_over(self)

    def changed(self) -> None:
        """Tell everyone, set the turn clock, then let bots play the seats they cover: at once,
        one action (and one message round) at a time, or after a natural pause each."""
        self._follow_clock()
        self.broadcast()
        if self._bots_running or self._bot_wait is not None:
            return
        if self.bot_pause > 0:
            if self._bot_due():
                self._bot_wait = self.scheduler.call_later(self._bot_delay(), self._paused_bot_move)
            if self._bot_wait is not None:
                return
        self._bots_running = True
        try:
            for _ in range(BOT_STEPS_MAX):
                if not self._bot_move():
                    break
                self._follow_clock()
                self.broadcast()
        finally:
            self._bots_running = False

    def _bot_delay(self) -> float:
        """The natural pause, and the reveal's too when a round ended since the last one."""
        assert self.match is not None
        now = self.match.rules.round_of(self.match.state)
        ended, self._bot_round = self._bot_round is not None and now != self._bot_round, now
        return self.bot_pause + (REVEAL_PAUSE if ended else 0.0)

    def _covered(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.covered]

    def _bot_due(self) -> bool:
        if self.match is None or self.phase != "playing" or self.paused:
            return False
        return bool(set(self._covered()) & self.match.expected_seats())

    def _bot_move(self) -> bool:
        """One bot move for a covered seat the game waits on; whether one was made."""
        if not self._bot_due():
            return False
        assert self.match is not None
        if self.match.bot_move(self._covered()) is None:
            return False
        self._after_action()
        return True

    def _paused_bot_move(self) -> None:
        """After the pause, every covered seat the game waits on moves once: a vote of three
        bots takes one pause, not three."""
        self._bot_wait = None
        if self.match is not None:
            for seat in sorted(set(self._covered()) & self.match.expected_seats()):
                if self._bot_due() and self.match.bot_move([seat]) is not None:
                    self._after_action()
        self.changed()

    def _follow_clock(self) -> None:
        if self.match is None or self.phase != "playing":
            self.clock.stop()
            return
        self.clock.follow(self.match.expected_seats(), self.paused)

    def _clock_ran_out(self, waiting: frozenset[int]) -> None:
        """The step's time is up: each seat still waited on gets its bot's move for this step;
        a seat that ran out twice in a row is shown away and played by its bot until its
        player acts again."""
        if self.match is None or self.phase != "playing" or self.paused:
            return
        for seat in sorted(waiting & self.match.expected_seats()):
            player = self.players[seat]
            player.timeouts += 1
            if player.timeouts >= 2:
                player.idle = True
            if seat in self.match.expected_seats():
                self.match.bot_move([seat])
                self._after_action()
        self.save_quietly()
        self.changed()

    # ---------------------------------------------------------------- seats

    def remove_player(self, player: Player) -> None:
        self.players.remove(player)
        if self.leader is player:
            self.leader = self.players[0] if self.players else None

    def seat_of(self, player: Player | None) -> int | None:
        """The seat's number; None for no player or a latecomer waiting for the next game."""
        if player is None or player not in self.players:
            return None
        return self.players.index(player)

    def is_saved_seat(self, token: str) -> bool:
        """Whether ``token`` is a seat of the interrupted game on offer."""
        if self.saved is None or self.phase != "lobby":
            return False
        seats = [Player(name=s["name"], token=s["token"]) for s in self.saved.seats]
        return find_by_token(seats, token) is not None

    def require_leader(self, conn: Connection) -> None:
        if self.leader is None or self.leader not in conn.seats:
            raise RoomError("not_leader")

    def require_lobby(self) -> None:
        if self.phase != "lobby":
            raise RoomError("not_in_lobby")

    def require_seats_open(self) -> None:
        """The lobby's seats may change: not while an interrupted game is on offer, whose seats
        they are until the leader continues it or starts a new one (QA: a newcomer or a new
        order made continuing it unseat every phone). Raises RoomError ``not_in_lobby``,
        ``saved_game_on_offer``."""
        self.require_lobby()
        if self.saved is not None:
            raise RoomError("saved_game_on_offer")

    def next_id(self) -> int:
        self._counter += 1
        return self._counter

    # ---------------------------------------------------------------- the room on disk

    def save_room(self) -> None:
        """Raises RoomError ``journal_failed`` when the room cannot be made durable."""
        if self.room_file is None:
            return
        try:
            self.room_file.save(record_of(self))
        except JournalError as error:
            log.error("cannot save the room: %s", error)
            raise RoomError("journal_failed") from error

    def save_quietly(self) -> None:
        """Save after a change that has already happened in the game's own journal (the room
        file then only points at it): a failure is logged, the next save catches up."""
        with suppress(RoomError):
            self.save_room()

    @contextmanager
    def durable(self) -> Iterator[None]:
        """A lobby change that is undone unless the room file records it."""
        before = (
            list(self.players),
            list(self.next_game),
            self.leader,
            self.game_name,
            self.rules,
            list(self.variants),
            self.timer,
            self.first_game,
        )
        yield
        try:
            self.save_room()
        except RoomError:
            (
                self.players,
                self.next_game,
                self.leader,
                self.game_name,
                self.rules,
                self.variants,
                self.timer,
                self.first_game,
            ) = before
            raise

    def _seats_are(self, saved: SavedGame) -> bool:
        """Whether the room's seats are the saved game's (same players, in the same order)."""
        return [p.name for p in self.players] == [s["name"] for s in saved.seats]

    def _take_seats_of(self, saved: SavedGame) -> None:
        """Seat the saved game's players (a journal from before room files): phones in the
        lobby become spectators; they come back by token or ask for their seat by name."""
        for player in self.players:
            if player.conn is not None:
                player.conn.seats, player.conn.player = [], None
                player.conn.send_private({"type": "seat_lost", "reason": "resumed"})
        self.players = [
            Player(name=s["name"], token=s["token"], lang=normalise_language(s.get("lang")))
            for s in saved.seats
        ]
        self.leader = self.players[min(saved.leader, len(self.players) - 1)]

    # ---------------------------------------------------------------- what leaves

    def room_json(self) -> dict[str, Any]:
        """The public room part: lobby, seats, options, claims. No tokens, no game state."""
        return room_part(self)

    def _change(self) -> Change:
        give_looks(self.players)
        change = Change(self)
        # The same room part as the last change's becomes the very same text, so a phone that
        # has it is known by identity (broadcast leaves it out of their frames).
        if change.room_text == self._room_text:
            change.room_text = self._room_text
        else:
            self._room_text = change.room_text
        return change

    def public_view(self) -> dict[str, Any] | None:
        return self._change().public_view

    def public_message(self) -> dict[str, Any]:
        return self._change().public_message

    def send_state(self, conn: Connection) -> None:
        change = self._change()
        conn.send_text(change.text_for(conn))
        conn.room_seen = change.room_text

    def broadcast_soon(self) -> None:
        """Strangers came or went: only the spectator count changed, which phones do not show.

        The public screens hear of it at once, then at most once per CHURN_DELAY (the last
        count always arrives), so a flood of connections is no flood on any screen.
        """
        if self._churn is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._publish(self._change())
            return
        wait = self._last_churn + CHURN_DELAY - loop.time()
        if wait <= 0:
            self._last_churn = loop.time()
            self._publish(self._change())
        else:
            self._churn = loop.call_later(wait, self._churn_ended)

    def _churn_ended(self) -> None:
        self._churn = None
        self.broadcast_soon()

    def broadcast(self) -> None:
        """Every phone its own state message, then the public listeners the public one."""
        if self._churn is not None:
            self._churn.cancel()
            self._churn = None
        change = self._change()
        room_text = change.room_text
        # Left out for everyone or for nobody, so that the seats' frames keep one length.
        with_room = any(conn.room_seen is not room_text for conn in self.connections)
        # The seats first: no player waits on the watchers and screens.
        watchers = []
        for conn in list(self.connections):
            if conn.seats:
                conn.send_text(change.text_for(conn, with_room))
                conn.room_seen = room_text
            else:
                watchers.append(conn)
        for conn in watchers:
            conn.send_text(change.text_for(conn, with_room))
            conn.room_seen = room_text
        self._publish(change)

    def _publish(self, change: Change) -> None:
        """Every public listener the change, in the order the changes happened. A listener may
        change the room while it is told (the headless tutorial reports its chapters); the newer
        change then waits until every listener has this one, or the listeners after it would
        get the older message last and show it (QA: the board said "The lesson is starting"
        through the whole first chapter)."""
        # Each in turn, none left out: the screens find their moments between two messages.
        self._to_publish.append(change)
        if len(self._to_publish) > 1:
            return  # a listener changed the room: the loop below tells this one next
        try:
            while self._to_publish:
                for entry in list(self._public_callbacks):
                    self._call_public(entry, self._to_publish[0])
                self._to_publish.popleft()
        finally:
            self._to_publish.clear()

    @staticmethod
    def _call_public(entry: tuple[Callable[[Any], None], bool], change: Change) -> None:
        callback, as_text = entry
        try:
            callback(change.public_text if as_text else change.public_message)
        except Exception:
            log.exception("a public subscriber failed")
