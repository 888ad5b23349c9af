"""One game's life on the host: the deal, each action applied and journaled, the end, the replay
after a restart, and the moves of bots standing in for absent seats.

A :class:`Match` knows nothing of phones or seats' names: the Room owns those. It keeps the
engine state and its log in step with the journal, so that what was acknowledged is exactly what
a restart replays.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Iterable
from typing import Any

from engine.errors import EngineError
from engine.registry import GameRules, get_game, replay
from engine.rng import Rng
from host.errors import RoomError
from host.journal import GameJournal, JournalError, JournalStore, SavedGame

log = logging.getLogger("molecrew.match")

BOT = "smart"  # the engine bot that stands in for an absent player
BOT_SEED_MIX = 0x5EED  # bots draw from their own generator, derived from the game's seed


def load_rules(name: str) -> GameRules | None:
    """The game's rules, or None when no such game is installed (or it does not import)."""
    try:
        return get_game(name)
    except (ImportError, AttributeError, EngineError):
        return None


class Match:
    def __init__(
        self,
        rules: GameRules,
        config: Any,
        seed: int,
        log_entries: list[dict[str, Any]] | None = None,
        journal: GameJournal | None = None,
    ) -> None:
        self.rules = rules
        self.config = config
        self.seed = seed
        self.log: list[dict[str, Any]] = list(log_entries or [])
        self.state: Any = replay(rules, config, seed, self.log)
        self.journal = journal
        # The journal's file name stays known after it closes: the room file points at it.
        self.journal_name: str | None = journal.path.name if journal else None
        self.bot_rng = Rng(seed ^ BOT_SEED_MIX)
        if self.journal is not None and self.over:
            self._close_journal()

    # ---------------------------------------------------------------- making one

    @classmethod
    def deal(
        cls,
        rules: GameRules,
        variants: list[str],
        seats: list[dict[str, Any]],
        leader: int | None,
        journals: JournalStore | None,
        seed: int | None = None,
    ) -> Match:
        """A new game for ``seats`` (name, token, lang each), its journal header on disk first.

        Raises the engine's InvalidConfig (``player_count``, ``variant_players``...) or RoomError
        ``journal_failed``.
        """
        config = rules.make_config(players=len(seats), variants=list(variants))
        if seed is None:
            seed = secrets.randbits(63)
        journal = None
        if journals is not None:
            try:
                journal = journals.start(rules.name, config.to_json(), seed, seats, leader or 0)
            except JournalError as error:
                log.error("cannot start the journal: %s", error)
                raise RoomError("journal_failed") from error
        return cls(rules, config, seed, journal=journal)

    @classmethod
    def from_saved(cls, rules: GameRules, saved: SavedGame, journals: JournalStore | None) -> Match:
        """The saved game replayed; an unfinished one goes on writing its journal.

        Raises RoomError ``resume_failed`` (the journal does not replay on this engine) or
        ``journal_failed``.
        """
        try:
            config = rules.config_from_json(saved.config)
            match = cls(rules, config, saved.seed, saved.log)
            match.journal_name = saved.path.name
        except Exception as error:
            log.error("the saved game %s does not replay: %s", saved.path, error)
            raise RoomError("resume_failed") from error
        if not match.over and journals is not None:
            try:
                match.journal = journals.reopen(saved)
            except JournalError as error:
                raise RoomError("journal_failed") from error
        return match

    # ---------------------------------------------------------------- playing it

    @property
    def over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def expected_seats(self) -> frozenset[int]:
        return frozenset() if self.over else self.rules.expected_seats(self.state)

    def apply(self, seat: int, action: Any) -> None:
        """Check, apply and journal one action; only then may the caller acknowledge it.

        Raises the engine's errors, or RoomError ``game_over``, ``journal_failed`` (the action is
        undone: nothing of it stays in memory or on disk), ``internal_error`` (an engine bug; the
        state is rebuilt from the log).
        """
        if self.over:
            raise RoomError("game_over")
        try:
            accepted = self.rules.apply(self.state, seat, action)
        except EngineError:
            raise
        except Exception as error:
            # An engine bug must not take the table down, nor leave a half-applied state.
            log.exception("engine failed on seat %s action %r", seat, action)
            self._rebuild()
            raise RoomError("internal_error") from error
        # What the engine accepted, not what the phone sent: no stray fields reach the disk.
        normalised = accepted
        if self.journal is not None:
            try:
                self.journal.append_action(seat, normalised)
            except JournalError as error:
                log.error("journal write failed, action undone: %s", error)
                self._rebuild()
                raise RoomError("journal_failed") from error
        self.log.append({"seat": seat, "action": normalised})
        if self.rules.is_over(self.state):  # (not self.over: checked false above, mypy narrows)
            self._finish()

    def bot_move(self, covered: Iterable[int]) -> int | None:
        """Let the bot play the lowest covered seat the engine waits on; its seat, or None.

        The bot's action is the seat's action: checked and journaled like any other. A refused
        bot move (an engine bot bug) is logged and stops the bots until the next change.
        """
        waiting = sorted(set(covered) & self.expected_seats())
        if not waiting:
            return None
        seat = waiting[0]
        action = self.rules.bots[BOT](self.state, seat, self.bot_rng)
        try:
            self.apply(seat, action)
        except (EngineError, RoomError) as error:
            log.error("the bot for seat %s was refused: %s", seat, error)
            return None
        return seat

    def abandon(self) -> None:
        """The table stopped this game: the journal says so, and it is never offered again."""
        if self.journal is not None:
            try:
                self.journal.mark_abandoned()
            except JournalError as error:
                log.error("could not mark the journal abandoned: %s", error)
        self._close_journal()

    def close(self) -> None:
        self._close_journal()

    def discard(self) -> None:
        """A deal the room could not record: its journal goes, so no restart ever offers a
        game nobody was told had started."""
        journal = self.journal
        self._close_journal()
        if journal is not None:
            with contextlib.suppress(OSError):
                journal.path.unlink()

    # ---------------------------------------------------------------- inside

    def _finish(self) -> None:
        if self.journal is not None:
            try:
                self.journal.mark_over()
            except JournalError as error:
                log.error("could not mark the journal over: %s", error)
        self._close_journal()

    def _close_journal(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def _rebuild(self) -> None:
        self.state = replay(self.rules, self.config, self.seed, self.log)
