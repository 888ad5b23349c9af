"""A phone opened during or after a game, while a seated phone sleeps, serves both people who may
hold it (QA: it offered only "The name of your seat" and "Take my seat back", and once the game
was over still said "this game started before you joined"): a newcomer's name puts it down for
the next game, the name of a seat away asks the table for that seat, and the button says which
as the name is typed; after the game the banner says it is over. In English, Spanish and
Portuguese."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_board_page import Table
from tests.browser.test_phone_qa_fixes import ARTIFACTS, bots_play_to_the_end

PLAYERS = ["Ana", "Bruno", "Carla", "Duda", "Enzo"]


def the_form(page: Page, lang: str) -> None:
    """One name field, labelled for anyone; its button follows the name typed."""
    expect(page.get_by_test_id("reclaimable")).to_contain_text("Carla")
    expect(page.get_by_test_id("join-late")).to_have_text(translate(lang, "phone.join.late"))
    expect(page.locator('label[for="join-name"]')).to_have_text(translate(lang, "phone.join.label"))
    button = page.get_by_test_id("join-submit")
    expect(button).to_have_text(translate(lang, "phone.late.button"))
    field = page.get_by_test_id("join-name")
    field.fill(" carla")  # the seat away's name, as a phone's keyboard may type it
    expect(button).to_have_text(translate(lang, "phone.reclaim.button"))
    field.fill("Carlos")
    expect(button).to_have_text(translate(lang, "phone.late.button"))
    field.fill("")
    expect(button).to_have_text(translate(lang, "phone.late.button"))


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_latecomer_and_a_player_back_share_one_form(phones: Any, host: Any, lang: str) -> None:
    table = Table(host)
    table.join(*PLAYERS)
    table.leader({"type": "start"})
    host.call(lambda room: room.disconnect(table.players[2]))  # Carla's phone sleeps

    newcomer, returning = phones(2, lang=lang, width=360)
    for page in (newcomer, returning):
        expect(page.get_by_test_id("spectator")).to_have_text(
            translate(lang, "phone.spectator.banner")
        )
        the_form(page, lang)

    # The newcomer plays the next game; Carla, on a new phone, asks for her seat.
    newcomer.get_by_test_id("join-name").fill("Gus")
    newcomer.get_by_test_id("join-submit").click()
    expect(newcomer.get_by_test_id("screen")).to_have_attribute("data-screen", "next-game")
    returning.get_by_test_id("join-name").fill("Carla")
    returning.get_by_test_id("join-submit").click()
    expect(returning.get_by_test_id("claim-waiting")).to_be_visible()
    assert host.call(lambda room: [claim.player.name for claim in room.claims]) == ["Carla"]

    # After the game a phone opened anew is told it is over, with the same form.
    bots_play_to_the_end(host)
    (after,) = phones(1, lang=lang, width=360)
    expect(after.get_by_test_id("spectator")).to_have_text(translate(lang, "phone.spectator.over"))
    the_form(after, lang)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    after.screenshot(path=ARTIFACTS / f"latecomer-over-360-{lang}.png")
