"""A card played under the flap is confirmed under the flap (QA: the choice just vanished, with
nothing to say which card the host took). In real Chromium at 360x640: a Mole plays Sabotage and
a Crew member plays Clean on the same team; each reads, under the flap it still holds, which card
it played, while their open screens stay identical."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_phone_open_screen import OPEN_SCREEN_JS, OWN_ROW_CLASS
from tests.browser.test_phone_qa_fixes import ARTIFACTS, MOLES, act, public, table_of_five


def to_a_team_of_three(host: Any, crew: list[int], saboteur: int) -> None:
    """Locks of two until the Boss proposes a team of three: the first blown by ``saboteur``'s
    Sabotage, the others opened by Crew teams (three open locks would end it)."""
    for _ in range(40):
        view = public(host)
        size = view["locks"][view["lock"]]["team_size"]
        if view["phase"] == "propose" and size >= 3:
            return
        blow = view["lock"] == 0
        if view["phase"] == "propose":
            team = [saboteur, *crew[: size - 1]] if blow else crew[:size]
            act(host, view["boss"], {"type": "propose", "team": team})
        elif view["phase"] == "vote":
            for seat in range(5):
                act(host, seat, {"type": "vote", "approve": True})
        elif view["phase"] == "cards":
            for seat in view["team"]:
                card = "sabotage" if blow and seat == saboteur else "clean"
                act(host, seat, {"type": "play", "card": card})
    raise AssertionError(f"no team of three before the Getaway: {public(host)}")


def open_screen(page: Page) -> str:
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    return page.evaluate(OPEN_SCREEN_JS, [[], [], True, OWN_ROW_CLASS])


def play_and_read(page: Page, kit: Any, card: str, lang: str) -> None:
    """Hold the flap, tap the card with a second finger, and read the confirmation while the
    flap is still held."""
    cdp = kit.hold_flap(page)
    panel = page.get_by_test_id("flap-panel")
    expect(panel).to_be_visible()
    expect(panel.get_by_test_id("card-played")).to_have_count(0)
    kit.tap_held(page, cdp, f"card-{card}")
    played = panel.get_by_test_id("card-played")
    expect(played).to_be_visible()
    expect(played).to_have_attribute("data-card", card)
    expect(played).to_contain_text(translate(lang, f"phone.mole.cards.played.{card}"))
    expect(panel.get_by_test_id("card-choice")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"flap-played-{card}-{lang}.png")
    kit.release_flap(cdp)
    expect(panel).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_card_played_under_the_flap_is_confirmed_there_and_only_there(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    chosen: dict[str, int] = {}

    def real(deal: Any) -> list[int]:
        chosen["mole"] = next(seat for seat, role in enumerate(deal.roles) if role in MOLES)
        chosen["crew"] = next(seat for seat, role in enumerate(deal.roles) if role not in MOLES)
        return sorted(chosen.values())

    pages = table_of_five(phones, kit, host, lang, real=real)
    by_seat = dict(zip(sorted(chosen.values()), pages, strict=True))
    mole, crew_member = by_seat[chosen["mole"]], by_seat[chosen["crew"]]
    for page in pages:
        page.set_viewport_size({"width": 360, "height": 640})
    roles = host.call(lambda room: list(room.state.roles))
    crew = [seat for seat, role in enumerate(roles) if role not in MOLES]
    moles = [seat for seat, role in enumerate(roles) if role in MOLES]
    # The other Mole blows a lock, so that the chosen one still has a Sabotage.
    to_a_team_of_three(host, crew, next(seat for seat in moles if seat != chosen["mole"]))

    view = public(host)
    other = next(seat for seat in crew if seat != chosen["crew"])
    team = sorted([chosen["mole"], chosen["crew"], other])
    act(host, view["boss"], {"type": "propose", "team": team})
    for seat in range(5):
        act(host, seat, {"type": "vote", "approve": True})
    kit.all_at(pages, "cards")

    play_and_read(mole, kit, "sabotage", lang)
    play_and_read(crew_member, kit, "clean", lang)
    for page in pages:
        expect(page.get_by_test_id("played")).to_be_visible()
    # Both have played, a card each: the open screens say the same, in the same places.
    assert open_screen(mole) == open_screen(crew_member)
    # Held again, the flap still says which card (until the lock is decided).
    cdp = kit.hold_flap(mole)
    expect(mole.get_by_test_id("card-played")).to_have_attribute("data-card", "sabotage")
    kit.release_flap(cdp)
    # The last card decides the lock: the confirmation goes with the moment it was about.
    act(host, other, {"type": "play", "card": "clean"})
    expect(mole.get_by_test_id("step")).not_to_have_attribute("data-phase", "cards")
    expect(mole.get_by_test_id("card-played")).to_have_count(0)
