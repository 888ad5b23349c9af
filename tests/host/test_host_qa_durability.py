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


async def test_the_first_game_hints_the_disk_refuses_stay_as_they_were(host, monkeypatch):
    phones = await host.table(2)
    room = host.room
    monkeypatch.setattr(room.room_file, "save", _full)
    error = await phones[0].error({"type": "options", "first_game": True})
    assert error["code"] == "journal_failed"
    assert room.first_game is False
    assert (await phones[1].sync())["room"]["first_game"] is False


async def test_a_claim_the_disk_cannot_record_still_waits_and_can_be_let_in_later(
    host, kit, monkeypatch
):
    phones = await host.table(3)
    room = host.room
    await phones[2].ws.close()
    await phones[0].sync()
    claimant = await host.phone("Chen again")
    await claimant.send({"type": "join", "name": "Chen"})
    claim = (await claimant.until("state"))["you"]["claim"]
    await phones[0].sync()
    monkeypatch.setattr(room.room_file, "save", _full)
    error = await phones[0].error({"type": "claim", "id": claim["id"], "approve": True})
    assert error["code"] == "journal_failed"
    # The claimant is told nothing (it sent nothing) and still waits; the seat keeps its token.
    state = await claimant.sync()
    assert state["you"]["claim"] == claim and state["you"]["seat"] is None
    assert [c.id for c in room.claims] == [claim["id"]]
    assert room.players[2].token == phones[2].token
    assert not [m for m in claimant.raw if '"error"' in m]

    monkeypatch.undo()
    await phones[0].send({"type": "claim", "id": claim["id"], "approve": True})
    await claimant.until("welcome")
    assert (await claimant.sync())["you"]["seat"] == 2
