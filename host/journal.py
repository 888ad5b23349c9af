"""The game journal: one JSON Lines file per game, fsynced before any action is acknowledged.

Line 1 is the header: ``{"kind": "header", "game", "config", "seed", "seats": [{"name", "token"}],
"leader", "started"}``. Then one ``{"kind": "action", "seat", "action"}`` line per accepted action,
and ``{"kind": "over"}`` when the game ends. A game whose file has no ``over`` line can be resumed:
replaying its actions from the header's config and seed rebuilds the identical state, and the seats
keep their tokens. Between the actions, ``{"kind": "suspect", "token", "name", "joined", "round",
"seats"}`` lines keep the audience's marks, so a restart keeps what each phone was told it marked.

A line cut short by a crash was never fsynced, so never acknowledged: loading skips it. A write
that fails (a full disk) is cut off the file at once, so nothing refused can reach the disk later.
The files hold the seats' tokens, so they are created readable by their owner only.

Beside the games, ``room.json`` keeps the room itself (seats, tokens, leader, game, options,
round, and which journal is the room's current game), replaced atomically on every change, so a
restart finds the lobby, the game or the finished game as it was. ``docs/journal.md`` has it all.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SUFFIX = ".jsonl"
# An appended line needs its data and the file's new length on disk, not its times: fdatasync
# flushes exactly that, and costs about a third less than fsync (where the system has it).
_sync_data = getattr(os, "fdatasync", os.fsync)


class JournalError(Exception):
    """The journal could not be written (disk full, permissions...)."""


@dataclass
class SavedGame:
    """An unfinished game read back from disk."""

    path: Path
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, str]]  # [{"name": ..., "token": ...}] in seat order
    leader: int
    log: list[dict[str, Any]] = field(default_factory=list)  # [{"seat", "action"}]
    # The audience's marks, in the order made: [{"token", "name", "joined", "round", "seats"}]
    suspicions: list[dict[str, Any]] = field(default_factory=list)
    good_bytes: int = 0  # the length of the sound part of the file (a torn tail is cut off)
    over: bool = False  # the game ended (an ``over`` or ``abandoned`` line)
    abandoned: bool = False  # ended by the table, without a result

    def summary(self) -> dict[str, Any]:
        """What a lobby may show about it: no tokens."""
        return {
            "game": self.game,
            "names": [seat["name"] for seat in self.seats],
            "actions": len(self.log),
        }


class GameJournal:
    """The open journal of the game being played. Every line is written whole and fsynced, or
    not at all.

    There is no write buffer: a buffered line refused by a full disk would stay in the buffer
    and reach the disk with the next successful write, recording an action that never happened.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._size = os.fstat(self._fd).st_size

    def _write(self, record: dict[str, Any]) -> None:
        """Raises JournalError when the line cannot be made durable; the file is then as it
        was before the call."""
        if self._fd is None:
            raise JournalError("the journal is closed")
        data = (json.dumps(record, separators=(",", ":"), ensure_ascii=True) + "\n").encode()
        try:
            written = 0
            while written < len(data):
                written += os.write(self._fd, data[written:])
            _sync_data(self._fd)
        except OSError as error:
            self._cut_back()
            raise JournalError(str(error)) from error
        self._size += len(data)

    def _cut_back(self) -> None:
        """Remove whatever part of a refused line reached the file."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, self._size)
            _sync_data(self._fd)
        except OSError as error:
            # The torn tail has no newline, so a reader skips it; later lines would follow it
            # on the same line, so refuse them all: this journal is done.
            os.close(self._fd)
            self._fd = None
            raise JournalError(f"cannot cut back the journal: {error}") from error

    def append_action(self, seat: int, action: dict[str, Any]) -> None:
        self._write({"kind": "action", "seat": seat, "action": action})

    def append_suspicion(self, member: dict[str, Any], round_no: int, seats: list[int]) -> None:
        """An audience member's marks for this round (what its phone was told it marked);
        ``member``: its token, name and place in the order members joined."""
        self._write({"kind": "suspect", **member, "round": round_no, "seats": seats})

    def mark_over(self) -> None:
        self._write({"kind": "over"})

    def mark_abandoned(self) -> None:
        """The table ended the game without a result: it is finished, never resumed."""
        self._write({"kind": "abandoned"})

    @property
    def closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class JournalStore:
    """The folder of journals: starts new games, finds the last unfinished one."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def start(
        self,
        game: str,
        config: dict[str, Any],
        seed: int,
        seats: list[dict[str, str]],
        leader: int,
    ) -> GameJournal:
        """Create a new journal with its header written and fsynced. Raises JournalError."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            # Names sort by start time, so the newest game is the last name.
            name = f"{time.time_ns():020d}-{game}-{secrets.token_hex(4)}{SUFFIX}"
            journal = GameJournal(self.directory / name)
            _fsync_directory(self.directory)
        except OSError as error:
            raise JournalError(str(error)) from error
        journal._write(
            {
                "kind": "header",
                "game": game,
                "config": config,
                "seed": seed,
                "seats": seats,
                "leader": leader,
                "started": time.time(),
            }
        )
        return journal

    def reopen(self, saved: SavedGame) -> GameJournal:
        """Continue writing a resumed game's journal, its torn tail (if any) cut off first, so
        the next line starts on a line of its own. Raises JournalError."""
        try:
            with saved.path.open("r+b") as file:
                file.truncate(saved.good_bytes)
                file.flush()
                os.fsync(file.fileno())
            return GameJournal(saved.path)
        except OSError as error:
            raise JournalError(str(error)) from error

    def latest_unfinished(self) -> SavedGame | None:
        """The newest journal without an ``over`` line, or None (unreadable files are skipped)."""
        if not self.directory.is_dir():
            return None
        for path in sorted(self.directory.glob(f"*{SUFFIX}"), reverse=True):
            saved = read_journal(path)
            if saved is not None and not saved.over:
                return saved
        return None

    def load(self, name: str) -> SavedGame | None:
        """The journal called ``name`` in this folder (finished or not), or None."""
        if not name or "/" in name or not name.endswith(SUFFIX):
            return None
        return read_journal(self.directory / name)


def read_journal(path: Path) -> SavedGame | None:
    """The game in ``path`` if its header is readable, else None (``over`` says if it ended).

    Reading stops at the first line that is cut short or unreadable: it was never fsynced
    whole, so never acknowledged. ``SavedGame.good_bytes`` is where the sound part ends.
    """
    try:
        data = path.read_bytes()
    except OSError:
        return None
    records = []
    good_bytes = 0
    while True:
        end = data.find(b"\n", good_bytes)
        if end < 0:
            break  # no line, or a last line without its newline: torn
        try:
            records.append(json.loads(data[good_bytes:end].decode("utf-8")))
        except (UnicodeDecodeError, json.JSONDecodeError):
            break
        good_bytes = end + 1
    try:
        header = records[0]
        if header.get("kind") != "header":
            return None
        saved = SavedGame(
            path=path,
            game=header["game"],
            config=header["config"],
            seed=header["seed"],
            seats=header["seats"],
            leader=header.get("leader", 0),
            good_bytes=good_bytes,
        )
        for record in records[1:]:
            if record.get("kind") in ("over", "abandoned"):
                saved.over = True
                saved.abandoned = record["kind"] == "abandoned"
                break
            if record.get("kind") == "action":
                saved.log.append({"seat": record["seat"], "action": record["action"]})
            elif record.get("kind") == "suspect":
                saved.suspicions.append(record)
    except (IndexError, KeyError, TypeError, AttributeError):
        return None
    return saved


class RoomFile:
    """``room.json``: the room as it is now, replaced whole (write, fsync, rename, fsync)."""

    NAME = "room.json"

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / self.NAME
        self._last: str | None = None

    def save(self, record: dict[str, Any]) -> None:
        """Make ``record`` durable; a record equal to the last one saved costs nothing.
        Raises JournalError (the file on disk is then still the previous record)."""
        text = json.dumps(record, separators=(",", ":"), ensure_ascii=True, sort_keys=True)
        if text == self._last:
            return
        temporary = self.path.with_name(f".{self.NAME}.{secrets.token_hex(4)}.tmp")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                data = (text + "\n").encode()
                written = 0
                while written < len(data):
                    written += os.write(fd, data[written:])
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, self.path)
            _fsync_directory(self.directory)
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise JournalError(str(error)) from error
        self._last = text

    def load(self) -> dict[str, Any] | None:
        """The saved room, or None (none saved, or unreadable)."""
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None


def _fsync_directory(directory: Path) -> None:
    """Make the new file's name durable too, not only its contents."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
