"""Teaching: the tutorial's place is the Room's, so every phone follows the chapters; the
practice flap ticks players off; "first game" hints are a lobby option kept across restarts."""

from __future__ import annotations

from host import teaching


async def test_the_leader_runs_the_tutorial_and_every_phone_follows(host):
    phones = await host.table(3)
    refused = await phones[1].error({"type": "tutorial", "command": "start"})
    assert refused["code"] == "not_leader"
    await phones[0].send({"type": "tutorial", "command": "start", "game": "mole"})
    for phone in phones:
        state = await phone.until("state")
        assert state["room"]["tutorial"]["game"] == "mole"
    teaching.chapters_known(host.room, "mole", ["story", "roles", "flap", "lock"])
    state = await phones[2].until("state")
    assert state["room"]["tutorial"]["chapter"] == "story"
    teaching.chapter_ended(host.room, 0)  # the TV finished a chapter
    assert (await phones[2].until("state"))["room"]["tutorial"]["chapter"] == "roles"
    teaching.chapter_ended(host.room, 0)  # a late report changes nothing
    await phones[0].send({"type": "tutorial", "command": "pause"})
    state = await phones[2].until("state")
    assert state["room"]["tutorial"]["paused"] is True
    assert state["room"]["tutorial"]["chapter"] == "roles"
    teaching.chapter_ended(host.room, 1)  # paused: it stays
    await phones[0].send({"type": "tutorial", "command": "next"})
    state = await phones[2].until("state")
    assert state["room"]["tutorial"]["chapter"] == "flap"
    await phones[1].send({"type": "tried_flap"})
    state = await phones[0].until("state")
    while state["room"]["tutorial"]["tried_flap"] != [1]:
        state = await phones[0].until("state")
    await phones[0].send({"type": "tutorial", "command": "skip"})
    state = await phones[2].until("state")
    while state["room"]["tutorial"] is not None:
        state = await phones[2].until("state")
    await phones[0].sync()
    error = await phones[0].error({"type": "tutorial", "command": "next"})
    assert error["code"] == "no_tutorial"
    bad = await phones[0].error({"type": "tutorial", "command": "rewind"})
    assert bad["code"] == "unknown_command"
    bad = await phones[0].error({"type": "tutorial", "command": "start", "game": "chess"})
    assert bad["code"] == "unknown_game"


async def test_first_game_hints_are_an_option_kept_across_a_restart(make_host):
    host = await make_host()
    phones = await host.table(2)
    await phones[0].send({"type": "options", "first_game": True})
    assert (await phones[1].until("state"))["room"]["first_game"] is True
    await host.client.close()
    again = await make_host()
    assert again.room.first_game is True
