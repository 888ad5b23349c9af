"""The audience plays along: named watchers mark whom they suspect, nobody hears of it during the
game, and at the end everyone sees the audience's guesses beside the truth."""

from __future__ import annotations


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


async def test_the_audience_marks_suspects_that_reach_nobody_until_the_end(host, kit):
    phones = await _started(host)
    room = host.room
    board = await host.board()
    zoe, yan = await host.phone("Zoe"), await host.phone("Yan")
    assert (await zoe.error({"type": "suspect", "seats": [1]}))["code"] == "not_in_audience"
    await zoe.send({"type": "audience", "name": "Zoe"})
    state = await zoe.expect("state")
    assert state["you"]["audience"] == "Zoe" and "me" not in state["view"]
    assert await zoe.expect("audience") == {"type": "audience", "name": "Zoe", "suspects": []}
    await yan.send({"type": "audience", "name": "Yan"})
    await yan.until("audience")
    # a name at the table is not an audience name
    other = await host.phone()
    assert (await other.error({"type": "audience", "name": "ana"}))["code"] == "name_taken"
    moles = room.match.rules.hidden_seats(room.state)
    await zoe.send({"type": "suspect", "seats": moles})
    assert (await zoe.until("audience"))["suspects"] == sorted(moles)
    await yan.send({"type": "suspect", "seats": [s for s in range(5) if s not in moles][:2]})
    await yan.until("audience")
    assert (await yan.error({"type": "suspect", "seats": [7]}))["code"] == "not_a_seat"
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(host, phones, board=None)
    for watcher in (zoe, yan):
        await watcher.sync()
    # nothing of the audience reached a player or the board before the end
    before_end = [t for p in phones for t in p.raw if '"phase":"over"' not in t]
    assert not any("Zoe" in text or "Yan" in text for text in before_end)
    state = await zoe.sync()
    result = state["room"]["audience_result"]
    assert result["truth"] == sorted(moles)
    assert [m["name"] for m in result["members"]] == ["Zoe", "Yan"]
    assert result["best"] == "Zoe" and result["members"][0]["score"] == 1.0
    assert result["members"][0]["rounds"][0] == sorted(moles)
    public = await board.until("public")
    while public["room"]["phase"] != "over":
        public = await board.until("public")
    assert public["room"]["audience_result"]["best"] == "Zoe"


async def test_marks_belong_to_the_round_they_were_made_in(host, kit):
    phones = await _started(host)
    room = host.room
    zoe = await host.phone("Zoe")
    await zoe.send({"type": "audience", "name": "Zoe"})
    await zoe.until("audience")
    await zoe.send({"type": "suspect", "seats": [0]})
    await zoe.until("audience")
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(host, phones, stop=lambda r: r.match.rules.round_of(r.state) >= 1)
    await zoe.send({"type": "suspect", "seats": [1, 2]})
    await zoe.until("audience")
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(host, phones)
    rounds = room.audience.result_for(room)["members"][0]["rounds"]
    assert rounds[0] == [0] and rounds[1] == [1, 2] and rounds[-1] == [1, 2]


async def test_the_audience_is_counted_and_cannot_mark_in_the_lobby(host):
    phones = await host.table(2)
    zoe = await host.phone("Zoe")
    await zoe.send({"type": "audience", "name": "Zoe"})
    await zoe.until("audience")
    assert (await zoe.error({"type": "suspect", "seats": [0]}))["code"] == "not_started"
    await phones[0].send({"type": "options", "variants": []})
    state = await phones[0].until("state")
    assert state["room"]["audience"] == 1


async def test_a_latecomer_is_told_their_seat_waits_for_the_next_game(host, kit):
    phones = await _started(host)
    late = await host.phone("Lea")
    await late.send({"type": "join", "name": "Lea"})
    await late.until("welcome")
    await late.sync()
    error = await late.error({"type": "audience", "name": "Lea"})
    assert error["code"] == "plays_next_game" and "Lea" in error["message"]
    await phones[1].sync()
    seated = await phones[1].error({"type": "audience", "name": "Bruno"})
    assert seated["code"] == "already_seated"


async def test_an_audience_member_who_takes_a_seat_plays_the_next_game(host):
    """Watched a game from the audience, then joined the table in the lobby: at the start the
    phone is a seat with its own view, not the audience (QA: the game waited on her for ever)."""
    phones = await _started(host)
    eva = await host.phone("Eva")
    await eva.send({"type": "audience", "name": "Eva"})
    await eva.until("audience")
    await eva.send({"type": "suspect", "seats": [0]})
    await eva.until("audience")
    await phones[0].send({"type": "end"})
    while (await eva.until("state"))["room"]["phase"] != "lobby":
        pass
    await eva.send({"type": "join", "name": "Eva"})
    state = await eva.until("state")
    assert state["you"]["seat"] == 5 and "audience" not in state["you"]
    assert host.room.audience.present() == 0
    for phone in phones:
        await phone.sync()
    await host.start(phones)
    state = await eva.until("state")
    while state["room"]["phase"] != "playing":
        state = await eva.until("state")
    assert state["you"]["seat"] == 5 and "audience" not in state["you"]
    assert "me" in state["view"]  # the seat's own part of its view
