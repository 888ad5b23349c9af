"""The game's life on the host (host/match.py): an engine bug or a failed journal write leaves
the game exactly as it was, in memory and on disk; no frame tells of an action before its line
is on disk."""

from __future__ import annotations

import errno

from host import disksync
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
    failed = []

    def failing(fd):  # the line is written; the disk then fails to keep it
        failed.append(fd)
        return disksync.Pending(None, OSError(errno.EIO, "I/O error"))

    monkeypatch.setattr(disksync, "begin", failing)
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
    monkeypatch.undo()
    # Another team this time: the board's next frame must be this one (play_one checks it).
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 2]}, board)
    assert read_journal(path).log == [{"seat": boss, "action": {"type": "propose", "team": [0, 2]}}]


async def test_the_frames_are_made_while_the_disk_syncs_and_sent_only_after(host, kit, monkeypatch):
    phones = await _started(host)
    board = await host.board()
    room = host.room
    boss = room.state.boss
    sent: list[str] = []
    original_send, original_begin = PhoneConnection.send_text, disksync.begin
    seen_at_wait: list[tuple[list[str], bool]] = []
    made: list = []

    def send_text(self, text):
        sent.append(text)
        original_send(self, text)

    class Watched:
        def __init__(self, pending):
            self.pending = pending

        def wait(self):  # what had left, and whether the seats' frames were made already
            seen_at_wait.append((list(sent), bool(made) and made[-1]._padded is not None))
            self.pending.wait()

    monkeypatch.setattr(PhoneConnection, "send_text", send_text)
    monkeypatch.setattr(disksync, "begin", lambda fd: Watched(original_begin(fd)))
    monkeypatch.setattr(room, "_change", lambda: made.append(type(room)._change(room)) or made[-1])
    unsubscribe = room.subscribe_public(lambda text: sent.append(text), as_text=True)
    sent.clear()
    made.clear()
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]}, board)
    unsubscribe()
    # When the Room waited for the disk, the frames were made and none had left; then every
    # phone and the public subscriber got theirs (the board too: play_one reads it), from that
    # one change.
    assert seen_at_wait == [([], True)]
    assert len(sent) == len(phones) + 1
    assert len(made) == 1
