"""The open screen tells nothing: whole games in real Chromium, with every role, where after every
step (and every tap a player could make, refused ones included) the open screens of all seats in
the same public situation are compared, text and layout, with the flap let go: identical.

The same games read every frame each page sends (CDP ``Network.webSocketFrameSent``): sealed in
the private channel, all of one length, each sealing a message of 256 bytes, whatever the
choice. The roles come from the host, only to pick who taps what.
"""

from __future__ import annotations

import difflib
import json
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import translate

MOLE_NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
LEADER = 0  # the first phone to join leads, and sits first
MOLE_ROLES = {"mole", "snitch", "contact", "double", "lookout", "driver", "crew"}

# Every visible element outside the flap: tag, test id, classes, pressed/disabled, its own text,
# and its box in page coordinates (so a scrolled page compares like an unscrolled one). The top
# bar is left out: it carries the phone's own name, which the whole table knows anyway.
# `skip` names subtrees that may differ by seat (Inside Job's own hand, say), `tall` those of
# them whose size may differ too (the boxes around them then count without their size);
# `positions` says whether positions count or only sizes. The class shading one's own row in a
# table of every seat (the seat is public) is left out too.
OPEN_SCREEN_JS = """([skip, tall, positions, ownClass]) => {
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
      const classes = [...el.classList].filter((name) => name !== ownClass).join(" ");
      // A box around what may differ is as tall as that part: only its size is left out.
      const holdsOwn = tall.some((selector) => el.querySelector(selector));
      // What is fixed to the screen (the flap's handle, a refusal) stays in screen coordinates.
      const fixed = el.closest("#flap, #error");
      const where = !positions ? [] : fixed ? [box.x, box.y] : [box.x + scrollX, box.y + scrollY];
      const size = holdsOwn ? [] : [...where, box.width, box.height];
      out.push([el.tagName, el.dataset.testid || "", classes,
        el.getAttribute("aria-pressed"), Boolean(el.disabled), own, ...size.map(Math.round)]);
    }
  }
  return JSON.stringify(out);
}"""


def difference(one: str, other: str) -> str:
    lines = difflib.unified_diff(
        [json.dumps(item) for item in json.loads(other)],
        [json.dumps(item) for item in json.loads(one)],
        lineterm="",
        n=1,
    )
    return "\n".join(list(lines)[:40])


OWN_ROW_CLASS = "own"


# The page seals every frame in the private channel: what it seals is read where the channel
# seals it (the vendored nacl.secretbox, wrapped as the library defines it), before the page runs.
RECORD_PLAINTEXT_JS = """(() => {
  window.plainSent = [];
  const decoder = new TextDecoder();
  let lib;
  Object.defineProperty(globalThis, "nacl", {
    configurable: true,
    get: () => lib,
    set(value) {
      lib = value;
      let box;
      Object.defineProperty(value, "secretbox", {
        configurable: true,
        get: () => box,
        set(seal) {
          box = function (message, ...rest) {
            window.plainSent.push(decoder.decode(message));
            return seal.call(this, message, ...rest);
          };
        },
      });
    },
  });
})();"""


KEY_EXCHANGE_CHARS = 44


