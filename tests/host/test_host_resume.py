"""The journal and the restart: a killed host comes back with the game at its last acknowledged
action and every seat keeping its token."""

from __future__ import annotations

import signal

import aiohttp
from child_host import start_child_host

from host.journal import JournalStore, read_journal


def simple_action(view):
    """What a cooperative player does, read from its own view only (None: nothing to do)."""
    if not view or not view["me"]["can_act"]:
        return None
    phase = view["phase"]
    if phase == "propose":
        return {"type": "propose", "team": list(range(view["locks"][view["lock"]]["team_size"]))}
    if phase == "vote":
        return {"type": "vote", "approve": True}
    if phase == "cards":
        return {"type": "play", "card": "clean"}
    raise AssertionError(phase)


async def play_simple(phones, count):
    """Play ``count`` actions, each acknowledged (every phone has its new state) before the next."""
    for _ in range(count):
        phone, action = next(
            (p, simple_action(p.view)) for p in phones if simple_action(p.view) is not None
        )
        await phone.send({"type": "action", "action": action})
        for other in phones:
            message = await other.expect("state")
            assert message["view"]["seat"] == other.seat


async def interrupted(make_host, actions):
    """Five players play ``actions`` moves, then the host stops: their phones (tokens, views)."""
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await play_simple(phones, actions)
    await first.client.close()
    return phones


async def test_a_new_app_on_the_same_folder_resumes_the_game(make_host, kit, tmp_path):
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await play_simple(phones, 8)  # a whole lock: proposal, five votes, two cards
    room = first.room
    snapshot = room.rules.snapshot(room.state)
    tokens = [p.token for p in phones]
    roles = [p.view["me"]["role"] for p in phones]
    assert room.state is not None and len(room.log) == 8
    await first.client.close()  # the host goes away (sockets closed, journal closed)
    for phone in phones:
        assert phone.ws.closed or (await phone.ws.receive(timeout=5)).type in (
            aiohttp.WSMsgType.CLOSE,
            aiohttp.WSMsgType.CLOSED,
        )

    second = await make_host(resume=True)
    room = second.room
    assert room.phase == "playing"
    assert room.rules.snapshot(room.state) == snapshot
    assert [p.token for p in room.players] == tokens
    assert [p.name for p in room.players] == kit.names[:5]
    assert not any(p.connected for p in room.players)

    back = []
    for seat, token in enumerate(tokens):
        phone = await second.phone(label=kit.names[seat], token=token)
        assert phone.state["you"]["seat"] == seat
        assert phone.view["me"]["role"] == roles[seat]
        back.append(phone)
    for phone in back:
        await phone.sync()
    board = await second.board()
    assert board.view["locks"][0]["result"] == "open"
    played = await kit.play_to_end(second, back, bot="random")
    assert played > 0 and room.phase == "over"
    # A finished game is not offered again.
    assert JournalStore(tmp_path / "journal").latest_unfinished() is None


async def test_without_resume_the_lobby_offers_the_saved_game_and_keeps_its_seats(make_host, kit):
    tokens = [p.token for p in await interrupted(make_host, 3)]

    second = await make_host()
    room = second.room
    assert room.phase == "lobby"
    guest = await second.phone()
    assert guest.state["room"]["resumable"] == {
        "game": "mole",
        "names": kit.names[:5],
        "actions": 3,
    }
    assert [s["name"] for s in guest.state["room"]["seats"]] == kit.names[:5]
    assert not any(token in text for text in guest.raw for token in tokens)
    # Bruno's phone comes back by itself: his seat is kept while the host decides.
    bruno = await second.phone(token=tokens[1])
    assert bruno.state["you"]["seat"] == 1
    assert bruno.state["you"]["resume_pending"] is True
    await guest.sync()
    room.resume_saved()
    state = await bruno.expect("state")
    assert state["you"]["seat"] == 1 and state["view"]["me"]["role"]
    assert "resume_pending" not in state["you"]
    state = await guest.expect("state")
    assert state["you"]["spectator"] is True
    assert state["room"]["resumable"] is None
    assert state["room"]["reclaimable"] == [0, 2, 3, 4]
    assert len(room.log) == 3


