"""The open screen tells nothing: whole games in real Chromium, with every role, where after every
step (and every tap a player could make, refused ones included) the open screens of all seats in
the same public situation are compared, text and layout, with the flap let go: identical.

The same games read every frame each page sends (CDP ``Network.webSocketFrameSent``): all of them
are 256 bytes, whatever the choice. The roles come from the host, only to pick who taps what.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from host.i18n import translate

MOLE_NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
LEADER = 0  # the first phone to join leads, and sits first
MOLE_ROLES = {"mole", "snitch", "contact", "double", "lookout", "driver", "crew"}

# Every visible element outside the flap: tag, test id, classes, pressed/disabled, its own text,
# and its box in page coordinates (so a scrolled page compares like an unscrolled one). The top
# bar is left out: it carries the phone's own name, which the whole table knows anyway.
# `skip` names subtrees that may differ by seat (Inside Job's own hand, the "you" tag);
# `positions` says whether positions count or only sizes.
OPEN_SCREEN_JS = """([skip, positions]) => {
  const out = [];
  const roots = ["screen", "error", "notice", "flap-handle"]
    .map((id) => document.getElementById(id));
  const skipped = (el) => skip.some((selector) => el.closest(selector));
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (!el.checkVisibility() || skipped(el)) continue;
      const box = el.getBoundingClientRect();
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent).join("");
      const where = positions ? [box.x + scrollX, box.y + scrollY] : [];
      out.push([el.tagName, el.dataset.testid || "", el.className,
        el.getAttribute("aria-pressed"), Boolean(el.disabled), own,
        ...[...where, box.width, box.height].map(Math.round)]);
    }
  }
  return JSON.stringify(out);
}"""


class FramesSent:
    """Every WebSocket frame a set of pages sends, read from Chromium's own network log."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.sessions: list[Any] = []

    def watch(self, page: Page) -> None:
        cdp = page.context.new_cdp_session(page)
        cdp.on(
            "Network.webSocketFrameSent",
            lambda event: self.frames.append(event["response"]["payloadData"]),
        )
        cdp.send("Network.enable")
        self.sessions.append(cdp)

    def sizes(self) -> set[int]:
        return {len(frame.encode("utf-8")) for frame in self.frames}

    def kinds(self) -> set[str]:
        kinds = set()
        for frame in self.frames:
            message = json.loads(frame)
            kinds.add(message["type"])
            if message["type"] == "action":
                kinds.add(f"action:{message['action']['type']}")
        return kinds


class Table:
    """The phones of one game and the checks on their open screens."""

    def __init__(
        self,
        host: Any,
        by_seat: dict[int, Page],
        progress: Callable[[dict[str, Any]], str],
        situation: Callable[[dict[str, Any], int], tuple[Any, ...]],
        skip: tuple[str, ...] = (),
        positions: bool = True,
    ) -> None:
        self.host, self.by_seat = host, by_seat
        self.progress, self.situation = progress, situation
        self.skip, self.positions = list(skip), positions
        self.roles: list[str] = host.call(lambda room: list(room.state.roles))
        self.compared = 0  # pairs of seats of different roles found identical
        self.steps = 0

    def act(self, tap: Callable[[], None]) -> None:
        """Tap, wait for the host to take the action, then check every open screen."""
        before = self.progress(self.view())
        tap()
        self.host.wait_for(lambda room: self.progress(room.public_view()) != before)
        self.check()

    def view(self) -> dict[str, Any]:
        return self.host.call(lambda room: room.public_view())

    def open_screen(self, page: Page) -> str:
        expect(page.get_by_test_id("flap-panel")).to_be_hidden()
        return page.evaluate(OPEN_SCREEN_JS, [self.skip, self.positions])

    def check(self) -> None:
        """Wait until every phone shows the host's latest moment, then compare the open screens
        of the seats in each public situation."""
        view = self.view()
        moment = self.progress(view)
        groups: dict[tuple[Any, ...], list[int]] = defaultdict(list)
        for seat, page in self.by_seat.items():
            expect(page.get_by_test_id("step")).to_have_attribute("data-progress", moment)
            groups[self.situation(view, seat)].append(seat)
        for situation, seats in groups.items():
            screens = {seat: self.open_screen(self.by_seat[seat]) for seat in seats}
            first = seats[0]
            for seat in seats[1:]:
                assert screens[seat] == screens[first], (
                    f"at {moment}, {situation}: seat {seat} ({self.roles[seat]}) and seat "
                    f"{first} ({self.roles[first]}) show different open screens"
                )
                self.compared += self.roles[seat] != self.roles[first]
        self.steps += 1


# ---------------------------------------------------------------- Mole in the Crew


def mole_progress(view: dict[str, Any]) -> str:
    confirmed = len(view["getaway"]["confirmed"]) if view["getaway"] else 0
    return (
        f"{view['phase']}/{view['lock']}/{len(view['proposals'])}/{len(view['voted'])}"
        f"/{len(view['played'])}/{confirmed}"
    )


