"""The end-of-game tables on a phone with the names people really have (QA: at 390 px, eleven
letters of 'Bartholomew' and nine of 'Conductor' were broken in the middle, 'Bartholome / w Kent',
'Conducto / r', because the Mole table gave the name, the role and the Getaway mark a third of the
phone each, and Inside Job's four columns a fifth to a third).

Each table keeps two columns of words, the player and the role (and Inside Job's count of votes);
what the player did at the end (the seat they marked, the seat they voted for) is a line under
their name. Every word of every cell stays whole at the default text size, at 390 px in English
and 360 px in Spanish and Portuguese.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import (
    BROKEN_WORDS_JS,
    SIZES,
    bots_play_to_the_end,
    mole_to_the_end,
    send,
)

LANGS = ["en", "es", "pt"]
NAMES = ["Ana", "Bartholomew Kent", "Guadalupe Ferná", "Maximiliano Ruiz", "Christopher Long"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"
CELLS = '[data-testid="reveal"] td, [data-testid="reveal"] th'


def seated(
    phones: Any, kit: Any, host: Any, lang: str, game: str, variants: tuple[str, ...] = ()
) -> Page:
    """Five long-named players; seat 1 on a Chromium phone at the QA's size, the others
    protocol phones. The game chosen and started."""
    width, height = SIZES[lang]
    page: Page | None = None
    leader = None
    for seat, name in enumerate(NAMES):
        if seat == 1:
            (page,) = phones(1, lang=lang, width=width)
            kit.join([page], [name])
            page.set_viewport_size({"width": width, "height": height})
        else:
            phone = FakePhone(lang)
            host.call(lambda room, phone=phone: room.connect(phone))
            send(host, phone, {"type": "join", "name": name})
            assert phone.messages("welcome"), phone.texts[-1:]
            leader = leader or phone
    assert page is not None and leader is not None
    send(host, leader, {"type": "options", "game": game, "variants": list(variants)})
    send(host, leader, {"type": "start"})
    assert host.call(lambda room: (room.phase, room.game_name)) == ("playing", game)
    return page


def whole_words(page: Page) -> None:
    reveal = page.get_by_test_id("reveal")
    expect(reveal).to_be_visible()
    assert page.evaluate(BROKEN_WORDS_JS, CELLS) == []
    for name in NAMES:  # every name is in the table, and none is cut
        expect(reveal).to_contain_text(name)


@pytest.mark.parametrize("lang", LANGS)
def test_the_mole_reveal_keeps_long_names_and_roles_whole(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    page = seated(phones, kit, host, lang, "mole")
    mole_to_the_end(host, protect="lookout", accuse="contact")
    whole_words(page)
    reveal = page.get_by_test_id("reveal")
    expect(reveal.locator("th")).to_have_count(2)
    # What each seat marked in the Getaway (the Driver and the Moles someone, the rest
    # nobody) is said under its name.
    result = host.call(lambda room: room.public_view()["result"])
    for seat, role in enumerate(result["roles"]):
        row = reveal.get_by_test_id(f"reveal-{seat}")
        expect(row.locator("td").nth(1)).to_have_text(translate(lang, f"mole.role.{role}"))
        mark = result["marks"][seat]
        target = translate(lang, "mole.mark.nobody") if mark is None else NAMES[mark]
        expect(row.get_by_test_id(f"reveal-mark-{seat}")).to_have_text(
            translate(lang, "phone.mole.reveal.marked", name=target)
        )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"reveal-long-names-mole-{lang}.png", full_page=True)


# The roles with the longest words (Professional, Accomplice, Agent with a Microphone); with this
# deal the game ends before the vote. Without options it reaches the vote: the ballots and counts.
LONG_ROLES = ("professional", "accomplice", "microphone")


@pytest.mark.parametrize("variants", [(), LONG_ROLES], ids=["vote", "long-roles"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_inside_job_reveal_keeps_long_names_and_roles_whole(
    phones: Any, host: Any, kit: Any, lang: str, variants: tuple[str, ...]
) -> None:
    page = seated(phones, kit, host, lang, "insidejob", variants)
    bots_play_to_the_end(host)
    whole_words(page)
    reveal = page.get_by_test_id("reveal")
    roles = host.call(lambda room: list(room.state.roles))
    assert set(variants) - {"microphone"} <= set(roles), roles
    for seat, role in enumerate(roles):
        row = reveal.get_by_test_id(f"reveal-{seat}")
        expect(row.locator("td").nth(1)).to_have_text(translate(lang, f"insidejob.role.{role}"))
    vote = host.call(lambda room: room.public_view()["vote"])
    if not variants:
        assert vote is not None, "the game reached the vote"
        expect(reveal.locator("th")).to_have_count(3)
        assert len(vote["ballots"]) == len(NAMES)
        for seat, ballot in vote["ballots"].items():
            line = reveal.get_by_test_id(f"reveal-ballot-{seat}")
            for target in ballot:
                expect(line).to_contain_text(NAMES[target])
        for seat, count in enumerate(vote["tally"]):
            expect(reveal.get_by_test_id(f"votes-{seat}")).to_have_text(str(count))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = f"reveal-long-names-insidejob-{'-'.join(variants) or 'vote'}-{lang}.png"
    page.screenshot(path=ARTIFACTS / shot, full_page=True)
