"""Everyone can play: a whole Mole game read through Chromium's accessibility tree (every control
named, the secrets absent while the flap is let go, turns and results spoken by a live region),
two of the phones at large text (200 %, nothing clipped, nothing wider than the phone), reduced
motion honoured; and the page fetches only the module of the game being played."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from host.i18n import translate

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]
# An unnamed control in Playwright's ARIA snapshot: the role and nothing after it.
UNNAMED = re.compile(r"^\s*- (button|combobox|textbox|checkbox|link|group)( \[[^\]]*\])?:?$", re.M)

FITS_JS = """() => {
  const clipped = [...document.querySelectorAll("button, select, input, .lock, .tag")]
    .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 1)  // 1 px: for AT
    .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    .map((el) => el.dataset.testid || el.id || el.className);
  const wider = [...document.querySelectorAll("body *")].filter((el) => el.checkVisibility()
    && el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((el) => el.dataset.testid || el.id || el.className || el.tagName);
  return {wide: document.documentElement.scrollWidth, clipped, wider};
}"""


def tree_of(page: Page, secrets: list[str]) -> str:
    """The phone's accessibility tree, checked: every control has a name, no secret is in it."""
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    tree = page.locator("body").aria_snapshot()
    assert not UNNAMED.findall(tree), f"controls without a name: {UNNAMED.findall(tree)}\n{tree}"
    for secret in secrets:
        assert secret not in tree, f"{secret!r} is in the accessibility tree with the flap closed"
    return tree


def fits(page: Page) -> None:
    found = page.evaluate(FITS_JS)
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert found["wide"] <= width, f"wider than the phone: {found['wide']} px: {found['wider']}"
    assert found["clipped"] == [], f"clipped at large text: {found['clipped']}"


