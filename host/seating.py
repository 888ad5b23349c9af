"""Seats and the phones that hold them: a phone comes back by token, joins with a name, asks for
a disconnected seat back (the table decides), takes more players when it is passed around, and
leaves. These are moves of the Room (``SEAT_MOVES[type](room, conn, message)``).

A seat belongs to its player: it never moves from under a phone that still answers, a name alone
never takes it without the table's approval, and an approved claim gets a new token.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from host.errors import RoomError
from host.i18n import normalise_language
from host.netaddr import is_loopback
from host.protocol import clean_name, name_key, same_spelling
from host.seats import Claim, Connection, Player, find_by_token, new_token

if TYPE_CHECKING:
    from host.audience import Member
    from host.room import Room

CLAIMS_PER_SEAT = 3  # claims waiting on one seat at once (more: claims_waiting)
# Claims one device (one remote address) has waiting at once (more: claim_on_this_device): with
# three sockets, one guest device filled every place on a seat and refilled each one the
# leader refused, so the real player could never ask (QA).
CLAIMS_PER_ADDRESS = 1
# Latecomers waiting for the next game at once: a full list forgets the oldest whose phone is
# gone (more, all there: latecomers_full). Every name is in every frame's room part.
LATECOMERS = 16
# Latecomers one device may have waiting (more: latecomers_device_full): one guest device
# joining under new names, socket after socket, had 290 seats waiting for the next game (QA).
LATECOMERS_PER_ADDRESS = 3


def decide_claim(room: Room, approve: bool, claim_id: int | None = None) -> None:
    """Let a phone into the seat it asked for by name, or refuse it (the oldest claim when
    ``claim_id`` is None: the host keys). Raises RoomError ``no_such_claim``."""
    claim = next((c for c in room.claims if claim_id is None or c.id == claim_id), None)
    if claim is None:
        raise RoomError("no_such_claim")
    if not approve:
        room.claims.remove(claim)
        claim.conn.claim = None
        room.refuse(claim.conn, "claim_refused", {"name": claim.player.name})
        room.broadcast()
        return
    player, old_token = claim.player, claim.player.token
    player.token = new_token()  # whoever held the old token holds nothing now
    try:
        room.save_room()
    except RoomError:
        # Not let in, not refused either: the claim still waits for a table that can record it.
        player.token = old_token
        raise
    room.claims.remove(claim)
    claim.conn.claim = None
    if player.conn is not None:  # its phone came back meanwhile: it loses the seat too
        old = player.conn
        old.player = None
        player.conn = None
        old.send_private({"type": "seat_lost", "reason": "taken_back"})
    for other in list(room.claims):  # one seat, one winner
        if other.player is player:
            room.claims.remove(other)
            other.conn.claim = None
            room.refuse(other.conn, "claim_refused", {"name": player.name})
    player.lang = claim.conn.lang
    give_seat(room, claim.conn, player)
    room.notice = {"id": room.next_id(), "kind": "seat_taken_back", "name": player.name}
    room.changed()


def on_hello(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    if message.get("lang"):
        set_lang(room, conn, message["lang"])
    tokens = message.get("tokens") or []
    if len(tokens) > 1:
        hello_shared(room, conn, tokens)
        return
    token = message.get("token") or (tokens[0] if tokens else None)
    if not token:
        room.send_state(conn)
        return
    player = find_by_token(room.players + room.next_game, token)
    if player is None:
        if room.is_saved_seat(token):  # a seat of the interrupted game: the state says it is kept
            conn.kept_seat = True
            room.send_state(conn)
            return
        room.send_state(conn)
        raise RoomError("token_unknown")
    if player.conn is conn:
        room.send_state(conn)
        return
    if player.conn is not None:
        # Its token is on another phone that still answers: a seat never moves from under a
        # phone. If that one has gone quiet, the probe closes it and this one is seated.
        conn.waiting_for = player
        player.conn.probe()
        room.send_state(conn)
        raise RoomError("seat_in_use", name=player.name)
    player.lang = conn.lang
    with suppress(RoomError):  # not recorded: it waits for the next deal, as before
        seat_returning_latecomer(room, player)
    give_seat(room, conn, player)
    room.changed()


def hello_shared(room: Room, conn: Connection, tokens: list[str]) -> None:
    """A shared phone back after a reload: every seat whose token it keeps and that no other
    phone holds comes back to it, behind the curtain."""
    found = [p for p in (find_by_token(room.players, token) for token in tokens) if p is not None]
    free = [p for p in found if p.conn is None or p.conn is conn]
    if not free and found:
        # Its seats are still on another phone (its old socket, not yet gone): wait for it as a
        # personal phone does, while the host asks that one whether it is still there.
        conn.waiting_for, conn.waiting_tokens = found[0], list(tokens)
        assert found[0].conn is not None
        found[0].conn.probe()
        room.send_state(conn)
        raise RoomError("seat_in_use", name=found[0].name)
    if not free:
        room.send_state(conn)
        raise RoomError("token_unknown")
    for player in sorted(free, key=room.players.index):
        player.lang = conn.lang
        give_seat(room, conn, player, add=bool(conn.seats))
    room.changed()


def on_add_seat(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """In the lobby, a seated phone takes one more player: a phone passed around."""
    room.require_seats_open()
    if not conn.seats:
        raise RoomError("not_seated")
    name = clean_name(message["name"])
    refuse_taken_name(room, name)
    watcher = watcher_giving_way(room, conn, name_key(name), seats_open=True)
    limit = room.rules.max_players if room.rules else None
    if limit is not None and len(room.players) >= limit:
        raise RoomError("room_full", max=limit)
    player = Player(name=name, token=new_token(), lang=conn.lang)
    with room.durable():
        room.players.append(player)
    give_seat(room, conn, player, add=True)
    room.changed()
    if watcher is not None:
        hand_name_to_player(room, watcher)


def on_hold(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """On a shared phone, the named player confirms they hold it: their screen comes up."""
    seat = message["seat"]
    player = room.players[seat] if 0 <= seat < len(room.players) else None
    if player is None or player not in conn.seats:
        raise RoomError("not_your_seat", seat=seat)
    if conn.player is not None and conn.player is not player:
        raise RoomError("phone_held", name=conn.player.name)
    conn.player = player
    player.seen_deal = True
    room.changed()


def on_hide(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """ "Hide and pass": the shared phone shows the curtain again, nothing of the seat."""
    if not conn.shared:
        raise RoomError("not_shared")
    conn.player = None
    room.changed()


def on_lang(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    set_lang(room, conn, message["lang"])
    room.send_state(conn)


def on_join(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    if conn.seats:
        raise RoomError("already_seated", seat=room.seat_of(conn.seats[0]))
    name = clean_name(message["name"])
    key = name_key(name)
    same = next((p for p in room.players if name_key(p.name) == key), None)
    if same is not None:
        if same.removed:
            raise RoomError("seat_removed", name=same.name)
        if not same_spelling(same.name, name):
            raise RoomError("name_lookalike", name=same.name)
        if same.connected or same.bot_seat:  # a bot the leader added has no player to be
            raise RoomError("name_taken", name=same.name)
        ask_for_seat(room, conn, same)
        return
    waiting = next((p for p in room.next_game if name_key(p.name) == key), None)
    if waiting is not None:
        if not same_spelling(waiting.name, name):
            raise RoomError("name_lookalike", name=waiting.name)
        if waiting.connected:
            raise RoomError("name_taken", name=waiting.name)
        ask_for_seat(room, conn, waiting)
        return
    seats_open = room.phase == "lobby" and room.saved is None
    watcher = watcher_giving_way(room, conn, key, seats_open)
    if not seats_open:
        # Seats are fixed once dealt (or while a dealt game is on offer): a late joiner
        # watches and plays the next game.
        add_latecomer(room, conn, name)
    else:
        limit = room.rules.max_players if room.rules else None
        if limit is not None and len(room.players) >= limit:
            raise RoomError("room_full", max=limit)
        player = Player(name=name, token=new_token(), lang=conn.lang)
        with room.durable():
            room.players.append(player)
            if room.leader is None:
                room.leader = player
        give_seat(room, conn, player)
        room.changed()
    if watcher is not None:
        hand_name_to_player(room, watcher)


def watcher_giving_way(room: Room, conn: Connection, key: str, seats_open: bool) -> Member | None:
    """The audience member whose name a player joining under ``key`` takes, if any. Players
    come first, at a seat in the lobby: a guest watching under a friend's name before the friend
    arrived kept the friend out of the game (QA). Not for a latecomer (it could leave at once and
    keep the name from its watcher for the whole game), nor from a member with marks (the
    screens could say "Zoe read the table best" of a player named Zoe). Raises RoomError
    ``name_watching``."""
    watcher = room.audience.holding(key)
    if watcher is None or watcher.conn is conn:
        return None  # this phone watched under the name, and now plays under it
    if watcher.marks or not seats_open:
        raise RoomError("name_watching", name=watcher.name)
    return watcher


def hand_name_to_player(room: Room, member: Member) -> None:
    """A player took the name of an audience member who has marked nothing: the member leaves
    the audience and its phone is asked for another name. Players come first: a guest watching
    under a friend's name before the friend arrived kept the friend out of the game (QA)."""
    conn = room.audience.drop(member)
    if conn is None:
        return
    # The phone forgets the name it would join the audience under again after a reconnect.
    conn.send_private({"type": "audience", "name": None, "token": None, "suspects": []})
    room.refuse(conn, "audience_name_to_player", {"name": member.name})
    room.send_state(conn)
    room.broadcast_soon()  # the audience count on the screens


