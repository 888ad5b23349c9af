"""Whole games of Mole in the Crew played through phone sockets, each phone seeing only its own."""

from __future__ import annotations

import json

import aiohttp
import pytest


@pytest.mark.parametrize(("players", "bot"), [(5, "random"), (10, "smart")])
async def test_a_whole_game_each_phone_sees_only_its_own_view(host, kit, players, bot):
    phones = await host.table(players)
    board = await host.board()
    await host.start(phones)
    await board.until("public")
    room = host.room
    for seat, phone in enumerate(phones):
        assert phone.view == room.rules.view(room.state, seat)
        assert phone.view["me"]["role"] == room.rules.view(room.state, seat)["me"]["role"]

    played = await kit.play_to_end(host, phones, bot=bot, board=board)

    assert played > players  # at least one full vote round happened
    assert room.phase == "over"
    for phone in phones:
        assert phone.state["room"]["phase"] == "over"
        assert phone.view["result"]["winner"] in ("crew", "moles")
    assert board.view["result"] == phones[0].view["result"]
    # Secrets: no phone ever received another seat's token; the board received none at all.
    tokens = [phone.token for phone in phones]
    assert all(tokens) and len(set(tokens)) == players
    for phone in phones:
        others = [t for t in tokens if t != phone.token]
        assert not any(token in text for text in phone.raw for token in others)
    assert not any(token in text for text in board.raw for token in tokens)
    # During play no message carried another seat's "me" nor the roles of others.
    for seat, phone in enumerate(phones):
        for text in phone.raw:
            message = json.loads(text)
            view = message.get("view")
            if message["type"] == "state" and view and view["phase"] != "over":
                assert view["seat"] == seat
                assert view["result"] is None
    for text in board.raw:
        view = json.loads(text)["view"]
        assert view is None or ("me" not in view and view["seat"] is None)


async def test_the_journal_holds_every_accepted_action_in_order(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    journal_path = host.room.journal.path
    await kit.play_to_end(host, phones, bot="random")
    lines = [json.loads(line) for line in journal_path.read_text().splitlines()]
    assert lines[0]["kind"] == "header"
    assert lines[0]["seed"] == host.room.seed
    assert [line["seat"] for line in lines[1:-1]] == [entry["seat"] for entry in host.room.log]
    assert lines[-1] == {"kind": "over"}


async def test_rematch_deals_a_new_game_with_the_same_players(host, kit):
    phones = await host.table(5, variants=["quick"])
    await host.start(phones)
    first_seed = host.room.seed
    await kit.play_to_end(host, phones, bot="random")
    tokens = [phone.token for phone in phones]

    error = await phones[1].error({"type": "rematch"})
    assert error["code"] == "not_leader"

    await phones[0].send({"type": "rematch"})
    await kit.next_state(phones)
    room = host.room
    assert room.phase == "playing"
    assert room.seed != first_seed
    assert room.state is not None and not room.rules.is_over(room.state)
    assert room.variants == ["quick"]
    for seat, phone in enumerate(phones):
        assert phone.state["you"]["name"] == kit.names[seat]
        assert phone.view == room.rules.view(room.state, seat)
        assert phone.view["phase"] == "propose"
        assert phone.state["room"]["round"] == 2
    assert [p.token for p in room.players] == tokens


async def test_rematch_is_refused_before_the_end(host):
    phones = await host.table(5)
    await host.start(phones)
    error = await phones[0].error({"type": "rematch"})
    assert error["code"] == "not_over"


async def test_inside_job_plays_through_the_same_room(host, kit):
    phones = await host.table(4)
    await phones[0].send({"type": "options", "game": "insidejob", "variants": ["wagers"]})
    for phone in phones:
        state = await phone.expect("state")
        assert state["room"]["game"] == "insidejob"
        assert state["room"]["max_players"] == 5 and state["room"]["can_start"] is True
    await host.start(phones)
    board = await host.board()
    await kit.play_to_end(host, phones, bot="random", board=board)
    assert host.room.phase == "over"
    for seat, phone in enumerate(phones):
        assert phone.view == host.room.rules.view(host.room.state, seat)


async def test_shutdown_closes_every_socket_as_going_away_and_the_journal(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    journal = host.room.journal
    async with aiohttp.ClientSession() as session:
        own = await session.ws_connect(host.client.make_url("/ws"))
        board = await session.ws_connect(host.client.make_url("/ws/public"))
        await own.receive(timeout=5)
        await board.receive(timeout=5)
        await host.client.server.close()  # the app's shutdown and cleanup
        for socket in (own, board):
            while (message := await socket.receive(timeout=5)).type is aiohttp.WSMsgType.TEXT:
                pass
            assert message.type is aiohttp.WSMsgType.CLOSE
            assert message.data == aiohttp.WSCloseCode.GOING_AWAY
    assert journal.closed


async def test_every_seated_phone_gets_messages_of_one_size_so_frame_sizes_hide_roles(host, kit):
    """Anyone on the Wi-Fi sees frame sizes: a Lookout's alibi, a Mole's tally or the echo of a
    Sabotage must not make one phone's messages longer than its neighbours'."""
    phones = await host.table(7)
    await host.start(phones)
    await kit.play_to_end(host, phones, bot="smart")

    def sizes_in_game(phone: kit.Phone) -> list[int]:
        sizes, phase = [], None
        for text in phone.raw:
            message = json.loads(text)
            if message["type"] == "state":
                # A frame without a room part has the room of the one before.
                phase = message["room"]["phase"] if "room" in message else phase
                if phase != "lobby":
                    sizes.append(len(text.encode()))
        return sizes

    in_game = [sizes_in_game(phone) for phone in phones]
    assert len(in_game[0]) > 10
    assert all(sizes == in_game[0] for sizes in in_game)
    roles = set(json.loads(phones[0].raw[-1])["view"]["result"]["roles"])
    assert {"mole", "lookout", "contact"} <= roles
