"""Marks on the board page that cannot be read as something else, in real Chromium (QA).

- The Boss: a crown and the word "Boss", never a star: a player's own look can be a star, and
  "★▲ Caio … ★ Beep" read as Beep being the Boss.
- Not voted yet: three dots, never an empty ring: a player's look can be a ring ("○ ○ Pixel").
- Inside Job's reveal: the votes a player received in a column of their own, not under their
  ballot, where "→ Beep / received 2" read as Beep's two votes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import BOARD_VIEWPORT, BoardPage, Table

# Each seat's mark in "Votes in": what it holds and whether a ring is drawn around it.
MARKS = """() => [...document.querySelectorAll('[data-testid="voted-list"] li')].map((row) => {
  const mark = row.querySelector(".mark");
  const style = getComputedStyle(mark);
  const ring = style.borderStyle !== "none" && style.borderTopColor !== "rgba(0, 0, 0, 0)";
  return { seat: row.dataset.testid, done: row.dataset.done,
    tick: Boolean(mark.querySelector("svg.tick")),
    dots: mark.querySelectorAll("svg.dots circle").length, ring };
})"""

BOX = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }"""


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("board-shots")


def test_the_boss_is_crowned_and_not_yet_is_three_dots(
    browser: Any, host: Any, shots: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bruno", "Caio", "Dara", "Beep", "Femi", "Gus")  # Beep's look: the star
    board = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "symbols")
    try:
        page = board.page
        board.scene("lobby")
        table.leader({"type": "start"})
        board.scene("mole.board", "propose")
        table.step()  # the Boss proposes
        boss = table.public_view()["boss"]
        for phone in table.players[:3]:
            table.send(phone, {"type": "action", "action": {"type": "vote", "approve": True}})
        expect(page.get_by_test_id("acted-summary")).to_have_text(
            translate("en", "tv.board.votes_in", count=3, total=7)
        )
        board.snapshot("votes-in", shots)
        marks = page.evaluate(MARKS)
        assert len(marks) == 7
        for mark in marks:
            if mark["done"] == "yes":
                assert mark["tick"] and mark["ring"], mark  # a tick in a filled ring
            else:
                assert mark["dots"] == 3 and not mark["ring"] and not mark["tick"], mark
        for phone in table.players[3:]:
            table.send(phone, {"type": "action", "action": {"type": "vote", "approve": True}})
        moment = page.get_by_test_id("moment")
        expect(moment).to_have_attribute("data-label", "votes_reveal")
        board.snapshot("votes-boss", shots)
        card = page.get_by_test_id(f"vote-{boss}")
        tag = card.get_by_test_id("boss-tag")
        expect(tag).to_have_text(translate("en", "tv.board.boss"))
        expect(tag.locator("svg.crown")).to_have_count(1)
        expect(page.get_by_test_id("boss-tag")).to_have_count(1)
        assert "★" not in page.locator("#stage").inner_text()
        # The tag on the card's corner, clear of the name under the card.
        tag_box = page.evaluate(BOX, f'[data-testid="vote-{boss}"] .boss-tag')
        name_box = page.evaluate(BOX, f'[data-testid="vote-{boss}"] .vote-name')
        assert tag_box["bottom"] <= name_box["top"], (tag_box, name_box)
        page.keyboard.press("Space")
        expect(moment).to_be_hidden()
        # The vote history: the Boss's cell crowned, and the legend.
        row = page.get_by_test_id(f"history-row-{boss}")
        expect(row.locator("td svg.crown")).to_have_count(1)
        expect(page.locator(".history .legend svg.crown")).to_have_count(1)
        expect(page.locator(".history .legend")).to_contain_text(translate("en", "tv.board.boss"))
        assert "★" not in page.locator("#stage").inner_text()
        board.snapshot("history-boss", shots)
        assert not board.errors, board.errors
    finally:
        board.close()


def test_the_votes_a_player_received_stand_in_their_own_column(
    browser: Any, host: Any, shots: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bruno", "Maximiliano Ruiz", "Hannah-Charlotte", "Eli")
    # With this seed these options play every trick and end in the vote (test_board_page.py).
    table.leader(
        {"type": "options", "game": "insidejob", "variants": ["wagers", "risky", "accomplice"]}
    )
    board = BoardPage(browser, f"{host.url}board?lang=pt", BOARD_VIEWPORT, "pt")
    try:
        page = board.page
        table.leader({"type": "start"})
        for _ in range(2000):
            if table.over():
                break
            table.step()
        vote = table.public_view()["vote"]
        assert vote, "the game ended in the vote"
        board.scene("insidejob.reveal")
        board.skip_moments()
        with board.held("insidejob.reveal"):
            board.snapshot("insidejob-reveal-received", shots)
            header = page.locator(".ij-reveal th.received-col")
            expect(header).to_have_text(translate("pt", "tv.insidejob.tally"))
            for seat, count in enumerate(vote["tally"]):
                cell = page.get_by_test_id(f"received-{seat}")
                expect(cell).to_have_attribute("data-votes", str(count))
                expect(cell).to_have_text(str(count))
                row = page.get_by_test_id(f"reveal-row-{seat}")
                expect(row.locator("td.ballot")).not_to_contain_text(str(count))
                # Under its own header, left of the ballot: the row's own count.
                cell_box = cell.bounding_box()
                ballot_box = row.locator("td.ballot").bounding_box()
                head_box = header.bounding_box()
                assert cell_box and ballot_box and head_box
                assert cell_box["x"] + cell_box["width"] <= ballot_box["x"] + 1
                assert abs(cell_box["x"] - head_box["x"]) < 1
        assert not board.errors, board.errors
    finally:
        board.close()
