"""Players come first, in real Chromium: a guest watching under "Carla" before Carla arrived
loses the name when she joins the table, and its phone says so and asks for another (QA: one
guest device took friends' names in the audience, and they were refused at the table)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from host.i18n import translate


def test_a_player_takes_her_name_back_from_a_guest_watching_under_it(
    phones: Any, host: Any, kit: Any
) -> None:
    ana, guest, carla = phones(3)
    kit.join([ana], ["Ana"])
    guest.get_by_test_id("audience-name").fill("Carla")
    guest.get_by_test_id("audience-submit").click()
    expect(guest.get_by_test_id("audience-wait")).to_be_visible()

    kit.join([carla], ["Carla"])
    error = guest.get_by_test_id("error")
    expect(error).to_have_attribute("data-code", "audience_name_to_player")
    expect(error).to_have_text(translate("en", "error.audience_name_to_player", name="Carla"))
    expect(guest.get_by_test_id("audience-wait")).to_have_count(0)
    expect(guest.get_by_test_id("audience-form")).to_be_visible()
    # The page forgot the name: a reload does not try to watch under it again.
    assert guest.evaluate("() => Object.values(localStorage).includes('Carla')") is False
    guest.get_by_test_id("audience-name").fill("Gus")
    guest.get_by_test_id("audience-submit").click()
    expect(guest.get_by_test_id("audience-wait")).to_be_visible()
    assert host.call(lambda room: [m.name for m in room.audience.members]) == ["Gus"]
    assert host.call(lambda room: [p.name for p in room.players]) == ["Ana", "Carla"]