def test_a_whole_game_through_the_accessibility_tree_and_at_large_text(
    phones: Any, host: Any, kit: Any, browser: Any
) -> None:
    pages = phones(5)
    large = pages[:2]
    for page in large:
        page.emulate_media(reduced_motion="reduce")
        page.get_by_test_id("text-size").click()
        expect(page.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "38px"
    large[0].reload()  # the setting is kept
    expect(large[0].get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    kit.join(pages, NAMES)
    for page in large:
        fits(page)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    by_seat = {kit.seat_of(page): page for page in pages}
    roles = host.call(lambda room: list(room.state.roles))
    crew = [seat for seat, role in enumerate(roles) if role not in ("mole", "snitch")]

    def secrets_of(seat: int) -> list[str]:
        return [translate("en", f"mole.role.{roles[seat]}.about")]

    def check_all() -> dict[int, str]:
        trees = {seat: tree_of(page, secrets_of(seat)) for seat, page in by_seat.items()}
        for page in large:
            fits(page)
        return trees

    def spoken(page: Page, key: str, **facts: Any) -> None:
        expect(page.get_by_test_id("announce")).to_have_text(translate("en", key, **facts))

    # The flap is a named control that says how it works (in brief with large text), and is
    # pressed-and-held.
    hint = translate("en", "phone.flap.hint")
    for page in pages:
        brief = translate("en", "phone.flap.hint_short") if page in large else hint
        handle = page.get_by_role("button", name=brief)
        expect(handle).to_have_attribute("aria-expanded", "false")
        expect(handle).to_have_accessible_description(translate("en", "phone.flap.help"))
    # Held still (a screen reader's double-tap-and-hold), without a drag, it opens too.
    page = by_seat[crew[0]]
    cdp = page.context.new_cdp_session(page)
    box = page.get_by_test_id("flap-handle").bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 0}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    expect(page.get_by_test_id("role")).to_be_visible()
    expect(page.get_by_test_id("flap-handle")).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("region", name=hint)).to_contain_text(
        translate("en", f"mole.role.{roles[crew[0]]}")
    )
    kit.release_flap(cdp)
    expect(page.get_by_test_id("role")).to_be_hidden()

    for lock in range(3):
        check_all()
        boss = kit.the_boss(pages)
        spoken(boss, "phone.mole.propose.you", size=2)
        team = [crew[lock % 3], crew[(lock + 1) % 3]]
        kit.propose(boss, team)
        kit.all_at(pages, "vote")
        check_all()
        spoken(
            pages[4],
            "phone.mole.vote.proposal",
            name=NAMES[kit.seat_of(boss)],
            team=", ".join(NAMES[seat] for seat in sorted(team)),
        )
        kit.vote_all(pages, approve=True)
        kit.all_at(pages, "cards")
        check_all()
        spoken(by_seat[team[0]], "phone.mole.cards.under_flap")
        outsider = next(seat for seat in by_seat if seat not in team)
        spoken(by_seat[outsider], "phone.mole.vote.approved")
        if lock == 0:
            # By keyboard (or a screen reader): the flap's toggle shows the secrets while it is
            # pressed; Escape hides them; a card is chosen with the keys.
            page = by_seat[team[0]]
            toggle = page.get_by_role("button", name=translate("en", "phone.flap.toggle"))
            toggle.focus()
            page.keyboard.press("Enter")
            expect(toggle).to_have_attribute("aria-pressed", "true")
            expect(page.get_by_test_id("flap-panel")).to_be_visible()
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("flap-panel")).to_be_hidden()
            expect(toggle).to_have_attribute("aria-pressed", "false")
            page.keyboard.press("Enter")
            page.keyboard.press("Tab")
            expect(page.get_by_test_id("card-clean")).to_be_focused()
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("played")).to_be_visible()
            expect(page.get_by_test_id("flap-panel")).to_be_hidden()
            kit.in_flap(by_seat[team[1]], "card-clean")
            continue
        for seat in team:
            kit.in_flap(by_seat[seat], "card-clean")
    kit.all_at(pages, "getaway")
    check_all()
    for page in pages:
        spoken(page, "phone.mole.getaway.intro")
        cdp = kit.hold_flap(page)
        kit.tap_held(page, cdp, "mark-nobody")
        expect(page.get_by_test_id("mark-nobody")).to_have_attribute("aria-pressed", "true")
        kit.tap_held(page, cdp, "mark-confirm")
        kit.release_flap(cdp)
    kit.all_at(pages, "over")
    trees = check_all()
    winner = host.call(lambda room: room.public_view()["result"]["winner"])
    for seat, page in by_seat.items():
        spoken(page, f"mole.winner.{winner}")
        # Everything is revealed now: the roles are in every tree.
        assert translate("en", f"mole.role.{roles[crew[0]]}") in trees[seat]
    # Reduced motion: nothing on the page moves.
    moving = large[0].evaluate(
        """() => [...document.querySelectorAll("*")].filter((el) => {
          const style = getComputedStyle(el);
          return style.animationName !== "none" || parseFloat(style.transitionDuration) > 0;
        }).length"""
    )
    assert moving == 0


def test_the_page_fetches_only_the_module_of_the_game_being_played(phones: Any, kit: Any) -> None:
    pages = phones(3)
    fetched: dict[int, list[str]] = {index: [] for index in range(3)}
    for index, page in enumerate(pages):
        page.on("request", lambda request, index=index: fetched[index].append(request.url))
        page.reload()
    kit.join(pages, NAMES[:3])
    expect(pages[0].get_by_test_id("game-mole")).to_have_attribute("aria-pressed", "true")

    def modules(index: int) -> set[str]:
        return {
            url.rsplit("/", 1)[1]
            for url in fetched[index]
            if url.endswith(("mole.js", "insidejob.js"))
        }

    assert modules(1) == {"mole.js"}, "the lobby's game is fetched, the other is not"
    pages[0].get_by_test_id("game-insidejob").click()
    for page in pages:
        expect(page.get_by_test_id("options")).to_contain_text(
            translate("en", "insidejob.variant.wagers")
        )
    pages[0].get_by_test_id("start").click()
    for page in pages:
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    assert all(modules(index) == {"mole.js", "insidejob.js"} for index in range(3))
