"""A seat belongs to its player: back at once by token; by name only with the table's approval;
never by a second phone while the first still answers."""

from __future__ import annotations

from host.protocol import MAX_NAME_LENGTH


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


def _secrets_of(room, seat, phone):
    """Strings that only ``seat``'s holder may ever receive."""
    player = room.players[seat]
    me = room.match.rules.view(room.state, seat)["me"]
    return [player.token, phone.token, f'"role":"{me["role"]}"']


async def test_a_phone_that_reconnects_with_its_token_gets_its_seat_and_view_at_once(host, kit):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]})
    token = phones[3].token
    await phones[3].ws.close()
    state = await phones[0].expect("state")
    assert state["room"]["seats"][3]["connected"] is False
    assert state["room"]["reclaimable"] == [3]

    back = await host.phone(token=token, lang="es")
    assert back.token == token
    assert back.state["you"] == {
        "seat": 3,
        "name": "Dara",
        "leader": False,
        "lang": "es",
        "spectator": False,
    }
    assert back.view == room.rules.view(room.state, 3)
    assert back.view["phase"] == "vote"
    state = await phones[0].expect("state")  # Dara is back (a stranger's socket alone is not news)
    assert state["room"]["seats"][3]["connected"] is True
    assert state["room"]["reclaimable"] == []
    phones[3] = back
    for phone in phones:
        await phone.sync()
    await kit.play_one(host, phones, 3, {"type": "vote", "approve": True})


async def test_a_second_phone_with_a_token_in_use_waits_and_gets_nothing_of_the_seat(host, kit):
    phones = await _started(host)
    room = host.room
    token = phones[2].token
    before = kit.frozen(room)
    second = await host.phone()
    await second.send({"type": "hello", "token": token})
    state = await second.expect("state")
    assert state["you"]["seat"] is None and state["you"]["waiting_seat"] is True
    error = await second.expect("error")
    assert error["code"] == "seat_in_use"
    assert "me" not in state["view"]
    assert kit.frozen(room) == before
    assert room.players[2].conn is not None
    assert (await phones[2].sync())["you"]["seat"] == 2  # the first phone plays on
    assert not any(s in text for s in _secrets_of(room, 2, phones[2])[1:] for text in second.raw)
    # the first phone goes quiet for good: the waiting one, holding the token, gets the seat
    await phones[2].ws.close()
    welcome = await second.expect("welcome")
    assert welcome == {"type": "welcome", "token": token, "seat": 2}
    state = await second.expect("state")
    assert state["you"]["seat"] == 2 and state["view"] == room.rules.view(room.state, 2)


async def test_taking_a_seat_back_by_name_needs_the_tables_approval(host, kit):
    phones = await _started(host)
    room = host.room
    old_token = phones[4].token
    await phones[4].ws.close()
    for phone in phones[:4]:
        await phone.expect("state")
    board = await host.board()
    assert board.state["room"]["reclaimable"] == [4]

    claimant = await host.phone(label="claimant")  # storage lost: no token
    assert claimant.state["you"]["spectator"] is True
    await claimant.send({"type": "join", "name": "ELI"})
    waiting = await claimant.expect("state")
    claim = waiting["you"]["claim"]
    assert claim["name"] == "Eli" and waiting["you"]["seat"] is None
    public = await board.until("public")
    # The code the claimant's phone shows, beside the claim on every screen.
    assert 10 <= claim["code"] <= 99
    expected = {"id": claim["id"], "seat": 4, "name": "Eli", "code": claim["code"], "decider": 0}
    assert public["room"]["claims"] == [expected]
    leader_state = await phones[0].expect("state")
    assert leader_state["room"]["claims"][0]["name"] == "Eli"
    # nothing of the seat before approval
    secrets_ = _secrets_of(room, 4, phones[4])
    assert not any(s in text for s in secrets_ for text in claimant.raw)
    # only the leader decides
    await phones[1].sync()
    refused = await phones[1].error({"type": "claim", "id": claim["id"], "approve": True})
    assert refused["code"] == "not_leader"

    await phones[0].send({"type": "claim", "id": claim["id"], "approve": True})
    welcome = await claimant.expect("welcome")
    assert welcome["seat"] == 4 and welcome["token"] != old_token
    state = await claimant.expect("state")
    assert state["you"]["seat"] == 4 and state["view"] == room.rules.view(room.state, 4)
    public = await board.until("public")
    assert public["room"]["claims"] == []
    assert public["room"]["notice"]["kind"] == "seat_taken_back"
    assert public["room"]["notice"]["name"] == "Eli"
    assert not any(welcome["token"] in text or old_token in text for text in board.raw)
    # only the new token works now
    stale = await host.phone()
    await stale.send({"type": "hello", "token": old_token})
    assert (await stale.expect("state"))["you"]["seat"] is None
    assert (await stale.expect("error"))["code"] == "token_unknown"
    assert room.players[4].token == welcome["token"]


