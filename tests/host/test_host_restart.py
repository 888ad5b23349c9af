"""A restart keeps the room: the lobby, the game on offer, or the finished game, as it was.

The last test is the real thing: a child host whose journal hits a file-size limit (a full disk as
the process sees it), refuses with ``journal_failed``, gets space back, plays on, is SIGKILLed and
resumed: every acknowledged action is there and nothing refused is.
"""

from __future__ import annotations

import resource
import signal

import aiohttp
from child_host import start_child_host

from host.journal import JournalError, RoomFile, read_journal


async def test_the_lobby_survives_a_restart(make_host, kit):
    first = await make_host()
    phones = await first.table(4)
    await phones[0].send({"type": "options", "game": "insidejob", "variants": ["wagers", "risky"]})
    await phones[0].send({"type": "reorder", "order": [1, 0, 2, 3]})
    for phone in phones:
        await phone.sync()
    tokens = {p.label: p.token for p in phones}
    await first.client.close()

    second = await make_host()
    room = second.room
    assert room.phase == "lobby"
    assert [p.name for p in room.players] == ["Bruno", "Ana", "Chen", "Dara"]
    assert room.leader.name == "Ana"
    assert room.game_name == "insidejob" and room.variants == ["wagers", "risky"]
    back = await second.phone(token=tokens["Ana"])
    assert back.state["you"] == {**back.state["you"], "seat": 1, "leader": True}
    assert back.state["room"]["variants"] == ["wagers", "risky"]
    for name in ("Bruno", "Chen", "Dara"):
        await second.phone(token=tokens[name])
    await back.sync()
    await back.send({"type": "start"})
    state = await back.until("state")
    assert state["room"]["phase"] == "playing" and state["view"]["game"] == "insidejob"


async def test_a_finished_game_survives_a_restart_and_the_rematch_keeps_the_seats(make_host, kit):
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    await kit.play_to_end(first, phones)
    result = phones[0].view["result"]
    assert result is not None
    tokens = [p.token for p in phones]
    round_before = first.room.games_started
    await first.client.close()

    second = await make_host()
    room = second.room
    assert room.phase == "over"
    assert room.games_started == round_before
    back = [await second.phone(token=token) for token in tokens]
    assert back[0].view["result"] == result
    assert back[0].state["room"]["phase"] == "over"
    board = await second.board()
    assert board.view["result"] is not None
    for phone in back:
        await phone.sync()
    await back[0].send({"type": "rematch"})
    for seat, phone in enumerate(back):
        state = await phone.until("state")
        assert state["room"]["phase"] == "playing" and state["you"]["seat"] == seat
    assert room.games_started == round_before + 1


async def test_the_room_file_is_replaced_whole_and_holds_no_more_than_the_room(host, kit):
    await host.table(2)
    record = RoomFile(host.room.journals.directory).load()
    assert [s["name"] for s in record["seats"]] == ["Ana", "Bruno"]
    assert record["phase"] == "lobby" and record["leader"] == 0 and record["journal"] is None
    path = host.room.room_file.path
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


async def test_a_lobby_change_the_disk_refuses_is_undone(host, kit, monkeypatch):
    phones = await host.table(2)
    room = host.room
    before = kit.frozen(room)

    def full(record):
        raise JournalError("No space left on device")

    monkeypatch.setattr(room.room_file, "save", full)
    newcomer = await host.phone()
    error = await newcomer.error({"type": "join", "name": "Chen"})
    assert error["code"] == "journal_failed"
    await phones[0].sync()
    error = await phones[0].error({"type": "reorder", "order": [1, 0]})
    assert error["code"] == "journal_failed"
    assert kit.frozen(room) == before


async def _seat_phones(session, port, names, phone_class):
    phones = []
    for name in names:
        phone = phone_class(await session.ws_connect(f"http://127.0.0.1:{port}/ws"), name)
        await phone.expect("state")
        await phone.send({"type": "join", "name": name})
        await phone.expect("welcome")
        phones.append(phone)
    for phone in phones:
        await phone.sync()
    return phones


def _next_move(phones):
    """A cooperative player's move from its own view: (phone, action) or None."""
    for phone in phones:
        view = phone.state["view"]
        if not view or not view["me"]["can_act"]:
            continue
        if view["phase"] == "propose":
            team = list(range(view["locks"][view["lock"]]["team_size"]))
            return phone, {"type": "propose", "team": team}
        if view["phase"] == "vote":
            return phone, {"type": "vote", "approve": True}
        if view["phase"] == "cards":
            return phone, {"type": "play", "card": "clean"}
    return None


async def _play_acknowledged(phones, count, acked):
    for _ in range(count):
        phone, action = _next_move(phones)
        await phone.send({"type": "action", "action": action})
        reply = await phone.recv()
        if reply["type"] == "error":
            return reply
        acked.append((phone.label, action))
        for other in phones:
            if other is not phone:
                await other.expect("state")
    return None


async def test_a_full_disk_refuses_leaves_nothing_and_every_acknowledged_action_survives(
    make_host, kit, tmp_path
):
    state_dir = tmp_path / "state"
    process, port = await start_child_host(state_dir, kit.seed)
    acked: list = []
    try:
        async with aiohttp.ClientSession() as session:
            phones = await _seat_phones(session, port, kit.names[:5], kit.Phone)
            await phones[0].send({"type": "start"})
            for phone in phones:
                await phone.until("state")
            assert await _play_acknowledged(phones, 4, acked) is None
            (journal,) = state_dir.glob("*.jsonl")
            size = journal.stat().st_size
            # The disk fills up: no file of this process may grow past its present size.
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))
            refused = []
            for _ in range(3):
                error = await _play_acknowledged(phones, 1, acked)
                assert error is not None and error["code"] == "journal_failed"
                refused.append(error)
            assert journal.stat().st_size == size  # nothing refused is left in the file
            # Space comes back; the table plays on.
            limit = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, limit)
            assert await _play_acknowledged(phones, 6, acked) is None
            tokens = [p.token for p in phones]
            views = [p.state["view"] for p in phones]
            process.send_signal(signal.SIGKILL)
            await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()

    saved = read_journal(journal)
    assert len(saved.log) == len(acked) == 10
    second = await make_host(state_dir=state_dir, resume=True)
    assert len(second.room.log) == 10
    for seat, token in enumerate(tokens):
        phone = await second.phone(token=token)
        assert phone.view == views[seat]
