"""The audience's marks are acknowledged like actions: on disk (the game's journal) before the
member's phone hears of them, so a restart, a kill or a full disk loses none of them."""

from __future__ import annotations

import json
import resource
import signal

import aiohttp
from child_host import start_child_host

from host.journal import read_journal
from tests.host.test_host_restart import _seat_phones


def _round_of(room):
    return room.match.rules.round_of(room.state)


async def _watcher(host, name, token=None):
    phone = await host.phone(name)
    message = {"type": "audience", "name": name}
    if token:
        message["token"] = token
    await phone.send(message)
    return phone, await phone.until("audience")


async def test_marks_survive_a_restart_mid_game_and_reach_the_result(make_host, kit):
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    zoe, marks = await _watcher(first, "Zoe")
    token = marks["token"]
    await zoe.send({"type": "suspect", "seats": [1, 3]})
    assert (await zoe.until("audience"))["suspects"] == [1, 3]
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(first, phones, stop=lambda room: _round_of(room) >= 1)
    await zoe.sync()
    await zoe.send({"type": "suspect", "seats": [2]})
    assert (await zoe.until("audience"))["suspects"] == [2]
    tokens = [phone.token for phone in phones]
    await first.client.close()

    second = await make_host(resume=True)
    room = second.room
    assert room.phase == "playing"
    # Somebody else typing her name gets nothing of hers.
    stranger = await second.phone("stranger")
    error = await stranger.error({"type": "audience", "name": "zoe"})
    assert error["code"] == "name_watching"
    # Her own phone, back with its token, finds its marks.
    back, marks = await _watcher(second, "Zoe", token)
    assert marks["suspects"] == [2] and marks["token"] == token
    phones = [await second.phone(token=t) for t in tokens]
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(second, phones)
    await back.sync()
    result = back.state["room"]["audience_result"]
    (row,) = result["members"]
    assert row["name"] == "Zoe"
    assert row["rounds"][:2] == [[1, 3], [2]]
    assert row["final"] == [2]


async def test_a_finished_games_audience_result_survives_a_restart(make_host, kit):
    first = await make_host()
    phones = await first.table(5)
    await first.start(phones)
    zoe, _ = await _watcher(first, "Zoe")
    await zoe.send(
        {"type": "suspect", "seats": first.room.match.rules.hidden_seats(first.room.state)}
    )
    await zoe.until("audience")
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(first, phones)
    board = await first.board()
    result = board.state["room"]["audience_result"]
    assert result["best"] == "Zoe"
    await first.client.close()

    second = await make_host()
    assert second.room.phase == "over"
    board = await second.board()
    assert board.state["room"]["audience_result"] == result
    # The next game starts with no marks.
    back = [await second.phone(token=phone.token) for phone in phones]
    for phone in back:
        await phone.sync()
    await back[0].send({"type": "rematch"})
    state = await back[0].until("state")
    assert state["room"]["phase"] == "playing" and state["room"]["audience_result"] is None
    assert all(not member.marks for member in second.room.audience.members)


async def test_a_member_with_marks_keeps_its_name_until_the_next_game(host):
    phones = await host.table(5)
    await host.start(phones)
    zoe, _ = await _watcher(host, "Zoe")
    await zoe.send({"type": "audience", "name": "Zed"})  # no marks yet: a rename
    assert (await zoe.until("audience"))["name"] == "Zed"
    await zoe.send({"type": "suspect", "seats": [0]})
    await zoe.until("audience")
    error = await zoe.error({"type": "audience", "name": "Zoe"})
    assert error["code"] == "name_kept" and "Zed" in error["message"]
    assert [m.name for m in host.room.audience.members] == ["Zed"]


