"""Lines that hold names on the board page, in real Chromium at 1920x1080 and 1280x720: an
Inside Job game that ends in the vote, with the widest sixteen-letter names the host allows in
the ballots, the tally's "most votes" line and the end's "voted for" column. Each such line
shows its names whole (smaller, or on two lines like the names elsewhere); whatever text on any
screen is still too wide for its box ends in an ellipsis, never cut in the middle of a letter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
    play_watching,
)

# With the host's seed these five play every trick and end in the vote, where four of them name
# the first seat and the first names the fourth.
WIDE = "WWWWWWWWWWWWWWWW"
NAMES = [WIDE, "Bo", "Eli", "Mmmmmmmmmmmmmmmm", "Ivo"]

# Text cut by its box with no ellipsis: an element that clips (overflow other than visible)
# whose own text runs past its right edge, on one line without text-overflow: ellipsis.
CUT_MID_LETTER = """() => {
  const cut = [];
  for (const el of document.querySelectorAll("#stage *")) {
    if (el.closest("[hidden], .visually-hidden, svg, select")) continue;
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.overflowX === "visible" || style.display === "inline") continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.scrollWidth <= el.clientWidth + 1) continue;
    if (style.textOverflow === "ellipsis") continue;
    cut.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 40)}"`);
  }
  return cut;
}"""

# The lines that name players after an arrow or a colon, under `root` (the moment: its ballots
# and its "most votes" line; the end: its "voted for" column): each one's text, and whether all
# of it is inside its box.
NAME_LINES = """(root) => [...document.querySelector(root).querySelectorAll(
    ".named, .leaders, .ballot > .fit:first-child")]
  .filter((el) => el.getClientRects().length)
  .map((el) => ({
    text: el.textContent,
    whole: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
  }))"""


class EndsBoard(BoardPage):
    """A board page that checks, on every scene and moment it snapshots, that no text is cut
    in the middle of a letter, and keeps the vote moment's lines of names."""

    vote_lines: list[dict[str, Any]] | None = None

    def snapshot(self, name: str, folder: Path) -> None:
        first = name not in self.shots
        super().snapshot(name, folder)
        if not first:
            return
        assert self.page.evaluate(CUT_MID_LETTER) == [], f"{self.label} {name}"
        if name == "moment-vote_count":
            self.vote_lines = self.page.evaluate(NAME_LINES, "#moment")


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("board-name-ends")


def test_names_in_the_vote_and_the_end_read_whole(browser: Any, host: Any, shots: Path) -> None:
    boards = [
        EndsBoard(browser, f"{host.url}board?cycle=1", BOARD_VIEWPORT, "en-1080"),
        EndsBoard(browser, f"{host.url}board?lang=es&cycle=1", SMALL_VIEWPORT, "es-720"),
    ]
    try:
        table = Table(host)
        table.join(*NAMES)
        table.leader({"type": "options", "game": "insidejob", "variants": ["wagers"]})
        table.leader({"type": "start"})
        for board in boards:
            board.scene("insidejob.board")
        # The vote moment is checked (and shot) as it plays.
        play_watching(table, boards, shots)
        vote = table.public_view()["vote"]
        assert vote and vote["leaders"] == [0], vote
        for board in boards:
            # Each ballot, then the most votes line.
            assert board.vote_lines is not None, f"{board.label}: no vote moment"
            assert len(board.vote_lines) == len(vote["ballots"]) + 1, board.vote_lines
            for line in board.vote_lines:
                assert line["whole"], f"{board.label}: {line}"
            with board.held("insidejob.reveal"):
                board.snapshot("insidejob.reveal", shots)
                lines = board.page.evaluate(NAME_LINES, "#scene")
                assert len(lines) == len(vote["ballots"]), lines
                for line in lines:
                    assert line["whole"], f"{board.label}: {line}"
                expect(
                    board.page.get_by_test_id("reveal-row-1").locator(".ballot")
                ).to_contain_text(f"→ {WIDE}")
            # Where even two lines at the smallest size cannot hold a name (here the column made
            # narrow), the line ends in an ellipsis: a name is never cut in a letter's middle.
            board.page.evaluate(
                """() => {
                  const sheet = document.styleSheets[0];
                  const rule = ".ij-reveal .reveal-table th.outcome-col { width: 520px; }";
                  sheet.insertRule(rule, sheet.cssRules.length);
                  window.dispatchEvent(new Event("resize"));
                }"""
            )
            ballot = board.page.get_by_test_id("reveal-row-1").locator(".ballot > .fit").first
            ballot.evaluate("() => new Promise((drawn) => requestAnimationFrame(() => drawn()))")
            assert ballot.evaluate("(el) => el.scrollWidth > el.clientWidth + 1"), board.label
            assert board.page.evaluate(CUT_MID_LETTER) == [], board.label
            board.page.screenshot(path=str(shots / f"{board.label}-narrow-ballots.png"))
    finally:
        for board in boards:
            board.close()
