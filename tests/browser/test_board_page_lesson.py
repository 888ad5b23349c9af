"""The board page in real Chromium when no game is being played for real: the leader's "How to
play" in the lobby (with --headless the board is the only big screen, so it shows each chapter
the host plays: its place, title and summary, the pause, who has tried the practice flap), and
a demo's end screen (``molecrew --demo``: the next game deals itself, so nobody is told to start
a rematch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import translate
from host.teaching import chapters_known
from host.tv.tutorial.scripts import SCRIPTS
from tests.browser.test_board_page import BOARD_VIEWPORT, NAMES, SMALL_VIEWPORT, BoardPage, Table

PLAYERS = ["Ana", "Bruno", "Maximiliano Ruiz", "Hannah-Charlotte"]


def test_the_board_teaches_the_lesson_chapter_by_chapter(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    boards = {
        "en": BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big-en"),
        "es": BoardPage(browser, f"{host.url}board?lang=es", SMALL_VIEWPORT, "small-es"),
        "pt": BoardPage(browser, f"{host.url}board?lang=pt", SMALL_VIEWPORT, "small-pt"),
    }
    try:
        table = Table(host)
        table.join(*PLAYERS)
        table.leader({"type": "add_bot"})  # seat 4: a bot, with no phone to try the flap on
        for board in boards.values():
            board.scene("lobby")
        table.leader({"type": "tutorial", "command": "start", "game": "mole"})
        for lang, board in boards.items():
            board.scene("lesson")
            expect(board.page.get_by_test_id("lesson-summary")).to_have_text(
                translate(lang, "board.lesson.starting")
            )
            expect(board.page.get_by_test_id("lesson-place")).to_have_count(0)
            board.snapshot("lesson-starting", tmp_path)
        chapters = [chapter.id for chapter in SCRIPTS["mole"]({"variants": []})]
        host.call(lambda room: chapters_known(room, "mole", chapters))
        for index, chapter in enumerate(chapters):
            if index:
                table.leader({"type": "tutorial", "command": "next"})
            for lang, board in boards.items():
                page = board.page
                lesson = page.get_by_test_id("lesson")
                expect(lesson).to_have_attribute("data-chapter", chapter)
                place = translate(lang, "tv.tutorial.count", number=index + 1, total=len(chapters))
                expect(page.get_by_test_id("lesson-place")).to_have_text(place)
                expect(page.get_by_test_id("lesson-title")).to_have_text(
                    translate(lang, f"tv.tutorial.mole.{chapter}")
                )
                expect(page.get_by_test_id("lesson-summary")).to_have_text(
                    translate(lang, f"tutorial.mole.{chapter}")
                )
                expect(page.get_by_test_id("game-name")).to_have_text(translate(lang, "mole.name"))
                expect(page.get_by_test_id("lesson-paused")).to_have_count(0)
                expect(page.get_by_test_id("lesson-tried")).to_have_count(
                    1 if chapter == "flap" else 0
                )
                board.snapshot(f"lesson-{index}-{chapter}", tmp_path)
            if chapter == "flap":
                the_flap_chapter(table, boards, tmp_path)
        # Paused on the last chapter, then on again.
        table.leader({"type": "tutorial", "command": "pause"})
        for lang, board in boards.items():
            expect(board.page.get_by_test_id("lesson")).to_have_attribute("data-paused", "true")
            expect(board.page.get_by_test_id("lesson-paused")).to_have_text(
                "❚❚ " + translate(lang, "tv.tutorial.paused")
            )
            board.snapshot("lesson-paused", tmp_path)
        table.leader({"type": "tutorial", "command": "resume"})
        for board in boards.values():
            expect(board.page.get_by_test_id("lesson-paused")).to_have_count(0)
        table.leader({"type": "tutorial", "command": "skip"})
        for board in boards.values():
            board.scene("lobby")
            expect(board.page.get_by_test_id("lobby-seat-3")).to_be_visible()
            board.assert_only_public_frames(table.tokens())
    finally:
        for board in boards.values():
            board.close()


def test_every_inside_job_chapter_fits_with_a_full_table(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    """Every chapter an Inside Job lesson with its options has, the longest summaries (es, pt),
    and ten players with long names on the flap chapter: nothing overflows at either size."""
    boards = {
        "pt": BoardPage(browser, f"{host.url}board?lang=pt", BOARD_VIEWPORT, "big-pt"),
        "es": BoardPage(browser, f"{host.url}board?lang=es", SMALL_VIEWPORT, "small-es"),
    }
    try:
        table = Table(host)
        table.join(*NAMES)
        table.leader({"type": "tutorial", "command": "start", "game": "insidejob"})
        options = {"variants": ["wagers", "risky", "accomplice"]}
        chapters = [chapter.id for chapter in SCRIPTS["insidejob"](options)]
        assert {"wagers", "risky", "roles"} <= set(chapters)
        host.call(lambda room: chapters_known(room, "insidejob", chapters))
        for index, chapter in enumerate(chapters):
            if index:
                table.leader({"type": "tutorial", "command": "next"})
            for lang, board in boards.items():
                expect(board.page.get_by_test_id("lesson")).to_have_attribute(
                    "data-chapter", chapter
                )
                expect(board.page.get_by_test_id("lesson-summary")).to_have_text(
                    translate(lang, f"tutorial.insidejob.{chapter}")
                )
                if chapter == "flap":
                    expect(board.page.get_by_test_id("tried-list").locator("li")).to_have_count(
                        len(NAMES)
                    )
                board.snapshot(f"insidejob-lesson-{index}-{chapter}", tmp_path)
        # "next" past the last chapter ends the lesson, as "skip" does.
        table.leader({"type": "tutorial", "command": "next"})
        for board in boards.values():
            board.scene("lobby")
    finally:
        for board in boards.values():
            board.close()


def the_flap_chapter(table: Table, boards: dict[str, BoardPage], tmp_path: Path) -> None:
    """The players (not the bot seat) are listed, each ticked off once their phone tried it."""
    for lang, board in boards.items():
        page = board.page
        expect(page.get_by_test_id("tried-count")).to_have_text(
            translate(lang, "tv.tutorial.flap.tried", count=0, total=len(PLAYERS))
        )
        for seat, name in enumerate(PLAYERS):
            expect(page.get_by_test_id(f"tried-{seat}")).to_have_attribute("data-done", "no")
            expect(page.get_by_test_id(f"tried-{seat}")).to_contain_text(name)
        expect(page.get_by_test_id(f"tried-{len(PLAYERS)}")).to_have_count(0)
    for seat in (1, 3):
        table.send(table.players[seat], {"type": "tried_flap"})
    for lang, board in boards.items():
        page = board.page
        expect(page.get_by_test_id("tried-count")).to_have_text(
            translate(lang, "tv.tutorial.flap.tried", count=2, total=len(PLAYERS))
        )
        for seat in range(len(PLAYERS)):
            done = "yes" if seat in (1, 3) else "no"
            expect(page.get_by_test_id(f"tried-{seat}")).to_have_attribute("data-done", done)
        board.snapshot("lesson-flap-tried", tmp_path)


def play_demo_to_the_end(host: Any) -> None:
    """The demo's bots play on the fake clock until the game is over (the next deal waits
    25 s more on that clock, which is not moved again)."""
    clock = host.clock

    def run(room: Any) -> None:
        for _ in range(20_000):
            if room.phase == "over":
                return
            clock.advance(0.5)
        raise AssertionError("the demo game did not end")

    host.call(run)


@pytest.mark.host_config(fake_clock=True, demo="mole")
def test_a_mole_demo_ends_saying_the_next_game_comes_by_itself(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    play_demo_to_the_end(host)  # then the pages open: on the result, with no moments queued
    big = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board?lang=pt", SMALL_VIEWPORT, "small")
    try:
        for board, words in (
            (big, "Another game starts in a moment"),
            (small, "Outra partida começa em instantes"),
        ):
            board.scene("mole.reveal")
            line = board.page.get_by_test_id("rematch")
            expect(line).to_have_text(words)
            expect(line).to_have_attribute("data-demo", "true")
            board.no_moment()
            board.snapshot("mole-demo-end", tmp_path)
    finally:
        big.close()
        small.close()


@pytest.mark.host_config(fake_clock=True, demo="insidejob")
def test_an_inside_job_demo_ends_saying_the_next_game_comes_by_itself(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    play_demo_to_the_end(host)
    board = BoardPage(browser, f"{host.url}board?lang=es", SMALL_VIEWPORT, "small")
    try:
        board.scene("insidejob.reveal")
        expect(board.page.get_by_test_id("rematch")).to_have_text(
            "Otra partida empieza en un momento"
        )
        board.snapshot("insidejob-demo-end", tmp_path)
    finally:
        board.close()


def test_a_real_game_ends_saying_the_leader_starts_the_rematch(browser: Any, host: Any) -> None:
    board = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big")
    try:
        table = Table(host)
        table.join("Ana", "Bruno", "Carla", "Dara", "Eli")
        table.leader({"type": "options", "game": "insidejob", "variants": []})
        table.leader({"type": "start"})
        for _ in range(2000):
            if table.over():
                break
            table.step()
        board.scene("insidejob.reveal")
        line = board.page.get_by_test_id("rematch")
        expect(line).to_have_text("The leader can start a rematch from their phone")
        expect(line).to_have_attribute("data-demo", "false")
    finally:
        board.close()
