"""Leftovers of the Mole board in real Chromium at 1920x1080 and 1280x720 (English, Spanish):
the Boss's card in the moment the votes turn over sits level with the others, and the vote
history of a long game (fourteen teams, rejected over five locks) stays inside its panel and
readable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import catalog
from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    NAMES,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
    expected_moments,
)

SCREENS = [("en", BOARD_VIEWPORT), ("es", SMALL_VIEWPORT)]


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("leftover-shots")


def open_boards(browser: Any, host: Any) -> list[BoardPage]:
    return [
        BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
        for lang, viewport in SCREENS
    ]


def vote(table: Table, approve: bool) -> None:
    """The Boss proposes (its bot chooses), every seat votes the same way; an approved team
    plays clean cards, so its lock opens."""
    table.step()
    for phone in table.players:
        table.send(phone, {"type": "action", "action": {"type": "vote", "approve": approve}})
    if approve:
        for seat in table.public_view()["proposals"][-1]["team"]:
            card = {"type": "play", "card": "clean"}
            table.send(table.players[seat], {"type": "action", "action": card})


# Each card of the votes' moment: its box, its picture's, and its name line's and name's
# (the text's own box), in the stage's pixels.
CARDS = """() => {
  const scale = document.getElementById("stage").getBoundingClientRect().width / 1920;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top / scale, bottom: r.bottom / scale, middle: (r.top + r.bottom) / 2 / scale };
  };
  return [...document.querySelectorAll(".vote-card")].map((card) => ({
    card: box(card), flip: box(card.querySelector(".flip")),
    line: box(card.querySelector(".vote-name")), name: box(card.querySelector(".vote-name .name")),
    tag: card.querySelector(".boss-tag") ? box(card.querySelector(".boss-tag")) : null,
  }));
}"""


def test_the_bosss_card_sits_level_with_the_others(browser: Any, host: Any, shots: Path) -> None:
    boards = open_boards(browser, host)
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    for board in boards:
        board.scene("mole.board", "propose")
    boss = table.public_view()["boss"]
    vote(table, approve=False)
    for board in boards:
        board.page.get_by_test_id("votes-moment").wait_for()
        # The page's clock stopped inside the moment (4.5 s long), every card turned over.
        board.page.clock.pause_at((board.page.evaluate("Date.now()") + 300) / 1000)
        board.snapshot("moment-votes_reveal", shots)
        cards = board.page.evaluate(CARDS)
        assert len(cards) == len(NAMES)
        assert cards[boss]["tag"] is not None, "the Boss's card has no Boss tag"
        rows: dict[int, list[dict[str, Any]]] = {}
        for card in cards:
            rows.setdefault(round(card["card"]["top"]), []).append(card)
        for row in rows.values():
            for part in ("card", "flip", "line"):
                tops = {round(card[part]["top"], 1) for card in row}
                bottoms = {round(card[part]["bottom"], 1) for card in row}
                assert len(tops) == 1 and len(bottoms) == 1, f"{board.label} {part}: {row}"
            middles = [card["name"]["middle"] for card in row]
            assert max(middles) - min(middles) < 0.5, f"{board.label} names: {middles}"
        tag, line = cards[boss]["tag"], cards[boss]["line"]
        assert tag["bottom"] <= line["top"], f"{board.label}: {tag} {line}"  # clear of the name
        board.page.clock.resume()
        board.close()


# The history's panel (its inside, less its padding) and what is in it, in the stage's pixels.
HISTORY = """() => {
  const panel = document.querySelector(".mole-board .history");
  const scale = panel.getBoundingClientRect().width / panel.offsetWidth;
  const style = getComputedStyle(panel);
  const p = panel.getBoundingClientRect();
  const pad = (side) => parseFloat(style[`padding${side}`]);
  const inside = [p.left / scale + pad("Left"), p.top / scale + pad("Top"),
    p.right / scale - pad("Right"), p.bottom / scale - pad("Bottom")];
  const out = [];
  for (const el of panel.querySelectorAll("*")) {
    if (el.closest(".visually-hidden")) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    const [left, top] = [r.left / scale, r.top / scale];
    const [right, bottom] = [r.right / scale, r.bottom / scale];
    // A Boss's crown may stand out of its cell by a few pixels, never out of the panel.
    const [x0, y0, x1, y1] = inside;
    if (left < x0 - 4 || top < y0 - 4 || right > x1 + 4 || bottom > y1 + 4) {
      const name = el.className.baseVal ?? el.className;
      out.push(`${el.tagName}.${name} ${[left, top, right, bottom]}`);
    }
  }
  const cells = [...panel.querySelectorAll(".grid td")].map((td) => {
    const glyph = td.querySelector(".glyph").getBoundingClientRect();
    const cell = td.getBoundingClientRect();
    return { inside: glyph.left >= cell.left - 0.5 && glyph.right <= cell.right + 0.5,
      width: cell.width / scale, height: cell.height / scale };
  });
  const grid = panel.querySelector(".grid");
  return { out, cells, columns: Number(grid.dataset.columns), rows: grid.tBodies[0].rows.length,
    glyph: parseFloat(getComputedStyle(panel.querySelector(".grid td .glyph")).fontSize) };
}"""


def test_a_long_vote_history_stays_inside_its_panel(browser: Any, host: Any, shots: Path) -> None:
    boards = open_boards(browser, host)
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    for board in boards:
        board.scene("mole.board", "propose")
    # Two teams rejected, then one approved (the lock opens); or three rejected (the Patrol
    # blows it): two locks open, two blown, two more rejections at the fifth, fourteen teams.
    for lock, rejected in enumerate([2, 3, 2, 3, 2]):
        approved = 1 if rejected < 3 and lock < 4 else 0
        for number in range(rejected + approved):
            before = table.public_view()
            vote(table, approve=number >= rejected)
            after = table.public_view()
            for board in boards:
                for label in expected_moments(before, after):
                    board.moment(label, shots)
                board.no_moment()
    view = table.public_view()
    assert len(view["proposals"]) == 14 and view["phase"] == "propose"
    assert [lock["result"] for lock in view["locks"]] == ["open", "blown", "open", "blown", None]
    for board in boards:
        board.scene("mole.board", "propose")
        board.snapshot("mole.board-long-history", shots)
        found = board.page.evaluate(HISTORY)
        assert not found["out"], f"{board.label}: out of the panel: {found['out'][:5]}"
        # Every player's row; the latest teams, the last one last.
        assert found["rows"] == len(NAMES)
        assert found["columns"] >= 12, found["columns"]
        last = board.page.get_by_test_id(f"history-col-{len(view['proposals']) - 1}")
        assert last.count() == 1
        # The teams older than the columns shown are counted, in the board's language.
        hidden = len(view["proposals"]) - found["columns"]
        assert hidden == 2
        earlier = board.page.get_by_test_id("history-earlier")
        words = catalog(board.label)[
            "board.history.earlier_one" if hidden == 1 else "board.history.earlier"
        ].format(count=hidden)
        expect(earlier).to_have_text(words)
        expect(earlier).to_be_visible()
        expect(board.page.get_by_test_id("history-col-1")).to_have_count(0)
        expect(board.page.get_by_test_id("history-col-2")).to_have_count(1)
        for cell in found["cells"]:
            assert cell["inside"], f"{board.label}: a mark leaves its cell: {cell}"
            assert cell["width"] >= 32 and cell["height"] >= 40, f"{board.label}: {cell}"
        assert found["glyph"] >= 24, found["glyph"]
        board.close()
