"""The audience: people without a seat who play along by naming whom they suspect.

A phone that is not seated (it came after the deal, chose to watch, or the table was full) joins
the audience with a name. During a game each member marks the seats they suspect (the Moles in
Mole in the Crew, the Insider in Inside Job) and may change their mind; their marks are kept round
by round (a lock, a trick) and reach nobody until the game is over: then the TV and the board
pages show what the audience suspected beside the truth, and who read the table best.

Marks are acknowledged like the players' actions: each is in the game's journal before the
member's phone hears of it, so a restarted host has them (and their members, by token) back.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from host.errors import RoomError
from host.gate import TokenBucket
from host.journal import JournalError
from host.protocol import clean_name, name_key
from host.seating import limited_by_device, refuse_taken_name
from host.seats import Connection, new_token

if TYPE_CHECKING:
    from host.room import Room

log = logging.getLogger("molecrew.audience")

MAX_MEMBERS = 1_000  # names kept (the socket limit bounds who is connected at once)
# Names one device (one remote address) may have in the audience, connected or with marks: a
# phone reconnecting under new names would otherwise fill the audience for every other guest.
MEMBERS_PER_ADDRESS = 40
# Rows of the result every frame carries after a game, best first; the rest are counted. The
# screens show eight; a thousand rows made every frame of the table 80 KB (QA).
RESULT_ROWS = 24
TIED_NAMES = 2  # those named beside the best when they scored the same; the rest are counted
# The score under which nobody is said to have read the table best (QA: "Zoe read the table
# best!" for 5 %). Naming as many seats as are hidden, at random, scores 0.2 to 0.33 on average
# (Inside Job of five to Inside Job of three; Mole 0.27-0.30); a watcher who saw through the table
# late, after guessing early, still reaches this.
BEST_AT_LEAST = 0.4
# How often one member may change its marks: a burst for a quick run of taps, then a steady
# pace. Each change is synced to disk before it is answered, and thirty sockets from one
# device changing marks at the flood guard's rate would make the seated players wait on the disk.
MARK_BURST = 12
MARKS_PER_SECOND = 2.0


@dataclass(eq=False)
class Member:
    name: str
    token: str
    key: str = ""  # the name as the table compares names (Audience._by_key)
    joined: int = 0  # the order members joined in (ties in the result are listed by it)
    # Suspects per round, by round number: the last marks made during that round.
    marks: dict[int, list[int]] = field(default_factory=dict)
    conn: Connection | None = None
    address: str = ""  # the device it joined from ("" after a restart: not known)
    pace: TokenBucket | None = None  # its changes of marks (kept by the member, not the socket)

    def current(self) -> list[int]:
        return self.marks[max(self.marks)] if self.marks else []

    def record(self) -> dict[str, Any]:
        """Who it is, as the journal keeps it beside its marks (Audience.restore reads it)."""
        return {"token": self.token, "name": self.name, "joined": self.joined}


class Audience:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock  # the Room's, so that tests move the marks' pace on a fake one
        self.members: list[Member] = []
        # Members by the key of their name: a join costs the same with a thousand members as
        # with one (a scan of every name made each one cost 5 ms at the limit; QA).
        self._by_key: dict[str, Member] = {}
        self._joined = 0  # members made so far (Member.joined)

    def join(self, conn: Connection, name: str, key: Any, token: str | None = None) -> Member:
        """``conn`` joins with ``name`` (``key`` compares names as the table does).

        A member's phone comes back with the member's token (its ``audience`` frames carry it),
        even while its old socket still seems open (a phone that slept). Without the token, a
        name in use is refused: a connected member's always, a gone member's once it has marks
        (else anyone typing "Zoe" got her marks during the game, and could rename her row); a
        gone member with no marks is taken back under a new token. A device keeps at most
        MEMBERS_PER_ADDRESS members, however it comes by them (RoomError
        ``audience_device_full``).
        """
        name_key = key(name)
        same = self._by_key.get(name_key)
        if same is not None:
            if same.conn is not conn:
                holds_token = token is not None and _same_token(token, same.token)
                if not holds_token and (same.conn is not None or same.marks):
                    raise RoomError("name_watching", name=same.name)
                self._count_against(conn.address, same)
                self.leave(conn)
                if same.conn is not None:  # the old socket of this very phone: it is done
                    same.conn.member = None
                if not holds_token:
                    # Taken back by name (gone, no marks): a new token, so the phone that had
                    # the name cannot be followed, nor its marks read, by whoever typed it (QA).
                    same.token = new_token()
                same.conn, same.address = conn, conn.address
            return same
        mine: Member | None = conn.member
        if mine is not None and mine.conn is conn:
            # One phone is one member: a new name renames it. Else one phone sending names
            # would count as a crowd on the TV and fill the audience for everyone else.
            if mine.marks:  # the name its marks are under in the journal and the result
                raise RoomError("name_kept", name=mine.name)
            del self._by_key[mine.key]
            mine.name, mine.key = name, name_key
            self._by_key[name_key] = mine
            return mine
        self._count_against(conn.address, None)
        if len(self.members) >= MAX_MEMBERS:
            self._forget_an_absent_member()
        self._joined += 1
        member = Member(name, new_token(), name_key, joined=self._joined)
        member.conn, member.address = conn, conn.address
        self.members.append(member)
        self._by_key[name_key] = member
        return member

    def _count_against(self, address: str, member: Member | None) -> None:
        """Raises RoomError ``audience_device_full`` when ``member`` (None: a new one) would be
        one more of this device's members that count: connected, or with marks. A member taken
        back from another address (or from before a restart, when its address is not known)
        counts here from now on, so neither names nor tokens get round the limit (QA)."""
        if not address:
            return
        if member is not None and member.address == address and (member.conn or member.marks):
            return  # counted here already
        kept = sum(
            1
            for other in self.members
            if other.address == address and (other.conn is not None or other.marks)
        )
        if kept >= MEMBERS_PER_ADDRESS:
            raise RoomError("audience_device_full", max=MEMBERS_PER_ADDRESS)

    def _forget_an_absent_member(self) -> None:
        """Make room for a newcomer: the oldest member who is gone and has marked nothing in
        this game (so is in no result). Raises RoomError ``audience_full`` when none is."""
        gone = next((m for m in self.members if m.conn is None and not m.marks), None)
        if gone is None:
            raise RoomError("audience_full", max=MAX_MEMBERS)
        self.members.remove(gone)
        del self._by_key[gone.key]

    def holding(self, name_key: str) -> Member | None:
        """The member whose name has this key if it holds it: connected, or with marks (a
        player taking the name would be confused with it in the result; QA)."""
        member = self._by_key.get(name_key)
        return member if member is not None and (member.conn or member.marks) else None

    def drop(self, member: Member) -> Connection | None:
        """Take out a member who has marked nothing (it is in no result); returns its phone's
        connection, which is no member any more."""
        assert not member.marks, "a member with marks is in the result"
        self.members.remove(member)
        del self._by_key[member.key]
        conn, member.conn = member.conn, None
        if conn is not None and conn.member is member:
            conn.member = None
        return conn

    def leave(self, conn: Connection) -> None:
        member = conn.member
        if member is not None and member.conn is conn:
            member.conn = None

    def present(self) -> int:
        """How many audience members are here now (a number the TV may show)."""
        return sum(1 for member in self.members if member.conn is not None)

    def mark(self, member: Member, round_no: int, seats: list[int]) -> None:
        member.marks[round_no] = sorted(set(seats))

    def may_mark(self, member: Member) -> bool:
        """Whether ``member`` may change its marks now (see MARKS_PER_SECOND)."""
        if member.pace is None:
            member.pace = TokenBucket(MARKS_PER_SECOND, MARK_BURST, self.clock)
        return member.pace.take()

    def new_game(self) -> None:
        for member in self.members:
            member.marks = {}

    def restore(self, suspicions: list[dict[str, Any]], key: Callable[[str], str]) -> None:
        """The members and marks of a game's journal (``suspect`` lines, in order), after a
        restart: each member's phone comes back to them by its token."""
        by_token = {member.token: member for member in self.members}
        for line in suspicions:
            try:
                token, name = str(line["token"]), str(line["name"])
                round_no, seats = int(line["round"]), [int(seat) for seat in line["seats"]]
                joined = int(line.get("joined", 0))
            except (KeyError, TypeError, ValueError, AttributeError):
                log.error("an unreadable audience line in the journal: %r", line)
                continue
            member = by_token.get(token)
            if member is None:
                name_key = key(name)
                if name_key in self._by_key:
                    continue  # not written by this host: names with marks are unique
                member = Member(name=name, token=token, key=name_key, joined=joined)
                self.members.append(member)
                self._by_key[name_key] = member
                by_token[token] = member
                self._joined = max(self._joined, joined)
            member.marks[round_no] = seats
        # In the order they joined, as before the restart (a tie lists them so).
        self.members.sort(key=lambda member: member.joined)

    def result_for(self, room: Room) -> dict[str, Any] | None:
        """After a game, what the audience suspected beside the truth (None before the end)."""
        truth = _truth_of(room)
        if truth is None or not self.members:
            return None
        return self.results(*truth)

    def ranked(self, truth: list[int], rounds: int) -> list[tuple[Member, dict[str, Any]]]:
        """Every member with marks and its row of the result, the best first (a stable sort:
        those who scored the same stay in the order they joined)."""
        hidden = set(truth)
        rows: list[tuple[Member, dict[str, Any]]] = []
        for member in self.members:
            if not member.marks:
                continue
            by_round = [_carried(member.marks, r) for r in range(rounds)]
            scores = [_overlap(set(marks), hidden) for marks in by_round if marks is not None]
            row = {
                "name": member.name,
                "rounds": by_round,
                "final": member.current(),
                "score": round(sum(scores) / len(scores), 3) if scores else 0.0,
            }
            rows.append((member, row))
        rows.sort(key=lambda pair: -pair[1]["score"])
        return rows

    def results(self, truth: list[int], rounds: int) -> dict[str, Any]:
        """What the audience suspected, round by round, beside the truth, and who read the table
        best (the highest mean overlap with the truth over the rounds they marked; all who share
        it)."""
        rows = [row for _, row in self.ranked(truth, rounds)]
        best = rows[0]["name"] if rows and rows[0]["score"] >= BEST_AT_LEAST else None
        tied = [row["name"] for row in rows[1:] if best and row["score"] == rows[0]["score"]]
        tally: dict[int, int] = {}
        for row in rows:
            for seat in row["final"]:
                tally[seat] = tally.get(seat, 0) + 1
        return {
            "truth": sorted(set(truth)),
            "members": rows[:RESULT_ROWS],
            "more": max(0, len(rows) - RESULT_ROWS),  # members with marks left out above
            "best": best,
            # Who scored the same as the best, in the order they joined (QA: a tie named one).
            "tied_with": tied[:TIED_NAMES],
            "tied_more": max(0, len(tied) - TIED_NAMES),
            "tally": {str(seat): count for seat, count in sorted(tally.items())},
        }


