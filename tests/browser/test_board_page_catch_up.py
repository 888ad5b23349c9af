"""When the table plays faster than the board page's moments, the board catches up and still
tells the end, in real Chromium.

QA, 7 players with bots: the players confirmed their Getaway marks while the board was still
flipping an earlier lock's cards. The board went from the card flip to "The Crew wins!": the
Getaway and whom the Moles accused never appeared, and it still showed "The votes for lock 4"
after the game had ended. Now a moment with another waiting behind it ends at its brief (its
news shown), the end's own moment (the accusation) is never dropped, and when it comes the
moments of earlier locks still waiting give way. The page's clock is Playwright's, stopped: the
moments' times are read from it, whatever the machine's speed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import BOARD_VIEWPORT, BoardPage, Table

NAMES = ["Ana", "Bruno", "Chen", "Dara", "Eli", "Femi", "Gus"]

# Every change of the moment on screen and of the scene, with the page's (fake) time.
WATCH_JS = """() => {
  window.seen = [];
  const moment = document.querySelector('[data-testid="moment"]');
  const scene = document.querySelector('[data-testid="scene"]');
  const note = () => {
    const label = moment.hidden ? "" : moment.dataset.label || "";
    const last = window.seen[window.seen.length - 1];
    const now = [label, scene.dataset.scene, Date.now()];
    if (!last || last[0] !== now[0] || last[1] !== now[1]) window.seen.push(now);
  };
  new MutationObserver(note).observe(moment, { attributes: true });
  new MutationObserver(note).observe(scene, { attributes: true });
  note();
}"""


def play_lock(table: Table) -> None:
    """The Boss proposes (its bot chooses), everyone approves, the team plays clean: it opens."""
    table.step()
    for phone in table.players:
        table.send(phone, {"type": "action", "action": {"type": "vote", "approve": True}})
    for seat in table.public_view()["proposals"][-1]["team"]:
        card = {"type": "play", "card": "clean"}
        table.send(table.players[seat], {"type": "action", "action": card})


def seen(board: BoardPage) -> list[list[Any]]:
    return board.page.evaluate("window.seen.splice(0)")


def moments_of(changes: list[list[Any]]) -> list[tuple[str, int]]:
    """The moments that came on screen, with when (the page's milliseconds)."""
    shown = []
    for label, _scene, at in changes:
        if not shown or shown[-1][0] != label:
            shown.append((label, at))
    return shown


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this test's screenshots go (pytest's temporary folder, as artifacts)."""
    return tmp_path_factory.mktemp("board-shots")


def test_marks_confirmed_during_a_card_flip_end_with_the_accusation(
    browser: Any, host: Any, shots: Path
) -> None:
    table = Table(host)
    table.join(*NAMES)
    board = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "catch-up")
    try:
        page = board.page
        moment = page.get_by_test_id("moment")
        board.scene("lobby")
        table.leader({"type": "start"})
        board.scene("mole.board", "propose")
        page.evaluate(WATCH_JS)
        page.clock.pause_at((page.evaluate("Date.now()") + 100) / 1000)
        seen(board)

        # Lock 1: the votes are turned over while the team's cards are already in. The votes
        # give way to the cards once their verdict has been read, not a whole moment later.
        play_lock(table)
        expect(moment).to_have_attribute("data-label", "votes_reveal")
        expect(moment).to_have_attribute("data-hurried", "true")  # the cards wait behind
        page.clock.run_for(3_000)
        shown = moments_of(seen(board))
        assert [label for label, _ in shown] == ["votes_reveal", "cards_reveal"], shown
        # The verdict at 1.3 s, read for 1.4 s: 2.7 s, not the moment's 4.5 s.
        assert abs(shown[1][1] - shown[0][1] - 2_700) <= 20, shown
        page.clock.run_for(10_000)
        expect(moment).to_be_hidden()

        # Lock 2: its cards begin to flip...
        play_lock(table)
        expect(moment).to_have_attribute("data-hurried", "true")
        page.clock.run_for(3_000)
        expect(moment).to_have_attribute("data-label", "cards_reveal")
        title = page.get_by_test_id("cards-moment").locator("h1")
        expect(title).to_have_text(translate("en", "tv.cards.title", lock=2))
        # ...and meanwhile lock 3 is voted and opened, and every Getaway mark is confirmed.
        play_lock(table)
        assert table.public_view()["phase"] == "getaway"
        while not table.over():
            table.step()
        result = table.public_view()["result"]
        assert result["marks"], "the game ended in the Getaway"
        # The end has come: lock 2's flip gives way to lock 3's at once (no stale lock after
        # the end), and lock 3's votes, still waiting, are left out.
        expect(title).to_have_text(translate("en", "tv.cards.title", lock=3))
        ended = page.evaluate("Date.now()")
        team = len(table.public_view()["proposals"][-1]["team"])
        for _ in range(40):
            page.clock.run_for(250)
            if moment.get_attribute("data-label") == "accusation":
                break
        page.clock.run_for(3_500)  # whom the Moles accused (1.6 s in), the Driver (3.0 s)
        words = {
            "accused": translate("en", "tv.accusation.accused", name=NAMES[result["accused"]]),
            "protected": translate(
                "en", "tv.accusation.protected", name=NAMES[result["protected"]]
            ),
        }
        for testid, text in words.items():
            expect(page.get_by_test_id(testid)).to_have_text(text)
            expect(page.get_by_test_id(testid)).to_be_visible()
        board.settle()
        board.snapshot("moment-accusation", shots)
        page.clock.run_for(10_000)
        expect(moment).to_be_hidden()
        changes = [change for change in seen(board) if change[2] >= ended]
        shown = moments_of(changes)
        assert [label for label, _ in shown] == ["cards_reveal", "accusation", ""], shown
        assert changes[-1][1] == "mole.reveal", changes
        # Lock 3's cards cut to their brief (the accusation waited): flips from 1.2 s, 0.9 s
        # apart, the result 0.2 s after the last, read for 1.4 s; then the accusation whole.
        brief = (1.2 + 0.9 * team + 0.2 + 1.4) * 1000
        assert abs(shown[1][1] - ended - brief) <= 20, (shown, ended, brief)
        assert abs(shown[2][1] - shown[1][1] - 6_400) <= 20, shown
        assert not board.errors, board.errors
    finally:
        page.clock.resume()
        board.close()
