"""One phone passed around, in real Chromium: several seats on one phone, the curtain "Pass the
phone to Carla" between private steps, the press-and-hold that shows a seat's screen, and "Hide
and pass", after which the page holds nothing of that seat.

Who acts is read from the pages (the curtain's next seat, the step's data-can-act); the host is
asked only for the public board's progress (to wait for an action to be taken), the team size,
and the seats' roles (to compare open screens of different roles).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from host.channel import HELLO_BYTES, OVERHEAD

# Everything only a seat may see: none of it may be in the page behind the curtain.
SECRET_TESTIDS = [
    "role",
    "file",
    "tally",
    "card-choice",
    "mark-choice",
    "my-vote",
    "flap-error",
    "hand",
    "hide-bar",
]
PHONE_FRAME = 256 + OVERHEAD
# How long a "hold to see" button must be held, as the page has it.
HOLD_MS = int(
    re.search(
        r"HOLD_MS = (\d+);",
        (Path(__file__).resolve().parents[2] / "phoneclient" / "shared.js").read_text(),
    ).group(1)  # type: ignore[union-attr]
)
# Screenshots of the hand-over, to be looked at by people (git-ignored).
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"


def snap(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


class Sent:
    """The sizes of every WebSocket frame one page sends, from Chromium's own network log."""

    def __init__(self, page: Page) -> None:
        self.sizes: list[int] = []
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketFrameSent", self._sent)
        cdp.send("Network.enable")
        self.cdp = cdp

    def _sent(self, event: dict[str, Any]) -> None:
        response = event["response"]
        data = response["payloadData"]
        raw = base64.b64decode(data) if response["opcode"] == 2 else data.encode()
        self.sizes.append(len(raw))


def progress(view: dict[str, Any]) -> tuple[Any, ...]:
    getaway = view.get("getaway") or {"confirmed": []}
    return (
        view["phase"],
        view["lock"],
        len(view["proposals"]),
        len(view["voted"]),
        len(view["played"]),
        len(getaway["confirmed"]),
    )


def press_and_hold(page: Page, testid: str, seat: int) -> None:
    """A finger on the button, kept there until the seat's screen is up: the page's own second,
    run on its clock at once (the phones of these tests open with ``clock=True``)."""
    button = page.get_by_test_id(testid)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    cdp = page.context.new_cdp_session(page)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 0}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.clock.run_for(HOLD_MS)
    expect(page.get_by_test_id("screen")).to_have_attribute("data-seat", str(seat))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def stray_tap(page: Page, testid: str) -> None:
    page.get_by_test_id(testid).scroll_into_view_if_needed()
    box = page.get_by_test_id(testid).bounding_box()
    assert box is not None
    cdp = page.context.new_cdp_session(page)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 0}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def assert_curtain_holds_nothing(page: Page, host: Any, names: list[str]) -> None:
    """Behind the curtain: no seat's screen, nothing under the flap, no secret test id anywhere
    in the DOM, and the curtain names the next player only from the phone's public list."""
    expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "curtain")
    expect(page.get_by_test_id("screen")).to_have_attribute("data-seat", "")
    expect(page.get_by_test_id("me-name")).to_have_text("")
    expect(page.get_by_test_id("flap")).to_be_hidden()
    assert page.get_by_test_id("flap-panel").evaluate("node => node.childElementCount") == 0
    for testid in SECRET_TESTIDS:
        assert page.get_by_test_id(testid).count() == 0, testid
    assert page.locator("[data-can-act=true]").count() == 0  # the public board's step only
    # Roles on the page are only those the public board shows (revealed in play, or the end).
    shown = page.eval_on_selector_all("[data-role]", "nodes => nodes.map((n) => n.dataset.role)")
    view = host.call(lambda room: room.public_view())
    public = {role for role in view.get("revealed") or [] if role}
    public |= set((view.get("result") or {}).get("roles") or [])
    assert set(shown) <= public, (shown, public)
    assert page.locator(".own").count() == 0  # no row marked as this seat's
    text = page.get_by_test_id("pass-to").inner_text()
    assert any(name in text for name in names) or "Nobody" in text, text


def open_screen(page: Page, name: str) -> str:
    """What a neighbour reads on the holder's screen, the holder's own name taken out."""
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    return page.get_by_test_id("screen").inner_text().replace(name, "NAME")


def add_players(page: Page, names: list[str]) -> None:
    for name in names:
        page.get_by_test_id("add-seat-name").fill(name)
        page.get_by_test_id("add-seat").click()
        expect(page.get_by_test_id("phone-seats")).to_contain_text(name)


