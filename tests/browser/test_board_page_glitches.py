"""Small glitches of the board page, in real Chromium at 1920x1080 and 1280x720: the mark of the
Intel at which the Insider wins, the stack of cards beside each hand, the lock columns of the
Mole end table, and the audience's table of a long Inside Job game (rounds left out are said,
labels apart)."""

from __future__ import annotations

import io
import itertools
import math
import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from playwright.sync_api import expect

from host.i18n import catalog
from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table
from tests.browser.test_board_page_leftovers import vote

SCREENS = [("en", BOARD_VIEWPORT), ("es", SMALL_VIEWPORT)]
BAD = (0xE6, 0x5E, 0x1E)  # board.css --bad: the Insider's colour


def open_boards(browser: Any, host: Any) -> list[BoardPage]:
    return [
        BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
        for lang, viewport in SCREENS
    ]


def shot(board: BoardPage, box: dict[str, float], folder: Path, name: str) -> pygame.Surface:
    png = board.page.screenshot(clip=box, path=str(folder / f"{board.label}-{name}.png"))
    return pygame.image.load(io.BytesIO(png), f"{name}.png")


def design_px(board: BoardPage) -> float:
    """Window pixels per design pixel of the 1920x1080 stage."""
    return (
        board.page.evaluate("document.getElementById('stage').getBoundingClientRect().width") / 1920
    )


def grown(box: dict[str, float], by: float) -> dict[str, float]:
    return {
        "x": box["x"] - by,
        "y": box["y"] - by,
        "width": box["width"] + 2 * by,
        "height": box["height"] + 2 * by,
    }


# ---------------------------------------------------------------- Inside Job's board


