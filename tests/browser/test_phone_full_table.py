"""A full lobby leads a new phone to the audience (QA, 10 of 10: the banner said the table was
full but the first control was the yellow "Join", refused when pressed, and the name typed did
not carry over to the audience's form below the ten players). A seat whose phone is away can
still be asked for by its name. In English, Spanish and Portuguese."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_board_page import Table
from tests.browser.test_phone_qa_fixes import ARTIFACTS

PLAYERS = ["Ana", "Bruno", "Carla", "Duda", "Enzo", "Fabi", "Gabi", "Hugo", "Iara"]


# The bottom of the first and the top of the second, read at once (a frame may redraw them).
ABOVE_JS = """([first, second]) => {
  const box = (id) => document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
  return [box(first).bottom, box(second).top];
}"""


def above(page: Page, first: str, second: str) -> None:
    expect(page.get_by_test_id(first)).to_be_visible()
    expect(page.get_by_test_id(second)).to_be_visible()
    bottom, top = page.evaluate(ABOVE_JS, [first, second])
    assert bottom <= top, (first, bottom, second, top)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_full_table_offers_the_audience_first(phones: Any, host: Any, lang: str) -> None:
    table = Table(host)
    table.join(*PLAYERS)
    gus, lia = phones(2, lang=lang, width=360)
    # Gus types his name while there is a seat left; the tenth player takes it.
    expect(gus.get_by_test_id("join-submit")).to_have_text(translate(lang, "phone.join.button"))
    gus.get_by_test_id("join-name").fill("Gus")
    table.join("Jana")

    for page in (gus, lia):
        expect(page.get_by_test_id("table-full")).to_have_text(
            translate(lang, "phone.join.full", count=10, max=10)
        )
        expect(page.get_by_test_id("join-form")).to_have_count(0)
        above(page, "table-full", "audience-form")
        above(page, "audience-form", "players")
    # The name typed carries over; the audience takes Gus at once.
    expect(gus.get_by_test_id("audience-name")).to_have_value("Gus")
    expect(lia.get_by_test_id("audience-name")).to_have_value("")
    gus.get_by_test_id("audience-submit").click()
    expect(gus.get_by_test_id("audience-wait")).to_be_visible()
    assert host.call(lambda room: room.audience.present()) == 1
    # In the audience now: the banner no longer sends him to a form that is gone (QA).
    expect(gus.get_by_test_id("table-full")).to_have_text(
        translate(lang, "phone.join.full_watching", count=10, max=10)
    )

    # Carla's phone sleeps: her seat can be asked for by its name, below the audience's form.
    host.call(lambda room: room.disconnect(table.players[2]))
    expect(lia.get_by_test_id("reclaimable")).to_contain_text("Carla")
    above(lia, "audience-form", "join-form")
    above(lia, "join-form", "players")
    button = lia.get_by_test_id("join-submit")
    expect(button).to_have_text(translate(lang, "phone.reclaim.button"))
    expect(button).to_have_class("secondary")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lia.screenshot(path=ARTIFACTS / f"full-table-360-{lang}.png", full_page=True)
    lia.get_by_test_id("join-name").fill("Carla")
    # A seat's name, not a name to watch by (QA: it filled the audience's field above too).
    host.call(lambda room: room.disconnect(table.players[3]))  # a state that redraws the page
    expect(lia.get_by_test_id("reclaimable")).to_contain_text(PLAYERS[3])
    expect(lia.get_by_test_id("audience-name")).to_have_value("")
    button.click()
    expect(lia.get_by_test_id("claim-waiting")).to_be_visible()
    assert host.call(lambda room: [claim.player.name for claim in room.claims]) == ["Carla"]
