"""A phone gone mid-game, in real Chromium: every phone marks the seat "away", the leader's phone
offers "Let a bot play", and once tapped the bot plays that seat and the game moves on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from host.i18n import translate

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"


def test_the_leader_lets_a_bot_play_for_a_phone_that_left(phones: Any, host: Any, kit: Any):
    pages = phones(5)
    kit.join(pages, NAMES)
    leader = pages[0]
    leader.get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    assert [kit.seat_of(page) for page in pages] == [0, 1, 2, 3, 4]
    boss = host.call(lambda room: room.rules.view(room.state, None)["boss"])
    absent = next(seat for seat in (4, 3, 2) if seat != boss)  # not the leader, not the Boss
    for page in pages:
        expect(page.get_by_test_id("absent")).to_have_count(0)  # everyone here: no panel

    pages[absent].context.close()  # the battery dies
    host.wait_for(lambda room: not room.players[absent].connected)
    here = [page for seat, page in enumerate(pages) if seat != absent]
    for page in here:
        tag = page.get_by_test_id(f"absent-tag-{absent}")
        expect(tag).to_have_text(translate("en", "phone.absent.away"))
        expect(page.get_by_test_id(f"absent-{absent}")).to_contain_text(NAMES[absent])
    button = leader.get_by_test_id(f"let-bot-{absent}")
    expect(button).to_have_text(translate("en", "phone.absent.let_bot"))
    for page in here[1:]:  # only the leader may do it
        expect(page.get_by_test_id(f"let-bot-{absent}")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    leader.screenshot(path=ARTIFACTS / "absent-leader.png", full_page=True)

    button.click()
    host.wait_for(lambda room: room.players[absent].bot)
    for page in here:
        expect(page.get_by_test_id(f"absent-tag-{absent}")).to_have_text(
            translate("en", "phone.absent.bot")
        )
    expect(leader.get_by_test_id(f"let-bot-{absent}")).to_have_count(0)
    expect(leader.get_by_test_id("error")).to_be_hidden()

    # The game goes on without that phone: the Boss proposes, four phones vote, the bot the fifth.
    boss_page = kit.the_boss(here)
    team = [seat for seat in range(5) if seat != absent][:2]
    kit.propose(boss_page, team)
    kit.all_at(here, "vote", 1)
    kit.vote_all(here, approve=True)
    host.wait_for(lambda room: room.rules.view(room.state, None)["phase"] != "vote")
    votes = host.call(lambda room: [e for e in room.log if e["seat"] == absent])
    assert votes and votes[0]["action"]["type"] == "vote"  # the bot voted for the absent seat
    phase = host.call(lambda room: room.rules.view(room.state, None)["phase"])
    kit.all_at(here, phase)
    leader.screenshot(path=ARTIFACTS / "absent-after-bot.png", full_page=True)
