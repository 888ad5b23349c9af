"""A ten-player Mole game and a five-player Inside Job game with long, ordinary names (10 to 16
letters) on the board page, in real Chromium at 1920x1080 and 1280x720, in English, Spanish and
Portuguese: what a new table sees from the sofa must be whole, inside its box and legible."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
    assert_fits,
)
from tests.browser.test_board_page_names import CUT_NAMES

NAMES = [
    "Maximiliano",
    "Alessandra",
    "Guadalupe Ximena",
    "Bartholomew",
    "Anastasiya",
    "Christopher",
    "Wilhelmina",
    "Joãozinho Mendes",
    "Florencia Ibáñez",
    "Konstantinos",
]
# One screen of each size, between them every language.
SCREENS = [("en", BOARD_VIEWPORT), ("es", SMALL_VIEWPORT), ("pt", BOARD_VIEWPORT)]


def open_boards(browser: Any, host: Any, query: str = "") -> list[BoardPage]:
    return [
        BoardPage(browser, f"{host.url}board?lang={lang}{query}", viewport, lang)
        for lang, viewport in SCREENS
    ]


# Each "done" mark of the who-has-acted list: the tick's box (what is drawn in it, letters or
# lines) against the ring's inside, and whether the ring is filled (a thin tick alone is a
# hairline at 1280).
TICKS = """() => [...document.querySelectorAll(".checklist .done .mark")].map((mark) => {
  const ring = mark.getBoundingClientRect();
  // Borders are in the stage's pixels; the stage is scaled to the window.
  const scale = ring.height / mark.offsetHeight;
  const border = parseFloat(getComputedStyle(mark).borderTopWidth) * scale;
  const range = document.createRange();
  range.selectNodeContents(mark);
  const tick = range.getBoundingClientRect();
  if (!tick.height) throw new Error("a done mark shows no tick");
  return {
    inside: [ring.top + border, ring.bottom - border, ring.left + border, ring.right - border],
    tick: [tick.top, tick.bottom, tick.left, tick.right],
    fill: getComputedStyle(mark).backgroundColor,
  };
})"""


def assert_ticks_inside_filled_rings(board: BoardPage, where: str) -> None:
    marks = board.page.evaluate(TICKS)
    assert marks, f"{where}: no player has acted yet"
    for mark in marks:
        top, bottom, left, right = mark["inside"]
        tick_top, tick_bottom, tick_left, tick_right = mark["tick"]
        inside = (
            tick_top >= top - 0.5
            and tick_bottom <= bottom + 0.5
            and tick_left >= left - 0.5
            and tick_right <= right + 0.5
        )
        assert inside, f"{board.label} {where}: the tick leaves its ring: {mark}"
        assert mark["fill"] not in ("rgba(0, 0, 0, 0)", "transparent"), f"{where}: {mark}"


def test_who_has_voted_shows_a_tick_inside_a_filled_ring(browser: Any, host: Any) -> None:
    boards = open_boards(browser, host)
    try:
        table = Table(host)
        table.join(*NAMES)
        table.leader({"type": "start"})
        table.step()  # the Boss proposes
        for _ in range(5):
            table.step()  # five of the ten vote
        for board in boards:
            board.scene("mole.board", "vote")
            expect(board.page.locator(".checklist .done")).to_have_count(5)
            board.settle()
            assert_ticks_inside_filled_rings(board, "vote")
            assert_fits(board.page, f"{board.label} vote")
            waiting = board.page.locator(".checklist .waiting .mark").first
            fill = waiting.evaluate("(mark) => getComputedStyle(mark).backgroundColor")
            assert fill == "rgba(0, 0, 0, 0)", "a seat still to vote keeps an empty ring"
    finally:
        for board in boards:
            board.close()


def play_until(table: Table, done: Any, limit: int = 2000) -> None:
    for _ in range(limit):
        if done(table.public_view()):
            return
        table.step()
    raise AssertionError("the game never got there")


# Whatever a lock card shows (its number, the tick or cross, the word, how many sabotages) must
# stay inside its coloured card, inside the border.
LOCK_SPILLS = """() => {
  const spills = [];
  for (const lock of document.querySelectorAll("[data-testid=locks] .lock")) {
    const card = lock.getBoundingClientRect();
    const scale = card.height / lock.offsetHeight; // the stage is scaled to the window
    const border = parseFloat(getComputedStyle(lock).borderTopWidth) * scale;
    for (const part of lock.children) {
      const box = part.getBoundingClientRect();
      if (box.top < card.top + border - 0.5 || box.bottom > card.bottom - border + 0.5) {
        spills.push(`${lock.dataset.testid} "${part.textContent}": ${box.top}-${box.bottom}`
          + ` in ${card.top + border}-${card.bottom - border}`);
      }
    }
  }
  return spills;
}"""


def test_the_getaway_keeps_each_locks_words_on_its_card(browser: Any, host: Any) -> None:
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    play_until(table, lambda view: view["phase"] == "getaway")
    blown = [lock for lock in table.public_view()["locks"] if lock["result"] == "blown"]
    assert any(lock["by"] != "patrol" for lock in blown), "a lock blown by sabotage"
    # Opened now, the boards have no moment to play: the Getaway as it stands.
    boards = open_boards(browser, host)
    try:
        for board in boards:
            board.scene("mole.getaway", "getaway")
            board.settle()
            assert board.page.evaluate(LOCK_SPILLS) == [], board.label
            assert_fits(board.page, f"{board.label} getaway")
    finally:
        for board in boards:
            board.close()


def luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed ``rgb(...)`` / ``rgba(...)`` colour."""
    red, green, blue = (int(part) for part in css[css.index("(") + 1 : -1].split(",")[:3])

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_bosss_tag_shows_on_a_vote_card_of_the_team(browser: Any, host: Any) -> None:
    boards = open_boards(browser, host)
    try:
        table = Table(host)
        table.join(*NAMES)
        table.leader({"type": "start"})
        for board in boards:  # the game's module is loaded: the votes will play their moment
            board.scene("mole.board", "propose")
        play_until(table, lambda view: bool(view["proposals"]))
        proposal = table.public_view()["proposals"][0]
        boss = proposal["boss"]
        assert boss in proposal["team"], "the seeded Boss chose a team with themself on it"
        for board in boards:
            moment = board.page.get_by_test_id("moment")
            expect(moment).to_have_attribute("data-label", "votes_reveal")
            card = board.page.get_by_test_id(f"vote-{boss}")
            expect(card).to_have_class("vote-card on-team")
            # A crown and the word on its own dark ground, whatever the team's yellow around it.
            tag = card.locator(".boss-tag")
            expect(tag).to_be_visible()
            colour = tag.evaluate("(node) => getComputedStyle(node).color")
            under = tag.evaluate("(node) => getComputedStyle(node).backgroundColor")
            assert contrast(colour, under) >= 3, f"{board.label}: Boss {colour} on {under}"
    finally:
        for board in boards:
            board.close()


