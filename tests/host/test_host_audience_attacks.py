"""The audience against a hostile guest (QA of 2026-12-03, after the marks went on disk): a name
typed is never a way to another phone's token or marks, and one device cannot take more than its
share of the audience by names, tokens or a restart."""

from __future__ import annotations

import pytest

from host.audience import MEMBERS_PER_ADDRESS, Audience
from host.errors import RoomError
from host.protocol import name_key
from host.seats import Connection


def _phone(address: str = "10.0.0.7") -> Connection:
    conn = Connection()
    conn.address = address
    return conn


def _member(audience: Audience, name: str, address: str = "10.0.0.7", token=None):
    conn = _phone(address)
    conn.member = audience.join(conn, name, name_key, token)
    return conn


def test_a_name_taken_back_without_its_token_gets_a_new_token():
    """QA: typing the name of a member whose phone slept handed over the member's token, with
    which the guest later read and rewrote the marks its owner made meanwhile."""
    audience = Audience(lambda: 0.0)
    zoe = _member(audience, "Zoe")
    old_token = zoe.member.token
    audience.leave(zoe)
    guest = _member(audience, "zoe", "10.0.0.9")
    assert guest.member.token != old_token
    # Zoe's phone comes back with her old token: the name is held by the guest now.
    with pytest.raises(RoomError) as refused:
        _member(audience, "Zoe", token=old_token)
    assert refused.value.code == "name_watching"


def test_a_token_that_is_not_ascii_is_refused_like_any_wrong_token():
    """QA: "é" as a token raised a TypeError in the comparison (internal_error, a traceback)."""
    audience = Audience(lambda: 0.0)
    _member(audience, "Zoe")
    with pytest.raises(RoomError) as refused:
        _member(audience, "Zoe", "10.0.0.9", token="é")
    assert refused.value.code == "name_watching"


def test_names_taken_back_count_against_the_device_too():
    """QA: 60 members made and left unmarked, 40 marked, then the 60 taken back by name and
    marked: 100 members with marks from one device, though its share is 40."""
    audience = Audience(lambda: 0.0)
    for number in range(10):
        audience.leave(_member(audience, f"Ghost {number}"))
    for number in range(MEMBERS_PER_ADDRESS):
        conn = _member(audience, f"Fan {number}")
        audience.mark(conn.member, 0, [1])
        audience.leave(conn)
    with pytest.raises(RoomError) as refused:
        _member(audience, "Ghost 0")
    assert refused.value.code == "audience_device_full"
    # Another device may take that name.
    assert _member(audience, "Ghost 0", "10.0.0.9").member.address == "10.0.0.9"


def test_members_from_before_a_restart_count_once_taken_back():
    """QA: 40 marked, a restart (addresses are not kept), 40 new marked, then the old 40 taken
    back by their tokens: 80 marked members from one device."""
    before = Audience(lambda: 0.0)
    lines = []
    for number in range(MEMBERS_PER_ADDRESS):
        conn = _member(before, f"Fan {number}")
        lines.append({**conn.member.record(), "round": 0, "seats": [1]})
    audience = Audience(lambda: 0.0)
    audience.restore(lines, name_key)
    for number in range(MEMBERS_PER_ADDRESS):
        conn = _member(audience, f"New {number}")
        audience.mark(conn.member, 0, [2])
        audience.leave(conn)
    with pytest.raises(RoomError) as refused:
        _member(audience, "Fan 0", token=lines[0]["token"])
    assert refused.value.code == "audience_device_full"


def test_a_restart_keeps_the_order_members_joined_in_so_a_tie_reads_the_same():
    """QA: rebuilt in the order of their first marks, a tie named another member best."""
    audience = Audience(lambda: 0.0)
    conns = [_member(audience, name) for name in ("Amy", "Bea", "Cy")]
    lines = []
    for conn in reversed(conns):  # Cy marks first
        audience.mark(conn.member, 0, [1, 3])
        lines.append({**conn.member.record(), "round": 0, "seats": [1, 3]})
    before = audience.results([1, 3], 1)
    restored = Audience(lambda: 0.0)
    restored.restore(lines, name_key)
    after = restored.results([1, 3], 1)
    assert (after["best"], after["tied_with"]) == (before["best"], before["tied_with"])
    assert (after["best"], after["tied_with"]) == ("Amy", ["Bea", "Cy"])
    assert [row["name"] for row in after["members"]] == ["Amy", "Bea", "Cy"]
    # A member who joins after the restart comes after them.
    newcomer = _member(restored, "Dan")
    assert newcomer.member.joined > max(m.joined for m in restored.members[:3])


async def test_a_latecomer_cannot_take_the_name_of_a_member_whose_phone_sleeps(host):
    """QA: Zoe marked, her phone slept, a guest joined the table as "Zoe": her phone came back
    to name_taken, and the result could say "Zoe read the table best" beside a player Zoe."""
    phones = await host.table(5)
    await host.start(phones)
    zoe = await host.phone("Zoe")
    await zoe.send({"type": "audience", "name": "Zoe"})
    await zoe.until("audience")
    await zoe.send({"type": "suspect", "seats": [1]})
    await zoe.until("audience")
    await zoe.ws.close()
    guest = await host.phone("guest")
    error = await guest.error({"type": "join", "name": "zoe"})
    assert error["code"] == "name_watching"


async def test_a_bot_takes_no_name_a_player_or_a_watcher_holds_in_any_spelling(host):
    """QA: add_bot compared exact spellings: a bot "Robo" sat beside a player "robo", "Beep"
    beside "Bеep" (a Cyrillic e), and a bot "Chip" joined while a watcher "Chip" was there."""
    phones = [await host.player(name) for name in ("Ana", "robo", "Bеep")]
    chip = await host.phone("Chip")
    await chip.send({"type": "audience", "name": "Chip"})
    await chip.until("audience")
    for _ in range(3):
        await phones[0].send({"type": "add_bot"})
        await phones[0].until("state")
    names = [player.name for player in host.room.players]
    assert names[:3] == ["Ana", "robo", "Bеep"]
    assert names[3:] == ["Dot", "Widget", "Gizmo"]
