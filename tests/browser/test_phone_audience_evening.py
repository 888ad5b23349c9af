"""The audience through an evening, in real Chromium (QA of 2026-12-03, phones not seated):

- after "Play again" an audience phone still showed the last game's suspects, by seat numbers
  that may now be other people, though the host had forgotten them;
- a watcher had no way to a seat but "Back to the lobby", and a latecomer could not play along;
- a full table said so only after a name was typed and refused;
- at 320 px Inside Job's headers were cut inside a word ("Informació/n", "Voto/s"), and with large
  text a long name ran out of its suspect button and the page scrolled sideways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import BROKEN_WORDS_JS, bots_play_to_the_end, send

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"
WIDER_THAN_THE_PHONE_JS = "() => document.documentElement.scrollWidth - window.innerWidth"


def leader_and_bots(host: Any, game: str = "mole", bots: int = 4, lang: str = "en") -> FakePhone:
    """Ana, the leader, on a protocol phone, and ``bots`` bots the leader added, in the lobby."""
    ana = FakePhone(lang)
    host.call(lambda room: room.connect(ana))
    send(host, ana, {"type": "join", "name": "Ana"})
    send(host, ana, {"type": "options", "game": game, "variants": []})
    for _ in range(bots):
        send(host, ana, {"type": "add_bot"})
    return ana


def start(host: Any, ana: FakePhone) -> None:
    send(host, ana, {"type": "start"})
    assert host.call(lambda room: room.phase) == "playing"


def into_the_audience(page: Page, name: str) -> None:
    expect(page.get_by_test_id("audience-form")).to_be_visible()
    page.get_by_test_id("audience-name").fill(name)
    page.get_by_test_id("audience-submit").click()
    expect(page.get_by_test_id("suspects")).to_be_visible()


def test_watchers_start_each_game_afresh_and_can_sign_up_for_the_next(
    phones: Any, host: Any
) -> None:
    ana = leader_and_bots(host)
    start(host, ana)
    zoe, lia, max_ = phones(3)
    into_the_audience(zoe, "Zoe")
    zoe.get_by_test_id("suspect-1").click()
    expect(zoe.get_by_test_id("suspect-1")).to_have_attribute("aria-pressed", "true")
    zoe.get_by_test_id("suspect-2").click()
    expect(zoe.get_by_test_id("suspect-2")).to_have_attribute("aria-pressed", "true")

    # A watcher who would rather play signs up for the next game, and keeps guessing.
    into_the_audience(lia, "Lia")
    lia.get_by_test_id("suspect-3").click()
    expect(lia.get_by_test_id("suspect-3")).to_have_attribute("aria-pressed", "true")
    lia.get_by_test_id("audience-play-next-button").click()
    expect(lia.get_by_test_id("screen")).to_have_attribute("data-screen", "next-game")
    expect(lia.get_by_test_id("next-game")).to_be_visible()
    expect(lia.get_by_test_id("suspect-3")).to_have_attribute("aria-pressed", "true")
    expect(lia.get_by_test_id("audience-play-next")).to_have_count(0)
    lia.get_by_test_id("suspect-0").click()
    expect(lia.get_by_test_id("suspect-0")).to_have_attribute("aria-pressed", "true")

    # A latecomer plays along too, under the name it gave (offered in the field).
    max_.get_by_test_id("join-name").fill("Max")
    max_.get_by_test_id("join-submit").click()
    expect(max_.get_by_test_id("screen")).to_have_attribute("data-screen", "next-game")
    expect(max_.get_by_test_id("audience-name")).to_have_value("Max")
    # The form's button is drawn as an action, not in the muted colour of a disabled one (QA).
    colours = max_.evaluate(
        """() => [getComputedStyle(document.querySelector('[data-testid=audience-submit]')).color,
                  getComputedStyle(document.body).color]"""
    )
    assert colours[0] == colours[1], colours
    # Just told it plays the next game, it is not asked "Not playing?" (QA).
    expect(max_.get_by_test_id("audience-about")).to_have_text(
        translate("en", "phone.audience.join.about_latecomer")
    )
    max_.get_by_test_id("audience-submit").click()
    expect(max_.get_by_test_id("suspects")).to_be_visible()
    max_.get_by_test_id("suspect-4").click()
    expect(max_.get_by_test_id("suspect-4")).to_have_attribute("aria-pressed", "true")

    bots_play_to_the_end(host)
    for page in (zoe, lia, max_):
        expect(page.get_by_test_id("audience-result")).to_be_visible()
    names = {
        row["name"] for row in host.call(lambda room: room.audience.result_for(room))["members"]
    }
    assert names == {"Zoe", "Lia", "Max"}
    expect(zoe.get_by_test_id("audience-play-next-button")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    zoe.screenshot(path=ARTIFACTS / "audience-end-play-next.png", full_page=True)

    send(host, ana, {"type": "rematch"})
    assert host.call(lambda room: [p.name for p in room.players][-2:]) == ["Lia", "Max"]
    # Zoe watches the new game with no marks, not the last game's.
    expect(zoe.get_by_test_id("suspects")).to_be_visible()
    expect(zoe.get_by_test_id("suspects").locator('[aria-pressed="true"]')).to_have_count(0)
    expect(zoe.get_by_test_id("suspects-now")).to_have_text(
        translate("en", "phone.audience.marked", names=translate("en", "phone.list.none"))
    )
    # Lia and Max play it, out of the audience.
    for page, name in ((lia, "Lia"), (max_, "Max")):
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
        expect(page.get_by_test_id("me-name")).to_have_text(name)
        expect(page.get_by_test_id("audience")).to_have_count(0)
    assert host.call(lambda room: room.audience.present()) == 1


def test_a_full_table_says_so_before_a_name_is_typed(phones: Any, host: Any) -> None:
    leader_and_bots(host, game="insidejob", lang="es")
    (tom,) = phones(1, lang="es", width=320)
    full = tom.get_by_test_id("table-full")
    expect(full).to_have_text(translate("es", "phone.join.full", count=5, max=5))
    expect(tom.get_by_test_id("audience-form")).to_be_visible()
    assert full.bounding_box()["y"] < tom.get_by_test_id("audience-form").bounding_box()["y"]
    expect(tom.get_by_test_id("join-form")).to_have_count(0)  # no seat to join
    # With a seat free, nothing of it.
    host.call(lambda room: room.remove_player(room.players[-1]))
    host.call(lambda room: room.changed())
    expect(tom.get_by_test_id("join-form")).to_be_visible()
    expect(full).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_inside_job_headers_stay_whole_at_320_px(phones: Any, host: Any, lang: str) -> None:
    ana = leader_and_bots(host, game="insidejob", lang=lang)
    start(host, ana)
    (tom,) = phones(1, lang=lang, width=320)
    into_the_audience(tom, "Tom")
    expect(tom.get_by_test_id("table")).to_be_visible()
    assert tom.evaluate(BROKEN_WORDS_JS, "table th") == []
    bots_play_to_the_end(host)
    expect(tom.get_by_test_id("reveal")).to_be_visible()
    assert tom.evaluate(BROKEN_WORDS_JS, "table th") == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tom.screenshot(path=ARTIFACTS / f"audience-insidejob-320-{lang}.png", full_page=True)


def test_large_text_at_320_px_keeps_a_long_name_in_its_button(phones: Any, host: Any) -> None:
    ana = leader_and_bots(host, lang="es", bots=3)
    bart = FakePhone("es")
    host.call(lambda room: room.connect(bart))
    send(host, bart, {"type": "join", "name": "Bartholomew Leeé"})
    start(host, ana)
    (guada,) = phones(1, lang="es", width=320)
    into_the_audience(guada, "Guadalupe")
    guada.get_by_test_id("text-size").click()
    expect(guada.locator("html")).to_have_attribute("data-text", "large")
    button = guada.get_by_test_id("suspect-4")
    expect(button).to_contain_text("Bartholomew")
    overflow = button.evaluate("(el) => el.scrollWidth - el.clientWidth")
    assert overflow <= 0, f"the name runs {overflow} px out of its button"
    assert guada.evaluate(WIDER_THAN_THE_PHONE_JS) <= 0
    # Two locks a row: their words ("equipo 2") are not cut into syllables.
    assert guada.evaluate(BROKEN_WORDS_JS, '[data-testid^="lock-"]') == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    guada.screenshot(path=ARTIFACTS / "audience-large-text-320-es.png", full_page=True)


def test_when_the_leader_ends_the_game_the_audience_is_told_who(phones: Any, host: Any) -> None:
    ana = leader_and_bots(host)
    start(host, ana)
    (zoe,) = phones(1)
    into_the_audience(zoe, "Zoe")
    send(host, ana, {"type": "end"})
    expect(zoe.get_by_test_id("notice")).to_have_text(
        translate("en", "phone.notice.game_ended", name="Ana")
    )
    expect(zoe.get_by_test_id("audience-wait")).to_be_visible()
    # A phone that opens afterwards saw no game end: it is told nothing.
    (late,) = phones(1)
    expect(late.get_by_test_id("join-form")).to_be_visible()
    expect(late.get_by_test_id("notice")).to_be_hidden()


def test_a_tie_for_reading_the_table_best_names_both(phones: Any, host: Any) -> None:
    """QA: two watchers who both named the Moles, and the phones called only the first best."""
    ana = leader_and_bots(host)
    start(host, ana)
    moles = host.call(lambda room: room.match.rules.hidden_seats(room.state))
    zoe, lia = phones(2)
    for page, name in ((zoe, "Zoe"), (lia, "Lia")):
        into_the_audience(page, name)
        for seat in moles:
            page.get_by_test_id(f"suspect-{seat}").click()
            expect(page.get_by_test_id(f"suspect-{seat}")).to_have_attribute("aria-pressed", "true")
    bots_play_to_the_end(host)
    line = translate("en", "phone.audience.result.best_tied", names="Zoe", last="Lia")
    for page in (zoe, lia):
        expect(page.get_by_test_id("audience-best")).to_have_text(line)


def test_an_audience_phone_finds_its_marks_after_the_host_restarts(phones: Any, host: Any) -> None:
    """Before, a restarted host had forgotten the audience: the phone came back with no marks,
    under a new token, though it had been told its marks were taken."""
    ana = leader_and_bots(host)
    start(host, ana)
    (zoe,) = phones(1)
    into_the_audience(zoe, "Zoe")
    for seat in (1, 2):
        zoe.get_by_test_id(f"suspect-{seat}").click()
        expect(zoe.get_by_test_id(f"suspect-{seat}")).to_have_attribute("aria-pressed", "true")
    token = zoe.evaluate("() => localStorage.getItem('molecrew.audience.token')")
    host.restart(resume=True)
    # Back in the audience (the page keeps showing its last marks meanwhile: what counts is
    # what the restarted host sends it once it is back).
    host.wait_for(lambda room: room.audience.present() == 1)
    assert host.call(lambda room: [m.token for m in room.audience.members if m.conn]) == [token]
    expect(zoe.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    for seat in (1, 2):
        expect(zoe.get_by_test_id(f"suspect-{seat}")).to_have_attribute("aria-pressed", "true")
    assert zoe.evaluate("() => localStorage.getItem('molecrew.audience.token')") == token
