"""A moment on the board page hides the board beneath it from its first frame (QA: the moment
faded in over the board as it stood after the change, so for a third of a second the room saw
the outcome, every role at the end, before the cards were turned over)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, Table, vote_everyone

# Sampled on every animation frame from the moment the moment exists: its own opacity and
# its backdrop's (what of the board beneath could show through).
WATCH_JS = """() => {
  window.coverSamples = [];
  const sample = () => {
    const moment = document.querySelector('[data-testid="moment"]');
    if (moment && moment.checkVisibility()) {
      const style = getComputedStyle(moment);
      window.coverSamples.push([style.opacity, style.backgroundColor]);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""


def test_the_votes_moment_covers_the_board_from_its_first_frame(browser: Any, host: Any) -> None:
    table = Table(host)
    table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
    context = browser.new_context(viewport=BOARD_VIEWPORT)
    try:
        page = context.new_page()
        page.goto(f"{host.url}board")
        expect(page.get_by_test_id("scene")).to_have_attribute("data-scene", "lobby")
        table.leader({"type": "start"})
        expect(page.get_by_test_id("scene")).to_have_attribute("data-scene", "mole.board")
        page.evaluate(WATCH_JS)
        vote_everyone(table, approve=False)
        moment = page.get_by_test_id("moment")
        expect(moment).to_have_attribute("data-label", "votes_reveal")
        page.wait_for_function("() => window.coverSamples.length >= 3")
        samples = page.evaluate("() => window.coverSamples")
        assert all(opacity == "1" for opacity, _ in samples), samples
        assert all(not background.startswith("rgba") for _, background in samples), samples
    finally:
        context.close()