def test_the_grand_reveal_shows_every_team_whole(browser: Any, host: Any) -> None:
    """Lock 5 takes six: "Proposal 1: Alessandra chose" and six long names is wider than the
    screen even at the smallest size, so it takes a second line rather than losing the last."""
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    play_until(table, lambda view: view["phase"] == "over")
    view = table.public_view()
    locks = [index for index, lock in enumerate(view["locks"]) if lock["result"]]
    assert max(len(p["team"]) for p in view["proposals"]) == 6
    boards = open_boards(browser, host)
    try:
        for step in range(len(locks)):
            table.leader({"type": "replay", "step": step})
            for board in boards:
                expect(board.page.get_by_test_id("replay-lock")).to_have_attribute(
                    "data-lock", str(locks[step])
                )
                assert_fits(board.page, f"{board.label} lock {locks[step] + 1}")
                assert board.page.evaluate(CUT_NAMES) == []
    finally:
        for board in boards:
            board.close()


def test_a_risky_mission_fits_its_panel(browser: Any, host: Any) -> None:
    """The mission panel holds the objective, the risky mission's warning and the trump, every
    letter inside it, in every language."""
    table = Table(host)
    table.join(*NAMES[:5])
    table.leader(
        {"type": "options", "game": "insidejob", "variants": ["wagers", "risky", "accomplice"]}
    )
    table.leader({"type": "start"})
    play_until(table, lambda view: bool((view.get("mission") or {}).get("risky")))
    boards = open_boards(browser, host)
    try:
        for board in boards:
            board.scene("insidejob.board")
            board.settle()
            risky = board.page.get_by_test_id("risky")
            expect(risky).to_be_visible()
            panel = board.page.get_by_test_id("mission").bounding_box()
            for part in ("objective", "risky", "trump"):
                box = board.page.get_by_test_id(part).bounding_box()
                assert panel and box
                inside = (
                    panel["y"] <= box["y"]
                    and box["y"] + box["height"] <= panel["y"] + panel["height"]
                )
                assert inside, f"{board.label}: {part} {box} leaves the mission panel {panel}"
            assert_fits(board.page, f"{board.label} risky mission")
    finally:
        for board in boards:
            board.close()


