"""Names of one list or table read at one size on the board page, in real Chromium at 1920x1080
and 1280x720: a sixteen-letter name beside "Bo" and "Eli" is not set smaller than they are (the
TV's rule: the longest name sets the list's size). Every name still reads whole, none over
another, through a whole ten-player Mole game and a five-player Inside Job game."""

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

# The names on screen by list: the outermost list or table they are in (of the scene or the
# moment) and the kind of cell or item (a table's row headers, its last-guess cells...). For
# each list: its sizes, and the names set over one another.
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
  const found = [];
  for (const [list, kinds] of lists) for (const [kind, nodes] of kinds) {
    const key = `${list.className || list.tagName} ${kind}`;
    const sizes = nodes.map((node) => [
      node.textContent, parseFloat(getComputedStyle(node).fontSize)]);
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
    """A board page that checks, on every scene and moment it snapshots, that each list's
    names read at one size, whole, apart."""

    checked: list[str]

    def snapshot(self, name: str, folder: Path) -> None:
        first = name not in self.shots
        super().snapshot(name, folder)
        if not first:
            return
        self.checked = [*getattr(self, "checked", []), name]
        assert self.page.evaluate(CUT_NAMES) == [], name
        for found in self.page.evaluate(NAME_LISTS):
            sizes = {size for _, size in found["sizes"]}
            assert len(sizes) == 1, f"{self.label} {name}: {found['key']}: {found['sizes']}"
            assert not found["overlaps"], (
                f"{self.label} {name}: {found['key']}: {found['overlaps']}"
            )


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("board-name-sizes")


def open_boards(browser: Any, host: Any) -> list[SizedBoard]:
    return [
        SizedBoard(browser, f"{host.url}board?cycle=1", BOARD_VIEWPORT, "en-1080"),
        SizedBoard(browser, f"{host.url}board?lang=es&cycle=1", SMALL_VIEWPORT, "es-720"),
    ]


def test_a_ten_player_mole_game_sets_each_list_of_names_at_one_size(
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
    finally:
        for board in boards:
            board.close()


def test_a_five_player_inside_job_game_sets_each_list_of_names_at_one_size(
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
    finally:
        for board in boards:
            board.close()