class MoleTable:
    """Plays every seat's step the same way whatever its role: the Boss names the first seats,
    everyone approves, everyone plays Clean, everyone marks nobody and confirms."""

    def __init__(self, host: Any, kit: Any) -> None:
        self.host, self.kit = host, kit

    def view(self) -> dict[str, Any]:
        return self.host.call(lambda room: room.public_view())

    def act(self, page: Page) -> bool:
        """This page's seat takes its step, if it has one; True when it did."""
        step = page.get_by_test_id("step")
        # The page first shows the moment the host is at (it may lag a frame behind).
        before = progress(self.view())
        expect(step).to_have_attribute("data-progress", "/".join(str(part) for part in before))
        if step.get_attribute("data-can-act") != "true":
            return False
        phase = step.get_attribute("data-phase")
        if phase == "propose":
            view = self.view()
            self.kit.propose(page, list(range(view["locks"][view["lock"]]["team_size"])))
        elif phase == "vote":
            page.get_by_test_id("vote-approve").click()
        elif phase == "cards":
            self.kit.in_flap(page, "card-clean")
        elif phase == "getaway":
            self.kit.in_flap(page, "mark-nobody")
            self.kit.in_flap(page, "mark-confirm")
        self.host.wait_for(lambda room: progress(room.public_view()) != before)
        return True


def test_a_mole_game_with_three_seats_on_one_phone_to_the_reveal(
    phones: Any, host: Any, kit: Any
) -> None:
    shared, dee, eli = phones(3, clock=True)
    sent = Sent(shared)
    kit.join([shared], ["Ana"])
    add_players(shared, ["Bruno", "Chen"])
    expect(shared.get_by_test_id("screen")).to_have_attribute("data-screen", "lobby")
    kit.join([dee, eli], ["Dee", "Eli"])
    names = ["Ana", "Bruno", "Chen", "Dee", "Eli"]
    for seat in (0, 1, 2):  # the lobby marks every seat on this phone as its own
        expect(shared.get_by_test_id(f"player-{seat}").locator(".tag.you")).to_have_count(1)
    expect(shared.get_by_test_id("leave")).to_have_count(0)
    shared.get_by_test_id("start").click()
    # The deal: everyone on the phone reads their role in seat order, a tap showing nothing.
    assert_curtain_holds_nothing(shared, host, names)
    expect(shared.get_by_test_id("pass-to")).to_have_text("Pass the phone to Ana")
    snap(shared, "shared-01-curtain")
    stray_tap(shared, "hold-0")
    expect(shared.get_by_test_id("hold-0")).to_have_attribute("data-holding", "false")
    expect(shared.get_by_test_id("screen")).to_have_attribute("data-screen", "curtain")
    roles = host.call(lambda room: list(room.state.roles))
    opened: dict[int, str] = {}  # each seat's open screen while it holds the phone
    boss = host.call(lambda room: room.public_view()["boss"])
    for seat in (0, 1, 2):
        expect(shared.get_by_test_id("curtain")).to_have_attribute("data-next", str(seat))
        press_and_hold(shared, f"hold-{seat}", seat)
        expect(shared.get_by_test_id("me-name")).to_have_text(names[seat])
        expect(shared.get_by_test_id("hide-bar")).to_contain_text(f"{names[seat]}'s screen")
        cdp = kit.hold_flap(shared)
        expect(shared.get_by_test_id("role")).to_be_visible()
        if seat == 0:
            snap(shared, "shared-02-holder-flap")
        kit.release_flap(cdp)
        if seat != boss:
            opened[seat] = open_screen(shared, names[seat])
        shared.get_by_test_id("hide").click()
        assert_curtain_holds_nothing(shared, host, names)
    assert host.call(lambda room: room.players[0].seen_deal), "the stray tap held nothing"
    # Whatever their roles, the seats that are not the Boss see the same open screen.
    assert len(opened) >= 2 and len(set(opened.values())) == 1, [roles[s] for s in opened]

    table = MoleTable(host, kit)
    personal = {3: dee, 4: eli}
    reloaded = False
    curtains = 0
    for _ in range(200):
        if table.view()["phase"] == "over":
            break
        acted = any(table.act(page) for page in personal.values())
        if acted:
            continue
        expect(shared.get_by_test_id("screen")).to_have_attribute("data-screen", "curtain")
        nxt = shared.get_by_test_id("curtain").get_attribute("data-next")
        if not nxt:
            continue
        seat = int(nxt)
        press_and_hold(shared, f"hold-{seat}", seat)
        table.act(shared)
        shared.get_by_test_id("hide").click()
        assert_curtain_holds_nothing(shared, host, names)
        curtains += 1
        if curtains == 4 and not reloaded:
            # A reload brings every seat of the phone back, behind the curtain.
            shared.reload()
            expect(shared.get_by_test_id("conn")).to_have_attribute("data-state", "online")
            assert_curtain_holds_nothing(shared, host, names)
            assert host.call(
                lambda room: sorted(room.players.index(p) for p in room.players[0].conn.seats)
            ) == [0, 1, 2]
            reloaded = True
    assert reloaded and curtains >= 8
    assert table.view()["phase"] == "over"
    for page in (shared, dee, eli):
        expect(page.get_by_test_id("winner")).to_be_visible()
    expect(shared.get_by_test_id("rematch")).to_be_visible()  # Ana leads from the shared phone
    expect(shared.get_by_test_id("reveal").locator("tr[data-role]")).to_have_count(5)
    # Every frame the shared phone sent (the key exchange's hello aside) has one length.
    assert set(sent.sizes) <= {HELLO_BYTES, PHONE_FRAME}, set(sent.sizes)
    assert sent.sizes.count(PHONE_FRAME) >= 30


