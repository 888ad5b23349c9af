"""What a full disk refuses is refused whole, and what it accepts comes back after a restart:
the deal (first game and rematch) and the lobby's options (QA pass of the host)."""

from __future__ import annotations

from host.journal import JournalError


def _full(record):
    raise JournalError("No space left on device")


async def test_a_deal_the_room_file_cannot_record_is_refused_and_leaves_no_journal(
    host, kit, monkeypatch
):
    # The journal's header fits on the disk but the room file does not: a game started then
    # would be lost by a restart (the room file still says lobby), every action in it with it.
    phones = await host.table(5)
    room = host.room
    before = kit.frozen(room)
    monkeypatch.setattr(room.room_file, "save", _full)
    error = await phones[0].error({"type": "start"})
    assert error["code"] == "journal_failed"
    assert kit.frozen(room) == before
    assert room.phase == "lobby" and room.match is None and room.games_started == 0
    assert list(room.journals.directory.glob("*.jsonl")) == []
    for phone in phones:
        assert (await phone.sync())["room"]["phase"] == "lobby"  # nobody was told of a deal

    monkeypatch.undo()  # space comes back: the table starts, and the room file points at it
    await host.start(phones)
    assert room.room_file.load()["journal"] == room.match.journal_name


async def test_a_rematch_the_room_file_cannot_record_keeps_the_finished_game(
    host, kit, monkeypatch
):
    phones = await host.table(5)
    await host.start(phones)
    await kit.play_to_end(host, phones)
    room = host.room
    for phone in phones:
        await phone.sync()
    finished, result = room.match, phones[0].view
    late = await host.phone("Femi")
    await late.send({"type": "join", "name": "Femi"})
    await late.expect("welcome")
    for phone in phones:
        await phone.sync()
    journals = sorted(room.journals.directory.glob("*.jsonl"))
    monkeypatch.setattr(room.room_file, "save", _full)
    error = await phones[0].error({"type": "rematch"})
    assert error["code"] == "journal_failed"
    assert room.phase == "over" and room.match is finished and room.games_started == 1
    assert [p.name for p in room.players] == kit.names[:5]  # the latecomer still waits
    assert [p.name for p in room.next_game] == ["Femi"]
    assert sorted(room.journals.directory.glob("*.jsonl")) == journals
    assert (await phones[0].sync())["view"] == result