async def test_a_refused_claim_leaves_the_claimant_a_spectator(host, kit):
    phones = await _started(host)
    room = host.room
    await phones[3].ws.close()
    for phone in phones[:3] + phones[4:]:
        await phone.expect("state")
    claimant = await host.phone()
    await claimant.send({"type": "join", "name": "Dara"})
    claim = (await claimant.expect("state"))["you"]["claim"]
    await phones[0].sync()
    await claimant.sync()
    before = kit.frozen(room)
    await phones[0].send({"type": "claim", "id": claim["id"], "approve": False})
    error = await claimant.expect("error")
    assert error["code"] == "claim_refused" and "Dara" in error["message"]
    state = await claimant.until("state")
    assert state["you"]["seat"] is None and state["you"]["claim"] is None
    assert kit.frozen(room) == before
    await phones[0].sync()
    unknown = await phones[0].error({"type": "claim", "id": claim["id"], "approve": True})
    assert unknown["code"] == "no_such_claim"


async def test_the_seats_own_phone_coming_back_ends_a_claim(host, kit):
    phones = await _started(host)
    token = phones[1].token
    await phones[1].ws.close()
    await phones[0].expect("state")
    claimant = await host.phone()
    await claimant.send({"type": "join", "name": "Bruno"})
    await claimant.expect("state")
    await host.phone(token=token)
    error = await claimant.until("error")
    assert error["code"] == "claim_refused"
    assert host.room.claims == []


async def test_the_host_key_approves_the_oldest_claim(host):
    phones = await host.table(2)
    await phones[1].ws.close()
    await phones[0].until("state")
    again = await host.phone()
    await again.send({"type": "join", "name": "bruno"})
    await again.expect("state")
    host.room.decide_claim(True)  # the TV's key
    assert (await again.expect("welcome"))["seat"] == 1


async def test_a_connected_seat_cannot_be_claimed_by_name(host, kit):
    phones = await _started(host)
    intruder = await host.phone()
    before = kit.frozen(host.room)
    error = await intruder.error({"type": "join", "name": "Chen"})
    assert error["code"] == "name_taken"
    assert kit.frozen(host.room) == before
    assert host.room.players[2].conn is not None
    assert (await phones[2].sync())["you"]["seat"] == 2
    assert not any(phones[2].token in text for text in intruder.raw)


async def test_a_name_that_looks_like_one_taken_is_refused(host):
    phones = await host.table(1)
    for lookalike in ("Аna", "Ａna", "ana ", "ANA"):  # Cyrillic A, full-width A
        other = await host.phone()
        error = await other.error({"type": "join", "name": lookalike})
        assert error["code"] in ("name_taken", "name_lookalike"), lookalike
    assert [p.name for p in host.room.players] == ["Ana"]
    assert (await phones[0].sync())["you"]["seat"] == 0


async def test_blank_looking_names_are_refused(host):
    phone = await host.phone()
    for blank in ("\u3164", "\u115f", "\u1160", "\u2800", "\u17b4", "\uffa0", "\u034f"):
        error = await phone.error({"type": "join", "name": blank * 3})
        assert error["code"] in ("name_chars", "name_length"), hex(ord(blank))
    error = await phone.error({"type": "join", "name": "x" * (MAX_NAME_LENGTH + 1)})
    assert error["code"] == "name_length"
    assert host.room.players == []


async def test_an_unknown_token_is_answered_and_the_phone_stays_a_guest(host):
    phone = await host.phone(lang="es")
    await phone.send({"type": "hello", "token": "x" * 43})
    state = await phone.expect("state")
    assert state["you"]["seat"] is None
    error = await phone.expect("error")
    assert error["code"] == "token_unknown"
    assert error["message"].startswith("El asiento")


async def test_the_next_player_answers_a_claim_on_the_leaders_own_seat(host, kit):
    # With --headless there are no host keys: a leader whose phone lost its storage would wait
    # for ever on a claim only the leader may answer.
    phones = await _started(host)
    room = host.room
    await phones[0].ws.close()
    await phones[1].expect("state")
    claimant = await host.phone()
    await claimant.send({"type": "join", "name": "Ana"})
    claim = (await claimant.expect("state"))["you"]["claim"]
    state = await phones[1].until("state")
    assert state["room"]["claims"][0]["decider"] == 1
    await phones[2].sync()
    refused = await phones[2].error({"type": "claim", "id": claim["id"], "approve": True})
    assert refused["code"] == "not_leader" and room.claims
    await phones[1].send({"type": "claim", "id": claim["id"], "approve": True})
    welcome = await claimant.until("welcome")
    assert welcome["seat"] == 0 and room.players[0].conn is not None


async def test_a_flood_of_claims_cannot_bury_the_real_one(host, kit):
    phones = await _started(host)
    room = host.room
    await phones[3].ws.close()
    await phones[0].expect("state")
    strangers = [await host.phone(label=f"s{index}") for index in range(4)]
    for stranger in strangers[:3]:
        await stranger.send({"type": "join", "name": "Dara"})
        await stranger.sync()
        assert stranger.state["you"]["claim"]["name"] == "Dara"
    before = kit.frozen(room), list(room.claims)
    await strangers[3].sync()
    error = await strangers[3].error({"type": "join", "name": "Dara"})
    assert error["code"] == "claims_waiting" and "Dara" in error["message"]
    assert (kit.frozen(room), list(room.claims)) == before
    await strangers[0].send({"type": "join", "name": "Dara"})  # asking again is no new claim
    await strangers[0].sync()
    assert len(strangers[0].state["room"]["claims"]) == 3 and len(room.claims) == 3
