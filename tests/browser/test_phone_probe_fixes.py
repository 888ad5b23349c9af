"""Defects a hostile probe found on the phone page, fixed and held in place, in real Chromium.

A refusal that only one role can draw must never reach the wire: the host answers it to that
phone alone, while an accepted choice sends a state to every seat, so a sniffer would tell the
role from the traffic. The page refuses such a choice itself, under the flap.

A seat whose screen a test never reads is a protocol phone (``FakePhone``), seated and moved
through the Room; Chromium pages are kept for the seats a test reads or taps.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from host.outgoing import room_part
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import act, next_deal, send

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]
MOLE_ROLES = ("mole", "snitch")
# Screenshots for people to look at (git-ignored).
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"


def protocol_join(host: Any, name: str) -> FakePhone:
    phone = FakePhone()
    host.call(lambda room: room.connect(phone))
    send(host, phone, {"type": "join", "name": name})
    assert phone.messages("welcome"), phone.texts[-1:]
    return phone


def record_frames(host: Any) -> list[Any]:
    """Every frame the Room receives from a phone from now on, parsed, in order of arrival."""
    frames: list[Any] = []

    def install(room: Any) -> None:
        original = room.handle_text

        def recording(conn: Any, text: str) -> None:
            try:
                frames.append(json.loads(text))
            except ValueError:
                frames.append(text)
            original(conn, text)

        room.handle_text = recording

    host.call(install)
    return frames


def open_screen(page: Page) -> str:
    """What a neighbour can read on the phone with the flap let go."""
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    return page.get_by_test_id("screen").inner_text()


def plays(frames: list[Any]) -> list[str]:
    return [
        frame["action"]["card"]
        for frame in frames
        if isinstance(frame, dict)
        and frame.get("type") == "action"
        and frame["action"].get("type") == "play"
    ]


def test_a_crew_sabotage_never_leaves_the_phone(phones: Any, host: Any, kit: Any) -> None:
    pages = phones(5)
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    by_seat = {kit.seat_of(page): page for page in pages}
    roles = host.call(lambda room: list(room.state.roles))
    moles = [seat for seat, role in enumerate(roles) if role in MOLE_ROLES]
    crew = [seat for seat, role in enumerate(roles) if role not in MOLE_ROLES]
    kit.propose(kit.the_boss(pages), [moles[0], crew[0]])
    kit.all_at(pages, "vote", 1)
    kit.vote_all(pages, approve=True)
    kit.all_at(pages, "cards", 1)
    honest, mole = by_seat[crew[0]], by_seat[moles[0]]
    assert open_screen(honest) == open_screen(mole), "the open screens read the same"

    # Under the flap, the Crew member's Sabotage says it cannot be played, and why; the Mole's
    # does not.
    refusal = translate("en", "error.crew_cannot_sabotage")
    assert refusal == translate("en", "phone.mole.cards.crew_cannot_sabotage")
    cdp = kit.hold_flap(mole)
    expect(mole.get_by_test_id("card-sabotage")).to_have_attribute("data-playable", "true")
    expect(mole.get_by_test_id("card-refusal")).to_have_count(0)
    kit.release_flap(cdp)
    expect(honest.get_by_test_id("card-refusal")).to_be_hidden()
    cdp = kit.hold_flap(honest)
    expect(honest.get_by_test_id("card-sabotage")).to_have_attribute("data-playable", "false")
    expect(honest.get_by_test_id("card-refusal")).to_have_text(refusal)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    honest.screenshot(path=ARTIFACTS / "probe-crew-sabotage-unplayable.png")

    frames = record_frames(host)
    kit.tap_held(honest, cdp, "card-sabotage")
    expect(honest.get_by_test_id("flap-error")).to_have_text(refusal)
    kit.release_flap(cdp)
    expect(honest.get_by_test_id("flap-error")).to_be_hidden()
    expect(honest.get_by_test_id("error")).to_be_hidden()
    assert open_screen(honest) == open_screen(mole), "the tap left no trace outside the flap"

    # The socket keeps order: had the Sabotage gone out, it would arrive before this Clean.
    kit.in_flap(honest, "card-clean")
    expect(honest.get_by_test_id("played")).to_be_visible()
    host.wait_for(lambda room: crew[0] in room.public_view()["played"])
    assert plays(frames) == ["clean"], f"the host got only the Clean card: {frames}"
    assert host.call(lambda room: room.state.cards[crew[0]]) == "clean"

    # The Mole's Sabotage still goes to the host and blows the lock.
    kit.in_flap(mole, "card-sabotage")
    kit.all_at(pages, "propose", 1)
    assert plays(frames) == ["clean", "sabotage"]
    for page in pages:
        expect(page.get_by_test_id("lock-0")).to_have_attribute("data-result", "blown")


@pytest.mark.host_config(max_sockets=2)
def test_a_phone_the_full_host_turns_away_is_told_and_gets_in_once_a_place_frees(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = phones(2)
    kit.join(pages, NAMES[:2])
    (late,) = phones(1, lang="es")
    # Closed with 1013 for want of room, it says so in its language and keeps trying.
    full = late.get_by_test_id("host-full")
    expect(full).to_have_text(translate("es", "phone.conn.full"))
    expect(late.get_by_test_id("conn")).to_have_attribute("data-full", "true")
    expect(late.get_by_test_id("conn")).to_have_text(translate("es", "phone.conn.full"))
    assert host.call(lambda room: len(room.connections)) == 2
    # A place frees: the next try (the back-off is at most 5 s) lets it in, and the notice goes.
    pages[1].context.close()
    expect(late.get_by_test_id("join-name")).to_be_visible(timeout=15_000)
    expect(late.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    expect(late.get_by_test_id("conn")).to_have_attribute("data-full", "false")
    expect(full).to_have_count(0)


def test_a_claim_on_the_leaders_seat_is_answered_by_the_next_player_named_on_the_others(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = phones(5)
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    by_seat = {kit.seat_of(page): page for page in pages}
    leader_seat = host.call(lambda room: room_part(room)["leader"])
    assert kit.seat_of(pages[0]) == leader_seat
    pages[0].context.close()
    fresh = phones(1)[0]
    fresh.get_by_test_id("join-name").fill(NAMES[leader_seat])
    fresh.get_by_test_id("join-submit").click()
    expect(fresh.get_by_test_id("claim-waiting")).to_be_visible()
    claim = host.call(lambda room: room_part(room)["claims"][0])
    decider = claim["decider"]
    assert decider == (leader_seat + 1) % 5, "the next player present answers"
    # The decider's phone has the two answers; every other phone names who decides.
    for seat, page in by_seat.items():
        if seat in (leader_seat, decider):
            continue
        hint = page.get_by_test_id(f"claim-decider-{claim['id']}")
        expect(hint).to_have_text(translate("en", "phone.claim.decides", name=NAMES[decider]))
        expect(page.locator('[data-testid^="claim-approve-"]')).to_have_count(0)
    by_seat[decider].get_by_test_id(f"claim-approve-{claim['id']}").click()
    expect(fresh.get_by_test_id("me-name")).to_have_text(NAMES[leader_seat])
    expect(fresh.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    for page in by_seat.values():
        if page is not pages[0]:
            expect(page.get_by_test_id("claims")).to_have_count(0)


def test_an_agents_off_suit_card_never_leaves_the_phone(phones: Any, host: Any, kit: Any) -> None:
    pages = phones(4)
    kit.join(pages, NAMES[:4])
    pages[0].get_by_test_id("game-insidejob").click()
    expect(pages[0].get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    pages[0].get_by_test_id("start").click()
    for page in pages:
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    roles = host.call(lambda room: list(room.state.roles))
    for _ in range(40):
        acting = [
            p for p in pages if p.get_by_test_id("step").get_attribute("data-can-act") == "true"
        ]
        assert acting, "someone has something to do"
        page = acting[0]
        phase = page.get_by_test_id("step").get_attribute("data-phase")
        before = page.get_by_test_id("step").get_attribute("data-progress")
        if phase == "mission":
            page.get_by_test_id("mission-0").click()
        else:
            assert phase == "play", phase
            hand = page.get_by_test_id("hand")
            greyed = hand.locator('button[aria-disabled="true"]')
            if greyed.count() and roles[kit.seat_of(page)] not in ("insider", "professional"):
                frames = record_frames(host)
                open_before = open_screen(page)
                greyed.first.evaluate("(node) => node.scrollIntoView({block: 'center'})")
                greyed.first.click(force=True)
                cdp = kit.hold_flap(page)
                expect(page.get_by_test_id("flap-error")).to_have_text(
                    translate("en", "error.must_follow_suit")
                )
                kit.release_flap(cdp)
                assert open_screen(page) == open_before
                # A card it may play goes out; the refused one never did.
                card = hand.locator('button[data-playable="true"]').first
                played = card.get_attribute("data-card")
                card.click()
                expect(page.get_by_test_id("step")).not_to_have_attribute(
                    "data-progress", before or ""
                )
                sent = [
                    f["action"] for f in frames if isinstance(f, dict) and f.get("type") == "action"
                ]
                assert sent == [{"type": "play", "card": played}], sent
                return
            hand.locator('button[data-playable="true"]').first.click()
        expect(page.get_by_test_id("step")).not_to_have_attribute("data-progress", before or "")
    pytest.fail("no Agent held an off-suit card on its turn")


def test_a_mole_with_no_sabotage_left_is_told_so_and_sends_nothing(
    phones: Any, host: Any, kit: Any
) -> None:
    # The Mole's phone and an honest player's are read; the other seats need no screen, and the
    # proposals and votes are moved on by the host.
    roles = list(next_deal(host).roles)
    mole_seat = next(seat for seat, role in enumerate(roles) if role in MOLE_ROLES)
    crew_seat = next(seat for seat, role in enumerate(roles) if role not in MOLE_ROLES)
    by_seat: dict[int, Page] = {}
    for seat, name in enumerate(NAMES):
        if seat in (mole_seat, crew_seat):
            by_seat[seat] = phones(1)[0]
            kit.join([by_seat[seat]], [name])
        else:
            protocol_join(host, name)
    host.call(lambda room: room.start())
    assert host.call(lambda room: list(room.state.roles)) == roles, "as foreseen"
    pages = list(by_seat.values())
    kit.all_at(pages, "propose", 0)
    mole, honest = by_seat[mole_seat], by_seat[crew_seat]
    limit = host.call(lambda room: room.state.config.sabotages_per_mole)
    for lock in range(limit + 1):
        boss = host.call(lambda room: room.public_view()["boss"])
        act(host, boss, {"type": "propose", "team": [mole_seat, crew_seat]})
        kit.all_at(pages, "vote", lock + 1)
        for seat in range(5):
            act(host, seat, {"type": "vote", "approve": True})
        kit.all_at(pages, "cards", lock + 1)
        if lock == limit:
            break
        kit.in_flap(honest, "card-clean")
        expect(honest.get_by_test_id("played")).to_be_visible()
        kit.in_flap(mole, "card-sabotage")
        kit.all_at(pages, "propose", lock + 1)
    assert open_screen(honest) == open_screen(mole)
    cdp = kit.hold_flap(mole)
    words = translate("en", "phone.mole.cards.none_left")
    expect(mole.get_by_test_id("card-sabotage")).to_have_attribute("data-playable", "false")
    expect(mole.get_by_test_id("card-refusal")).to_have_text(words)
    frames = record_frames(host)
    kit.tap_held(mole, cdp, "card-sabotage")
    expect(mole.get_by_test_id("flap-error")).to_have_text(words)
    kit.release_flap(cdp)
    assert open_screen(honest) == open_screen(mole)
    kit.in_flap(mole, "card-clean")
    expect(mole.get_by_test_id("played")).to_be_visible()
    host.wait_for(lambda room: mole_seat in room.public_view()["played"])
    assert plays(frames) == ["clean"], frames


def test_with_nobody_present_to_answer_a_claim_the_phones_say_the_host_keys_decide(
    phones: Any, host: Any, kit: Any
) -> None:
    # Nobody reads the five players' screens: protocol phones, which all go away.
    seats = [protocol_join(host, name) for name in NAMES]
    send(host, seats[0], {"type": "start"})
    assert host.call(lambda room: room.public_view()["phase"]) == "propose"
    watcher = phones(1, lang="pt")[0]
    expect(watcher.get_by_test_id("spectator")).to_be_visible()
    leader_seat = host.call(lambda room: room_part(room)["leader"])
    for phone in seats:
        host.call(lambda room, phone=phone: room.disconnect(phone))
    host.wait_for(lambda room: not any(seat["connected"] for seat in room_part(room)["seats"]))
    fresh = phones(1)[0]
    fresh.get_by_test_id("join-name").fill(NAMES[leader_seat])
    fresh.get_by_test_id("join-submit").click()
    expect(fresh.get_by_test_id("claim-waiting")).to_be_visible()
    claim = host.call(lambda room: room_part(room)["claims"][0])
    assert claim["decider"] is None
    hint = watcher.get_by_test_id(f"claim-decider-{claim['id']}")
    expect(hint).to_have_text(translate("pt", "phone.claim.host_decides"))
    expect(hint).to_have_attribute("data-decider", "host")