def limited_by_device(address: str) -> bool:
    """Whether the per-device limits apply to phones from ``address``: not on the host's own
    machine, where every local page (and every browser test) shares one address, nor when the
    address is not known."""
    return bool(address) and not is_loopback(address)


def add_latecomer(room: Room, conn: Connection, name: str) -> None:
    """After the deal, a new name watches and is seated at the next game. A device has at most
    LATECOMERS_PER_ADDRESS waiting, and a full list forgets the oldest latecomer whose phone is
    gone. Raises RoomError ``latecomers_device_full``, ``latecomers_full``."""
    address = conn.address
    if limited_by_device(address):
        mine = sum(1 for p in room.next_game if p.address == address)
        if mine >= LATECOMERS_PER_ADDRESS:
            raise RoomError("latecomers_device_full", max=LATECOMERS_PER_ADDRESS)
    gone = None
    if len(room.next_game) >= LATECOMERS:
        gone = next((p for p in room.next_game if p.conn is None), None)
        if gone is None:
            raise RoomError("latecomers_full", max=LATECOMERS)
    latecomer = Player(name=name, token=new_token(), lang=conn.lang, address=address)
    with room.durable():
        if gone is not None:
            room.next_game.remove(gone)
        room.next_game.append(latecomer)
    if gone is not None:
        end_claims_on(room, gone)
    give_seat(room, conn, latecomer)
    room.changed()


