"""The audience against one phone that sends name after name (QA pass of the host)."""

from __future__ import annotations

from host import audience


async def test_one_phone_sending_names_is_one_member_renamed(host):
    phones = await host.table(2)
    room = host.room
    zoe = await host.phone("Zoe")
    for name in ["Zoe", "Yan", "Xi", "Wes"]:
        await zoe.send({"type": "audience", "name": name})
        message = await zoe.until("audience")
        assert message["name"] == name
    assert [m.name for m in room.audience.members] == ["Wes"]
    await phones[0].send({"type": "options", "variants": []})
    assert (await phones[0].until("state"))["room"]["audience"] == 1
    await zoe.ws.close()
    await phones[0].sync()
    back = await host.phone("Zoe again")
    await back.send({"type": "audience", "name": "Wes"})  # the last name brings it back
    assert (await back.until("audience"))["name"] == "Wes"
    assert room.audience.present() == 1


async def test_a_full_audience_forgets_a_gone_member_who_marked_nothing(host, monkeypatch):
    monkeypatch.setattr(audience, "MAX_MEMBERS", 3)
    await host.table(2)
    room = host.room
    for name in ["Ann", "Ben", "Cyd"]:
        phone = await host.phone(name)
        await phone.send({"type": "audience", "name": name})
        await phone.until("audience")
        if name != "Cyd":
            await phone.ws.close()
    await (await host.phone("sync")).sync()
    newcomer = await host.phone("Dot")
    await newcomer.send({"type": "audience", "name": "Dot"})
    assert (await newcomer.until("audience"))["name"] == "Dot"
    assert [m.name for m in room.audience.members] == ["Ben", "Cyd", "Dot"]
