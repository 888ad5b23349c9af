"""Five phones play a whole game of Mole in the Crew through the page, in real Chromium.

Who does what is read from each page's own screen (which phone shows the Boss's controls, the
cards, the Getaway marks). The only peek at the server is the deal's roles, to choose who tries
to play Sabotage, and the final public board, to check the reveal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from host.i18n import translate

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]
# Screenshots of each step, to be looked at by people (git-ignored).
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"


def open_screen(page: Page) -> str:
    """What a neighbour can read on the phone with the flap let go."""
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    return page.get_by_test_id("screen").inner_text()


def snap(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


def test_five_phones_play_a_whole_game_to_the_reveal(phones: Any, host: Any, kit: Any) -> None:
    pages = phones(5)
    kit.join(pages, NAMES)
    leader = pages[0]
    expect(leader.get_by_test_id("start")).to_be_enabled()
    expect(pages[1].get_by_test_id("start")).to_have_count(0)
    snap(leader, "01-lobby-leader")
    leader.get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    by_seat = {kit.seat_of(page): page for page in pages}
    assert host.call(lambda room: len(room.connections)) == 5, "one socket per phone, no more"
    roles = host.call(lambda room: list(room.state.roles))
    moles = [seat for seat, role in enumerate(roles) if role in ("mole", "snitch")]
    crew = [seat for seat, role in enumerate(roles) if role not in ("mole", "snitch")]

    # The role sits under the flap on every phone: held up, it shows; let go, it hides.
    for seat, page in by_seat.items():
        expect(page.get_by_test_id("flap-panel")).to_be_hidden()
        cdp = kit.hold_flap(page)
        expect(page.get_by_test_id("role")).to_be_visible()
        expect(page.get_by_test_id("role")).to_have_text(
            translate("en", f"mole.role.{roles[seat]}")
        )
        snap(page, f"02-flap-held-seat{seat}-{roles[seat]}")
        kit.release_flap(cdp)
        expect(page.get_by_test_id("role")).to_be_hidden()

    # Lock 1, first proposal: the Boss names too few players and reads the host's refusal.
    boss = kit.the_boss(pages)
    snap(boss, "03-boss-proposes")
    kit.propose(boss, [crew[0]])
    expect(boss.get_by_test_id("error")).to_have_text(
        translate("en", "error.team_size", expected=2, given=1)
    )
    boss.get_by_test_id(f"pick-{crew[0]}").click()  # untick: start the team again
    kit.propose(boss, [moles[0], crew[0]])
    kit.all_at(pages, "vote", 1)
    snap(pages[1], "04-vote")
    for page in pages:
        expect(page.get_by_test_id("status")).to_contain_text(f"{NAMES[moles[0]]}")
    # Everyone rejects: the votes show with names, and the next Boss proposes.
    kit.vote_all(pages, approve=False)
    kit.all_at(pages, "propose", 1)
    for page in pages:
        expect(page.get_by_test_id("last-vote")).to_contain_text(
            translate("en", "phone.mole.vote.rejected")
        )
        expect(page.get_by_test_id("last-vote").locator("li")).to_have_count(5)
    assert kit.the_boss(pages) is not boss, "the Boss passes on after every proposal"

    # Second proposal of lock 1: approved; a Crew member cannot sabotage; a Mole can.
    lock_boss = kit.seat_of(kit.the_boss(pages))
    kit.propose(kit.the_boss(pages), [moles[0], crew[0]])
    kit.all_at(pages, "vote", 2)
    kit.vote_all(pages, approve=True)
    kit.all_at(pages, "cards", 2)
    for page in pages:  # while the cards are played, the board names the Boss who chose them
        expect(page.get_by_test_id("boss-line")).to_contain_text(NAMES[lock_boss])
    outsider = by_seat[crew[1]]
    expect(outsider.get_by_test_id("card-clean")).to_have_count(0)
    honest, mole = by_seat[crew[0]], by_seat[moles[0]]
    open_before = open_screen(honest)
    assert open_before == open_screen(mole), "two team members' open screens read the same"
    for page in (honest, mole):  # both cards, under the flap, equally available to everyone
        expect(page.get_by_test_id("card-sabotage")).to_be_hidden()
        cdp = kit.hold_flap(page)
        expect(page.get_by_test_id("card-sabotage")).to_be_enabled()
        expect(page.get_by_test_id("card-clean")).to_be_enabled()
        kit.release_flap(cdp)
    # The Crew member's Sabotage is refused, under the flap only: the open screen stays as it was.
    cdp = kit.hold_flap(honest)
    kit.tap_held(honest, cdp, "card-sabotage")
    expect(honest.get_by_test_id("flap-error")).to_have_text(
        translate("en", "error.crew_cannot_sabotage")
    )
    snap(honest, "05-cards-refused-under-flap")
    kit.release_flap(cdp)
    expect(honest.get_by_test_id("flap-error")).to_be_hidden()
    expect(honest.get_by_test_id("error")).to_be_hidden()
    assert open_screen(honest) == open_before == open_screen(mole)
    kit.in_flap(honest, "card-clean")
    expect(honest.get_by_test_id("played")).to_be_visible()
    kit.in_flap(mole, "card-sabotage")
    kit.all_at(pages, "propose", 2)
    for page in pages:
        expect(page.get_by_test_id("lock-0")).to_have_attribute("data-result", "blown")

    # Locks 2 to 4: approved, all Clean, opened. The file arrives at the next vote.
    phone_to_reload = by_seat[crew[1]]
    for lock in (1, 2, 3):
        proposals = 2 + (lock - 1)
        boss = kit.the_boss(pages)
        size = 2 if lock < 3 else 3
        kit.propose(boss, [*crew[:size]])
        kit.all_at(pages, "vote", proposals + 1)
        if lock == 1:
            for page in pages:
                expect(page.get_by_test_id("file-notice")).to_be_visible()
            cdp = kit.hold_flap(pages[2])
            expect(pages[2].get_by_test_id("file").locator("li")).to_have_count(1)
            kit.release_flap(cdp)
            expect(pages[2].get_by_test_id("file")).to_be_hidden()
        if lock == 2:
            # A phone reloads mid-game and comes straight back to its own seat.
            phone_to_reload.reload()
            expect(phone_to_reload.get_by_test_id("me-name")).to_have_text(NAMES[crew[1]])
            expect(phone_to_reload.get_by_test_id("step")).to_have_attribute("data-phase", "vote")
            expect(phone_to_reload.get_by_test_id("conn")).to_have_attribute("data-state", "online")
        kit.vote_all(pages, approve=True)
        kit.all_at(pages, "cards")
        for index, seat in enumerate(crew[:size]):
            kit.in_flap(by_seat[seat], "card-clean")
            if index < size - 1:
                expect(by_seat[seat].get_by_test_id("played")).to_be_visible()
        next_phase = "getaway" if lock == 3 else "propose"
        kit.all_at(pages, next_phase)
        for page in pages:
            expect(page.get_by_test_id(f"lock-{lock}")).to_have_attribute("data-result", "open")

    # The Getaway: the same screen on every phone, word for word, whatever the role; the Moles'
    # tally only under the flap.
    snap(pages[0], "06-getaway")
    screens = {open_screen(page) for page in pages}
    assert len(screens) == 1, "every phone's Getaway screen reads the same"
    for page in pages:
        expect(page.get_by_test_id("mark-picker")).to_be_hidden()
        cdp = kit.hold_flap(page)
        expect(page.get_by_test_id("mark-picker").locator("button")).to_have_count(6)
        expect(page.get_by_test_id("tally")).to_have_count(0 if kit.seat_of(page) in crew else 1)
        kit.release_flap(cdp)
    target = crew[0]
    kit.in_flap(by_seat[moles[0]], f"mark-{target}")
    watcher = by_seat[moles[1]]
    cdp = kit.hold_flap(watcher)
    expect(watcher.get_by_test_id("tally")).to_contain_text(f"{NAMES[target]}: 1")
    kit.release_flap(cdp)
    expect(watcher.get_by_test_id("tally")).to_be_hidden()
    assert len({open_screen(page) for page in pages}) == 1, "a mark leaves no trace outside"
    for index, (seat, page) in enumerate(sorted(by_seat.items())):
        choice = "mark-nobody" if seat == moles[0] else f"mark-{target}"
        cdp = kit.hold_flap(page)
        kit.tap_held(page, cdp, choice)
        expect(page.get_by_test_id(choice)).to_have_attribute("aria-pressed", "true")
        kit.tap_held(page, cdp, "mark-confirm")
        if index < len(pages) - 1:
            expect(page.get_by_test_id(choice)).to_be_disabled()
        kit.release_flap(cdp)
        if index < len(pages) - 1:
            expect(page.get_by_test_id("confirmed")).to_be_visible()

    # The reveal: every phone shows the same winner, each role, and who played what.
    kit.all_at(pages, "over")
    result = host.call(lambda room: room.public_view()["result"])
    snap(pages[0], "07-reveal")
    for seat, page in by_seat.items():
        expect(page.get_by_test_id("winner")).to_have_text(
            translate("en", f"mole.winner.{result['winner']}")
        )
        for other, role in enumerate(roles):
            expect(page.get_by_test_id(f"reveal-{other}")).to_contain_text(
                translate("en", f"mole.role.{role}")
            )
        expect(page.get_by_test_id("reveal-plays")).to_contain_text(NAMES[moles[0]])
        won = ("moles" if seat in moles else "crew") == result["winner"]
        expect(page.get_by_test_id("my-result")).to_have_text(
            translate("en", "phone.mole.you_won" if won else "phone.mole.you_lost")
        )

    # Rematch: only the leader has the button; everyone gets a new deal.
    expect(pages[1].get_by_test_id("rematch")).to_have_count(0)
    leader.get_by_test_id("rematch").click()
    kit.all_at(pages, "propose", 0)