def forget_gone_latecomers(room: Room) -> list[Player]:
    """A game is being dealt: latecomers whose phone is gone missed it, and are forgotten (their
    names would sit on every screen for another whole game; back, they join again by name).
    Returns them: the claims on them end once the deal is made (end_claims_on)."""
    gone = [p for p in room.next_game if p.conn is None]
    room.next_game = [p for p in room.next_game if p.conn is not None]
    return gone


def seat_returning_latecomer(room: Room, player: Player) -> None:
    """A latecomer's phone back (by its token) in a lobby whose seats are open takes its seat at
    once, if the game has room: it was not seated when the lobby opened, being gone."""
    if player not in room.next_game or room.phase != "lobby" or room.saved is not None:
        return
    limit = room.rules.max_players if room.rules else None
    if limit is not None and len(room.players) >= limit:
        return
    with room.durable():
        room.next_game.remove(player)
        room.players.append(player)
        if room.leader is None:
            room.leader = player


def refuse_taken_name(room: Room, name: str, own: Iterable[Player] = ()) -> None:
    """Raises RoomError when ``name`` is, or looks like, a name already at the table (other than
    the ``own`` seats' of the phone asking)."""
    key = name_key(name)
    same = next((p for p in room.players + room.next_game if name_key(p.name) == key), None)
    if same is None or same in own:
        return
    if not same_spelling(same.name, name):
        raise RoomError("name_lookalike", name=same.name)
    raise RoomError("name_taken", name=same.name)


def decider_of(room: Room, claim: Claim) -> Player | None:
    """Who answers a claim: the leader, or for the leader's own seat (its phone is away) the
    next player at the table who is there to answer. Without one, only the host keys can."""
    leader = room.leader
    if claim.player is not leader:
        return leader
    players = room.players
    start = players.index(leader) if leader in players else -1
    for player in players[start + 1 :] + players[: max(start, 0)]:
        if player.connected and not (player.bot_seat or player.removed):
            return player
    return None