def test_the_insiders_target_and_the_card_stacks_are_plain_to_see(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bo", "Eli", "Ivo", "Juno")
    table.leader({"type": "options", "game": "insidejob", "variants": []})
    table.leader({"type": "start"})
    target = table.public_view()["targets"]["intel"]
    boards = open_boards(browser, host)
    try:
        for board in boards:
            board.scene("insidejob.board")
            board.snapshot("board", tmp_path)
            scale = design_px(board)
            player = board.page.get_by_test_id("player-1")
            # (a) The target: its pip ringed in the Insider's colour and a bar after it, as tall
            # as the pip, where there was a crescent 4 px wide.
            pips = player.locator(".intel-pips")
            expect(pips.locator("li.target")).to_have_count(1)
            assert pips.locator("li").nth(target - 1).get_attribute("class").endswith("target")
            box = pips.locator("li.target").bounding_box()
            assert box
            marked = shot(board, grown(box, 16 * scale), tmp_path, "target")
            red = [
                (x, y)
                for x in range(marked.get_width())
                for y in range(marked.get_height())
                if sum(abs(a - b) for a, b in zip(marked.get_at((x, y))[:3], BAD, strict=True)) < 90
            ]
            assert red, f"{board.label}: the target has no mark"
            tall = (max(y for _, y in red) - min(y for _, y in red) + 1) / scale
            assert len(red) / scale**2 >= 200 and tall >= 24, (board.label, len(red), tall)
            # (b) Three cards in the stack beside the hand: along a line from the front card's
            # middle to the top right, three lit cards one behind the other, no text on them.
            stack = player.locator(".backs")
            box = stack.bounding_box()
            assert box
            area = grown(box, 16 * scale)
            cards = shot(board, area, tmp_path, "stack")
            assert lit_runs(cards, box, area, scale) == 3, board.label
            words = player.locator(".hand").evaluate(
                """(hand) => {
                  const text = [...hand.childNodes].find((node) => node.nodeType === 3);
                  const range = document.createRange();
                  range.selectNodeContents(text);
                  return range.getBoundingClientRect().left;
                }"""
            )
            assert words >= box["x"] + box["width"] + 12 * scale, (board.label, words, box)
    finally:
        for board in boards:
            board.close()


def lit_runs(
    image: pygame.Surface, card: dict[str, float], area: dict[str, float], scale: float
) -> int:
    """The card-coloured stretches met going from the front card's middle up and to the right,
    at 45 degrees, out of the picture: one per card that shows."""
    x0 = card["x"] + card["width"] / 2 - area["x"]
    y0 = card["y"] + card["height"] / 2 - area["y"]
    runs, inside = 0, False
    for step in range(int(60 * scale)):
        x, y = int(x0 + step / math.sqrt(2)), int(y0 - step / math.sqrt(2))
        if not (0 <= x < image.get_width() and 0 <= y < image.get_height()):
            break
        lit = sum(image.get_at((x, y))[:3]) > 250  # the panels are darker than any card
        runs += lit and not inside
        inside = lit
    return runs


# ---------------------------------------------------------------- Mole's end


def test_the_lock_columns_of_the_mole_end_are_equal(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bo", "Eli", "Ivo", "Juno")
    table.leader({"type": "start"})
    # Every team turned down: the Patrol blows lock after lock, and the game ends before the
    # Getaway (no column of marks).
    while not table.over():
        vote(table, approve=False)
    assert not table.public_view()["result"].get("marks")
    boards = open_boards(browser, host)
    try:
        for board in boards:
            board.scene("mole.reveal")
            board.snapshot("mole-end", tmp_path)
            widths = board.page.locator(".reveal-table thead th.lock-col").evaluate_all(
                "(heads) => heads.map((head) => head.getBoundingClientRect().width)"
            )
            assert len(widths) == 5, widths
            assert max(widths) - min(widths) < 1, f"{board.label}: {widths}"
    finally:
        for board in boards:
            board.close()


# ---------------------------------------------------------------- the audience's table


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [*SCREENS, ("pt", BOARD_VIEWPORT)],
    ids=["en-1080", "es-720", "pt-1080"],
)
def test_a_long_games_audience_table_says_what_it_leaves_out(
    browser: Any, host: Any, lang: str, viewport: dict[str, int], tmp_path: Path
) -> None:
    table = Table(host)
    table.join("Ana", "Bo", "Eli")
    # With the host's seed, three players with wagers play all eleven tricks and the vote:
    # twelve rounds.
    table.leader({"type": "options", "game": "insidejob", "variants": ["wagers"]})
    table.watch("Zoe")
    table.watch("Yan")
    table.leader({"type": "start"})
    table.suspect("Zoe", [0])
    table.suspect("Yan", [1])
    while not table.over():
        table.step()
    view = table.public_view()
    tricks = len(view["tricks"])
    assert tricks == 11 and view["vote"], (tricks, view["vote"])
    words = catalog(lang)
    board = BoardPage(browser, f"{host.url}board?lang={lang}&cycle=1", viewport, lang)
    try:
        with board.held("audience"):
            board.snapshot("audience", tmp_path)  # every label inside its column, too
            heads = board.page.locator(".audience-table thead th")
            labels = heads.all_inner_texts()
            # The watcher, the rounds shown, the last guess and the score: the last rounds.
            shown = labels[1:-2]
            assert shown[-2:] == [
                words["board.trick_short"].format(number=tricks),
                words["board.vote_short"],
            ], labels
            first = int(re.sub(r"\D", "", shown[0]))
            assert first - 1 == tricks + 1 - len(shown), labels
            # (d) The tricks before the first shown, if any, are said to be left out; at
            # 1920x1080 all twelve rounds show (QA: "Tricks 1 to 2 not shown").
            left_out = board.page.get_by_test_id("audience-left-out")
            if viewport == BOARD_VIEWPORT:
                assert first == 1, labels
            if first == 1:
                expect(left_out).to_have_count(0)
            elif first == 2:
                expect(left_out).to_have_text(words["board.audience.left_out_one.insidejob"])
            else:
                expect(left_out).to_have_text(
                    words["board.audience.left_out.insidejob"].format(last=first - 1)
                )
            # (e) The round labels stand apart: 12 design px at least between two of them.
            edges = heads.evaluate_all(
                """(heads) => heads.map((head) => {
                  const range = document.createRange();
                  range.selectNodeContents(head);
                  const box = range.getBoundingClientRect();
                  return [box.left, box.right];
                })"""
            )
            scale = design_px(board)
            for (_, right), (left, _) in itertools.pairwise(edges):
                assert (left - right) / scale >= 12, (board.label, labels, edges)
    finally:
        board.close()


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_rounds_left_out_are_counted_in_every_language(lang: str) -> None:
    words = catalog(lang)
    for game in ("insidejob", "mole"):
        assert "{last}" in words[f"board.audience.left_out.{game}"]
        assert "{" not in words[f"board.audience.left_out_one.{game}"]
