"""The Mole board on the board page in real Chromium, at 1920x1080 and 1280x720 in each language:
every row of the vote history says what it is (QA: the row of the teams' ✓ and ✗ had no word,
and read as one more player's votes); a lock's card says its team's size once (QA: a large "5"
over "team of 5")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.i18n import catalog
from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    NAMES,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
)
from tests.browser.test_board_page_leftovers import vote

SCREENS = [("en", BOARD_VIEWPORT), ("es", SMALL_VIEWPORT), ("pt", SMALL_VIEWPORT)]


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mole-board-shots")


@pytest.fixture
def table(host: Any) -> Table:
    """Ten players (two of them with sixteen-letter names); three teams voted on, the second
    approved (its lock opened): two rejected columns and an approved one."""
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    for approve in (False, True, False):
        vote(table, approve)
    view = table.public_view()
    assert [p["approved"] for p in view["proposals"]] == [False, True, False]
    assert view["phase"] == "propose"
    return table


# Each row of the history's grid: the words in its first cell a viewer sees (none for screen
# readers only), their size in the stage's pixels, whether they are cut, and how many ✓ or ✗
# the row holds.
ROWS = """() => [...document.querySelectorAll("[data-testid=history-grid] tr")].map((row) => {
  const cell = row.cells[0];
  const seen = [...cell.querySelectorAll("*")].filter((el) =>
    !el.closest(".visually-hidden") && el.getClientRects().length
    && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
  return {
    words: seen.map((el) => el.textContent.trim()).join(" "),
    sizes: seen.map((el) => parseFloat(getComputedStyle(el).fontSize)),
    cut: seen.some((el) => el.classList.contains("too-long")
      || el.scrollWidth > el.clientWidth + 1),
    marks: row.querySelectorAll(".glyph").length,
  };
})"""


@pytest.mark.parametrize(("lang", "viewport"), SCREENS, ids=[lang for lang, _ in SCREENS])
def test_every_row_of_the_vote_history_says_what_it_is(
    browser: Any, host: Any, table: Table, lang: str, viewport: dict[str, int], shots: Path
) -> None:
    words = catalog(lang)
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        board.scene("mole.board", "propose")
        board.page.get_by_test_id("history-col-2").wait_for()
        board.snapshot("mole.board-history", shots)
        rows = board.page.evaluate(ROWS)
        for row in rows:
            assert row["words"] and not row["cut"], row
        # The lock's number, the teams' verdicts, then a row a player.
        assert len(rows) == 2 + len(NAMES), rows
        assert rows[0]["words"] == words["tv.board.history_lock"], rows[0]
        assert rows[1]["words"] == words["tv.board.history_verdict"], rows[1]
        assert rows[1]["marks"] == 3, rows[1]
        assert [row["words"] for row in rows[2:]] == NAMES
        # Read from the sofa: 24 px of the stage at least, a player's name 18 (fitText's rule).
        for row in rows[:2]:
            assert min(row["sizes"]) >= 24, row
        for row in rows[2:]:
            assert min(row["sizes"]) >= 18, row
    finally:
        board.close()


@pytest.mark.parametrize(("lang", "viewport"), SCREENS, ids=[lang for lang, _ in SCREENS])
def test_a_lock_says_its_teams_size_once(
    browser: Any, host: Any, table: Table, lang: str, viewport: dict[str, int], shots: Path
) -> None:
    words = catalog(lang)
    locks = table.public_view()["locks"]
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        board.scene("mole.board", "propose")
        board.page.get_by_test_id("history-col-2").wait_for()
        board.snapshot("mole.board-locks", shots)
        states = []
        for index, lock in enumerate(locks):
            card = board.page.get_by_test_id(f"lock-{index}")
            state = card.get_attribute("data-state")
            states.append(state)
            if state in ("open", "blown"):
                continue
            size = lock["team_size"]
            lines = [line.strip() for line in card.inner_text().split("\n") if line.strip()]
            name = words["tv.board.lock"].format(number=index + 1)
            rest = [line for line in lines if line not in (name, words["tv.board.now"])]
            # The catalog's words, the number once, and that number large.
            said = " ".join(rest)
            assert said == words["tv.board.team_of"].format(size=size), lines
            assert said.split().count(str(size)) == 1, lines
            number = card.locator(".lock-size")
            assert number.inner_text() == str(size)
            assert float(number.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")) >= 48
        assert states == ["open", "current", "later", "later", "later"], states
    finally:
        board.close()
