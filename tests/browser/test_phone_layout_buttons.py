"""Buttons and Inside Job's table, from 320 to 412 px wide, break no word in its middle (QA:
"Siguient / e" at 390 px)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import (
    ARTIFACTS,
    BROKEN_WORDS_JS,
    LANGS,
    act,
    bots_play_to_the_end,
    mole_to_the_end,
    public,
    send,
    table_of_five,
)

WIDTHS = (320, 360, 375, 390, 412)


def no_word_broken(page: Page, selector: str, where: str) -> None:
    """At each narrow width, no word of these elements stands on two lines."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 740})
        broken = page.evaluate(BROKEN_WORDS_JS, selector)
        assert broken == [], (where, width, broken)


BUTTONS = "#screen button, #leader-bar button"


@pytest.mark.parametrize("lang", LANGS)
def test_the_mole_buttons_break_no_word(phones: Any, host: Any, kit: Any, lang: str) -> None:
    # The leader's phone (seat 0) is read; the other seats are protocol phones.
    (page,) = table_of_five(phones, kit, host, lang, real=lambda deal: [0])
    view = public(host)
    no_word_broken(page, BUTTONS, "propose")
    team = [seat for seat in range(5) if seat != view["boss"]][:2]
    act(host, view["boss"], {"type": "propose", "team": team})
    expect(page.get_by_test_id("vote-approve")).to_be_visible()
    no_word_broken(page, BUTTONS, "vote")
    mole_to_the_end(host, protect="mole", accuse="contact")
    expect(page.get_by_test_id("replay-next")).to_be_visible()
    no_word_broken(page, BUTTONS, "end")
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-back")).to_be_enabled()
    no_word_broken(page, BUTTONS, "replay")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.get_by_test_id("replay-next").scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"layout-replay-{lang}-360.png")


def leader_with_large_text(phones: Any, kit: Any, host: Any, lang: str) -> Page:
    """The leader's phone (seat 0) at a Mole table's first proposal, large text on."""
    (page,) = table_of_five(phones, kit, host, lang, real=lambda deal: [0])
    page.get_by_test_id("text-size").click()
    expect(page.locator("html")).to_have_attribute("data-text", "large")
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_with_large_text_the_pairs_of_buttons_break_no_word(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    # QA, es at 360 px with large text: "Aprob / ar", "Rechaz / ar".
    page = leader_with_large_text(phones, kit, host, lang)
    view = public(host)
    team = [seat for seat in range(5) if seat != view["boss"]][:2]
    act(host, view["boss"], {"type": "propose", "team": team})
    expect(page.get_by_test_id("vote-approve")).to_be_visible()
    no_word_broken(page, ".pair button", "vote")
    mole_to_the_end(host, protect="mole", accuse="contact")
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-back")).to_be_enabled()
    no_word_broken(page, ".pair button", "replay")


@pytest.mark.parametrize("lang", LANGS)
def test_with_large_text_the_roles_at_the_end_break_no_word(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    # QA, es at 360 px with large text: "Conduc / tor", "Sopló / n", "Conta / cto".
    page = leader_with_large_text(phones, kit, host, lang)
    mole_to_the_end(host, protect="mole", accuse="contact")
    expect(page.get_by_test_id("reveal")).to_be_visible()
    no_word_broken(
        page, '[data-testid="reveal"] td:last-child, [data-testid="reveal"] .tag', "roles"
    )
    page.set_viewport_size({"width": 360, "height": 740})
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.get_by_test_id("reveal").screenshot(path=ARTIFACTS / f"large-reveal-{lang}-360.png")


IJ_NAMES = ["João", "Maximiliano Ruiz", "Lucía", "Ben", "Renée"]


@pytest.mark.parametrize("lang", LANGS)
def test_inside_job_breaks_no_word_of_a_name_or_a_button(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    (page,) = phones(1, lang=lang, width=320)
    kit.join([page], [IJ_NAMES[0]])
    for name in IJ_NAMES[1:]:
        phone = FakePhone(lang)
        host.call(lambda room, phone=phone: room.connect(phone))
        send(host, phone, {"type": "join", "name": name})
    expect(page.get_by_test_id("players").locator("li")).to_have_count(5)
    page.get_by_test_id("game-insidejob").click()
    expect(page.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("table")).to_be_visible()
    # "Maximiliano Ruiz" breaks between its words, if at all; so do the buttons' words.
    no_word_broken(page, ".ij-table td, " + BUTTONS, "start")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 320, "height": 740})
    page.get_by_test_id("table").screenshot(path=ARTIFACTS / f"layout-ij-table-{lang}-320.png")
    bots_play_to_the_end(host)
    expect(page.get_by_test_id("replay-next")).to_be_visible()
    no_word_broken(page, "table td, " + BUTTONS, "end")
