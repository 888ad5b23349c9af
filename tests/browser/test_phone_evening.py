"""The evening on the phones, in real Chromium: bots filling the table, a whole game of Mole with
three phones and two bots, the grand reveal stepped from the leader's phone, back to the lobby
and into the other game with a newcomer; a latecomer seated at the next game; pause, end and
removing a player from the leader's phone; a turn timer running out (a fake clock the test moves).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from host.seats import BOT_NAMES

NAMES = ["Ana", "Ben", "Cy"]
TEAM = [0, 1]  # with 5 players the first three locks take teams of 2


def screen(page: Page) -> Any:
    return page.get_by_test_id("screen")


def table_of_three_and_two_bots(phones: Any, kit: Any) -> list[Page]:
    pages = phones(3)
    kit.join(pages, NAMES)
    leader = pages[0]
    for count in (4, 5):
        leader.get_by_test_id("add-bot").click()
        expect(leader.get_by_test_id("players").locator("li")).to_have_count(count)
    for page in pages:  # the added bots are marked in every lobby
        expect(page.get_by_test_id("bot-seat-3")).to_have_text("bot")
        expect(page.get_by_test_id("bot-seat-4")).to_be_visible()
    return pages


def humans_waited_on(humans: set[int]) -> Any:
    def predicate(room: Any) -> bool:
        if room.phase != "playing" or room.match is None:
            return True
        seats = room.match.expected_seats()
        return bool(seats) and seats <= humans

    return predicate


def acted(room: Any, seat: int, since: int) -> bool:
    """The seat's action reached the game (or the game is over)."""
    if room.phase != "playing":
        return True
    return any(entry["seat"] == seat for entry in room.match.log[since:])


def reject_once(
    host: Any, by_seat: dict[int, Page], kit: Any, only: set[int] | None = None
) -> bool:
    """Let the seats in `only` (default: every phone) do the step the game waits on them for:
    the Boss proposes, a voter rejects. False once the game is over."""
    acting = set(by_seat) if only is None else only
    host.wait_for(humans_waited_on(set(by_seat)))
    phase, expected = host.call(
        lambda room: (
            room.match.state.phase if room.phase == "playing" else room.phase,
            set(room.match.expected_seats()) if room.phase == "playing" else set(),
        )
    )
    if phase != "propose" and phase != "vote":
        return False
    for seat in sorted(expected & acting):
        page = by_seat[seat]
        done = host.call(lambda room: len(room.match.log))
        if phase == "propose":
            kit.propose(page, TEAM)
        else:
            page.get_by_test_id("vote-reject").click()
        host.wait_for(lambda room, seat=seat, done=done: acted(room, seat, done))
    return True


