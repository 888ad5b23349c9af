"""A phone passed around, in the lobby: players are added on it and taken off it one by one, a
name already at the table is refused, and a reload brings back exactly the seats it still holds."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_phone_shared import add_players


def seats_on_phone(host: Any, name: str) -> list[str]:
    def names(room: Any) -> list[str]:
        player = next(p for p in room.players if p.name == name)
        return [p.name for p in player.conn.seats] if player.conn else []

    return host.call(names)


def test_players_are_added_and_taken_off_one_phone(phones: Any, host: Any, kit: Any) -> None:
    ana, bo = phones(2)
    kit.join([ana, bo], ["Ana", "Bo"])
    add_players(ana, ["Carla", "Dev"])
    assert seats_on_phone(host, "Ana") == ["Ana", "Carla", "Dev"]
    expect(ana.get_by_test_id("me-name")).to_have_text("")  # nobody holds it in the lobby
    # A name already at the table is refused in the host's words; the phone keeps its seats.
    ana.get_by_test_id("add-seat-name").fill("bo")
    ana.get_by_test_id("add-seat").click()
    expect(ana.get_by_test_id("error")).to_have_attribute("data-code", "name_taken")
    expect(ana.get_by_test_id("phone-seats").locator("li")).to_have_count(3)
    # Bo's phone lists the new players like anyone else.
    expect(bo.get_by_test_id("players").locator("li")).to_have_count(4)

    ana.get_by_test_id("phone-leave-3").click()  # Dev goes
    expect(ana.get_by_test_id("notice")).to_have_text(
        translate("en", "phone.shared.seat_lost", name="Dev")
    )
    expect(ana.get_by_test_id("phone-seats").locator("li")).to_have_count(2)
    assert seats_on_phone(host, "Ana") == ["Ana", "Carla"]

    ana.reload()  # both seats come back to the phone
    expect(ana.get_by_test_id("phone-seats").locator("li")).to_have_count(2)
    assert seats_on_phone(host, "Ana") == ["Ana", "Carla"]

    carla = host.call(lambda room: [p.name for p in room.players].index("Carla"))
    ana.get_by_test_id(f"phone-leave-{carla}").click()  # the phone is Ana's alone again
    expect(ana.get_by_test_id("me-name")).to_have_text("Ana")
    expect(ana.get_by_test_id("phone-seats")).to_have_count(0)
    expect(ana.get_by_test_id("leave")).to_be_visible()
    ana.reload()
    expect(ana.get_by_test_id("me-name")).to_have_text("Ana")
    assert seats_on_phone(host, "Ana") == ["Ana"]
    assert host.call(lambda room: [p.name for p in room.players]) == ["Ana", "Bo"]


def test_hide_drops_the_seat_at_once_without_waiting_for_the_host(
    phones: Any, host: Any, kit: Any
) -> None:
    """The seat's screen goes the moment "Hide and pass" is tapped: here the frame never leaves
    the page (its socket's send is stopped), and still nothing of the seat is left."""
    from tests.browser.test_phone_shared import assert_curtain_holds_nothing, press_and_hold

    (page,) = phones(1)
    kit.join([page], ["Ana"])
    names = ["Ana", "Bruno", "Chen", "Dara", "Eli"]
    add_players(page, names[1:])
    page.get_by_test_id("start").click()
    press_and_hold(page, "hold-0", 0)
    cdp = kit.hold_flap(page)
    expect(page.get_by_test_id("role")).to_be_visible()
    kit.release_flap(cdp)
    page.evaluate("() => { WebSocket.prototype.send = () => {}; }")  # nothing reaches the host
    page.get_by_test_id("hide").click()
    assert_curtain_holds_nothing(page, host, names)
    assert host.call(lambda room: room.players[0].conn.player is room.players[0])
    # The local curtain names nobody yet (the host's next comes with its frame).
    expect(page.get_by_test_id("pass-to")).to_have_text(translate("en", "phone.shared.nobody"))
