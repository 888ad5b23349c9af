"""The tags under a player in Mole's end table, whole (QA: a seat both accused and protected at
the Getaway read "bajo acusación · bajo protec" in Spanish at 1920x1080 and "sob proteçã" in
Portuguese at 1280x720, clipped by the Role column), in every language at both sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from host.i18n import catalog
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table

# The longest names a tester used: the tag goes under the name, in the name's column.
NAMES = ("Maximiliano Ruiz", "Conceição", "Siobhán O'Connor", "Ñandú Ñoño", "Jürgen")

# Every tag of the players' column against its cell's content box (the cell clips at its
# padding box; the stage is scaled, its styles are in design pixels), in window pixels.
CUT_TAGS = """() => [...document.querySelectorAll(".reveal-table tbody th")].flatMap((cell) => {
  const box = cell.getBoundingClientRect();
  const scale = box.width / cell.offsetWidth;
  const right = box.right - parseFloat(getComputedStyle(cell).paddingRight) * scale;
  return [...cell.querySelectorAll(".tag")].map((tag) => {
    const r = tag.getBoundingClientRect();
    return { text: tag.textContent, right: r.right, bottom: r.bottom, cellRight: right,
             cellBottom: box.bottom, overflows: tag.scrollWidth > tag.clientWidth + 1 };
  });
})"""


def play_to_a_getaway_on_one_seat(table: Table) -> int:
    """Bots play up to the Getaway; there the Moles accuse and the Driver protects the same
    player, who marks the Driver. The seat both accused and protected."""
    while table.host.call(lambda room: room.state.phase) != "getaway":
        assert not table.over(), "the game ended before the Getaway"
        table.step()
    roles = table.host.call(lambda room: list(room.state.roles))
    driver = roles.index("driver")
    target = next(s for s, role in enumerate(roles) if role not in ("mole", "snitch", "driver"))
    for seat, phone in enumerate(table.players):
        mark = driver if seat == target else target
        table.send(phone, {"type": "action", "action": {"type": "mark", "target": mark}})
    for phone in table.players:
        table.send(phone, {"type": "action", "action": {"type": "confirm"}})
    assert table.over()
    result = table.public_view()["result"]
    assert result["accused"] == result["protected"] == target, result
    return target


def test_a_seat_accused_and_protected_reads_its_tags_whole(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    seat = play_to_a_getaway_on_one_seat(table)
    screens = [
        (lang, viewport, label)
        for lang in ("en", "es", "pt")
        for viewport, label in ((BOARD_VIEWPORT, "1080"), (SMALL_VIEWPORT, "720"))
    ]
    for lang, viewport, size in screens:
        board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, f"{lang}-{size}")
        try:
            board.scene("mole.reveal")
            board.no_moment()
            row = board.page.get_by_test_id(f"reveal-row-{seat}")
            words = catalog(lang)
            for key in ("tv.end.tag_accused", "tv.end.tag_protected"):
                expect(row.locator("th")).to_contain_text(words[key])
            board.snapshot("mole-end-tags", tmp_path)
            tags = board.page.evaluate(CUT_TAGS)
            assert tags, board.label
            cut = [
                tag
                for tag in tags
                if tag["overflows"]
                or tag["right"] > tag["cellRight"] + 0.5
                or tag["bottom"] > tag["cellBottom"] + 0.5
            ]
            assert not cut, f"{board.label}: {cut}"
        finally:
            board.close()
