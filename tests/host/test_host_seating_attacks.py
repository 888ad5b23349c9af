"""Seats against a hostile guest device (QA of the latecomers and the claims): one device cannot
queue unlimited latecomers for the next game, latecomers whose phone is gone take no seat, one
device cannot fill the places of a seat's claims, and the table tells claims apart by a code.

Every test phone connects from 127.0.0.1, the host's own machine, which the per-device limits
leave alone: a test gives a phone another device's address the way the server would have."""

from __future__ import annotations

from host.seating import CLAIMS_PER_SEAT, LATECOMERS, LATECOMERS_PER_ADDRESS

GUEST = "192.168.1.66"  # the hostile guest's device
FRIEND = "192.168.1.40"  # someone else's


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


async def _device(host, address, label="phone", token=None):
    """A phone socket from ``address`` (as request.remote would have said)."""
    before = set(host.room.connections)
    phone = await host.phone(label, token=token)
    (conn,) = set(host.room.connections) - before
    conn.address = address
    return phone


async def _latecomer(host, name, address=GUEST):
    phone = await _device(host, address, name)
    await phone.send({"type": "join", "name": name})
    await phone.expect("welcome")
    state = await phone.expect("state")
    assert state["you"]["next_game"] is True
    return phone


async def _drain(phones):
    for phone in phones:
        await phone.sync()


async def test_one_device_queues_a_few_latecomers_only(host, kit):
    """QA: one guest device joined under a new name socket after socket, 290 times in 54 s:
    every name waited for the next game, in every frame's room part and in the room file."""
    phones = await _started(host)
    room = host.room
    for number in range(LATECOMERS_PER_ADDRESS):
        late = await _latecomer(host, f"Late {number}")
        await late.ws.close()
    flood = await _device(host, GUEST, "flood")
    before = kit.frozen(room), [p.name for p in room.next_game]
    error = await flood.error({"type": "join", "name": "Late X"})
    assert error["code"] == "latecomers_device_full"
    assert str(LATECOMERS_PER_ADDRESS) in error["message"]
    assert (kit.frozen(room), [p.name for p in room.next_game]) == before
    # Another device is not affected, nor is the host's own machine.
    await _latecomer(host, "Friend", FRIEND)
    for number in range(LATECOMERS_PER_ADDRESS + 1):
        await _latecomer(host, f"Local {number}", "127.0.0.1")
    await phones[0].sync()
    assert len(phones[0].state["room"]["next_game"]) == 2 * LATECOMERS_PER_ADDRESS + 2


async def test_a_full_list_of_latecomers_forgets_the_oldest_who_is_gone(host, kit):
    await _started(host)
    room = host.room
    waiting = [
        await _latecomer(host, f"Late {number}", f"10.0.0.{number + 1}")
        for number in range(LATECOMERS)
    ]
    one_more = await _device(host, "10.0.1.1", "one more")
    before = kit.frozen(room), [p.name for p in room.next_game]
    error = await one_more.error({"type": "join", "name": "One more"})
    assert error["code"] == "latecomers_full" and str(LATECOMERS) in error["message"]
    assert (kit.frozen(room), [p.name for p in room.next_game]) == before
    # Late 2 and Late 5 go (in that order of joining): the oldest of them makes room.
    for phone in (waiting[5], waiting[2]):
        await phone.ws.close()
    await one_more.send({"type": "join", "name": "One more"})
    await one_more.until("welcome")
    names = [p.name for p in room.next_game]
    assert len(names) == LATECOMERS and "Late 2" not in names and "Late 5" in names
    assert names[-1] == "One more"
    # Its token is nobody's now.
    back = await _device(host, "10.0.0.3", "Late 2 again")
    await back.send({"type": "hello", "token": waiting[2].token})
    assert (await back.until("error"))["code"] == "token_unknown"