async def test_resume_saved_without_a_saved_game_is_refused(host):
    from host.room import RoomError

    try:
        host.room.resume_saved()
    except RoomError as error:
        assert error.code == "nothing_to_resume"
    else:
        raise AssertionError("resume_saved did not refuse")


def test_a_torn_last_line_is_ignored(tmp_path):
    store = JournalStore(tmp_path)
    journal = store.start("mole", {"players": 5, "variants": []}, 7, [], 0)
    journal.append_action(3, {"type": "propose", "team": [0, 1]})
    journal.close()
    with journal.path.open("a") as file:
        file.write('{"kind": "action", "seat": 0, "act')  # the crash came mid-write
    saved = read_journal(journal.path)
    assert saved is not None and saved.log == [
        {"seat": 3, "action": {"type": "propose", "team": [0, 1]}}
    ]
    assert oct(journal.path.stat().st_mode & 0o777) == "0o600"


async def test_a_host_killed_with_sigkill_resumes_at_the_last_acknowledged_action(
    make_host, kit, tmp_path
):
    state_dir = tmp_path / "journal"
    process, port = await start_child_host(state_dir, kit.seed)
    try:
        async with aiohttp.ClientSession() as session:
            phones = []
            for name in kit.names[:5]:
                ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
                phone = kit.Phone(ws, name)
                await phone.expect("state")
                await phone.send({"type": "join", "name": name})
                await phone.expect("welcome")
                phones.append(phone)
            for phone in phones:
                await phone.sync()
            await phones[0].send({"type": "start"})
            for phone in phones:
                await phone.expect("state")
            await play_simple(phones, 8)  # each of the 8 acknowledged to every phone
            tokens = [p.token for p in phones]
            views = [p.view for p in phones]
            process.send_signal(signal.SIGKILL)
            await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode == -signal.SIGKILL

    second = await make_host(resume=True)
    room = second.room
    assert len(room.log) == 8
    for seat, token in enumerate(tokens):
        phone = await second.phone(token=token)
        assert phone.view == views[seat]


async def test_a_torn_tail_is_cut_before_the_resumed_game_writes_on(make_host, tmp_path):
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await play_simple(phones, 8)
    path = first.room.journal.path
    tokens = [p.token for p in phones]
    await first.client.close()
    with path.open("a") as file:
        file.write('{"kind": "action", "se')  # killed mid-write

    second = await make_host(resume=True)
    assert len(second.room.log) == 8
    back = [await second.phone(token=token) for token in tokens]
    for phone in back:
        await phone.sync()
    await play_simple(back, 3)
    await second.client.close()

    saved = read_journal(path)
    assert saved is not None and len(saved.log) == 11
    assert saved.log == second.room.log


async def test_a_journal_that_does_not_replay_opens_a_new_lobby(make_host, tmp_path, caplog):
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await play_simple(phones, 2)
    path = first.room.journal.path
    await first.client.close()
    with path.open("a") as file:  # an action this engine refuses (a second vote from seat 0)
        file.write('{"kind":"action","seat":0,"action":{"type":"vote","approve":true}}\n' * 2)

    second = await make_host(resume=True)
    assert second.room.phase == "lobby"
    assert second.room.saved is None
    assert "does not replay" in caplog.text
    guest = await second.phone()
    assert guest.state["room"]["resumable"] is None


def test_unreadable_journals_are_skipped(tmp_path):
    store = JournalStore(tmp_path)
    good = store.start("mole", {"players": 5, "variants": []}, 7, [], 0)
    good.close()
    (tmp_path / "99999999999999999999-mole-bad.jsonl").write_text('{"kind": "header"}\n')
    (tmp_path / "99999999999999999998-mole-bad.jsonl").write_bytes(b"\xff\xfe\n")
    (tmp_path / "99999999999999999997-mole-bad.jsonl").write_text("42\n")
    saved = store.latest_unfinished()
    assert saved is not None and saved.path == good.path


