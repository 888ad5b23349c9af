"""The page around the game: the lobby and its leader, refusals, spectators, reclaiming a seat
by name, languages, the mouse on the flap, and a 320 px wide phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from host.i18n import translate

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]


def test_leader_runs_the_lobby_and_refusals_show_the_hosts_words(phones: Any, kit: Any) -> None:
    pages = phones(6)
    kit.join(pages[:5], NAMES)
    leader, other, newcomer = pages[0], pages[1], pages[5]
    expect(other.get_by_test_id("wait-leader")).to_have_text(
        translate("en", "phone.lobby.wait_leader", name="Ana")
    )
    expect(other.get_by_test_id("move-up-1")).to_have_count(0)
    expect(other.get_by_test_id("remove-2")).to_have_count(0)

    # A taken name (ignoring case) is refused with the host's words, to that phone only.
    newcomer.get_by_test_id("join-name").fill("  ana ")
    newcomer.get_by_test_id("join-submit").click()
    expect(newcomer.get_by_test_id("error")).to_have_text(
        translate("en", "error.name_taken", name="Ana")
    )
    expect(leader.get_by_test_id("error")).to_be_hidden()
    # A name that only looks like a taken one (Cyrillic А, full-width Ａ), or one with nothing
    # visible in it, is refused with the host's words.
    for lookalike in ("Аna", "Ａna"):
        newcomer.get_by_test_id("join-name").fill(lookalike)
        newcomer.get_by_test_id("join-submit").click()
        refusal = newcomer.get_by_test_id("error")
        expect(refusal).to_be_visible()
        code = refusal.get_attribute("data-code")
        assert code in ("name_taken", "name_lookalike"), code  # Ana's phone is connected
        expect(refusal).to_have_text(translate("en", f"error.{code}", name="Ana"))
        refusal.click()
    newcomer.get_by_test_id("join-name").fill("\u3164\u3164")
    newcomer.get_by_test_id("join-submit").click()
    expect(newcomer.get_by_test_id("error")).to_have_text(translate("en", "error.name_chars"))
    expect(newcomer.get_by_test_id("me-name")).to_have_text("")
    # Markup in a name stays text: no element is made from it.
    markup = "<b>Zed</b>"
    newcomer.get_by_test_id("join-name").fill(markup)
    newcomer.get_by_test_id("join-submit").click()
    expect(newcomer.get_by_test_id("me-name")).to_have_text(markup)
    expect(leader.get_by_test_id("player-5")).to_contain_text(markup)
    assert leader.locator("main b").count() == 0

    # The name field stops at 16 characters while typing; an emoji counts as one.
    field = leader.get_by_test_id("join-name")
    expect(field).to_have_count(0)
    typing = phones(1)[0]
    typing.get_by_test_id("join-name").press_sequentially("Bartholomew-Jones-Smith")
    expect(typing.get_by_test_id("join-name")).to_have_value("Bartholomew-Jone")
    typing.get_by_test_id("join-name").fill("")
    typing.get_by_test_id("join-name").press_sequentially("Zoë 🦊🦊🦊 the fox says")
    expect(typing.get_by_test_id("join-name")).to_have_value("Zoë 🦊🦊🦊 the fox ")

    # The leader removes a player, asked twice; reorders the table and picks an option; all
    # phones follow.
    leader.get_by_test_id("remove-5").click()
    expect(leader.get_by_test_id("remove-confirm-5")).to_contain_text(
        translate("en", "phone.lobby.remove_confirm", name=markup)
    )
    leader.get_by_test_id("remove-no-5").click()
    expect(leader.get_by_test_id("remove-confirm-5")).to_have_count(0)
    expect(other.get_by_test_id("players").locator("li")).to_have_count(6)
    leader.get_by_test_id("remove-5").click()
    leader.get_by_test_id("remove-yes-5").click()
    expect(newcomer.get_by_test_id("notice")).to_have_text(
        translate("en", "phone.seat_lost.removed")
    )
    expect(newcomer.get_by_test_id("join-form")).to_be_visible()
    expect(other.get_by_test_id("players").locator("li")).to_have_count(5)
    leader.get_by_test_id("move-up-4").click()
    expect(other.get_by_test_id("player-3")).to_contain_text("Eli")
    expect(other.get_by_test_id("player-4")).to_contain_text("Dee")
    leader.get_by_test_id("variant-quick").click()
    expect(leader.get_by_test_id("variant-quick")).to_have_attribute("aria-pressed", "true")
    expect(other.get_by_test_id("options")).to_contain_text(translate("en", "mole.variant.quick"))
    expect(other.locator('[data-testid="options"] [data-on="true"]')).to_have_count(1)
    leader.get_by_test_id("start").click()
    kit.all_at(pages[:5], "propose", 0)
    expect(other.get_by_test_id("locks").locator("li")).to_have_count(3)


def test_late_joiner_watches_and_a_lost_phone_reclaims_its_seat(
    phones: Any, host: Any, kit: Any
) -> None:
    pages = phones(5)
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)

    # A phone arriving after the start watches the public board, with no flap to hold.
    late = phones(1)[0]
    expect(late.get_by_test_id("spectator")).to_be_visible()
    expect(late.get_by_test_id("locks").locator("li")).to_have_count(5)
    expect(late.get_by_test_id("flap")).to_be_hidden()
    # Its name field puts it down for the next game.
    expect(late.get_by_test_id("join-late")).to_be_visible()
    expect(late.get_by_test_id("join-form")).to_have_count(1)

    # Cy's phone dies. A fresh phone (no stored token) asks for the seat by typing the name; the
    # table decides, on the leader's phone.
    pages[2].context.close()
    expect(late.get_by_test_id("reclaimable")).to_contain_text("Cy")
    fresh = phones(1)[0]
    fresh.get_by_test_id("join-name").fill("Ana")  # connected: not Ana's seat to take
    fresh.get_by_test_id("join-submit").click()
    expect(fresh.get_by_test_id("error")).to_have_text(
        translate("en", "error.name_taken", name="Ana")
    )
    # A name that only looks like the away seat's (a Cyrillic С) is no way in either.
    fresh.get_by_test_id("join-name").fill("Сy")
    fresh.get_by_test_id("join-submit").click()
    expect(fresh.get_by_test_id("error")).to_have_text(
        translate("en", "error.name_lookalike", name="Cy")
    )
    leader = pages[0]
    for attempt in ("refused", "approved"):
        fresh.get_by_test_id("join-name").fill("cy")
        fresh.get_by_test_id("join-submit").click()
        expect(fresh.get_by_test_id("claim-waiting")).to_have_text(
            translate("en", "phone.claim.waiting", name="Cy")
        )
        # The claim's code, large on the claimant's phone and beside the claim on the
        # leader's: the leader lets in the claim whose phone shows it (QA).
        code = host.call(lambda room: room.claims[0].code)
        expect(fresh.get_by_test_id("claim-code")).to_have_text(str(code))
        size = fresh.get_by_test_id("claim-code").evaluate("e => getComputedStyle(e).fontSize")
        assert float(size.removesuffix("px")) >= 48
        expect(fresh.get_by_test_id("me-name")).to_have_text("")
        expect(fresh.get_by_test_id("flap")).to_be_hidden()
        claim = leader.get_by_test_id("claims").locator(".claim")
        expect(claim).to_contain_text(translate("en", "phone.claim.request", name="Cy", code=code))
        expect(pages[1].get_by_test_id("claims")).to_contain_text(
            translate("en", "phone.claim.leader_decides")
        )
        expect(pages[1].locator('[data-testid^="claim-approve-"]')).to_have_count(0)
        answer = "approve" if attempt == "approved" else "refuse"
        leader.locator(f'[data-testid^="claim-{answer}-"]').click()
        expect(leader.get_by_test_id("claims")).to_have_count(0)
        if attempt == "refused":
            expect(fresh.get_by_test_id("error")).to_have_text(
                translate("en", "error.claim_refused", name="Cy")
            )
            expect(fresh.get_by_test_id("screen")).to_have_attribute("data-screen", "spectator")
    expect(fresh.get_by_test_id("me-name")).to_have_text("Cy")
    expect(fresh.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    expect(fresh.get_by_test_id("flap")).to_be_visible()
    expect(late.get_by_test_id("reclaimable")).to_have_count(0)

    # The host pauses the table: every phone says so, and the game's controls wait, greyed.
    host.call(lambda room: room.pause())
    expect(pages[0].get_by_test_id("notice")).to_have_text(translate("en", "phone.paused"))
    expect(late.get_by_test_id("notice")).to_have_text(translate("en", "phone.paused"))
    boss = kit.the_boss([pages[0], pages[1], pages[3], pages[4], fresh])
    expect(boss.get_by_test_id("propose-submit")).to_be_disabled()
    host.call(lambda room: room.unpause())
    expect(pages[0].get_by_test_id("notice")).to_be_hidden()

    # The flap answers the mouse too: held up it shows the role, let go it hides.
    handle = fresh.get_by_test_id("flap-handle")
    box = handle.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    fresh.mouse.move(x, y)
    fresh.mouse.down()
    fresh.mouse.move(x, y - 80, steps=6)
    expect(fresh.get_by_test_id("role")).to_be_visible()
    fresh.mouse.up()
    expect(fresh.get_by_test_id("role")).to_be_hidden()


def test_language_comes_from_the_browser_and_the_choice_is_kept(phones: Any) -> None:
    page = phones(1, lang="es-ES")[0]
    expect(page.get_by_test_id("join-form").locator("label")).to_have_text(
        translate("es", "phone.join.label")
    )
    page.get_by_test_id("lang").select_option("pt")
    expect(page.get_by_test_id("join-form").locator("label")).to_have_text(
        translate("pt", "phone.join.label")
    )
    page.reload()
    expect(page.get_by_test_id("lang")).to_have_value("pt")
    expect(page.get_by_test_id("join-form").locator("label")).to_have_text(
        translate("pt", "phone.join.label")
    )
    # The host answers in the phone's language too.
    page.get_by_test_id("join-name").fill("   ")
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("error")).to_have_text(
        translate("pt", "error.name_length", min=1, max=16)
    )


def test_a_320_px_phone_shows_everything_with_large_targets(phones: Any, kit: Any) -> None:
    pages = phones(5, lang="pt-BR", width=320)  # the longest words of the three languages
    kit.join(pages, ["Annabelle-Marie", "Bo", "Cy", "Dee", "Eli"])
    leader = pages[0]
    expect(leader.get_by_test_id("start")).to_have_text(translate("pt", "phone.lobby.start"))
    assert leader.evaluate("() => document.documentElement.scrollWidth") <= 320
    leader.get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    boss = kit.the_boss(pages)
    for page in (leader, boss):
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
        sizes = page.evaluate(
            """() => [...document.querySelectorAll('button, select, input')]
                .filter((el) => el.offsetParent !== null)
                // the flap's toggle is 1 px until it has the keyboard's focus
                .filter((el) => el.dataset.testid !== 'flap-toggle' || el.matches(':focus'))
                .map((el) => [el.dataset.testid || el.id, el.getBoundingClientRect().width,
                              el.getBoundingClientRect().height])"""
        )
        small = [item for item in sizes if item[1] < 48 or item[2] < 48]
        assert sizes and not small, f"targets under 48 px: {small}"