async def test_latecomers_whose_phone_is_gone_take_no_seat_in_the_next_lobby(host, kit):
    """QA: after the leader ended the game, the lobby had a seat for each of the flood's names,
    every one disconnected."""
    phones = await _started(host)
    room = host.room
    here = await _latecomer(host, "Kai")
    gone = await _latecomer(host, "Lea", FRIEND)
    lea_token = gone.token
    await gone.ws.close()
    await _drain([*phones, here])
    await phones[0].send({"type": "end"})
    state = await here.until("state")
    assert state["room"]["phase"] == "lobby" and state["you"]["seat"] == 5
    assert [s["name"] for s in state["room"]["seats"]] == [*kit.names[:5], "Kai"]
    assert state["room"]["next_game"] == ["Lea"]
    # Lea's phone comes back while the lobby is open: she takes her seat then.
    back = await _device(host, FRIEND, "Lea again")
    await back.send({"type": "hello", "token": lea_token})
    welcome = await back.until("welcome")
    assert welcome["seat"] == 6 and welcome["token"] == lea_token
    state = await back.until("state")
    assert state["you"]["seat"] == 6 and state["room"]["next_game"] == []
    assert [p.name for p in room.players] == [*kit.names[:5], "Kai", "Lea"]


async def test_a_game_dealt_forgets_the_latecomers_whose_phone_is_gone(host, kit):
    phones = await _started(host)
    room = host.room
    gone = await _latecomer(host, "Lea", FRIEND)
    lea_token = gone.token
    await gone.ws.close()
    claimant = await _device(host, GUEST, "claimant")
    await claimant.send({"type": "join", "name": "Lea"})
    assert (await claimant.expect("state"))["you"]["claim"]["name"] == "Lea"
    await _drain(phones)
    await kit.play_to_end(host, phones)
    await _drain(phones)
    await phones[0].send({"type": "rematch"})  # play again: a new deal at once
    state = await phones[0].until("state")
    assert state["room"]["phase"] == "playing" and state["view"]["players"] == 5
    assert state["room"]["next_game"] == [] and state["room"]["claims"] == []
    assert room.next_game == [] and [p.name for p in room.players] == kit.names[:5]
    assert (await claimant.until("error"))["code"] == "claim_refused"
    # Back, Lea's phone finds its token forgotten; she joins again by name.
    back = await _device(host, FRIEND, "Lea again")
    await back.send({"type": "hello", "token": lea_token})
    assert (await back.until("error"))["code"] == "token_unknown"
    await back.send({"type": "join", "name": "Lea"})
    await back.expect("welcome")


async def test_one_device_has_one_claim_waiting_and_the_real_player_still_asks(host, kit):
    """QA: one device opened three sockets each asking for Bruno's seat; the real Bruno got
    ``claims_waiting``, and each place the leader freed was refilled within 50 ms."""
    phones = await _started(host)
    room = host.room
    await phones[1].ws.close()
    await phones[0].expect("state")
    squatters = [await _device(host, GUEST, f"squat {n}") for n in range(CLAIMS_PER_SEAT)]
    await squatters[0].send({"type": "join", "name": "Bruno"})
    first = (await squatters[0].expect("state"))["you"]["claim"]
    for squatter in squatters[1:]:
        await squatter.sync()
        before = kit.frozen(room), list(room.claims)
        error = await squatter.error({"type": "join", "name": "Bruno"})
        assert error["code"] == "claim_on_this_device" and "Bruno" in error["message"]
        assert (kit.frozen(room), list(room.claims)) == before
    bruno = await _device(host, FRIEND, "Bruno")
    await bruno.send({"type": "join", "name": "Bruno"})
    mine = (await bruno.expect("state"))["you"]["claim"]
    assert mine["name"] == "Bruno" and mine["code"] != first["code"]
    # The leader refuses the squatter's; it asks again at once, and still has one place only.
    await _drain(phones[:1])
    await phones[0].send({"type": "claim", "id": first["id"], "approve": False})
    assert (await squatters[0].until("error"))["code"] == "claim_refused"
    await squatters[1].send({"type": "join", "name": "Bruno"})
    assert (await squatters[1].sync())["you"]["claim"]["name"] == "Bruno"
    await squatters[2].sync()
    error = await squatters[2].error({"type": "join", "name": "Bruno"})
    assert error["code"] == "claim_on_this_device"
    claims = (await phones[0].sync())["room"]["claims"]
    assert [c["code"] for c in claims] == [mine["code"], claims[1]["code"]]
    assert len({c["code"] for c in claims}) == 2


