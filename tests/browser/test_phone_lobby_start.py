"""The leader's Start button stays in sight once the table can start (QA: at 390x844 it stood
2,000 px down the lobby, under the options, the turn timer, the bots and the tutorial: two and a
half screens of scrolling at a party where everyone waits on it).

It keeps its place at the end of the lobby and, while the leader reads the options above it, sits
at the bottom of the screen; before the table can start it stays where it is, greyed, with the
hint under it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import ARTIFACTS, SIZES, seat_five, send

BOX_JS = """(testid) => {
  const box = document.querySelector(`[data-testid="${testid}"]`).getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, height: innerHeight};
}"""


def box(page: Page, testid: str) -> dict[str, float]:
    return page.evaluate(BOX_JS, testid)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_start_button_is_in_sight_from_the_top_of_the_lobby(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    (leader,) = seat_five(phones, kit, host, lang, keep=[0])
    start = leader.get_by_test_id("start")
    expect(start).to_be_enabled()
    leader.evaluate("window.scrollTo(0, 0)")
    at_top = box(leader, "start")
    assert at_top["bottom"] <= at_top["height"] and at_top["top"] > at_top["height"] / 2, at_top
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    leader.screenshot(path=ARTIFACTS / f"lobby-start-in-sight-{lang}.png")
    # Its own place is further down: under the options, above Leave, overlapping nothing.
    leader.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    at_end, leave = box(leader, "start"), box(leader, "leave")
    assert at_end["bottom"] <= leave["top"], (at_end, leave)
    leader.evaluate("window.scrollTo(0, 0)")
    start.click()
    expect(leader.get_by_test_id("screen")).to_have_attribute("data-screen", "game")


def test_before_the_table_can_start_the_button_keeps_its_place(
    phones: Any, host: Any, kit: Any
) -> None:
    width, height = SIZES["en"]
    (leader,) = phones(1, lang="en", width=width)
    kit.join([leader], ["Ana"])
    leader.set_viewport_size({"width": width, "height": height})
    for name in ("Bo", "Cy"):  # three of the five Mole in the Crew needs
        phone = FakePhone("en")
        host.call(lambda room, phone=phone: room.connect(phone))
        send(host, phone, {"type": "join", "name": name})
    expect(leader.get_by_test_id("players").locator("li")).to_have_count(3)
    expect(leader.get_by_test_id("start")).to_be_disabled()
    expect(leader.get_by_test_id("start-hint")).to_be_visible()
    leader.evaluate("window.scrollTo(0, 0)")
    assert box(leader, "start")["top"] > box(leader, "start")["height"], "below the fold"


def test_the_hint_names_the_option_that_keeps_the_table_from_starting(
    phones: Any, host: Any, kit: Any
) -> None:
    """Five players suit Mole in the Crew but not The Vault (7 to 10): the hint said "The game
    starts with 5 to 10 players" to a table of five (QA)."""
    (leader,) = phones(1, lang="es")
    kit.join([leader], ["Ana"])
    for name in ("Bo", "Cy", "Dee", "Eli"):
        phone = FakePhone("es")
        host.call(lambda room, phone=phone: room.connect(phone))
        send(host, phone, {"type": "join", "name": name})
    expect(leader.get_by_test_id("start")).to_be_enabled()
    leader.get_by_test_id("variant-vault").click()
    expect(leader.get_by_test_id("start")).to_be_disabled()
    option = translate("es", "mole.variant.vault")
    expect(leader.get_by_test_id("start-hint")).to_have_text(
        translate("es", "phone.lobby.option_misfit", option=option, min=7, max=10)
    )