@pytest.mark.host_config(bot_pause=0)
def test_three_phones_and_two_bots_play_mole_to_the_end_then_the_reveal_lobby_and_other_game(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = table_of_three_and_two_bots(phones, kit)
    leader, other = pages[0], pages[1]
    expect(leader.get_by_test_id("game-mole")).to_contain_text("5 to 10 players")
    expect(leader.get_by_test_id("game-insidejob")).to_contain_text("3 to 5 players")
    leader.get_by_test_id("start").click()
    for page in pages:
        expect(screen(page)).to_have_attribute("data-screen", "game")
    by_seat = {kit.seat_of(page): page for page in pages}
    # Every phone rejects every team: three Patrols blow three locks, and the Moles win.
    for _ in range(60):
        if not reject_once(host, by_seat, kit):
            break
    assert host.call(lambda room: room.phase) == "over"
    bot_moves = host.call(lambda room: [e for e in room.match.log if e["seat"] >= 3])
    assert bot_moves, "the bots played their seats"
    for page in pages:
        expect(page.get_by_test_id("winner")).to_have_attribute("data-winner", "moles")

    # The grand reveal: the leader steps it; the TV follows room.replay_step.
    expect(other.get_by_test_id("replay")).to_have_count(0)
    expect(other.get_by_test_id("wait-rematch")).to_contain_text("Ana")
    expect(leader.get_by_test_id("replay-status")).to_have_text("The TV shows the result.")
    expect(leader.get_by_test_id("replay-back")).to_be_disabled()

    def step_to(button: str, step: int | None) -> None:
        """Tap, and wait for the host and then the page: a tap on the page as it was would
        send the step before again."""
        leader.get_by_test_id(button).click()
        host.wait_for(lambda room: room.replay_step == step)
        expect(leader.get_by_test_id("replay")).to_have_attribute(
            "data-step", "" if step is None else str(step)
        )

    for step in (0, 1, 2):
        step_to("replay-next", step)
    count = host.call(lambda room: room.replay_count())
    expect(leader.get_by_test_id("replay-status")).to_have_text(f"The TV shows step 3 of {count}.")
    # The story ends (QA: Next counted on to "step 12" while the TV stayed on its last step).
    for step in range(3, count):
        step_to("replay-next", step)
    expect(leader.get_by_test_id("replay-status")).to_have_text(
        f"The TV shows step {count} of {count}."
    )
    expect(leader.get_by_test_id("replay-next")).to_be_disabled()
    for step in range(count - 2, 0, -1):
        step_to("replay-back", step)
    step_to("replay-result", None)
    step_to("replay-next", 0)
    step_to("replay-back", None)  # back from the first step: the result again

    # Back to the lobby with the same table, then a newcomer and the other game.
    leader.get_by_test_id("to-lobby").click()
    for page in pages:
        expect(screen(page)).to_have_attribute("data-screen", "lobby")
        expect(page.get_by_test_id("players").locator("li")).to_have_count(5)
    (newcomer,) = phones(1)
    kit.join([newcomer], ["Dee"])
    leader.get_by_test_id("game-insidejob").click()
    expect(leader.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    expect(leader.get_by_test_id("start")).to_be_disabled()  # six at a table of 3 to 5
    for left in (5, 4):  # the two bots leave (asked twice each)
        bot = host.call(lambda room: next(s for s, p in enumerate(room.players) if p.bot_seat))
        leader.get_by_test_id(f"remove-{bot}").click()
        leader.get_by_test_id(f"remove-yes-{bot}").click()
        host.wait_for(lambda room, left=left: len(room.players) == left)
    expect(leader.get_by_test_id("players").locator("li")).to_have_count(4)
    leader.get_by_test_id("start").click()
    for page in [*pages, newcomer]:
        expect(screen(page)).to_have_attribute("data-screen", "game")
    assert host.call(lambda room: (room.game_name, [p.name for p in room.players])) == (
        "insidejob",
        ["Ana", "Ben", "Cy", "Dee"],
    )
    expect(screen(newcomer)).to_have_attribute("data-seat", "3")


@pytest.mark.host_config(bot_pause=0)
def test_a_latecomer_waits_and_the_leader_pauses_removes_a_player_and_ends_the_game(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = table_of_three_and_two_bots(phones, kit)
    leader, ben, cy = pages
    leader.get_by_test_id("start").click()
    for page in pages:
        expect(screen(page)).to_have_attribute("data-screen", "game")
    expect(ben.get_by_test_id("leader-controls")).to_have_count(0)

    # A latecomer gives a name and waits for the next game, watching this one.
    (late,) = phones(1)
    late.get_by_test_id("join-name").fill("Eve")
    late.get_by_test_id("join-submit").click()
    expect(screen(late)).to_have_attribute("data-screen", "next-game")
    expect(late.get_by_test_id("next-game")).to_contain_text("You play the next game, Eve")
    expect(late.get_by_test_id("board")).to_be_visible()

    # Pause: everyone reads who paused; an action is refused meanwhile.
    leader.get_by_test_id("leader-controls-open").click()
    leader.get_by_test_id("pause").click()
    for page in [*pages, late]:
        expect(page.get_by_test_id("notice")).to_have_text("Paused by Ana.")
    expect(leader.get_by_test_id("resume")).to_be_visible()
    leader.get_by_test_id("resume").click()
    for page in pages:
        expect(page.get_by_test_id("notice")).to_be_hidden()

    # Removing Cy is asked first; then Cy's phone is told, and a bot plays the seat.
    cy_seat = kit.seat_of(cy)
    leader.get_by_test_id(f"game-remove-{cy_seat}").click()
    expect(leader.get_by_test_id(f"confirm-remove-{cy_seat}")).to_contain_text(
        "Remove Cy? A bot plays their seat to the end."
    )
    leader.get_by_test_id(f"confirm-no-remove-{cy_seat}").click()
    assert host.call(lambda room: room.players[cy_seat].removed) is False
    leader.get_by_test_id(f"game-remove-{cy_seat}").click()
    leader.get_by_test_id(f"confirm-yes-remove-{cy_seat}").click()
    expect(cy.get_by_test_id("notice")).to_have_text(translate("en", "phone.seat_lost.removed"))
    for page in (leader, ben):
        tag = page.get_by_test_id(f"absent-tag-{cy_seat}")
        expect(tag).to_have_text("removed, a bot plays")
    start = host.call(lambda room: len(room.match.log))
    by_seat = {kit.seat_of(page): page for page in (leader, ben)}
    for _ in range(4):  # the two phones left play on; Cy's seat never waits for anyone
        assert reject_once(host, by_seat, kit)
    moves = host.call(lambda room: [e["seat"] for e in room.match.log[start:]])
    assert cy_seat in moves, "the removed seat was played by a bot"
    assert host.call(lambda room: room.players[cy_seat].removed)

    # Ending the game is asked first too; then everyone is back in the lobby, Eve seated.
    leader.get_by_test_id("end-game").click()
    leader.get_by_test_id("confirm-no-end").click()
    assert host.call(lambda room: room.phase) == "playing"
    leader.get_by_test_id("end-game").click()
    expect(leader.get_by_test_id("confirm-end")).to_contain_text("End this game for everyone")
    leader.get_by_test_id("confirm-yes-end").click()
    for page in (leader, ben, late):
        expect(screen(page)).to_have_attribute("data-screen", "lobby")
    names = leader.get_by_test_id("players").locator(".player-name")
    expect(names).to_have_text(["Ana", "Ben", *BOT_NAMES[:2], "Eve"])


@pytest.mark.host_config(fake_clock=True, bot_pause=0)
def test_the_turn_clock_counts_down_on_the_phones_that_must_act_and_runs_out(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = table_of_three_and_two_bots(phones, kit)
    leader, ben, _ = pages
    leader.get_by_test_id("timer-fast").click()
    expect(leader.get_by_test_id("timer-fast")).to_have_attribute("aria-pressed", "true")
    expect(ben.get_by_test_id("timer-shown")).to_have_text("Turn timer: Fast")
    leader.get_by_test_id("start").click()
    by_seat = {kit.seat_of(page): page for page in pages}
    ana_seat, ben_seat, cy_seat = (kit.seat_of(page) for page in pages)
    timed_out = 0
    for _ in range(20):
        host.wait_for(humans_waited_on(set(by_seat)))
        expected, clock = host.call(
            lambda room: (set(room.match.expected_seats()), room.clock.public())
        )
        if host.call(lambda room: room.players[ben_seat].idle and room.players[cy_seat].idle):
            break
        assert clock is not None and clock["seats"] == sorted(expected)
        for seat, page in by_seat.items():  # the clock shows on the phones that must act only
            if seat in expected:
                expect(page.get_by_test_id("turn-clock")).to_be_visible()
                left = int(page.get_by_test_id("turn-clock").get_attribute("data-clock-left") or "")
                assert 0 < left <= 30
            else:
                expect(page.get_by_test_id("turn-clock")).to_have_count(0)
        if ana_seat in expected:  # Ana plays; Ben and Cy have wandered off
            reject_once(host, by_seat, kit, only={ana_seat})
            continue
        host.advance(31)  # their time runs out: their bots act for this step
        timed_out += 1
    assert timed_out >= 2
    for page in (leader, ben):
        expect(page.get_by_test_id(f"absent-tag-{ben_seat}")).to_have_text(
            "away, a bot plays until they are back"
        )
        expect(page.get_by_test_id(f"absent-{cy_seat}")).to_have_attribute(
            "data-status", "away_bot"
        )
    clock_text = re.compile(r"^Your time: \d:\d\d$")
    host.wait_for(lambda room: ana_seat in room.match.expected_seats())
    expect(leader.get_by_test_id("turn-clock")).to_have_text(clock_text)
