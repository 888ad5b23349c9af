"""Marks that cannot be read as something else, on the TV's display surface (QA).

- The Boss: a crown and the word "Boss", never a star: a player's own look can be a star, and
  "★▲ Caio … ★ Beep" read as Beep being the Boss.
- Not acted yet: three dots, never an empty ring: a player's look can be a ring ("○ ○ Pixel").
- Inside Job's reveal: the votes a player received in a column of their own, not under their
  ballot, where "→ Beep / received 2" read as Beep's two votes.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from tv_screens import en, show
from tv_scripts import find_game, play_insidejob

from host.tv import theme
from host.tv.window import TvWindow

STAR_LOOK = theme.SEAT_SHAPES.index("star")  # the look of the seat of that number, by default


@pytest.fixture
def tv():
    window = TvWindow("en", size=(1920, 1080), sound=False)
    yield window
    window.close()


@pytest.fixture(scope="module")
def game() -> list[dict[str, Any]]:
    return find_game(7, lambda m: bool(m[-1]["view"]["result"]["marks"]))[1]


def pixels(tv: TvWindow, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``area`` on the display surface are ``colour``."""
    area = area.clip(tv.screen.get_rect())
    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if tv.screen.get_at((x, y))[:3] == colour
    )


def drawn(canvas: Any, label: str) -> pygame.Rect:
    return next(d.rect for d in canvas.drawn if d.label == label)


def test_the_boss_wears_a_crown_and_its_word_never_a_star(tv, game):
    # A team proposed by someone other than the seat whose look is the star.
    index = next(
        i
        for i in range(1, len(game))
        if len(game[i]["view"]["proposals"]) > len(game[i - 1]["view"]["proposals"])
        and game[i]["view"]["proposals"][-1]["boss"] != STAR_LOOK
    )
    boss = game[index]["view"]["proposals"][-1]["boss"]
    show(tv, game[:index], "symbols-before-votes")
    canvas = show(tv, [game[index]], "symbols-votes", settle=False, seconds=2.0)
    assert "★" not in canvas.texts()
    tag = drawn(canvas, f"vote_boss:{boss}")
    word = next(d for d in canvas.drawn if d.kind == "text" and d.label == en("tv.board.boss"))
    assert tag.contains(word.rect), (tag, word.rect)
    # The crown, left of the word, in the accent colour, on the tag's dark ground.
    crown = pygame.Rect(tag.left, tag.top, word.rect.left - tag.left, tag.height)
    assert pixels(tv, crown, theme.ACCENT) > 60
    assert pixels(tv, crown, theme.BACKGROUND) > 60
    # The vote history, after the votes: the Boss's cell and the legend crowned, no star.
    canvas = show(tv, [], "symbols-history")
    assert "★" not in canvas.texts()
    legend = next(d.rect for d in canvas.drawn if d.label == en("tv.board.boss") and d.rect.x > 900)
    beside = pygame.Rect(legend.left - round(30 * canvas.scale), legend.top, 30, legend.height)
    assert pixels(tv, beside, theme.ACCENT) > 40


def test_not_yet_is_three_dots_never_an_empty_ring(tv, game):
    index = next(
        i
        for i, m in enumerate(game)
        if m["view"]["phase"] == "getaway" and m["view"]["getaway"]["confirmed"]
    )
    canvas = show(tv, game[: index + 1], "symbols-getaway")
    confirmed = set(game[index]["view"]["getaway"]["confirmed"])
    waiting = [seat for seat in range(7) if seat not in confirmed]
    assert waiting
    for seat in waiting:
        row = drawn(canvas, f"confirmed:{seat}:no")
        # The mark stands at the row's left, as wide as the row is high (checklist.draw).
        mark = pygame.Rect(row.left, row.top, row.height, row.height)
        centre, edge = mark.center, (mark.right - 3, mark.centery)
        assert tv.screen.get_at(centre)[:3] == theme.MUTED, seat  # the middle dot
        assert tv.screen.get_at(edge)[:3] != theme.FAINT, seat  # no ring around it
        assert pixels(tv, mark, theme.MUTED) > 30


def insidejob_with_a_vote() -> list[dict[str, Any]]:
    for seed in range(1, 200):
        messages = play_insidejob(4, seed, [])
        tally = (messages[-1]["view"].get("vote") or {}).get("tally") or []
        if sum(1 for votes in tally if votes) >= 2:
            return messages
    raise AssertionError("no seed ends in a vote")


def test_the_votes_a_player_received_stand_in_their_own_column():
    tv = TvWindow("en", size=(1920, 1080), sound=False)
    try:
        messages = insidejob_with_a_vote()
        canvas = show(tv, messages, "symbols-insidejob-reveal")
        vote = messages[-1]["view"]["vote"]
        texts = canvas.texts()
        assert en("tv.insidejob.tally") in texts and en("tv.insidejob.vote_column") in texts
        header = next(d.rect for d in canvas.drawn if d.label == en("tv.insidejob.tally"))
        ballots = next(d.rect for d in canvas.drawn if d.label == en("tv.insidejob.vote_column"))
        for seat, count in enumerate(vote["tally"]):
            cell = drawn(canvas, f"received:{seat}:{count}")
            # Under its own header, left of every ballot ("→ name"), not under one.
            assert header.left <= cell.left and cell.right < ballots.left, (seat, cell)
            lead = seat in vote["leaders"]
            assert pixels(tv, cell, theme.ACCENT if lead else theme.MUTED) > 20, seat
    finally:
        tv.close()
