"""The leader continues the interrupted game on offer from its phone (``resume_saved``): a host
restarted without ``--resume`` and without a window has no R key, and its lobby offered the game
to nobody who could take it."""

from __future__ import annotations

from tests.host.test_host_resume import interrupted


async def test_the_leader_continues_the_saved_game_from_its_phone(make_host, kit):
    phones = await interrupted(make_host, 3)
    tokens = [p.token for p in phones]
    roles = [p.view["me"]["role"] for p in phones]

    second = await make_host()
    room = second.room
    assert room.phase == "lobby" and room.saved is not None
    ana = await second.phone(label="Ana", token=tokens[0])
    bruno = await second.phone(label="Bruno", token=tokens[1])
    assert ana.state["you"]["leader"] and ana.state["room"]["resumable"]["actions"] == 3

    await ana.sync()
    await bruno.sync()
    # Only the leader may, and only while a game is on offer.
    error = await bruno.error({"type": "resume_saved"})
    assert error["code"] == "not_leader" and room.phase == "lobby"

    await ana.send({"type": "resume_saved"})
    state = await ana.expect("state")
    assert room.phase == "playing" and len(room.log) == 3
    assert state["room"]["resumable"] is None and "resume_pending" not in state["you"]
    assert state["view"]["me"]["role"] == roles[0]
    state = await bruno.expect("state")
    assert state["you"]["seat"] == 1 and state["view"]["me"]["role"] == roles[1]

    error = await ana.error({"type": "resume_saved"})
    assert error["code"] == "not_in_lobby"


async def test_with_no_game_on_offer_resume_saved_is_refused(host):
    phones = await host.table(1)
    error = await phones[0].error({"type": "resume_saved"})
    assert error["code"] == "nothing_to_resume" and host.room.phase == "lobby"
