"""The top bar of a 360x640 phone is one row (QA: two rows, some 120 px of the 640, the language
picker on a line of its own), and the host code stays in sight in a game (it was at the page's
foot, behind the flap's handle until the page was scrolled to its end): in English, Spanish and
Portuguese, with a name of sixteen letters, in the lobby and during a game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import ARTIFACTS, send

NAME = "Maximiliano Ruiz"
BAR_MOST_PX = 64

BAR_JS = """() => {
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const name = document.querySelector('[data-testid="me-name"]');
  return {height: bar.height, name: name.textContent,
          whole: name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight,
          wide: document.documentElement.scrollWidth};
}"""

# Whether the host code is drawn on top at its middle and its corners (hit-tested with pointer
# events on for the test: the code lets touches through to the flap's handle), and inside the
# window.
CODE_IN_SIGHT_JS = """() => {
  const code = document.getElementById('host-code');
  const box = code.getBoundingClientRect();
  code.style.pointerEvents = 'auto';
  const points = [[box.left + box.width / 2, box.top + box.height / 2],
    [box.left + 2, box.top + 2], [box.right - 2, box.bottom - 2]];
  const hits = points.map(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return Boolean(hit) && code.contains(hit);
  });
  code.style.pointerEvents = '';
  return {top: box.top, bottom: box.bottom, height: innerHeight, hits,
          text: code.textContent};
}"""


def code_in_sight(page: Page, where: str) -> None:
    sight = page.evaluate(CODE_IN_SIGHT_JS)
    assert sight["text"], (where, sight)
    assert sight["top"] >= 0 and sight["bottom"] <= sight["height"], (where, sight)
    assert all(sight["hits"]), (where, sight)


def bar_is_one_row(page: Page, where: str) -> None:
    bar = page.evaluate(BAR_JS)
    assert bar["height"] <= BAR_MOST_PX, (where, bar)
    assert bar["name"] == NAME and bar["whole"], (where, bar)
    assert bar["wide"] <= 360, (where, bar)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_one_row_top_bar_and_the_host_code_in_sight(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    (page,) = phones(1, lang=lang, width=360)
    page.set_viewport_size({"width": 360, "height": 640})
    kit.join([page], [NAME])
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("host-code")).to_be_visible()
    bar_is_one_row(page, "lobby")
    # The rules and the language are still named for screen readers and keyboards.
    expect(page.get_by_test_id("howto-open")).to_have_accessible_name(
        translate(lang, "phone.howto.open"), ignore_case=False
    )
    expect(page.get_by_test_id("lang")).to_have_accessible_name(translate(lang, "phone.lang.label"))

    for name in ("Bo", "Cy", "Dee", "Eli"):
        phone = FakePhone(lang)
        host.call(lambda room, phone=phone: room.connect(phone))
        send(host, phone, {"type": "join", "name": name})
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("step")).to_be_visible()
    expect(page.get_by_test_id("flap-handle")).to_be_visible()
    bar_is_one_row(page, "game")
    # In a game the code is in sight on the flap's handle, scrolled to the top or to the end.
    page.evaluate("window.scrollTo(0, 0)")
    code_in_sight(page, "game, top")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"topbar-compact-game-360-{lang}.png")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    code_in_sight(page, "game, end")
    # The handle still opens the flap, the code drawn over it or not.
    cdp = kit.hold_flap(page)
    expect(page.get_by_test_id("flap-panel")).to_be_visible()
    kit.release_flap(cdp)
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()


CLOCK_UNDER_BAR_JS = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const clock = document.querySelector('[data-testid="turn-clock"]').getBoundingClientRect();
  return {bar: bar.bottom, clock: clock.top, scrolled: window.scrollY};
}"""


@pytest.mark.host_config(fake_clock=True, bot_pause=0)
def test_the_turn_clock_stays_below_a_top_bar_grown_by_large_text(
    phones: Any, host: Any, kit: Any
) -> None:
    """The clock sticks under the bar as the page scrolls; the bar grows with large text (the
    name on a row of its own) and the clock used to slide under it (QA)."""
    from tests.browser.test_phone_evening import humans_waited_on, table_of_three_and_two_bots

    pages = table_of_three_and_two_bots(phones, kit)
    leader = pages[0]
    leader.get_by_test_id("timer-fast").click()
    expect(leader.get_by_test_id("timer-fast")).to_have_attribute("aria-pressed", "true")
    leader.get_by_test_id("start").click()
    by_seat = {kit.seat_of(page): page for page in pages}
    host.wait_for(humans_waited_on(set(by_seat)))
    expected = host.call(lambda room: set(room.match.expected_seats()))
    page = next(page for seat, page in by_seat.items() if seat in expected)
    expect(page.get_by_test_id("turn-clock")).to_be_visible()
    page.get_by_test_id("text-size").click()
    expect(page.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    found = page.evaluate(CLOCK_UNDER_BAR_JS)
    assert found["scrolled"] > 0, "the page is long enough to scroll"
    assert found["clock"] >= found["bar"] - 0.5, found
