"""Teaching on the phones, in real Chromium: the phones follow the TV's tutorial chapter by chapter
(the test plays the TV's part through host.teaching on the server's loop), each in its own
language; the leader's phone moves it; at the chapter "flap" each phone tries the flap with a
practice role, by touch; and "How to play" opens over a game and closes back to the same screen.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from host import teaching
from host.i18n import translate
from host.tv.tutorial.scripts import SCRIPTS


def summary(lang: str, chapter: str) -> str:
    return translate(lang, f"tutorial.mole.{chapter}")


def test_the_phones_follow_the_tutorial_and_try_the_practice_flap(
    phones: Any, host: Any, kit: Any
) -> None:
    english = phones(2)
    (spanish,) = phones(1, lang="es")
    kit.join([*english, spanish], ["Ana", "Ben", "Carla"])
    leader, ben = english
    everyone = [leader, ben, spanish]
    expect(ben.get_by_test_id("tutorial-start")).to_have_count(0)  # the leader's button only
    leader.get_by_test_id("tutorial-start").click()
    host.wait_for(lambda room: room.tutorial is not None)
    for page in everyone:
        expect(page.get_by_test_id("tutorial")).to_be_visible()
    expect(ben.get_by_test_id("tutorial-summary")).to_have_text("The TV is starting the lesson.")

    # The TV says which chapters it plays; every phone shows the current one in its language.
    ids = [chapter.id for chapter in SCRIPTS["mole"]({"variants": []})]
    host.call(lambda room: teaching.chapters_known(room, "mole", ids))
    expect(ben.get_by_test_id("tutorial-summary")).to_have_text(summary("en", ids[0]))
    expect(spanish.get_by_test_id("tutorial-summary")).to_have_text(summary("es", ids[0]))
    expect(ben.get_by_test_id("tutorial-progress")).to_have_text(f"Part 1 of {len(ids)}")
    expect(ben.get_by_test_id("tutorial-controls")).to_have_count(0)
    leader.get_by_test_id("tutorial-next").click()
    expect(spanish.get_by_test_id("tutorial-summary")).to_have_text(summary("es", ids[1]))
    # The TV reports the end of each chapter's animation until the practice flap.
    flap = ids.index("flap")
    for index in range(1, flap):
        host.call(lambda room, index=index: teaching.chapter_ended(room, index))
    for page, lang in ((leader, "en"), (ben, "en"), (spanish, "es")):
        expect(page.get_by_test_id("tutorial-summary")).to_have_text(summary(lang, "flap"))
        expect(page.get_by_test_id("practice-prompt")).to_have_text(
            translate(lang, "phone.practice.prompt")
        )
        expect(page.get_by_test_id("flap-handle")).to_be_visible()

    # Ben tries it: drag up, hold (the practice role shows), let go: the TV ticks him off.
    ben_seat = kit.seat_of(ben)
    cdp = kit.hold_flap(ben)
    expect(ben.get_by_test_id("practice-role")).to_have_text("Sofa Detective")
    assert host.call(lambda room: ben_seat not in room.tutorial.tried_flap), "not before letting go"
    kit.release_flap(cdp)
    expect(ben.get_by_test_id("flap-panel")).to_be_hidden()
    host.wait_for(lambda room: ben_seat in room.tutorial.tried_flap)
    expect(ben.get_by_test_id("practice-done")).to_have_text("Done: you tried the flap.")
    expect(leader.get_by_test_id("practice-prompt")).to_be_visible()  # Ana has not tried yet
    carla_seat = kit.seat_of(spanish)
    cdp = kit.hold_flap(spanish)
    expect(spanish.get_by_test_id("practice-role")).to_have_text("Detective de sofá")
    kit.release_flap(cdp)
    host.wait_for(lambda room: carla_seat in room.tutorial.tried_flap)
    assert host.call(lambda room: sorted(room.tutorial.tried_flap)) == sorted(
        [ben_seat, carla_seat]
    )

    # Pause (a chapter's end is then ignored), resume, back, skip: all from the leader's phone.
    leader.get_by_test_id("tutorial-pause").click()
    expect(ben.get_by_test_id("tutorial-paused")).to_have_text("The lesson is paused.")
    host.call(lambda room: teaching.chapter_ended(room, flap))
    assert host.call(lambda room: room.tutorial.index) == flap
    leader.get_by_test_id("tutorial-resume").click()
    expect(ben.get_by_test_id("tutorial-paused")).to_have_count(0)
    leader.get_by_test_id("tutorial-back").click()
    expect(ben.get_by_test_id("tutorial-summary")).to_have_text(summary("en", ids[flap - 1]))
    expect(ben.get_by_test_id("flap")).to_be_hidden()  # no practice role outside its chapter
    leader.get_by_test_id("tutorial-skip").click()
    host.wait_for(lambda room: room.tutorial is None)
    for page in everyone:
        expect(page.get_by_test_id("tutorial")).to_have_count(0)
    expect(leader.get_by_test_id("tutorial-start")).to_be_visible()


@pytest.mark.host_config(bot_pause=0)
def test_how_to_play_opens_mid_game_and_closes_back_to_the_same_screen(
    phones: Any, host: Any, kit: Any
) -> None:
    english = phones(2)
    (spanish,) = phones(1, lang="es")
    kit.join([*english, spanish], ["Ana", "Ben", "Carla"])
    leader = english[0]
    for count in (4, 5):
        leader.get_by_test_id("add-bot").click()
        expect(leader.get_by_test_id("players").locator("li")).to_have_count(count)
    leader.get_by_test_id("start").click()
    pages = [*english, spanish]
    for page in pages:
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    humans = {kit.seat_of(page) for page in pages}
    host.wait_for(lambda room: bool(room.match.expected_seats() <= humans))
    for page in pages:  # every phone shows the host's latest step before it is marked
        phase = host.call(lambda room: room.match.state.phase)
        expect(page.get_by_test_id("step")).to_have_attribute("data-phase", phase)

    for page, lang in ((english[1], "en"), (spanish, "es")):
        page.evaluate("window.stepBefore = document.querySelector('[data-testid=step]')")
        before = page.get_by_test_id("screen").inner_text()
        page.get_by_test_id("howto-open").click()
        howto = page.get_by_test_id("howto")
        expect(howto).to_be_visible()
        expect(howto.locator("h1")).to_have_text(translate(lang, "phone.howto.title"))
        expect(page.get_by_test_id("howto-body")).to_have_attribute("data-game", "mole")
        expect(page.get_by_test_id("howto-mole-4")).to_contain_text(
            translate(lang, "phone.howto.mole.4.text")
        )
        expect(page.get_by_test_id("flap-handle")).to_be_hidden()  # shut while the rules show
        page.get_by_test_id("howto-game-insidejob").click()
        expect(page.get_by_test_id("howto-body")).to_have_attribute("data-game", "insidejob")
        expect(page.get_by_test_id("howto-insidejob-6")).to_contain_text(
            translate(lang, "phone.howto.insidejob.6.text")
        )
        page.get_by_test_id("howto-close").click()
        expect(howto).to_be_hidden()
        expect(page.get_by_test_id("flap-handle")).to_be_visible()
        assert page.evaluate(
            "window.stepBefore === document.querySelector('[data-testid=step]')"
        ), "the screen underneath was left as it was, not drawn again"
        assert page.get_by_test_id("screen").inner_text() == before
        expect(page.get_by_test_id("howto-open")).to_be_focused()
        # Escape closes it too.
        page.get_by_test_id("howto-open").click()
        expect(howto).to_be_visible()
        page.keyboard.press("Escape")
        expect(howto).to_be_hidden()
