"""Large text on a 360x640 phone leaves the game its room: the flap's handle says how it works in
brief, on one or two lines, with the host code along its foot in smaller type (QA, Spanish: the
handle took 313 px of the 640, its words on four lines and the code on three, and Approve and
Reject started under it). It is still a named control that says how it works, its panel still a
named region, in English, Spanish and Portuguese."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.registry import get_game
from host.i18n import translate
from tests.browser.test_board_page import FakePhone
from tests.browser.test_phone_qa_fixes import ARTIFACTS, send

# At most a fifth of the 640 px screen for the handle, the code included.
HANDLE_MOST_PX = 128

# The handle's height and top, and how many lines its words and the host code take.
HANDLE_JS = """() => {
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  const handle = document.getElementById('flap-handle').getBoundingClientRect();
  return {height: handle.height, top: handle.top,
          hint: lines(document.getElementById('flap-hint')),
          code: lines(document.getElementById('host-code')),
          screen: innerHeight};
}"""


# The top and the bottom of the vote's two buttons, read at once.
VOTE_JS = """() => ['vote-approve', 'vote-reject'].map((id) => {
  const box = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
  return [box.top, box.bottom];
})"""


def the_handle(page: Page, lang: str) -> dict[str, Any]:
    handle = page.evaluate(HANDLE_JS)
    assert handle["height"] <= HANDLE_MOST_PX, (lang, handle)
    assert handle["hint"] <= 2 and handle["code"] <= 2, (lang, handle)
    return handle


def boss_seat(host: Any) -> int:
    return host.call(lambda room: min(get_game("mole").expected_seats(room.state)))


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_flap_handle_is_compact_with_large_text(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    (page,) = phones(1, lang=lang, width=360)
    page.set_viewport_size({"width": 360, "height": 640})
    page.get_by_test_id("text-size").click()
    expect(page.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    kit.join([page], ["Ana"])
    others = []
    for name in ("Bo", "Cy", "Dee", "Eli"):
        phone = FakePhone(lang)
        host.call(lambda room, phone=phone: room.connect(phone))
        send(host, phone, {"type": "join", "name": name})
        others.append(phone)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("step")).to_have_attribute("data-phase", "propose")
    expect(page.get_by_test_id("host-code")).to_be_visible()
    the_handle(page, lang)

    # Named in brief, described in full; held, its panel is the region named for the secrets.
    handle = page.get_by_role("button", name=translate(lang, "phone.flap.hint_short"))
    expect(handle).to_have_attribute("aria-expanded", "false")
    expect(handle).to_have_accessible_description(translate(lang, "phone.flap.help"))
    cdp = kit.hold_flap(page)
    expect(page.get_by_test_id("flap-panel")).to_be_visible()
    expect(page.get_by_role("region", name=translate(lang, "phone.flap.hint"))).to_be_visible()
    expect(page.locator("#flap-hint")).to_have_text(translate(lang, "phone.flap.hint_open_short"))
    the_handle(page, lang)
    kit.release_flap(cdp)
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    expect(page.locator("#flap-hint")).to_have_text(translate(lang, "phone.flap.hint_short"))

    # The Boss proposes: the vote's two buttons are in sight above the handle.
    boss = boss_seat(host)
    team = list(range(host.call(lambda room: room.state.config.team_sizes[0])))
    if boss == 0:
        kit.propose(page, team)
    else:
        action = {"type": "propose", "team": team}
        send(host, others[boss - 1], {"type": "action", "action": action})
    expect(page.get_by_test_id("step")).to_have_attribute("data-phase", "vote")
    expect(page.get_by_test_id("vote-reject")).to_be_visible()
    top = the_handle(page, lang)["top"]
    boxes = page.evaluate(VOTE_JS)
    assert all(box[0] >= 0 and box[1] <= top for box in boxes), (top, boxes)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"flap-large-360-{lang}.png")

    # Back to the usual size, the handle says it all again.
    page.get_by_test_id("text-size").click()
    expect(page.locator("#flap-hint")).to_have_text(translate(lang, "phone.flap.hint"))
