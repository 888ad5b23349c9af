"""A tap on a slow Wi-Fi: until the host answers, the button pressed says its action is on its way
and a second tap sends nothing (QA: nothing showed between a tap and the host's answer, so a
player tapped again and read a refusal of a choice already made).

The slow Wi-Fi is the page's own socket holding what it sends until the test lets it go, in
real Chromium, so nothing here waits on time."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_phone_qa_fixes import act, public, table_of_five

# Every frame the page sends waits in a queue while `window.holding` is true.
HOLD_JS = """() => {
  window.held = [];
  window.holding = true;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (window.holding) window.held.push([this, data]);
    else send.call(this, data);
  };
  window.letGo = () => {
    window.holding = false;
    for (const [socket, data] of window.held.splice(0)) send.call(socket, data);
  };
}"""


def held(page: Page) -> int:
    return int(page.evaluate("window.held.length"))


def test_a_vote_on_its_way_shows_it_and_a_second_tap_sends_nothing(
    phones: Any, host: Any, kit: Any
) -> None:
    (page,) = table_of_five(phones, kit, host, "en", real=lambda deal: [(deal.boss + 1) % 5])
    seat = kit.seat_of(page)
    view = public(host)
    act(host, view["boss"], {"type": "propose", "team": [view["boss"], seat]})
    kit.all_at([page], "vote")
    approve, reject = page.get_by_test_id("vote-approve"), page.get_by_test_id("vote-reject")
    expect(approve).not_to_have_attribute("aria-busy", "true")

    page.evaluate(HOLD_JS)
    approve.click()
    expect(approve).to_have_attribute("aria-busy", "true")
    assert held(page) == 1
    reject.click()  # the impatient second tap
    assert held(page) == 1, "a second action left while the first was on its way"
    expect(reject).not_to_have_attribute("aria-busy", "true")

    page.evaluate("window.letGo()")
    expect(page.get_by_test_id("voted")).to_be_visible()
    expect(page.locator("[aria-busy]")).to_have_count(0)
    assert host.call(lambda room: room.state.votes[seat]) is True, "the first tap's vote counts"
    expect(page.get_by_test_id("error")).to_be_hidden()


def test_an_answer_that_never_comes_lets_the_next_tap_go_after_five_seconds(
    phones: Any, host: Any, kit: Any
) -> None:
    def phones_on_a_clock(count: int, **options: Any) -> list[Page]:
        return phones(count, clock=True, **options)

    (page,) = table_of_five(
        phones_on_a_clock, kit, host, "en", real=lambda deal: [(deal.boss + 1) % 5]
    )
    seat = kit.seat_of(page)
    view = public(host)
    act(host, view["boss"], {"type": "propose", "team": [view["boss"], seat]})
    kit.all_at([page], "vote")
    approve, reject = page.get_by_test_id("vote-approve"), page.get_by_test_id("vote-reject")

    page.evaluate(HOLD_JS)  # a socket that hangs: what it sends goes nowhere for now
    approve.click()
    expect(approve).to_have_attribute("aria-busy", "true")
    page.clock.run_for(4_900)
    reject.click()
    assert held(page) == 1
    page.clock.run_for(200)
    expect(page.locator("[aria-busy]")).to_have_count(0)
    reject.click()
    assert held(page) == 2, "after five seconds with no answer, the next tap may try again"

    page.evaluate("window.letGo()")
    expect(page.get_by_test_id("voted")).to_be_visible()
    assert host.call(lambda room: room.state.votes[seat]) is True, "the first to arrive counts"
