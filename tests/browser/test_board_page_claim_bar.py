"""A claim on the board page's bar in real Chromium: whose seat is asked for shows whole, in every
language at 1280x720 and 1920x1080, with sixteen-letter names and the bar crowded (QA: at
1280x720 in Spanish, "Alguien quiere ocupar el puesto de…" and "Ausentes: Barth…" beside it).
On one row when there is room, else on two lines of its own; the seat it asks for is not named
again as away (the claim says so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table

# What is wrong with the claims on the bar: a line of one cut by an ellipsis, out of the bar or
# under the buttons, or letters under 24 design pixels. The bar is drawn again with each second
# of the clock: the test waits for it to be right rather than reading it once.
CLAIM_PROBLEMS = """() => {
  const extra = document.getElementById("bar-extra");
  const room = extra.getBoundingClientRect();
  const buttons = [...document.querySelectorAll("#bar button:not([hidden]), #bar select")];
  const firstButton = Math.min(...buttons.map((b) => b.getBoundingClientRect().left));
  const scale = room.width / extra.offsetWidth;
  const problems = [];
  const claims = [...extra.querySelectorAll("[data-testid^=claim-]")];
  if (!claims.length) problems.push("no claim on the bar");
  for (const claim of claims) {
    const box = claim.getBoundingClientRect();
    const what = `"${claim.textContent}"`;
    if (box.left < room.left - 0.5 || box.right > Math.min(room.right, firstButton) + 0.5
        || box.top < room.top - 0.5 || box.bottom > room.bottom + 0.5) {
      problems.push(`${what} leaves the bar`);
    }
    for (const text of claim.querySelectorAll(".bar-text")) {
      // Any overflow at all ends the line in an ellipsis.
      if (text.scrollWidth > text.clientWidth) problems.push(`${what} is cut`);
      for (const part of [text, ...text.querySelectorAll("*")]) {
        const size = parseFloat(getComputedStyle(part).fontSize);
        const least = part.classList.contains("name") ? 17.5 : 23.5; // a name, to be whole
        if (size < least) problems.push(`${what} is ${size} px`);
      }
      const line = text.getBoundingClientRect();
      if (line.right > box.right + 0.5) problems.push(`${what} runs past its part`);
    }
  }
  return problems;
}"""

CASES = [
    (lang, viewport, name)
    for name in ("WWWWWWWWWWWWWWWW", "Bartholomew Mmmm")
    for lang in ("en", "es", "pt")
    for viewport in (SMALL_VIEWPORT, BOARD_VIEWPORT)
]


@pytest.mark.host_config(fake_clock=True)  # the clock stands: the bar is the same throughout
@pytest.mark.parametrize(
    ("lang", "viewport", "claimed"),
    CASES,
    ids=[f"{lang}-{viewport['height']}-{name[:4]}" for lang, viewport, name in CASES],
)
def test_whose_seat_a_claim_asks_for_shows_whole(
    browser: Any, host: Any, lang: str, viewport: dict[str, int], claimed: str, tmp_path: Path
) -> None:
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        table = Table(host)
        table.join("Anastasia Wójcik", claimed, "Guadalupe Ximena", "Dara", "Eli")
        table.leader({"type": "options", "timer": "fast"})
        table.leader({"type": "start"})
        for seat in (1, 2):
            phone = table.players[seat]
            host.call(lambda room, phone=phone: room.disconnect(phone))
        table.watch("Zoe")
        table.send(table.phone(), {"type": "join", "name": claimed})
        claim = host.call(lambda room: room.claims[0].id)
        page = board.page
        expect(page.get_by_test_id(f"claim-{claim}")).to_contain_text(claimed)
        # The other away seat is named; the claimed one only in its claim.
        expect(page.get_by_test_id("away")).to_contain_text("Guadalupe")
        expect(page.get_by_test_id("away")).not_to_contain_text(claimed)
        expect(page.get_by_test_id("clock")).to_be_visible()
        try:
            page.wait_for_function(f"() => ({CLAIM_PROBLEMS})().length === 0", timeout=5_000)
        except PlaywrightTimeout:
            raise AssertionError(page.evaluate(CLAIM_PROBLEMS)) from None
        finally:
            page.screenshot(path=str(tmp_path / f"claim-{lang}-{viewport['width']}.png"))
        assert not board.errors, board.errors
    finally:
        board.close()
