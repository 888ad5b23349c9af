"""Names of 16 letters without a space (the host's longest, "WWWWWWWWWWWWWWWW") in every line
that says them, at 320 and 360 px: the lobby's lines, the join screen's, and the audience's
before, during and after a game. QA saw the audience's "Your suspects: WWWW…" run past its card
and off the screen at 360 px."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_board_page import Table

LONG = ["W" * 16, "M" * 16]  # the leader, another seated player
WATCHING = ["Q" * 16, "X" * 16]  # a phone in the audience, a member the test drives
WIDTHS = (320, 360)

# Every piece of text in the page's main part that reaches past the box that holds it (its
# nearest ancestor that is not inline), and the page's width against the screen's.
OUTSIDE_JS = """() => {
  const holder = (el) => {
    while (el && getComputedStyle(el).display.startsWith('inline')) el = el.parentElement;
    return el;
  };
  const outside = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
    const box = holder(node.parentElement);
    if (!box || !box.getClientRects().length) continue;
    const edge = box.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(node);
    const out = (r) => r.right > edge.right + 1 || r.left < edge.left - 1;
    if ([...range.getClientRects()].some(out)) {
      outside.push(`${box.dataset.testid || box.className || box.tagName}: ${node.textContent}`);
    }
  }
  return {outside, page: document.documentElement.scrollWidth, width: innerWidth};
}"""


def fits(pages: list[Page], when: str) -> None:
    for page in pages:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 640})
            seen = page.evaluate(OUTSIDE_JS)
            screen = page.get_by_test_id("screen").get_attribute("data-screen")
            assert seen["outside"] == [] and seen["page"] <= width, (when, screen, width, seen)


def test_a_long_name_without_spaces_stays_inside_every_lobby_and_audience_line(
    phones: Any, host: Any, kit: Any
) -> None:
    host.call(lambda room: setattr(room, "bot_pause", 0.0))  # the added bots play at once
    leader, seated, stranger, watcher = phones(4, width=320)
    kit.join([leader, seated], LONG)
    for count in range(3, 6):
        leader.get_by_test_id("add-bot").click()
        expect(leader.get_by_test_id("players").locator("li")).to_have_count(count)
    watcher.get_by_test_id("audience-name").fill(WATCHING[0])
    watcher.get_by_test_id("audience-submit").click()
    expect(watcher.get_by_test_id("audience-wait")).to_be_visible()
    expect(seated.get_by_test_id("wait-leader")).to_contain_text(LONG[0])
    fits([leader, seated, stranger, watcher], "lobby")

    table = Table(host)
    table.watch(WATCHING[1])
    leader.get_by_test_id("start").click()
    expect(watcher.get_by_test_id("screen")).to_have_attribute("data-screen", "audience")
    for seat in range(5):
        watcher.get_by_test_id(f"suspect-{seat}").click()
        expect(watcher.get_by_test_id(f"suspect-{seat}")).to_have_attribute("aria-pressed", "true")
    expect(watcher.get_by_test_id("suspects-now")).to_contain_text(LONG[1])
    table.suspect(WATCHING[1], [0, 1])
    fits([watcher, stranger, leader, seated], "playing")

    # Both seated phones go; the bots play their seats to the end.
    leader.close()
    seated.close()
    host.wait_for(lambda room: not any(player.connected for player in room.players[:2]))
    host.call(lambda room: room.cover_absent_seats())
    host.wait_for(lambda room: room.phase == "over")
    expect(watcher.get_by_test_id("audience-result")).to_be_visible()
    expect(watcher.get_by_test_id("audience-others")).to_contain_text(WATCHING[1])
    fits([watcher, stranger], "over")
