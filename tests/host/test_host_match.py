"""The game's life on the host (host/match.py): an engine bug or a failed journal write leaves
the game exactly as it was, in memory and on disk; no frame tells of an action before its line
is on disk."""

from __future__ import annotations

import errno

from host import journal as journal_module
from host.journal import read_journal
from host.server import PhoneConnection


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


async def test_an_engine_bug_is_contained(host, kit, monkeypatch):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    rules = room.match.rules
    original = rules.apply

    def broken(state, seat, action):
        original(state, seat, action)  # half-applied, then crash
        raise ZeroDivisionError("bug")

    before = kit.frozen(room)
    monkeypatch.setattr(room.match, "rules", type(rules)(**{**rules.__dict__, "apply": broken}))
    error = await phones[boss].error(
        {"type": "action", "action": {"type": "propose", "team": [0, 1]}}
    )
    assert error["code"] == "internal_error"
    monkeypatch.setattr(room.match, "rules", rules)
    assert kit.frozen(room) == before
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]})


async def test_a_journal_failure_undoes_the_action_and_leaves_nothing_on_disk(host, kit):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    before = kit.frozen(room)
    path = room.journal.path
    size = path.stat().st_size
    room.journal.close()  # the disk goes away
    error = await phones[boss].error(
        {"type": "action", "action": {"type": "propose", "team": [0, 1]}}
    )
    assert error["code"] == "journal_failed"
    assert kit.frozen(room) == before
    assert path.stat().st_size == size
    assert read_journal(path).log == []


async def test_extra_fields_of_an_action_never_reach_the_journal(host):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    junk = "x" * 4000
    await phones[boss].send(
        {"type": "action", "action": {"type": "propose", "team": [0, 1], "junk": junk}}
    )
    for phone in phones:
        await phone.expect("state")
    saved = read_journal(room.journal.path)
    assert saved.log == [{"seat": boss, "action": {"type": "propose", "team": [0, 1]}}]
    assert junk not in room.journal.path.read_text()


async def test_a_failed_sync_undoes_the_action_before_anyone_hears_of_it(host, kit, monkeypatch):
    phones = await _started(host)
    board = await host.board()
    room = host.room
    boss = room.state.boss
    before = kit.frozen(room)
    path = room.journal.path
    size = path.stat().st_size
    sync, failed = journal_module._sync_data, []

    def failing(fd):  # the line is written; the disk then fails to keep it
        if path.stat().st_size > size and not failed:
            failed.append(fd)
            raise OSError(errno.EIO, "I/O error")
        sync(fd)

    monkeypatch.setattr(journal_module, "_sync_data", failing)
    error = await phones[boss].error(
        {"type": "action", "action": {"type": "propose", "team": [0, 1]}}
    )
    assert failed and error["code"] == "journal_failed"
    assert kit.frozen(room) == before
    assert path.stat().st_size == size and read_journal(path).log == []
    for phone in phones:  # nobody heard of it: only the pong comes
        heard = len(phone.raw)
        await phone.sync()
        assert len(phone.raw) == heard + 1
    # Another team this time: the board's next frame must be this one (play_one checks it).
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 2]}, board)
    assert read_journal(path).log == [{"seat": boss, "action": {"type": "propose", "team": [0, 2]}}]


async def test_no_frame_tells_of_an_action_before_its_line_is_on_disk(host, kit, monkeypatch):
    phones = await _started(host)
    board = await host.board()
    room = host.room
    boss = room.state.boss
    sent: list[str] = []
    sent_at_sync: list[list[str]] = []
    original_send, sync = PhoneConnection.send_text, journal_module._sync_data

    def send_text(self, text):
        sent.append(text)
        original_send(self, text)

    def watched(fd):
        sent_at_sync.append(list(sent))
        sync(fd)

    monkeypatch.setattr(PhoneConnection, "send_text", send_text)
    monkeypatch.setattr(journal_module, "_sync_data", watched)
    unsubscribe = room.subscribe_public(lambda text: sent.append(text), as_text=True)
    sent.clear()
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]}, board)
    unsubscribe()
    # When the line was synced nothing had left; then every phone and the public subscriber
    # got their frame (the board too: play_one reads it).
    assert sent_at_sync == [[]]
    assert len(sent) == len(phones) + 1
