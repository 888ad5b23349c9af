"""Names keep the ordinal indicators as typed (QA: "Espectador Nº01" was shown as "Espectador
No01": NFKC makes º and ª the letters o and a), while names that compare alike still do: "Nº 7"
and "No 7" are one name for a duplicate or a claim, a Cyrillic "Nо 7" is a lookalike of both."""

from __future__ import annotations

import pytest

from host.protocol import MAX_NAME_LENGTH

# What Spanish and Portuguese players type, shown exactly so (NFC, as a phone's keyboard sends).
EVERYDAY = ["Nº 7", "1ª", "2º", "María José", "João", "Ñandú", "Çağla", "Inês", "Güemes", "Estêvão"]


async def _seated(host, name):
    phone = await host.phone(name)
    await phone.send({"type": "join", "name": name})
    await phone.expect("welcome")
    return phone, await phone.expect("state")


async def test_a_watchers_name_keeps_its_ordinal_indicator(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    watcher = await host.phone("watcher", lang="es")
    await watcher.send({"type": "audience", "name": "Espectador Nº01"})
    state = await watcher.expect("state")
    assert state["you"]["audience"] == "Espectador Nº01"
    marks = await watcher.expect("audience")
    assert marks["name"] == "Espectador Nº01"
    # the same watcher typing it the other way is the same name, not a second watcher
    other = await host.phone("other", lang="pt")
    await watcher.ws.close()
    await other.send({"type": "audience", "name": "espectador no01"})
    assert (await other.expect("state"))["you"]["audience"] == "Espectador Nº01"
    assert [m.name for m in host.room.audience.members] == ["Espectador Nº01"]
    await other.until("audience")
    await other.send({"type": "suspect", "seats": [1]})
    assert (await other.until("audience"))["name"] == "Espectador Nº01"
    for phone in phones:
        await phone.sync()
    await kit.play_to_end(host, phones, board=None)
    result = (await other.sync())["room"]["audience_result"]
    assert [m["name"] for m in result["members"]] == ["Espectador Nº01"]


async def test_everyday_spanish_and_portuguese_names_are_shown_as_typed(host):
    for name in EVERYDAY:
        _, state = await _seated(host, name)
        assert state["you"]["name"] == name
    assert [p.name for p in host.room.players] == EVERYDAY
    board = await host.board()
    assert [s["name"] for s in board.state["room"]["seats"]] == EVERYDAY


async def test_an_ordinal_typed_as_a_letter_is_the_same_name(host):
    ana = await host.player("Ana")
    await _seated(host, "Nº 7")
    await _seated(host, "1ª")
    for same in ("No 7", "NO 7", "nº 7", "1a", "1A"):
        phone = await host.phone()
        error = await phone.error({"type": "join", "name": same})
        assert error["code"] == "name_taken", same
    for lookalike in ("N\u043e 7", "1\u0430"):  # Cyrillic o, Cyrillic a
        phone = await host.phone()
        error = await phone.error({"type": "join", "name": lookalike})
        assert error["code"] == "name_lookalike", lookalike
        assert error["message"]  # said in the phone's language
    # a watcher cannot take a player's name by writing its º as an o
    watcher = await host.phone()
    error = await watcher.error({"type": "audience", "name": "no 7"})
    assert error["code"] == "name_taken"
    assert [p.name for p in host.room.players] == ["Ana", "Nº 7", "1ª"]
    await ana.sync()
    assert [s["name"] for s in ana.state["room"]["seats"]] == ["Ana", "Nº 7", "1ª"]


async def test_a_seat_named_with_an_ordinal_is_claimed_back_with_a_plain_letter(host):
    phones = await host.table(2)
    seven, _ = await _seated(host, "Nº 7")
    await phones[0].sync()
    await seven.ws.close()
    await phones[0].until("state")
    claimant = await host.phone(label="claimant")
    await claimant.send({"type": "join", "name": "No 7"})  # a keyboard without º
    waiting = await claimant.expect("state")
    assert waiting["you"]["claim"]["name"] == "Nº 7"
    host.room.decide_claim(True)
    assert (await claimant.expect("welcome"))["seat"] == 2
    assert (await claimant.expect("state"))["you"]["name"] == "Nº 7"


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("Nº\u200b7", "name_chars"),  # an invisible character beside the º
        ("Nº\x007", "name_chars"),
        ("\u3164º", "name_chars"),
        ("ºª" + "x" * (MAX_NAME_LENGTH - 1), "name_length"),
        ("Ｎº７", None),  # full-width letters still become plain ones, the º stays
    ],
)
async def test_the_name_rules_hold_around_an_ordinal(host, typed, code):
    phone = await host.phone()
    if code is None:
        await phone.send({"type": "join", "name": typed})
        await phone.expect("welcome")
        assert (await phone.expect("state"))["you"]["name"] == "Nº7"
        return
    assert (await phone.error({"type": "join", "name": typed}))["code"] == code
    assert host.room.players == []