def mole_situation(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What the table knows about this seat now: nothing in it depends on the role."""
    phase = view["phase"]
    if phase == "over":  # every role is revealed; the leader has the rematch button
        return (phase, seat in view["result"]["winning_seats"], seat == LEADER)
    confirmed = view["getaway"]["confirmed"] if view["getaway"] else []
    return (
        phase,
        phase == "propose" and seat == view["boss"],
        seat in (view["team"] or []),
        seat in view["voted"],
        seat in view["played"],
        seat in confirmed,
    )


def test_mole_open_screens_are_the_same_for_every_role(phones: Any, host: Any, kit: Any) -> None:
    pages = phones(8)
    sent = FramesSent()
    for page in pages:
        sent.watch(page)
    kit.join(pages, MOLE_NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    table = Table(host, {kit.seat_of(page): page for page in pages}, mole_progress, mole_situation)
    roles, by_seat = table.roles, table.by_seat
    assert set(roles) == MOLE_ROLES, "eight players: every role of the game is dealt"
    moles = [seat for seat, role in enumerate(roles) if role in ("mole", "snitch")]
    crew = [seat for seat, role in enumerate(roles) if role not in ("mole", "snitch")]
    table.check()

    def vote_all(approve: bool) -> None:
        for page in by_seat.values():
            table.act(page.get_by_test_id("vote-approve" if approve else "vote-reject").click)

    def in_flap(seat: int, testid: str) -> None:
        table.act(lambda: kit.in_flap(by_seat[seat], testid))

    def propose(team: list[int]) -> None:
        table.act(lambda: kit.propose(by_seat[table.view()["boss"]], team))

    def refused_under_flap(seat: int, card: str, code: str, **facts: Any) -> None:
        """A refused card: its reason shows under the flap, the open screen does not move."""
        page = by_seat[seat]
        cdp = kit.hold_flap(page)
        kit.tap_held(page, cdp, f"card-{card}")
        expect(page.get_by_test_id("flap-error")).to_have_text(
            translate("en", f"error.{code}", **facts)
        )
        kit.release_flap(cdp)
        table.check()

    def play_lock(team: list[int], cards: dict[int, str]) -> None:
        propose(team)
        vote_all(approve=True)
        for seat in team:
            # Holding the flap and letting go without a tap leaves no trace either.
            kit.release_flap(kit.hold_flap(by_seat[seat]))
        table.check()
        for seat in team:
            in_flap(seat, f"card-{cards.get(seat, 'clean')}")

    # Lock 1: a rejected proposal, then an approved one; the Crew's Sabotage is refused; a Mole
    # sabotages and the lock blows.
    mole, other_mole = moles[0], moles[1]
    propose([mole, crew[0], crew[1]])
    vote_all(approve=False)
    propose([mole, crew[0], crew[1]])
    vote_all(approve=True)
    refused_under_flap(crew[0], "sabotage", "crew_cannot_sabotage")
    for seat in (crew[0], mole, crew[1]):
        in_flap(seat, "card-sabotage" if seat == mole else "card-clean")
    # Lock 2: that Mole's one Sabotage is spent (8 players): refused, under the flap only.
    propose([mole, crew[2], crew[3]])
    vote_all(approve=True)
    refused_under_flap(mole, "sabotage", "no_sabotage_left", limit=1)
    for seat in (mole, crew[2], crew[3]):
        in_flap(seat, "card-clean")
    # Locks 3 and 4: the Crew opens them; the Getaway follows.
    play_lock(crew[:3], {})
    play_lock(crew[1:4], {})
    assert table.view()["phase"] == "getaway"

    # The Getaway: every seat marks under the flap (the Moles someone, the Crew anyone, one
    # nobody), changes its mind once, and confirms there.
    contact = roles.index("contact")
    for seat, page in by_seat.items():
        first = "mark-nobody" if seat == other_mole else f"mark-{(seat + 1) % 8}"
        final = f"mark-{contact}" if seat in moles else first
        cdp = kit.hold_flap(page)
        kit.tap_held(page, cdp, first)
        expect(page.get_by_test_id(first)).to_have_attribute("aria-pressed", "true")
        kit.tap_held(page, cdp, final)
        kit.release_flap(cdp)
        table.check()
    for seat in by_seat:
        in_flap(seat, "mark-confirm")
    assert table.view()["phase"] == "over"
    assert table.view()["result"]["accused"] == contact

    assert table.steps >= 60 and table.compared >= 200, (table.steps, table.compared)
    # Every frame each page sent, whatever it said, was 256 bytes.
    assert sent.sizes() == {256}, sent.sizes()
    for kind in ("join", "start", "action:propose", "action:vote", "action:play"):
        assert kind in sent.kinds(), kind
    assert {"action:mark", "action:confirm"} <= sent.kinds()
