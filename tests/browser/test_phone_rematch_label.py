"""The end of a game names who joins the next one (QA): "Play again with the same players" was
the leader's button even when latecomers were waiting to be seated by it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_evening import table_of_three_and_two_bots
from tests.browser.test_phone_qa_fixes import bots_play_to_the_end, send


def test_the_rematch_button_names_the_latecomers_it_seats(phones: Any, host: Any, kit: Any) -> None:
    lang = "en"
    pages = table_of_three_and_two_bots(phones, kit)
    leader, other = pages[0], pages[1]
    expect(leader.get_by_test_id("start")).to_be_visible()
    leader.get_by_test_id("start").click()
    expect(leader.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    bots_play_to_the_end(host)
    same = translate(lang, "phone.rematch")
    expect(leader.get_by_test_id("rematch")).to_have_text(same)

    zoe = FakePhone(lang)
    host.call(lambda room: room.connect(zoe))
    send(host, zoe, {"type": "join", "name": "Zoe"})
    leader_name = host.call(lambda room: room.leader.name)
    expect(leader.get_by_test_id("rematch")).to_have_text(
        translate(lang, "phone.rematch_joining", names="Zoe")
    )
    expect(other.get_by_test_id("wait-rematch")).to_have_text(
        translate(lang, "phone.rematch_wait_joining", name=leader_name, names="Zoe")
    )
    leader.get_by_test_id("rematch").click()
    host.wait_for(lambda room: room.phase == "playing" and len(room.players) == 6)


def test_with_the_table_full_the_leader_is_told_who_has_no_seat(
    phones: Any, host: Any, kit: Any
) -> None:
    """QA: five at an Inside Job table (its most), a watcher signed up for the next game, and the
    leader's button said "Play again, with Siobhán": the rematch dealt without her, unexplained."""
    leader, late = phones(2)
    kit.join([leader], ["Ana"])
    leader.get_by_test_id("game-insidejob").click()
    expect(leader.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    for count in (2, 3, 4, 5):
        leader.get_by_test_id("add-bot").click()
        expect(leader.get_by_test_id("players").locator("li")).to_have_count(count)
    leader.get_by_test_id("start").click()
    expect(leader.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    late.get_by_test_id("join-name").fill("Siobhán")
    late.get_by_test_id("join-submit").click()
    banner = late.get_by_test_id("next-game")
    expect(banner).to_have_text(translate("en", "phone.next_game_full", name="Siobhán", count=1))
    bots_play_to_the_end(host)
    expect(leader.get_by_test_id("rematch")).to_have_text(translate("en", "phone.rematch"))
    expect(leader.get_by_test_id("rematch-full")).to_have_text(
        translate("en", "phone.rematch_full", names="Siobhán")
    )
