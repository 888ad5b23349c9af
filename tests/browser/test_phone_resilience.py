"""Phones sleep, Wi-Fi blips, hosts restart, tabs multiply: the page keeps its seat by itself."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from host.i18n import translate
from host.server import SOCKETS_KEY

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]


async def drop_every_socket(app: Any) -> None:
    for ws in list(app[SOCKETS_KEY]):
        await ws.close()


def test_the_page_reconnects_by_itself_and_keeps_its_seat(phones: Any, host: Any) -> None:
    page = phones(1)[0]
    page.get_by_test_id("join-name").fill("Ana")
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    # Record every connection state the page shows, however briefly.
    page.evaluate(
        """() => {
          window.connStates = [];
          const conn = document.querySelector('[data-testid="conn"]');
          new MutationObserver(() => window.connStates.push(conn.dataset.state + ":" +
            conn.textContent)).observe(conn, {attributes: true, childList: true});
        }"""
    )

    host.run(drop_every_socket)
    page.wait_for_function("() => window.connStates.some((s) => s.startsWith('waiting:'))")
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("me-name")).to_have_text("Ana")
    expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "lobby")
    states = page.evaluate("() => window.connStates")
    offline = next(state for state in states if state.startswith("waiting:"))
    assert offline == "waiting:" + translate("en", "phone.conn.waiting", seconds=1)
    host.wait_for(lambda room: [p.connected for p in room.players] == [True])


def test_after_a_host_restart_every_phone_is_back_in_its_seat_by_itself(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = phones(5)
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    boss = kit.the_boss(pages)
    team = [0, 1]
    kit.propose(boss, team)
    kit.all_at(pages, "vote", 1)
    kit.vote_all(pages, approve=True)
    kit.all_at(pages, "cards", 1)

    host.restart(resume=True)
    for page, name in zip(pages, NAMES, strict=True):
        expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
        expect(page.get_by_test_id("me-name")).to_have_text(name)
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    kit.all_at(pages, "cards", 1)
    # The game goes on from where it was: the team plays, the next Boss proposes.
    by_seat = {kit.seat_of(page): page for page in pages}
    kit.in_flap(by_seat[team[0]], "card-clean")
    expect(by_seat[team[0]].get_by_test_id("played")).to_be_visible()
    kit.in_flap(by_seat[team[1]], "card-clean")
    kit.all_at(pages, "propose", 1)
    expect(pages[3].get_by_test_id("lock-0")).to_have_attribute("data-result", "open")


def test_a_second_tab_with_the_token_waits_and_gets_the_seat_when_the_first_has_gone(
    browser: Any, host: Any
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(10_000)
    try:
        first = context.new_page()
        first.goto(host.url)
        first.get_by_test_id("join-name").fill("Ana")
        first.get_by_test_id("join-submit").click()
        expect(first.get_by_test_id("me-name")).to_have_text("Ana")

        # Same browser storage, the same token: the seat stays on the phone that holds it.
        second = context.new_page()
        second.goto(host.url)
        expect(second.get_by_test_id("seat-in-use")).to_have_text(
            translate("en", "phone.seat_in_use")
        )
        expect(second.get_by_test_id("me-name")).to_have_text("")
        expect(second.get_by_test_id("error")).to_be_hidden()
        expect(first.get_by_test_id("me-name")).to_have_text("Ana")
        expect(first.get_by_test_id("notice")).to_be_hidden()

        # The first tab goes away: the waiting one is seated by itself.
        first.close()
        expect(second.get_by_test_id("me-name")).to_have_text("Ana")
        expect(second.get_by_test_id("screen")).to_have_attribute("data-screen", "lobby")
        host.wait_for(lambda room: [p.connected for p in room.players] == [True])
    finally:
        context.close()


def test_a_phone_waking_up_reconnects_at_once_without_waiting_for_its_back_off(
    phones: Any, host: Any
) -> None:
    page = phones(1)[0]
    page.clock.install()
    page.reload()
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    # The page's timers stand still from now on: its back-off can never fire, only waking up
    # can reconnect it.
    page.clock.pause_at(page.evaluate("() => Date.now() + 1"))
    host.stop()
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "waiting")
    host.start(resume=False)
    page.evaluate(
        """() => {
          Object.defineProperty(document, "visibilityState", {value: "visible"});
          document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("join-form")).to_be_visible()


def test_while_a_saved_game_is_on_offer_the_phones_say_their_seat_is_kept(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = phones(5)
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)

    # Restarted without --resume: the game is on offer (key R), and every phone says so.
    host.restart(resume=False)
    for page, name in zip(pages, NAMES, strict=True):
        expect(page.get_by_test_id("resume-pending")).to_have_text(
            translate("en", "phone.resume_pending")
        )
        expect(page.get_by_test_id("me-name")).to_have_text(name)
        expect(page.get_by_test_id("join-form")).to_have_count(0)
    host.call(lambda room: room.resume_saved())
    kit.all_at(pages, "propose", 0)
    for page in pages:
        expect(page.get_by_test_id("resume-pending")).to_have_count(0)
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