# Each part of the round's panel (Boss, what happens now, the team, the rejections, who has
# acted) with its box, and the panel's inside (its content box).
ROUND_PARTS = """() => {
  const round = document.querySelector("[data-testid=round]");
  const box = round.getBoundingClientRect();
  const style = getComputedStyle(round);
  const scale = box.height / round.offsetHeight; // the stage is scaled to the window
  const inside = [
    box.top + parseFloat(style.paddingTop) * scale,
    box.bottom - parseFloat(style.paddingBottom) * scale,
  ];
  const parts = [...round.children].map((part) => {
    const r = part.getBoundingClientRect();
    return { what: part.className, top: r.top, bottom: r.bottom, height: r.height };
  });
  return { inside, parts };
}"""


@pytest.mark.host_config(fake_clock=True)  # the bot standing in waits: the board stands still
def test_a_crowded_last_lock_vote_keeps_every_line_of_the_round(browser: Any, host: Any) -> None:
    """Lock 5 of ten takes six long names, two with a tag (away, a bot playing), after two
    rejections (the Patrol's warning), while all ten vote: what to do now must still show."""
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "start"})
    play_until(table, lambda view: view["lock"] == 4 and view["phase"] == "propose")
    for _ in range(2):
        table.step()  # the Boss proposes, and everyone rejects
        for phone in table.players:
            table.send(phone, {"type": "action", "action": {"type": "vote", "approve": False}})
    table.step()
    view = table.public_view()
    assert view["phase"] == "vote" and view["rejections"] == 2 and len(view["team"]) == 6
    away, covered = [seat for seat in view["team"] if seat != 0][:2]  # not the leader's phone
    for seat in (away, covered):
        host.call(lambda room, seat=seat: room.disconnect(table.players[seat]))
    table.leader({"type": "bot", "seat": covered, "on": True})
    for seat in range(5):
        if seat not in (away, covered):
            table.send(
                table.players[seat], {"type": "action", "action": {"type": "vote", "approve": True}}
            )
    boards = open_boards(browser, host)
    try:
        for board in boards:
            board.scene("mole.board", "vote")
            expect(board.page.get_by_test_id(f"tag-{away}")).to_have_attribute(
                "data-status", "away"
            )
            expect(board.page.get_by_test_id("patrol-warning")).to_be_visible()
            board.settle()
            found = board.page.evaluate(ROUND_PARTS)
            top, bottom = found["inside"]
            for part in found["parts"]:
                where = f"{board.label}: {part} in {found['inside']}"
                assert part["height"] > 20, f"squeezed away: {where}"
                assert top - 0.5 <= part["top"] and part["bottom"] <= bottom + 0.5, where
            assert_fits(board.page, f"{board.label} crowded vote")
    finally:
        for board in boards:
            board.close()