async def test_a_token_of_the_saved_game_alone_is_told_its_seat_is_kept(make_host, kit):
    """A state folder with a journal but no room file (an older host): the phone's token is a seat
    of the game on offer only; it hears that its seat is kept, not that its token is unknown."""
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await play_simple(phones, 2)
    token = phones[2].token
    room_file = first.room.room_file.path
    await first.client.close()
    room_file.unlink()

    second = await make_host()
    assert second.room.saved is not None and second.room.players == []
    phone = await second.phone()
    await phone.send({"type": "hello", "token": token})
    state = await phone.expect("state")
    assert state["you"]["resume_pending"] is True and state["you"]["seat"] is None
    await phone.sync()
    assert not [m for m in phone.raw if '"type":"error"' in m]


async def test_a_game_paused_when_the_host_stopped_resumes_paused(make_host, kit):
    # The table had stepped away: a restart must not start the clocks and the bots again.
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await phones[0].send({"type": "pause", "on": True})
    await phones[0].sync()
    assert first.room.paused
    await first.client.close()

    on_offer = await make_host()  # restarted, the game on offer: still paused when resumed
    assert on_offer.room.saved is not None and on_offer.room.paused_record() == {"by": "Ana"}
    await on_offer.client.close()

    second = await make_host(resume=True)
    room = second.room
    assert room.phase == "playing" and room.paused and room.paused_by == "Ana"
    ana = await second.phone(label="Ana", token=phones[0].token)
    assert ana.state["room"]["paused"] is True
    boss = room.state.boss
    phone = ana if boss == 0 else await second.phone(token=phones[boss].token)
    await phone.sync()
    error = await phone.error({"type": "action", "action": {"type": "propose", "team": [0, 1]}})
    assert error["code"] == "paused"
    await ana.send({"type": "pause", "on": False})
    await ana.sync()
    assert not room.paused
    await second.client.close()
    unpaused = await make_host()
    assert unpaused.room.paused_record() is None


async def test_the_seats_of_a_game_on_offer_stay_its_seats_until_the_leader_decides(make_host, kit):
    """QA: a newcomer, or a new order, in the lobby of a restarted host made continuing the
    saved game unseat every phone; options chosen meanwhile were shown for the saved game."""
    tokens = [p.token for p in await interrupted(make_host, 2)]

    second = await make_host()
    room = second.room
    back = [await second.phone(token=token) for token in tokens]
    leader = back[0]
    for phone in back:
        await phone.sync()
    before = kit.frozen(room)
    for message in (
        {"type": "reorder", "order": [1, 0, 2, 3, 4]},
        {"type": "remove", "seat": 4},
        {"type": "add_bot"},
        {"type": "leave"},
    ):
        error = await leader.error(message)
        assert error["code"] == "saved_game_on_offer", (message, error)
    assert kit.frozen(room) == before
    # A newcomer plays the next game; the options apply to a new game only.
    zed = await second.phone()
    await zed.send({"type": "join", "name": "Zed"})
    await zed.expect("welcome")
    state = await zed.sync()
    assert state["you"]["next_game"] is True and state["room"]["next_game"] == ["Zed"]
    assert [s["name"] for s in state["room"]["seats"]] == kit.names[:5]
    await leader.send({"type": "options", "variants": ["quick"]})
    assert (await leader.sync())["room"]["variants"] == ["quick"]
    await leader.send({"type": "resume_saved"})
    for seat, phone in enumerate(back):
        state = await phone.sync()
        assert state["room"]["phase"] == "playing"
        assert state["you"]["seat"] == seat and state["view"]["me"]["role"]
        assert not any('"seat_lost"' in text for text in phone.raw)
    assert room.variants == [] and len(room.log) == 2
    state = await zed.sync()
    assert state["you"]["next_game"] is True and state["room"]["variants"] == []