class FramesSent:
    """Every WebSocket frame a set of pages sends, read from Chromium's own network log (sealed),
    and the text each one seals (recorded in the page)."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.sessions: list[Any] = []
        self.pages: list[Page] = []

    def watch(self, page: Page) -> None:
        cdp = page.context.new_cdp_session(page)
        cdp.on(
            "Network.webSocketFrameSent",
            lambda event: self.frames.append(event["response"]["payloadData"]),
        )
        cdp.send("Network.enable")
        self.sessions.append(cdp)
        page.add_init_script(RECORD_PLAINTEXT_JS)
        page.reload()  # from the start, with the recorder in place
        self.pages.append(page)

    def plaintexts(self) -> list[str]:
        return [text for page in self.pages for text in page.evaluate("window.plainSent")]

    def sealed_sizes(self) -> set[int]:
        """Lengths of the sealed frames; each socket's first frame, the key exchange (the phone's
        32-byte public key, base64: 44 characters, the same for every phone), left out."""
        return {len(frame) for frame in self.frames if len(frame) != KEY_EXCHANGE_CHARS}

    def sizes(self) -> set[int]:
        """The byte lengths of the messages sealed; and every sealed frame has one length."""
        assert len(self.sealed_sizes()) == 1, self.sealed_sizes()
        return {len(text.encode("utf-8")) for text in self.plaintexts()}

    def kinds(self) -> set[str]:
        kinds = set()
        for frame in self.plaintexts():
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
        tall: tuple[str, ...] = (),
        positions: bool = True,
    ) -> None:
        self.host, self.by_seat = host, by_seat
        self.progress, self.situation = progress, situation
        self.skip, self.tall, self.positions = list(skip), list(tall), positions
        self.roles: list[str] = host.call(lambda room: list(room.state.roles))
        self.compared = 0  # pairs of seats of different roles found identical
        self.steps = 0

    def act(self, tap: Callable[[], None], then_wager: bool = False) -> None:
        """Tap, wait for the host to take the action (and the wager the page sends after the
        card, when there is one), then check every open screen."""
        before = self.progress(self.view())
        tap()

        def taken(room: Any) -> bool:
            view = room.public_view()
            return self.progress(view) != before and not (then_wager and view["phase"] == "wager")

        self.host.wait_for(taken)
        self.check()

    def view(self) -> dict[str, Any]:
        return self.host.call(lambda room: room.public_view())

    def open_screen(self, page: Page) -> str:
        expect(page.get_by_test_id("flap-panel")).to_be_hidden()
        return page.evaluate(OPEN_SCREEN_JS, [self.skip, self.tall, self.positions, OWN_ROW_CLASS])

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
                    f"{first} ({self.roles[first]}) show different open screens:\n"
                    + difference(screens[seat], screens[first])
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

    def refused_under_flap(seat: int, card: str, words: str) -> None:
        """A refused card: its reason shows under the flap (the page's own words: the tap never
        reaches the host, whose refusal would tell the Wi-Fi who is Crew), the open screen does
        not move."""
        page = by_seat[seat]
        cdp = kit.hold_flap(page)
        kit.tap_held(page, cdp, f"card-{card}")
        expect(page.get_by_test_id("flap-error")).to_have_text(translate("en", words))
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
    refused_under_flap(crew[0], "sabotage", "phone.mole.cards.crew_cannot_sabotage")
    for seat in (crew[0], mole, crew[1]):
        in_flap(seat, "card-sabotage" if seat == mole else "card-clean")
    # Lock 2: that Mole's one Sabotage is spent (8 players): refused, under the flap only.
    propose([mole, crew[2], crew[3]])
    vote_all(approve=True)
    refused_under_flap(mole, "sabotage", "phone.mole.cards.none_left")
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


# ---------------------------------------------------------------- Inside Job

IJ_NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]
# Two five-player games between them deal every special role there is.
IJ_GAMES = [
    ("wagers", "paranoid", "decoy", "accomplice"),
    ("wagers", "risky", "microphone", "at_risk", "tim_shady", "sleeping", "professional"),
]
# Outside the flap only these may differ by seat: the own hand (cards held openly), the word
# "you" on the own row (for screen readers), and the vote lists (nobody is offered their own
# name). Sizes are compared, not positions: a hand of three suits is taller than one of two.
IJ_TALL = ('[data-testid="hand"]', '[data-testid^="vote-picker-"]')
IJ_OWN = (*IJ_TALL, ".own-marker")


def ij_progress(view: dict[str, Any]) -> str:
    return f"{view['phase']}/{len(view['tricks'])}/{len(view['trick'])}/{len(view['voted'])}"


def ij_situation(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    phase = view["phase"]
    if phase == "over":
        return (phase, seat in view["result"]["winning_seats"], seat == LEADER)
    accomplice = view["accomplice"]
    return (
        phase,
        seat == view["turn"],
        seat == view["start"],
        seat in view["voters"],
        seat in view["voted"],
        view["revealed"][seat],
        accomplice is not None and accomplice["seat"] == seat,
    )


def ij_seat_view(host: Any, seat: int) -> dict[str, Any]:
    return host.call(lambda room: room.rules.view(room.state, seat))


def refusal_under_flap(kit: Any, page: Page, text: str) -> None:
    cdp = kit.hold_flap(page)
    expect(page.get_by_test_id("flap-error")).to_have_text(text)
    kit.release_flap(cdp)
    expect(page.get_by_test_id("error")).to_be_hidden()


def play_inside_job(table: Table, kit: Any) -> dict[str, int]:
    """Play to the end from what the phones show; returns how often each kind of tap was made."""
    from engine.insidejob.vocabulary import TRAITORS

    host, by_seat, roles = table.host, table.by_seat, table.roles
    done: dict[str, int] = defaultdict(int)
    for _ in range(300):
        view = table.view()
        phase = view["phase"]
        if phase == "over":
            return done
        if phase == "accomplice":
            page = by_seat[view["accomplice"]["seat"]]
            table.act(page.get_by_test_id("accomplice-picker").locator("button").first.click)
        elif phase == "mission":
            page = by_seat[view["start"]]
            table.act(page.locator('[data-testid^="mission-"]:enabled').first.click)
        elif phase == "play":
            seat = view["turn"]
            page = by_seat[seat]
            hand = page.get_by_test_id("hand")
            greyed = hand.locator('button[aria-disabled="true"]')
            if done["refused_card"] < 2 and greyed.count() and roles[seat] not in TRAITORS:
                card = greyed.first.get_attribute("data-card") or ""
                greyed.first.evaluate("(node) => node.scrollIntoView({block: 'center'})")
                greyed.first.click(force=True)
                refusal_under_flap(kit, page, translate("en", "error.must_follow_suit", card=card))
                table.check()
                done["refused_card"] += 1
            # Whoever must not gather Intel plays low, the others high: the game reaches the vote.
            low = roles[seat] in TRAITORS or roles[seat] == "microphone"
            bright = hand.locator('button[data-playable="true"]').nth(0 if low else -1)
            # The wager is chosen before the card, when one may follow: one wager in the game.
            toggle = page.get_by_test_id("wager-toggle")
            then_wager = toggle.count() == 1
            if then_wager and done["wager"] == 0:
                toggle.click()
                table.check()
            done["wager"] += then_wager
            bright.evaluate("(node) => node.scrollIntoView({block: 'center'})")
            table.act(partial(bright.click, force=True), then_wager=then_wager)
            done["card"] += 1
        elif phase == "wager":
            page = by_seat[view["turn"]]
            answer = "wager-yes" if done["wager"] == 0 else "wager-no"
            table.act(page.get_by_test_id(answer).click)
            done["wager"] += 1
        elif phase == "vote":
            if not view["voted"] and not done["picked"]:
                # Every voter taps a name in each list first: the same taps on every phone.
                for seat in view["voters"]:
                    for picker in ("vote-picker-0", "vote-picker-1"):
                        names = by_seat[seat].get_by_test_id(picker).locator("button")
                        if names.count():
                            names.nth(0).click()
                done["picked"] = 1
                table.check()
            seat = next(s for s in view["voters"] if s not in view["voted"])
            page = by_seat[seat]
            first = page.get_by_test_id("vote-picker-0").locator("button")
            second = page.get_by_test_id("vote-picker-1").locator("button")
            if ij_seat_view(host, seat)["me"]["vote"]["votes"] == 2 and first.count() > 1:
                # The same name twice: refused for the Paranoid Agent alone, under the flap.
                page.get_by_test_id("vote-submit").click()
                refusal_under_flap(kit, page, translate("en", "error.votes_must_differ", seat=0))
                table.check()
                second.nth(1).click()
                done["refused_vote"] += 1
            table.act(page.get_by_test_id("vote-submit").click)
            done["vote"] += 1
        else:
            raise AssertionError(f"unexpected phase {phase}")
    raise AssertionError("the game did not end")


def test_the_inside_job_games_deal_every_role_between_them() -> None:
    from engine.insidejob.vocabulary import SPECIAL_ROLES

    assert set(SPECIAL_ROLES) <= {variant for game in IJ_GAMES for variant in game}


@pytest.mark.parametrize("variants", IJ_GAMES, ids=["paranoid-decoy", "professional-sleeping"])
def test_inside_job_open_screens_are_the_same_for_every_role(
    phones: Any, host: Any, kit: Any, variants: tuple[str, ...]
) -> None:
    from engine.insidejob.vocabulary import SPECIAL_ROLES

    pages = phones(5)
    sent = FramesSent()
    for page in pages:
        sent.watch(page)
    kit.join(pages, IJ_NAMES)
    leader = pages[0]
    leader.get_by_test_id("game-insidejob").click()
    expect(leader.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    for variant in variants:
        leader.get_by_test_id(f"variant-{variant}").click()
        expect(leader.get_by_test_id(f"variant-{variant}")).to_have_attribute(
            "aria-pressed", "true"
        )
    leader.get_by_test_id("start").click()
    for page in pages:
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    by_seat = {kit.seat_of(page): page for page in pages}
    table = Table(
        host, by_seat, ij_progress, ij_situation, skip=IJ_OWN, tall=IJ_TALL, positions=False
    )
    specials = {variant for variant in variants if variant in SPECIAL_ROLES}
    assert specials <= set(table.roles), "every special role chosen is dealt"
    table.check()
    done = play_inside_job(table, kit)
    table.check()
    assert done["refused_card"] >= 1, done
    if "paranoid" in variants:
        assert done["vote"] >= 4 and done["refused_vote"] == 1, done
    assert table.steps >= 30 and table.compared >= 40, (table.steps, table.compared)
    assert sent.sizes() == {256}, sent.sizes()
    assert {"action:play", "action:wager", "action:choose_mission"} <= sent.kinds()
    assert ("action:vote" in sent.kinds()) == (done["vote"] > 0)
