"""Names of one list or table on the board page, in real Chromium at 1920x1080 and 1280x720:
each keeps the largest size that fits it. A sixteen-letter name that has to shrink no longer
shrinks "Bo" and "Eli" beside it (QA: a list sized for its longest member made every short
name look shrunken from the sofa). Every name still reads whole, none over another, through a
whole ten-player Mole game and a five-player Inside Job game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
    play_watching,
)
from tests.browser.test_board_page_names import CUT_NAMES

MIXED = [
    "Ana",
    "Maximiliano Ruiz",
    "Bo",
    "Hannah-Charlotte",
    "Eli",
    "Guadalupe Ximena",
    "Ivo",
    "Wenceslau Wagner",
    "Juno",
    "Joãozinho Mendes",
]

# Short enough to fit any box the board gives a name at the name's full size.
SHORT = {"Ana", "Bo", "Eli", "Ivo", "Juno"}

# The names on screen by list: the outermost list or table they are in (of the scene or the
# moment) and the kind of cell or item (a table's row headers, its last-guess cells...). For
# each list: each name's size and its full size (the page's style, before any fitting), and
# the names set over one another.
NAME_LISTS = """() => {
  const lists = new Map();
  for (const node of document.querySelectorAll("#stage .name")) {
    if (node.closest("[hidden]") || !node.getClientRects().length) continue;
    let list = null;
    for (let at = node.parentElement; at && !at.matches(".scene, .moment"); at = at.parentElement) {
      if (at.matches("table, ul, ol")) list = at;
    }
    if (!list) continue;
    const cell = node.closest("th, td, li");
    const kind = cell.tagName === "LI" ? "LI" : `${cell.tagName}.${cell.className}`;
    if (!lists.has(list)) lists.set(list, new Map());
    const kinds = lists.get(list);
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(node);
  }
  const fullSize = (node) => {
    const fitted = node.style.fontSize;
    node.style.fontSize = "";
    const size = parseFloat(getComputedStyle(node).fontSize);
    node.style.fontSize = fitted;
    return size;
  };
  const found = [];
  for (const [list, kinds] of lists) for (const [kind, nodes] of kinds) {
    const key = `${list.className || list.tagName} ${kind}`;
    const sizes = nodes.map((node) => ({
      name: node.textContent, size: parseFloat(getComputedStyle(node).fontSize),
      full: fullSize(node),
    }));
    const overlaps = [];
    const boxes = nodes.map((node) => (node.closest(".badge") || node).getBoundingClientRect());
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
      const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5
        || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      if (!apart) overlaps.push(`${nodes[i].textContent} / ${nodes[i + 1 + j].textContent}`);
    }));
    found.push({ key, sizes, overlaps });
  }
  return found;
}"""


class SizedBoard(BoardPage):
    """A board page that checks, on every scene and moment it snapshots, that each list's short
    names read at their full size, every name whole and apart; it keeps the lists where a long
    name had to shrink below its short neighbours."""

    checked: list[str]
    mixed: list[str]

    def snapshot(self, name: str, folder: Path) -> None:
        first = name not in self.shots
        super().snapshot(name, folder)
        if not first:
            return
        self.checked = [*getattr(self, "checked", []), name]
        assert self.page.evaluate(CUT_NAMES) == [], name
        for found in self.page.evaluate(NAME_LISTS):
            where = f"{self.label} {name}: {found['key']}"
            for entry in found["sizes"]:
                if entry["name"] in SHORT:
                    assert entry["size"] == entry["full"], f"{where}: {found['sizes']}"
            if len({entry["size"] for entry in found["sizes"]}) > 1:
                self.mixed = [*getattr(self, "mixed", []), name]
            assert not found["overlaps"], f"{where}: {found['overlaps']}"


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("board-name-sizes")


def open_boards(browser: Any, host: Any) -> list[SizedBoard]:
    return [
        SizedBoard(browser, f"{host.url}board?cycle=1", BOARD_VIEWPORT, "en-1080"),
        SizedBoard(browser, f"{host.url}board?lang=es&cycle=1", SMALL_VIEWPORT, "es-720"),
    ]


def test_a_ten_player_mole_game_keeps_each_short_name_at_its_full_size(
    browser: Any, host: Any, shots: Path
) -> None:
    boards = open_boards(browser, host)
    try:
        table = Table(host)
        table.join(*MIXED)
        table.watch("Zoe")
        for board in boards:
            board.page.get_by_test_id("lobby-seat-9").wait_for()
            board.snapshot("lobby", shots)
        table.leader({"type": "start"})
        table.suspect("Zoe", [1, 3, 5])
        for board in boards:
            board.scene("mole.board", "propose")
            board.snapshot("mole.board-propose", shots)
        play_watching(table, boards, shots)
        for board in boards:
            with board.held("mole.reveal"):
                board.snapshot("mole.reveal", shots)
            with board.held("audience"):
                board.snapshot("audience", shots)
                for scene in (
                    "lobby",
                    "mole.board-vote",
                    "moment-votes_reveal",
                    "mole.getaway-getaway",
                ):
                    assert scene in board.checked, f"{board.label}: {scene} was never on screen"
                # The lobby's two columns: the long names shrink, the short ones do not.
                assert "lobby" in board.mixed, board.label
    finally:
        for board in boards:
            board.close()


def test_a_five_player_inside_job_game_keeps_each_short_name_at_its_full_size(
    browser: Any, host: Any, shots: Path
) -> None:
    boards = open_boards(browser, host)
    try:
        table = Table(host)
        table.join(*MIXED[:5])
        table.leader({"type": "options", "game": "insidejob", "variants": ["wagers"]})
        table.watch("Zoe")
        table.leader({"type": "start"})
        table.suspect("Zoe", [1])
        for board in boards:
            board.scene("insidejob.board")
        play_watching(table, boards, shots)
        for board in boards:
            with board.held("insidejob.reveal"):
                board.snapshot("insidejob.reveal", shots)
            with board.held("audience"):
                board.snapshot("audience", shots)
                assert "moment-trick_done" in board.checked, board.label
                assert board.mixed, f"{board.label}: no list had a long name shrunk"
    finally:
        for board in boards:
            board.close()
