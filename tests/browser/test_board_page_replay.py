"""The grand reveal on the board page, in real Chromium: after the end, the leader's phone steps
through the finished game (``{"type": "replay", "step": n}``), and the board (with --headless
the only screen) shows each step as the TV does, from the public frame only: each lock or
trick, then the Getaway or the vote, then what the audience suspected; back to the result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.test_board_page import (
    BOARD_VIEWPORT,
    NAMES,
    SMALL_VIEWPORT,
    BoardPage,
    Table,
)


def play_to_the_end(table: Table) -> None:
    for _ in range(2000):
        if table.over():
            return
        table.step()
    raise AssertionError("the game did not end")


def test_the_leader_steps_a_mole_game_on_the_board(browser: Any, host: Any, tmp_path: Path) -> None:
    big = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board?lang=es", SMALL_VIEWPORT, "small")
    try:
        table = Table(host)
        table.join(*NAMES)
        table.watch("Zoe")
        table.leader({"type": "start"})
        table.suspect("Zoe", table.hidden_seats())
        play_to_the_end(table)
        view = table.public_view()
        locks = [i for i, lock in enumerate(view["locks"]) if lock["result"]]
        steps = len(locks) + (1 if view["result"].get("marks") else 0) + 1  # + the audience
        for board in (big, small):
            board.scene("mole.reveal")
        for step in range(steps):
            table.leader({"type": "replay", "step": step})
            for board in (big, small):
                replay = board.page.get_by_test_id("replay")
                expect(replay).to_have_attribute("data-step", str(step))
                expect(replay).to_have_attribute("data-count", str(steps))
                board.no_moment()  # the end's moments make way for the steps
                board.snapshot(f"mole-replay-{step}", tmp_path)
            page = big.page
            expect(page.get_by_test_id("replay-place")).to_contain_text(
                f"Step {step + 1} of {steps}"
            )
            if step < len(locks):
                index = locks[step]
                lock = view["locks"][index]
                word = "OPEN" if lock["result"] == "open" else "BLOWN"
                expect(page.get_by_test_id("replay-title")).to_contain_text(
                    f"Lock {index + 1}: {word}"
                )
                proposals = [p for p in view["proposals"] if p["lock"] == index]
                for number, proposal in enumerate(proposals, start=1):
                    boss = NAMES[proposal["boss"]]
                    line = page.get_by_test_id(f"replay-proposal-{number}")
                    expect(line).to_contain_text(f"Proposal {number}: {boss} chose")
                    for seat, vote in enumerate(proposal["votes"]):
                        expect(
                            page.get_by_test_id(f"replay-vote-{number}-{seat}")
                        ).to_have_attribute("data-approve", str(bool(vote)).lower())
                plays = next(p["cards"] for p in view["result"]["plays"] if p["lock"] == index)
                for seat, card in plays.items():
                    expect(page.get_by_test_id(f"replay-card-{seat}")).to_have_attribute(
                        "data-card", card
                    )
            elif step < steps - 1:
                for seat, target in enumerate(view["result"]["marks"]):
                    expect(page.get_by_test_id(f"replay-mark-{seat}")).to_have_attribute(
                        "data-target", "null" if target is None else str(target)
                    )
            else:
                expect(page.get_by_test_id("audience-member")).to_have_attribute("data-name", "Zoe")
        # The host counts the steps as the board does, and holds the step within them.
        assert host.call(lambda room: room.replay_count()) == steps
        table.leader({"type": "replay", "step": steps + 3})
        expect(big.page.get_by_test_id("replay")).to_have_attribute("data-step", str(steps - 1))
        assert host.call(lambda room: room.replay_step) == steps - 1
        table.leader({"type": "replay", "step": None})
        for board in (big, small):
            expect(board.page.get_by_test_id("replay")).to_have_count(0)
            board.scene("mole.reveal")
            board.assert_only_public_frames(table.tokens())
    finally:
        big.close()
        small.close()


def test_the_leader_steps_an_inside_job_game_on_the_board(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    big = BoardPage(browser, f"{host.url}board?lang=pt", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board", SMALL_VIEWPORT, "small")
    try:
        table = Table(host)
        table.join("Ana", "Bruno", "Maximiliano Ruiz", "Hannah-Charlotte", "Eli")
        # With this seed these options play every trick and end in the vote.
        table.leader(
            {"type": "options", "game": "insidejob", "variants": ["wagers", "risky", "accomplice"]}
        )
        table.leader({"type": "start"})
        play_to_the_end(table)
        view = table.public_view()
        assert view["vote"], "the seeded game ends in the vote"
        steps = len(view["tricks"]) + 1  # no audience: no step for it
        assert host.call(lambda room: room.replay_count()) == steps
        for board in (big, small):
            board.scene("insidejob.reveal")
        for step in range(steps):
            table.leader({"type": "replay", "step": step})
            for board in (big, small):
                expect(board.page.get_by_test_id("replay")).to_have_attribute(
                    "data-step", str(step)
                )
                board.no_moment()
                board.snapshot(f"insidejob-replay-{step}", tmp_path)
            page = small.page
            expect(page.get_by_test_id("replay-place")).to_contain_text(
                f"Step {step + 1} of {steps}"
            )
            if step < len(view["tricks"]):
                trick = view["tricks"][step]
                expect(page.get_by_test_id("replay-mission-result")).to_have_attribute(
                    "data-completed", str(bool(trick["completed"])).lower()
                )
                for play in trick["cards"]:
                    expect(page.get_by_test_id(f"replay-play-{play['seat']}")).to_be_visible()
                    expect(page.get_by_test_id(f"card-{play['card']}")).to_be_visible()
                winner = ["Ana", "Bruno", "Maximiliano Ruiz", "Hannah-Charlotte", "Eli"][
                    trick["winner"]
                ]
                expect(page.get_by_test_id("replay-winner")).to_contain_text(winner)
                follow = view["result"].get("follow") or []
                for play, answer in zip(trick["cards"], follow[step], strict=True):
                    why = answer if answer in ("could_not", "chose_not") else ""
                    expect(page.get_by_test_id(f"replay-play-{play['seat']}")).to_have_attribute(
                        "data-why", why
                    )
            else:
                # The votes each row's player received: a column named once, a number a row.
                expect(page.locator(".received-head")).to_have_text("Votes received")
                for seat in range(5):
                    expect(page.get_by_test_id(f"replay-ballot-{seat}")).to_be_visible()
                    expect(page.get_by_test_id(f"replay-received-{seat}")).to_have_text(
                        str(view["vote"]["tally"][seat])
                    )
        table.leader({"type": "replay", "step": None})
        for board in (big, small):
            board.scene("insidejob.reveal")
            board.assert_only_public_frames(table.tokens())
    finally:
        big.close()
        small.close()
