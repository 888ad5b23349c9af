"""The game's life on the host (host/match.py): an engine bug or a failed journal write leaves
the game exactly as it was, in memory and on disk."""

from __future__ import annotations

from host.journal import read_journal


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
