"""What a QA evening on phones found (390x844 in English, 360x640 in Spanish and Portuguese), each
checked in real Chromium where it showed.

The game is moved on by the host where a test is about a later moment (``act``: the engine action
of a seat, as its phone would send it); what is checked is always what the page shows.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate

LANGS = ["en", "es", "pt"]


def act(host: Any, seat: int, action: dict[str, Any]) -> None:
    """The host takes this seat's action, as from its phone, and tells every phone."""

    def apply(room: Any) -> None:
        room.match.apply(seat, action)
        room._after_action()
        room.changed()

    host.call(apply)


def public(host: Any) -> dict[str, Any]:
    return host.call(lambda room: room.public_view())


def seated(
    phones: Any, kit: Any, names: list[str], langs: list[str], width: int = 390
) -> list[Page]:
    pages = [phones(1, lang=lang, width=width)[0] for lang in langs]
    kit.join(pages, names)
    return pages


# ---------------------------------------------------------------- bots the leader added


@pytest.mark.host_config(bot_pause=0)
def test_bots_the_leader_added_are_not_players_away_but_a_covered_player_is(
    phones: Any, host: Any, kit: Any
) -> None:
    ana, ben, cara = seated(phones, kit, ["Ana", "Ben", "Cara"], LANGS)
    for count in (4, 5):
        ana.get_by_test_id("add-bot").click()
        expect(ana.get_by_test_id("players").locator("li")).to_have_count(count)
    bots = host.call(lambda room: [s for s, p in enumerate(room.players) if p.bot_seat])
    assert len(bots) == 2
    ana.get_by_test_id("start").click()
    for page in (ana, ben, cara):
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
        expect(page.get_by_test_id("step")).to_be_visible()
        # Everyone who plays is here: no list of players away at all.
        expect(page.get_by_test_id("absent")).to_have_count(0)

    cara_seat = kit.seat_of(cara)
    cara.context.close()  # Cara's battery dies; the leader lets a bot play her seat
    host.wait_for(lambda room: not room.players[cara_seat].connected)
    for page in (ana, ben):
        expect(page.get_by_test_id(f"absent-{cara_seat}")).to_have_attribute("data-status", "away")
    ana.get_by_test_id(f"let-bot-{cara_seat}").click()
    host.wait_for(lambda room: room.players[cara_seat].bot)
    for page, lang in ((ana, "en"), (ben, "es")):
        expect(page.get_by_test_id(f"absent-tag-{cara_seat}")).to_have_text(
            translate(lang, "phone.absent.bot")
        )
        expect(page.get_by_test_id("absent").locator("li")).to_have_count(1)
        for bot in bots:
            expect(page.get_by_test_id(f"absent-{bot}")).to_have_count(0)
