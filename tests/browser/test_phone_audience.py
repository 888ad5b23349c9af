"""The audience in real Chromium: a phone that is not seated joins the audience with a name in the
middle of a game, marks whom it suspects, changes its mind, and at the end reads what the audience
suspected beside the truth. Its marks reach no player's phone during the game."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from host.i18n import translate


def test_an_audience_member_marks_changes_its_mind_and_reads_the_results(
    phones: Any, host: Any, kit: Any
) -> None:
    host.call(lambda room: setattr(room, "bot_pause", 0.0))  # the added bots play at once
    (ana,) = phones(1)
    kit.join([ana], ["Ana"])
    for count in range(2, 6):
        ana.get_by_test_id("add-bot").click()
        expect(ana.get_by_test_id("players").locator("li")).to_have_count(count)
    ana.get_by_test_id("start").click()
    expect(ana.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    names = host.call(lambda room: [player.name for player in room.players])

    # A phone that arrives mid-game joins the audience from the watcher's screen.
    (zoe,) = phones(1)
    expect(zoe.get_by_test_id("audience-form")).to_be_visible()
    zoe.get_by_test_id("audience-name").fill("Zoe")
    zoe.get_by_test_id("audience-submit").click()
    expect(zoe.get_by_test_id("screen")).to_have_attribute("data-screen", "audience")
    expect(zoe.get_by_test_id("audience-banner")).to_have_text(
        translate("en", "phone.audience.banner", name="Zoe")
    )
    expect(zoe.get_by_test_id("board")).to_be_visible()  # the public board beneath
    expect(zoe.get_by_test_id("suspects").locator("button")).to_have_count(5)
    expect(zoe.get_by_test_id("flap")).to_be_hidden()

    # Marks: two suspects, then a change of mind; each comes back from the host.
    zoe.get_by_test_id("suspect-1").click()
    expect(zoe.get_by_test_id("suspect-1")).to_have_attribute("aria-pressed", "true")
    zoe.get_by_test_id("suspect-3").click()
    expect(zoe.get_by_test_id("suspect-3")).to_have_attribute("aria-pressed", "true")
    expect(zoe.get_by_test_id("suspects-now")).to_contain_text(f"{names[1]}, {names[3]}")
    zoe.get_by_test_id("suspect-1").click()
    expect(zoe.get_by_test_id("suspect-1")).to_have_attribute("aria-pressed", "false")
    expect(zoe.get_by_test_id("suspects-now")).to_have_text(
        translate("en", "phone.audience.marked", names=names[3])
    )
    assert host.call(lambda room: room.audience.members[0].current()) == [3]
    # A reload takes the phone back into the audience with its marks.
    zoe.reload()
    expect(zoe.get_by_test_id("screen")).to_have_attribute("data-screen", "audience")
    expect(zoe.get_by_test_id("suspect-3")).to_have_attribute("aria-pressed", "true")
    assert host.call(lambda room: len(room.audience.members)) == 1
    # Nothing of it reaches the player: not the name, not the marks.
    assert "Zoe" not in ana.content()

    # The game ends (Ana's phone goes, a bot plays her seat): the audience's results.
    ana.close()
    host.wait_for(lambda room: not room.players[0].connected)
    host.call(lambda room: room.cover_absent_seats())
    host.wait_for(lambda room: room.phase == "over")
    result = host.call(lambda room: room.public_message()["room"]["audience_result"])
    expect(zoe.get_by_test_id("audience-result")).to_be_visible()
    truth = ", ".join(names[seat] for seat in result["truth"])
    expect(zoe.get_by_test_id("audience-truth")).to_have_text(
        translate("en", "phone.audience.result.truth.mole", names=truth)
    )
    # Her own marks, a row a round: the last one is her final guess.
    own = zoe.get_by_test_id("audience-own").locator("tbody tr")
    expect(own).to_have_count(len(result["members"][0]["rounds"]))
    expect(own.last.locator("td")).to_contain_text(names[3])
    expect(zoe.get_by_test_id("audience-yours")).to_have_text(
        translate(
            "en",
            "phone.audience.result.yours",
            score=round(100 * result["members"][0]["score"]),
            place=1,
            count=1,
        )
    )
    best = result["best"]
    expect(zoe.get_by_test_id("audience-best")).to_have_text(
        translate("en", "phone.audience.result.best", name=best)
        if best
        else translate("en", "phone.audience.result.no_best")
    )
    expect(zoe.get_by_test_id("winner")).to_be_visible()  # the reveal, public to all


def test_the_audience_form_names_a_player_and_the_host_refuses(
    phones: Any, host: Any, kit: Any
) -> None:
    ana, other = phones(2)
    kit.join([ana], ["Ana"])
    other.get_by_test_id("audience-name").fill("ana")
    other.get_by_test_id("audience-submit").click()
    expect(other.get_by_test_id("error")).to_have_attribute("data-code", "name_taken")
    expect(other.get_by_test_id("screen")).to_have_attribute("data-screen", "join")
    # In the lobby an audience member waits for the game, and can still take a seat.
    other.get_by_test_id("audience-name").fill("Zoe")
    other.get_by_test_id("audience-submit").click()
    expect(other.get_by_test_id("audience-wait")).to_be_visible()
    expect(other.get_by_test_id("join-form")).to_be_visible()