async def test_a_mark_the_full_disk_refuses_changes_nothing_and_the_acknowledged_survive_a_kill(
    make_host, kit, tmp_path
):
    state_dir = tmp_path / "state"
    process, port = await start_child_host(state_dir, kit.seed)
    try:
        async with aiohttp.ClientSession() as session:
            phones = await _seat_phones(session, port, kit.names[:5], kit.Phone)
            await phones[0].send({"type": "start"})
            for phone in phones:
                await phone.until("state")
            zoe = kit.Phone(await session.ws_connect(f"http://127.0.0.1:{port}/ws"), "Zoe")
            await zoe.expect("state")
            await zoe.send({"type": "audience", "name": "Zoe"})
            token = (await zoe.until("audience"))["token"]
            await zoe.send({"type": "suspect", "seats": [4]})
            assert (await zoe.until("audience"))["suspects"] == [4]
            (journal,) = state_dir.glob("*.jsonl")
            size = journal.stat().st_size
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))
            error = await zoe.error({"type": "suspect", "seats": [0, 1]})
            assert error["code"] == "journal_failed"
            assert journal.stat().st_size == size
            await zoe.sync()
            frames = [json.loads(text) for text in zoe.raw]
            assert [f["suspects"] for f in frames if f["type"] == "audience"] == [[], [4]]
            limit = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, limit)
            await zoe.send({"type": "suspect", "seats": [2, 4]})
            assert (await zoe.until("audience"))["suspects"] == [2, 4]
            tokens = [phone.token for phone in phones]
            process.send_signal(signal.SIGKILL)
            await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()

    lines = read_journal(journal).suspicions
    assert [line["seats"] for line in lines] == [[4], [2, 4]]
    second = await make_host(state_dir=state_dir, resume=True)
    for seat_token in tokens:
        await second.phone(token=seat_token)
    _, marks = await _watcher(second, "Zoe", token)
    assert marks["suspects"] == [2, 4]


async def test_a_member_changes_its_marks_at_a_human_pace(make_host):
    """Each change is synced to disk before it is answered: one phone (or thirty from one
    device) changing marks at the flood guard's rate would keep the seated players waiting."""
    from fake_clock import FakeClock

    from host.audience import MARK_BURST, MARKS_PER_SECOND

    clock = FakeClock()
    host = await make_host(scheduler=clock)
    phones = await host.table(5)
    await host.start(phones)
    zoe, _ = await _watcher(host, "Zoe")
    for turn in range(MARK_BURST):
        await zoe.send({"type": "suspect", "seats": [turn % 5]})
        assert (await zoe.until("audience"))["suspects"] == [turn % 5]
    error = await zoe.error({"type": "suspect", "seats": [0, 1]})
    assert error["code"] == "rate_limited"
    # the same marks again are no change: answered, nothing written
    await zoe.send({"type": "suspect", "seats": [(MARK_BURST - 1) % 5]})
    assert (await zoe.until("audience"))["suspects"] == [(MARK_BURST - 1) % 5]
    # a new socket of the same member gets no fresh burst
    token = host.room.audience.members[0].token
    again, _ = await _watcher(host, "Zoe", token)
    assert (await again.error({"type": "suspect", "seats": [0, 1]}))["code"] == "rate_limited"
    clock.advance(1 / MARKS_PER_SECOND)
    await again.send({"type": "suspect", "seats": [0, 1]})
    assert (await again.until("audience"))["suspects"] == [0, 1]
    lines = host.room.match.journal.path.read_text().splitlines()
    assert sum('"kind":"suspect"' in line for line in lines) == MARK_BURST + 1


async def test_one_device_cannot_fill_the_audience_under_new_names(make_host):
    """QA: a phone reconnecting under a new name each time could take all 1,000 places (each
    with a mark, so none is ever forgotten) and shut every other guest out of the audience."""
    from host.audience import MEMBERS_PER_ADDRESS

    host = await make_host(churn_burst=10**6)
    phones = await host.table(5)
    await host.start(phones)
    for number in range(MEMBERS_PER_ADDRESS):
        fan, _ = await _watcher(host, f"Fan {number}")
        await fan.send({"type": "suspect", "seats": [number % 5]})
        await fan.until("audience")
        await fan.ws.close()
    one_more = await host.phone("one more")
    error = await one_more.error({"type": "audience", "name": "Fan X"})
    assert error["code"] == "audience_device_full"
    assert str(MEMBERS_PER_ADDRESS) in error["message"]
    # A member of this device still comes back to its marks by token, ...
    first = host.room.audience.members[0]
    _, marks = await _watcher(host, first.name, first.token)
    assert marks["suspects"] == [0]
    # ... and a guest on another device is not affected.
    await one_more.ws.close()
    other = await host.phone("other")
    await other.sync()
    (conn,) = [c for c in host.room.connections if c.member is None and not c.seats]
    conn.address = "192.168.1.23"
    await other.send({"type": "audience", "name": "Guest"})
    assert (await other.until("audience"))["name"] == "Guest"
