"""A host stopped mid-game and started again without ``--resume`` and without a window (no R key):
the lobby offers the interrupted game. QA found the leader's phone saying "The host is
restarting; your seat is kept" for ever, with nothing it could do about the game. Now every
phone says the game is saved and who can continue it, and the leader continues it, or drops it
by starting a new one (asked twice), from the phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]


def interrupted(phones: Any, host: Any, kit: Any, lang: str = "en") -> tuple[list[Page], Page]:
    """Five seated phones one proposal into a game, the host restarted without --resume, and a
    phone that was never seated."""
    pages = phones(5, lang=lang)
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    kit.propose(kit.the_boss(pages), [0, 1])
    kit.all_at(pages, "vote", 1)
    host.restart(resume=False)
    (stranger,) = phones(1, lang=lang)
    return pages, stranger


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_every_phone_says_the_game_is_saved_and_the_leader_continues_it(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    pages, stranger = interrupted(phones, host, kit, lang)
    # One move made, said in the singular (QA: "1 moves made").
    saved = translate(lang, "phone.lobby.resumable_one", names=", ".join(NAMES))
    for page in [*pages, stranger]:
        expect(page.get_by_test_id("resumable-game")).to_have_text(saved)
    leader, others = pages[0], pages[1:]
    for page in pages:
        expect(page.get_by_test_id("resume-pending")).to_have_text(
            translate(lang, "phone.resume_pending")
        )
    expect(leader.get_by_test_id("resumable-who")).to_have_count(0)
    expect(leader.get_by_test_id("resume-saved")).to_have_text(
        translate(lang, "phone.lobby.resume_saved")
    )
    expect(leader.get_by_test_id("start")).to_have_text(translate(lang, "phone.lobby.start_new"))
    # The game's seats stay its seats until the leader decides: no controls that change them.
    for testid in ("add-bot", "leave", "remove-1", "move-down-0", "phone-panel"):
        expect(leader.get_by_test_id(testid)).to_have_count(0)
    for page in [*others, stranger]:
        expect(page.get_by_test_id("resumable-who")).to_have_text(
            translate(lang, "phone.lobby.resumable_leader", name="Ana")
        )
        expect(page.get_by_test_id("resume-saved")).to_have_count(0)
    expect(stranger.get_by_test_id("resume-pending")).to_have_count(0)

    leader.get_by_test_id("resume-saved").click()
    # The same game goes on where it stopped: one proposal made, the votes awaited.
    kit.all_at(pages, "vote", 1)
    expect(stranger.get_by_test_id("screen")).to_have_attribute("data-screen", "spectator")
    for page in [*pages, stranger]:
        expect(page.get_by_test_id("resumable")).to_have_count(0)
    assert host.call(lambda room: (room.saved, len(room.log))) == (None, 1)


def test_the_leader_drops_the_saved_game_by_starting_a_new_one_asked_twice(
    phones: Any, host: Any, kit: Any
) -> None:
    pages, _stranger = interrupted(phones, host, kit)
    leader = pages[0]
    leader.evaluate("window.scrollTo(0, 0)")
    leader.get_by_test_id("start").click()
    expect(leader.get_by_test_id("drop-confirm")).to_contain_text(
        translate("en", "phone.lobby.drop_confirm")
    )
    # Asked where the thumb is: the button stood at the foot of the screen, not of the page.
    expect(leader.get_by_test_id("drop-yes")).to_be_in_viewport()
    leader.get_by_test_id("drop-no").click()  # a slip of the thumb loses nothing
    expect(leader.get_by_test_id("drop-confirm")).to_have_count(0)
    expect(leader.get_by_test_id("resume-saved")).to_be_visible()
    assert host.call(lambda room: room.phase) == "lobby"

    leader.get_by_test_id("start").click()
    leader.get_by_test_id("drop-yes").click()
    kit.all_at(pages, "propose", 0)  # a new deal, not the game that was saved
    assert host.call(lambda room: (room.saved, len(room.log))) == (None, 0)