def test_inside_job_for_four_on_one_phone_alone(phones: Any, host: Any, kit: Any) -> None:
    (page,) = phones(1, clock=True)
    sent = Sent(page)
    kit.join([page], ["Ana"])
    page.get_by_test_id("game-insidejob").click()
    expect(page.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    add_players(page, ["Bruno", "Chen", "Dara"])
    names = ["Ana", "Bruno", "Chen", "Dara"]
    page.get_by_test_id("start").click()
    assert_curtain_holds_nothing(page, host, names)
    order = []
    for _ in range(300):
        if host.call(lambda room: room.phase) != "playing":
            break
        # The curtain names whom the game waits on once the state saying so has arrived (under
        # load a frame between two steps can show it for a moment with nobody named yet).
        expect(page.get_by_test_id("curtain")).to_have_attribute("data-next", re.compile(r"\d"))
        seat = int(page.get_by_test_id("curtain").get_attribute("data-next") or "")
        order.append(seat)
        press_and_hold(page, f"hold-{seat}", seat)
        if host.call(lambda room, s=seat: s in room.match.expected_seats()):
            play_inside_job_step(page, host, seat)
        page.get_by_test_id("hide").click()
        if host.call(lambda room: room.phase) == "playing":
            assert_curtain_holds_nothing(page, host, names)
    assert host.call(lambda room: room.phase) == "over"
    assert order[:4] == [0, 1, 2, 3], "everyone reads their role first, in seat order"
    assert len(order) >= 4 + 4 * 6  # then at least a card of every seat in every trick
    expect(page.get_by_test_id("winner")).to_be_visible()
    assert set(sent.sizes) <= {HELLO_BYTES, PHONE_FRAME}, set(sent.sizes)


def play_inside_job_step(page: Page, host: Any, seat: int) -> None:
    """The seat's step, tapped on its screen: which move is the host's smart bot's choice for
    that seat, so the game goes on (the page is what sends it); then wait until it is taken."""
    from engine.rng import Rng

    def choose(room: Any) -> tuple[dict[str, Any], int]:
        rng = Rng(seat + 7 * len(room.match.log))
        return room.rules.bots["smart"](room.state, seat, rng), len(room.match.log)

    action, before = host.call(choose)
    kind = action["type"]
    if kind == "play":
        # A greyed card (the Insider need not follow suit) stays tappable: the host decides.
        page.get_by_test_id(f"card-{action['card']}").click(force=True)
    elif kind == "wager":
        page.get_by_test_id("wager-yes" if action["wager"] else "wager-no").click()
    elif kind == "choose_mission":
        page.get_by_test_id(f"mission-{action['keep']}").click()
    elif kind == "accomplice_pick":
        page.get_by_test_id(f"pick-{action['seat']}").click()
    elif kind == "vote":
        chosen = action["seats"] if "seats" in action else [action["seat"]]
        for index, target in enumerate(chosen):
            page.get_by_test_id(f"vote-{index}-{target}").click()
        page.get_by_test_id("vote-submit").click()
    else:
        raise AssertionError(f"a step this test does not know: {action}")
    host.wait_for(lambda room: len(room.match.log) != before or room.phase != "playing")