def _same_token(given: str, kept: str) -> bool:
    """Compared in constant time, as bytes: any text a phone sends compares (QA: "é" raised)."""
    return secrets.compare_digest(given.encode("utf-8", "replace"), kept.encode("utf-8"))


def _carried(marks: dict[int, list[int]], round_no: int) -> list[int] | None:
    """The marks in force during ``round_no``: the last made up to then (None: none yet)."""
    earlier = [r for r in marks if r <= round_no]
    return marks[max(earlier)] if earlier else None


def _overlap(marked: set[int], hidden: set[int]) -> float:
    """How well a guess matches the truth: shared seats over all seats named by either."""
    both = marked | hidden
    return len(marked & hidden) / len(both) if both else 1.0


def on_audience(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """A phone without a seat at the table joins the audience with a name, to play along; a
    latecomer too, while it waits for the next game (under its own name or another)."""
    if any(player in room.players for player in conn.seats):
        raise RoomError("already_seated", seat=room.seat_of(conn.seats[0]))
    name = clean_name(message["name"])
    refuse_taken_name(room, name, own=conn.seats)
    conn.member = room.audience.join(conn, name, name_key, message.get("token"))
    room.send_state(conn)
    send_marks(room, conn)
    room.broadcast_soon()  # the audience count on the screens


def on_suspect(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """An audience member names the seats they suspect now; nobody else hears of it until
    the game is over."""
    member = conn.member
    if member is None:
        raise RoomError("not_in_audience")
    if room.phase != "playing" or room.match is None:
        raise RoomError("not_started")
    if _seated_on_this_device(room, conn):
        raise RoomError("seat_on_this_device")
    seats = message["seats"]
    if any(not 0 <= seat < len(room.players) for seat in seats):
        raise RoomError("not_a_seat", seat=next(s for s in seats if not 0 <= s < len(room.players)))
    round_no = room.match.rules.round_of(room.match.state)
    seats = sorted(set(seats))
    if _carried(member.marks, round_no) != seats:
        if not room.audience.may_mark(member):
            raise RoomError("rate_limited")
        journal = room.match.journal
        if journal is not None:
            try:
                journal.append_suspicion(member.record(), round_no, seats)
            except JournalError as error:
                log.error("cannot keep an audience mark: %s", error)
                raise RoomError("journal_failed") from error
        room.audience.mark(member, round_no, seats)
    send_marks(room, conn)


def _seated_on_this_device(room: Room, conn: Connection) -> bool:
    """Whether a phone playing this game connects from the member's device (a second tab or
    browser of a player, who knows its own side: QA). Not for the host's own machine, where
    every local page shares one address."""
    address = conn.address
    if not limited_by_device(address):
        return False
    return any(
        player.conn is not None and player.conn is not conn and player.conn.address == address
        for player in room.players
    )


def start_afresh(room: Room) -> None:
    """A new game is dealt: every member's marks start empty, and their phones are told so
    (they would otherwise keep showing the last game's suspects, by seat numbers that may now
    be other people)."""
    room.audience.new_game()
    for conn in room.connections:
        if conn.member is not None:
            send_marks(room, conn)


def leave_if_seated(room: Room) -> None:
    """Latecomers took their seats: those who watched in the audience meanwhile leave it (their
    phones now show their seats)."""
    for conn in room.connections:
        if conn.member is not None and any(player in room.players for player in conn.seats):
            room.audience.leave(conn)
            conn.member = None


def send_marks(
    room: Room, conn: Connection, own_rows: dict[Member, dict[str, Any]] | None = None
) -> None:
    """The member's own marks; after a game also its own row of the result with its place, as
    the room's result carries only the best rows (``own_rows``: every member's, when the caller
    has them)."""
    member = conn.member
    message: dict[str, Any] = {
        "type": "audience",
        "name": member.name,
        "token": member.token,
        "suspects": member.current(),
    }
    if own_rows is None:
        truth = _truth_of(room)
        own_rows = _placed(room.audience.ranked(*truth)) if truth is not None else {}
    if member in own_rows:
        message["result"] = own_rows[member]
    conn.send_private(message)


def game_over(room: Room) -> None:
    """The game ended: each member present its own row of the result (ranked once for all)."""
    truth = _truth_of(room)
    if truth is None:
        return
    own_rows = _placed(room.audience.ranked(*truth))
    for conn in room.connections:
        if conn.member is not None:
            send_marks(room, conn, own_rows)


def _placed(ranked: list[tuple[Member, dict[str, Any]]]) -> dict[Member, dict[str, Any]]:
    """Each ranked member's row with its place among them; a tie shares the higher place."""
    rows: dict[Member, dict[str, Any]] = {}
    place, last = 0, None
    for index, (member, row) in enumerate(ranked):
        if row["score"] != last:
            place, last = index + 1, row["score"]
        rows[member] = {**row, "place": place, "count": len(ranked)}
    return rows


def _truth_of(room: Room) -> tuple[list[int], int] | None:
    """The hidden seats and the rounds played, once the game is over (None before)."""
    match = room.match
    if room.phase != "over" or match is None:
        return None
    return match.rules.hidden_seats(match.state), match.rules.round_of(match.state) + 1


AUDIENCE_MOVES: dict[str, Callable[[Room, Connection, dict[str, Any]], None]] = {
    "audience": on_audience,
    "suspect": on_suspect,
}