def on_claim(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    claim = next((c for c in room.claims if c.id == message["id"]), None)
    decider = decider_of(room, claim) if claim is not None else room.leader
    if decider is None or decider not in conn.seats:
        raise RoomError("not_leader")
    decide_claim(room, bool(message.get("approve")), message["id"])


def on_leave(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    room.require_seats_open()
    player = conn.player
    if player is None:
        raise RoomError("not_seated")
    with room.durable():
        room.remove_player(player)
    send_removed(room, player, conn, "left")
    room.changed()


def give_seat(room: Room, conn: Connection, player: Player, add: bool = False) -> None:
    """Give ``player``'s (free) seat to ``conn``, with the seat's token: its only seat, or
    (``add``) one more on a phone passed around, which then shows the curtain."""
    if not add:
        for held in conn.seats:
            if held is not player and held.conn is conn:
                held.conn = None
        conn.seats = []
    if player not in conn.seats:
        conn.seats.append(player)
    order = room.players + room.next_game
    conn.seats.sort(key=lambda p: order.index(p) if p in order else len(order))
    drop_claim(room, conn)
    conn.waiting_for = None
    if conn.member is not None and player in room.players:
        # A watcher who takes a seat plays: out of the audience (its marks of the last game stay
        # in that game's result), or its phone would keep showing the audience over its seat.
        # A latecomer plays the next game and may play along with the audience until then.
        room.audience.leave(conn)
        conn.member = None
    player.conn = conn
    if player in room.next_game:
        player.address = conn.address  # the device it waits on now
    conn.player = None if conn.shared else player
    for claim in [c for c in room.claims if c.player is player]:
        # The seat's own phone is back: nobody else gets it.
        room.claims.remove(claim)
        claim.conn.claim = None
        room.refuse(claim.conn, "claim_refused", {"name": player.name})
    conn.send_private({"type": "welcome", "token": player.token, "seat": room.seat_of(player)})


def ask_for_seat(room: Room, conn: Connection, player: Player) -> None:
    """``conn`` asks for ``player``'s disconnected seat by name: the table decides. A few
    claims wait on one seat at most, and one per device: more would bury the real one under a
    stranger's. Each claim has a code of its own, shown on its phone and beside it on the
    screens, so the table tells the real claimant from another who typed the same name."""
    if conn.claim is not None and conn.claim.player is player and conn.claim in room.claims:
        room.send_state(conn)  # asking again: the same claim, its place and its code
        return
    if limited_by_device(conn.address):
        mine = [c for c in room.claims if c.conn is not conn and c.conn.address == conn.address]
        if len(mine) >= CLAIMS_PER_ADDRESS:
            raise RoomError("claim_on_this_device", name=mine[0].player.name)
    others = [c for c in room.claims if c.player is player and c.conn is not conn]
    if len(others) >= CLAIMS_PER_SEAT:
        raise RoomError("claims_waiting", name=player.name)
    drop_claim(room, conn)
    claim = Claim(id=room.next_id(), player=player, conn=conn, code=claim_code(room))
    room.claims.append(claim)
    conn.claim = claim
    room.changed()


def claim_code(room: Room) -> int:
    """Two digits drawn at random that no claim has shown this evening (then three, then four).
    Never one shown before: a claim ends when its phone sleeps, and a squatter opening socket
    after socket drew the very code the table had just seen on the real player's phone (QA)."""
    shown = room.claim_codes_shown
    for low, high in ((10, 100), (100, 1000), (1000, 10_000)):
        free = [code for code in range(low, high) if code not in shown]
        if free:
            break
    else:  # ten thousand claims in one evening: start over rather than fail
        shown.clear()
        free = list(range(10, 100))
    code = secrets.choice(free)
    shown.add(code)
    return code


def end_claims_on(room: Room, player: Player) -> None:
    """``player`` is no seat to ask for any more: every claim on it is refused."""
    for claim in [c for c in room.claims if c.player is player]:
        room.claims.remove(claim)
        claim.conn.claim = None
        room.refuse(claim.conn, "claim_refused", {"name": player.name})


def drop_claim(room: Room, conn: Connection) -> None:
    if conn.claim is not None:
        if conn.claim in room.claims:
            room.claims.remove(conn.claim)
        conn.claim = None


def send_removed(room: Room, player: Player, holder: Connection | None, reason: str) -> None:
    if holder is not None:
        if player in holder.seats:
            holder.seats.remove(player)
        holder.player = holder.seats[0] if len(holder.seats) == 1 else None
        holder.send_private({"type": "seat_lost", "reason": reason, "name": player.name})
    player.conn = None
    for claim in [c for c in room.claims if c.player is player]:
        room.claims.remove(claim)
        claim.conn.claim = None


def set_lang(room: Room, conn: Connection, lang: str) -> None:
    conn.lang = normalise_language(lang)
    for player in conn.seats:
        player.lang = conn.lang


SEAT_MOVES: dict[str, Callable[[Room, Connection, dict[str, Any]], None]] = {
    "hello": on_hello,
    "lang": on_lang,
    "join": on_join,
    "claim": on_claim,
    "add_seat": on_add_seat,
    "hold": on_hold,
    "hide": on_hide,
    "leave": on_leave,
}