async def test_the_leader_lets_in_the_claim_whose_code_the_claimants_phone_shows(host, kit):
    """QA: the leader saw identical 'Someone wants to take Bruno's seat' entries; approving the
    oldest gave the squatter Bruno's seat, and his role."""
    phones = await _started(host)
    room = host.room
    old_token = phones[1].token
    await phones[1].ws.close()
    await phones[0].expect("state")
    squatter = await _device(host, GUEST, "squatter")
    await squatter.send({"type": "join", "name": "Bruno"})
    await squatter.expect("state")
    bruno = await _device(host, FRIEND, "Bruno")
    await bruno.send({"type": "join", "name": "Bruno"})
    shown = (await bruno.expect("state"))["you"]["claim"]["code"]
    claims = (await phones[0].sync())["room"]["claims"]
    assert [c["name"] for c in claims] == ["Bruno", "Bruno"]
    assert len({c["code"] for c in claims}) == 2 and all(10 <= c["code"] <= 99 for c in claims)
    (real,) = [c for c in claims if c["code"] == shown]
    await phones[0].send({"type": "claim", "id": real["id"], "approve": True})
    welcome = await bruno.until("welcome")
    assert welcome["seat"] == 1 and welcome["token"] != old_token
    assert (await squatter.until("error"))["code"] == "claim_refused"
    assert room.players[1].conn is not None and room.claims == []


async def test_asking_again_keeps_the_claim_its_place_and_its_code(host):
    phones = await _started(host)
    room = host.room
    await phones[3].ws.close()
    await phones[0].expect("state")
    first = await _device(host, FRIEND, "first")
    await first.send({"type": "join", "name": "Dara"})
    claim = (await first.expect("state"))["you"]["claim"]
    second = await _device(host, GUEST, "second")
    await second.send({"type": "join", "name": "Dara"})
    await second.expect("state")
    await first.sync()
    await first.send({"type": "join", "name": "Dara"})
    assert (await first.expect("state"))["you"]["claim"] == claim
    assert [c.id for c in room.claims] == [claim["id"], claim["id"] + 1]
    room.decide_claim(True)  # the host's key: the oldest, whose code the TV shows
    assert (await first.until("welcome"))["seat"] == 3


async def test_no_claim_code_is_shown_twice_in_an_evening(make_host):
    """QA: Bruno's claim ended when his phone slept; a squatter opened socket after socket until
    it drew the code the table had just seen on Bruno's phone."""
    host = await make_host(churn_burst=1000)  # the test's sockets all open from one address
    phones = await _started(host)
    room = host.room
    await phones[1].ws.close()
    await phones[0].expect("state")
    seen = set()
    for attempt in range(120):  # past the ninety two-digit codes
        squatter = await _device(host, f"192.168.2.{attempt}", "squatter")
        await squatter.send({"type": "join", "name": "Bruno"})
        code = (await squatter.expect("state"))["you"]["claim"]["code"]
        assert code not in seen, (attempt, code)
        seen.add(code)
        await squatter.ws.close()  # the claim ends with its socket
        await phones[0].expect("state")
    assert len(seen) == 120 and sum(code < 100 for code in seen) == 90
    assert not room.claims


async def test_a_phone_passing_itself_around_takes_a_watchers_name_as_a_join_does(host):
    """QA: add_seat let a second "Zoe" sit down beside an audience "Zoe", whose marks the end
    would then have called a player's."""
    phones = await host.table(2)
    zoe = await host.phone("Zoe")
    await zoe.send({"type": "audience", "name": "Zoe"})
    await zoe.until("audience")
    await phones[1].send({"type": "add_seat", "name": "zoe"})
    await phones[1].until("welcome")
    assert (await zoe.until("audience"))["name"] is None
    assert (await zoe.until("error"))["code"] == "audience_name_to_player"
    assert [p.name for p in host.room.players][-1] == "zoe"
    assert host.room.audience.members == []


async def test_a_latecomer_cannot_take_a_watchers_name_mid_game(host):
    """QA: a guest joined mid-game as "Zoe", took the watcher's name, and left at once: the
    watcher could not watch under her own name for the rest of the game."""
    await _started(host)
    zoe = await host.phone("Zoe")
    await zoe.send({"type": "audience", "name": "Zoe"})
    await zoe.until("audience")
    guest = await _device(host, GUEST, "guest")
    assert (await guest.error({"type": "join", "name": "Zoe"}))["code"] == "name_watching"
    assert [m.name for m in host.room.audience.members] == ["Zoe"]
    assert host.room.next_game == []
