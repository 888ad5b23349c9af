"""What a QA evening on phones found (390x844 in English, 360x640 in Spanish and Portuguese), each
checked in real Chromium where it showed.

The game is moved on by the host where a test is about a later moment (``act``: the engine action
of a seat, as its phone would send it); what is checked is always what the page shows. A seat
whose screen a test never reads is a protocol phone (``FakePhone``), seated through the Room:
Chromium pages are kept for the seats a test reads or taps.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.registry import get_game
from host.i18n import translate
from tests.browser.test_board_page import FakePhone

LANGS = ["en", "es", "pt"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "phone"


def act(host: Any, seat: int, action: dict[str, Any]) -> None:
    """The host takes this seat's action, as from its phone, and tells every phone."""

    def apply(room: Any) -> None:
        room.match.apply(seat, action)
        room._after_action()
        room.changed()

    host.call(apply)


def public(host: Any) -> dict[str, Any]:
    return host.call(lambda room: room.public_view())


def seated(
    phones: Any, kit: Any, names: list[str], langs: list[str], width: int = 390
) -> list[Page]:
    pages = [phones(1, lang=lang, width=width)[0] for lang in langs]
    kit.join(pages, names)
    return pages


# ---------------------------------------------------------------- bots the leader added


@pytest.mark.host_config(bot_pause=0)
def test_bots_the_leader_added_are_not_players_away_but_a_covered_player_is(
    phones: Any, host: Any, kit: Any
) -> None:
    ana, ben, cara = seated(phones, kit, ["Ana", "Ben", "Cara"], LANGS)
    for count in (4, 5):
        ana.get_by_test_id("add-bot").click()
        expect(ana.get_by_test_id("players").locator("li")).to_have_count(count)
    bots = host.call(lambda room: [s for s, p in enumerate(room.players) if p.bot_seat])
    assert len(bots) == 2
    ana.get_by_test_id("start").click()
    for page in (ana, ben, cara):
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
        expect(page.get_by_test_id("step")).to_be_visible()
        # Everyone who plays is here: no list of players away at all.
        expect(page.get_by_test_id("absent")).to_have_count(0)

    cara_seat = kit.seat_of(cara)
    cara.context.close()  # Cara's battery dies; the leader lets a bot play her seat
    host.wait_for(lambda room: not room.players[cara_seat].connected)
    for page in (ana, ben):
        expect(page.get_by_test_id(f"absent-{cara_seat}")).to_have_attribute("data-status", "away")
    ana.get_by_test_id(f"let-bot-{cara_seat}").click()
    host.wait_for(lambda room: room.players[cara_seat].bot)
    for page, lang in ((ana, "en"), (ben, "es")):
        expect(page.get_by_test_id(f"absent-tag-{cara_seat}")).to_have_text(
            translate(lang, "phone.absent.bot")
        )
        expect(page.get_by_test_id("absent").locator("li")).to_have_count(1)
        for bot in bots:
            expect(page.get_by_test_id(f"absent-{bot}")).to_have_count(0)


# ---------------------------------------------------------------- the Boss's team picker

NAMES = ["Ana", "Ben", "Cara", "Dani", "Eva"]
# The QA's phones: English at 390x844, Spanish and Portuguese at 360x640.
SIZES = {"en": (390, 844), "es": (360, 640), "pt": (360, 640)}


def send(host: Any, phone: FakePhone, message: dict[str, Any]) -> None:
    """A frame from this protocol phone, handled by the Room on the host's loop."""
    host.call(lambda room: room.handle_text(phone, json.dumps(message)))


def next_deal(host: Any, players: int = 5) -> Any:
    """The Mole game the Room will deal next (its seed is fixed): who plays what, who is Boss."""

    def predict(room: Any) -> Any:
        rules = get_game("mole")
        config = rules.make_config(players=players, variants=list(room.variants))
        return rules.new_game(config, room.fixed_seed + room.games_started)

    return host.call(predict)


def seat_five(phones: Any, kit: Any, host: Any, lang: str, keep: Iterable[int]) -> list[Page]:
    """Ana to Eva join in seat order: the seats in ``keep`` on Chromium phones at the QA's size,
    the others on protocol phones. The real pages, in seat order."""
    width, height = SIZES[lang]
    keep = set(keep)
    pages: list[Page] = []
    for seat, name in enumerate(NAMES):
        if seat in keep:
            (page,) = phones(1, lang=lang, width=width)
            kit.join([page], [name])
            page.set_viewport_size({"width": width, "height": height})
            pages.append(page)
        else:
            phone = FakePhone(lang)
            host.call(lambda room, phone=phone: room.connect(phone))
            send(host, phone, {"type": "join", "name": name})
            assert phone.messages("welcome"), phone.texts[-1:]
    assert host.call(lambda room: [p.name for p in room.players]) == NAMES
    return pages


def table_of_five(
    phones: Any, kit: Any, host: Any, lang: str, real: Callable[[Any], Iterable[int]]
) -> list[Page]:
    """Five players in a Mole game at its first proposal. The seats ``real(deal)`` names
    (``deal``: the game the Room is about to deal, its seed being fixed) are Chromium phones;
    the others protocol phones. The real pages, in seat order."""
    deal = next_deal(host)
    keep = set(real(deal))
    pages = seat_five(phones, kit, host, lang, keep)
    if 0 in keep:  # the leader starts the game from the lobby
        pages[0].get_by_test_id("start").click()
    else:
        host.call(lambda room: room.start())
    kit.all_at(pages, "propose", 0)
    assert host.call(lambda room: list(room.state.roles)) == list(deal.roles), "as foreseen"
    assert public(host)["boss"] == deal.boss
    return pages


def every_seat(deal: Any) -> range:
    return range(5)


OVERLAPS_JS = """() => {
  const error = document.getElementById("error").getBoundingClientRect();
  const over = (box) => box.bottom > error.top && box.top < error.bottom
    && box.right > error.left && box.left < error.right;
  return [...document.querySelectorAll("#screen button")]
    .filter((button) => button.checkVisibility() && over(button.getBoundingClientRect()))
    .map((button) => button.dataset.testid || button.textContent);
}"""


def propose_button_just_above_the_handle(page: Page) -> None:
    """Where the QA pressed it: the page scrolled so the button sits right above the handle."""
    page.evaluate(
        """() => {
          const button = document.querySelector('[data-testid="propose-submit"]');
          const handle = document.getElementById("flap-handle").getBoundingClientRect();
          scrollBy(0, button.getBoundingClientRect().bottom - (handle.top - 4));
        }"""
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_boss_cannot_pick_more_than_the_team_and_a_refusal_covers_no_control(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    # The Boss's phone is the one the QA used; the other four seats need no screen.
    pages = table_of_five(phones, kit, host, lang, real=lambda deal: [deal.boss])
    boss = kit.the_boss(pages)
    size = public(host)["locks"][0]["team_size"]
    assert size == 2
    picks = [boss.get_by_test_id(f"pick-{seat}") for seat in range(5)]
    count = boss.get_by_test_id("team-count")
    picks[1].click()
    expect(count).to_have_text(translate(lang, "phone.mole.propose.count", count=1, size=2))
    for index in (2, 3, 4, 0):
        expect(picks[index]).to_be_enabled()
    picks[2].click()
    # The team is complete: the other names wait, greyed, and say how to change the team.
    expect(count).to_have_text(translate(lang, "phone.mole.propose.full", count=2, size=2))
    for index in (3, 4, 0):
        expect(picks[index]).to_be_disabled()
        picks[index].click(force=True)  # a finger on the greyed name: nothing happens
        expect(picks[index]).to_have_attribute("aria-pressed", "false")
    expect(count).to_have_text(translate(lang, "phone.mole.propose.full", count=2, size=2))
    assert boss.locator('[data-testid^="pick-"][aria-pressed="true"]').count() == 2
    # A chosen name tapped off frees the others; the third pick is then possible.
    picks[2].click()
    expect(picks[3]).to_be_enabled()
    expect(count).to_have_text(translate(lang, "phone.mole.propose.count", count=1, size=2))

    # Too few proposed: the host's refusal shows, over no control (the button just pressed is
    # still in view above it), and goes as soon as the Boss changes the team.
    propose_button_just_above_the_handle(boss)
    boss.get_by_test_id("propose-submit").click()
    error = boss.get_by_test_id("error")
    expect(error).to_have_text(translate(lang, "error.team_size", expected=2, given=1))
    assert boss.evaluate(OVERLAPS_JS) == []
    submit = boss.get_by_test_id("propose-submit").bounding_box()
    handle = boss.get_by_test_id("flap-handle").bounding_box()
    assert submit and handle and submit["y"] >= 0
    assert submit["y"] + submit["height"] <= handle["y"]
    picks[3].click()
    expect(error).to_be_hidden()
    expect(count).to_have_text(translate(lang, "phone.mole.propose.full", count=2, size=2))
    boss.get_by_test_id("propose-submit").click()
    kit.all_at(pages, "vote", 1)
    assert public(host)["team"] == [1, 3]


# ---------------------------------------------------------------- a new step comes into view

IN_VIEW_JS = """(testids) => {
  const top = document.querySelector(".topbar").getBoundingClientRect().bottom;
  const handle = document.getElementById("flap-handle").getBoundingClientRect().top;
  return testids.map((testid) => {
    const box = document.querySelector(`[data-testid="${testid}"]`).getBoundingClientRect();
    return box.top >= top && box.bottom <= handle;
  });
}"""


def in_view(page: Page, *testids: str) -> list[bool]:
    result: list[bool] = page.evaluate(IN_VIEW_JS, list(testids))
    return result


def scroll_y(page: Page) -> float:
    return float(page.evaluate("scrollY"))


def to_the_bottom(page: Page) -> float:
    """The player scrolls down to the end of the page (the history, the last vote)."""
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    return scroll_y(page)


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_step_is_scrolled_into_view_above_the_handle_once(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    pages = table_of_five(phones, kit, host, lang, real=every_seat)  # every phone is read
    kit.propose(kit.the_boss(pages), [0, 1])
    kit.all_at(pages, "vote", 1)
    kit.vote_all(pages, approve=False)
    kit.all_at(pages, "propose", 1)
    boss = kit.the_boss(pages)
    reader, other = [page for page in pages if page is not boss][:2]
    # One player reads the history at the bottom of the page while the next Boss picks.
    reader.get_by_test_id("history").locator("summary").click()
    assert to_the_bottom(reader) > 0
    assert in_view(reader, "step") == [False]
    kit.propose(boss, [0, 1])
    kit.all_at(pages, "vote", 2)
    for page in pages:  # the vote's two buttons, whole, between the top bar and the handle
        assert in_view(page, "vote-approve", "vote-reject") == [True, True], page
    # Within the step the page stays where the player puts it: other votes move nothing. (Not
    # at the very end: the line of who is still voting gets shorter, and the page with it.)
    where = to_the_bottom(reader) - 120
    reader.evaluate("(y) => scrollTo(0, y)", where)
    voters = [page for page in pages if page is not reader]
    for voter in voters:
        voter.get_by_test_id("vote-approve").click()
        expect(voter.get_by_test_id("voted")).to_be_visible()
        progress = voter.get_by_test_id("step").get_attribute("data-progress") or ""
        expect(reader.get_by_test_id("step")).to_have_attribute("data-progress", progress)
        assert scroll_y(reader) == where
    # The last vote ends the step: the next one comes into view on every phone.
    to_the_bottom(other)
    reader.evaluate("scrollTo(0, 0)")
    reader.get_by_test_id("vote-approve").click()
    kit.all_at(pages, "cards", 2)
    for page in pages:
        assert in_view(page, "step") == [True], page


# ---------------------------------------------------------------- the end-of-game tables

MOLES = ("mole", "snitch")


def mole_to_the_getaway(host: Any) -> list[str]:
    """Three open locks (Crew teams, all Clean): the Getaway. The roles, by seat."""
    roles: list[str] = host.call(lambda room: list(room.state.roles))
    crew = [seat for seat, role in enumerate(roles) if role not in MOLES]
    for _ in range(40):
        view = public(host)
        if view["phase"] == "getaway":
            break
        if view["phase"] == "propose":
            size = view["locks"][view["lock"]]["team_size"]
            act(host, view["boss"], {"type": "propose", "team": crew[:size]})
        elif view["phase"] == "vote":
            for seat in range(len(roles)):
                act(host, seat, {"type": "vote", "approve": True})
        elif view["phase"] == "cards":
            for seat in view["team"]:
                act(host, seat, {"type": "play", "card": "clean"})
    assert public(host)["phase"] == "getaway"
    return roles


def mole_to_the_end(host: Any, protect: str, accuse: str) -> tuple[int, int]:
    """To the Getaway, where the Driver protects the seat of role `protect` and the Moles
    accuse the seat of role `accuse`. Their seats."""
    roles = mole_to_the_getaway(host)
    protected, accused = roles.index(protect), roles.index(accuse)
    for seat, role in enumerate(roles):
        target = protected if role == "driver" else accused if role in MOLES else None
        act(host, seat, {"type": "mark", "target": target})
    for seat in range(len(roles)):
        act(host, seat, {"type": "confirm"})
    assert public(host)["phase"] == "over"
    return protected, accused


# Every word of these elements whose letters stand on two lines: a word broken in the middle.
BROKEN_WORDS_JS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility()) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""
TABLE_WORDS = "table th, table .tag"


@pytest.mark.parametrize("lang", LANGS)
def test_the_mole_reveal_breaks_no_word_and_its_tags_fit_anyone(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    pages = table_of_five(phones, kit, host, lang, real=every_seat)  # every phone is read
    protected, accused = mole_to_the_end(host, protect="mole", accuse="contact")
    for page in pages:
        expect(page.get_by_test_id("winner")).to_have_attribute("data-winner", "moles")
    page = pages[1]
    reveal = page.get_by_test_id("reveal")
    expect(reveal.locator(f'[data-testid="reveal-{protected}"] .tag')).to_have_text(
        translate(lang, "phone.mole.reveal.protected")
    )
    expect(reveal.locator(f'[data-testid="reveal-{accused}"] .tag')).to_have_text(
        translate(lang, "phone.mole.reveal.accused")
    )
    assert page.evaluate(BROKEN_WORDS_JS, TABLE_WORDS) == []
    # Said of Ana as of Ben: no participle agreeing with the player (protegido/a, acusado/a).
    for key in ("phone.mole.reveal.protected", "phone.mole.reveal.accused"):
        assert not re.search(r"(protegid|acusad)[oa]s?\b", translate(lang, key)), key
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"qa-mole-reveal-{lang}.png")


def bots_play_to_the_end(host: Any) -> None:
    """Every seat's bot plays, one move at a time, until the game is over."""

    def play(room: Any) -> None:
        seats = list(range(len(room.players)))
        for _ in range(500):
            if room.match.over or room.match.bot_move(seats) is None:
                break
        room._after_action()
        room.changed()

    host.call(play)
    assert host.call(lambda room: room.phase) == "over"


@pytest.mark.parametrize("lang", LANGS)
def test_the_inside_job_tables_break_no_word(phones: Any, host: Any, kit: Any, lang: str) -> None:
    # The leader's phone chooses the game; Ben's is read.
    pages = seat_five(phones, kit, host, lang, keep=[0, 1])
    pages[0].get_by_test_id("game-insidejob").click()
    expect(pages[0].get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    pages[0].get_by_test_id("start").click()
    page = pages[1]
    expect(page.get_by_test_id("table")).to_be_visible()
    assert page.evaluate(BROKEN_WORDS_JS, TABLE_WORDS) == []
    bots_play_to_the_end(host)
    expect(page.get_by_test_id("reveal")).to_be_visible()
    assert public(host)["vote"] is not None, "the game reached the vote: the table counts votes"
    # Player, role and votes received; whom each voted for is a line under the name.
    expect(page.get_by_test_id("reveal").locator("th")).to_have_count(3)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"qa-insidejob-reveal-{lang}.png", full_page=True)
    assert page.evaluate(BROKEN_WORDS_JS, TABLE_WORDS) == []


# ---------------------------------------------------------------- a paused game

GAME_BUTTONS_JS = """() => [...document.querySelectorAll(
    '#screen [data-testid="step"] button, #flap-panel button')]
  .filter((button) => button.dataset.testid !== "paused-resume")
  .map((button) => [button.dataset.testid, button.disabled])"""


def pause_from_the_leader_bar(leader: Page) -> None:
    if (
        leader.get_by_test_id("pause").count() == 0
        or not leader.get_by_test_id("pause").is_visible()
    ):
        leader.get_by_test_id("leader-controls-open").click()
    leader.get_by_test_id("pause").click()


def check_paused(pages: list[Page], lang: str) -> None:
    for index, page in enumerate(pages):
        expect(page.get_by_test_id("notice")).to_have_text(
            translate(lang, "phone.paused_by", name="Ana")
        )
        line = page.get_by_test_id("paused-line")
        if index == 0:  # the leader, who resumes it, has the button right in the step
            expect(line).to_contain_text(translate(lang, "phone.paused.you_resume"))
            expect(line.get_by_test_id("paused-resume")).to_have_text(
                translate(lang, "phone.leader.resume")
            )
        else:
            expect(line).to_have_text(translate(lang, "phone.paused.leader_resumes", name="Ana"))
            expect(page.get_by_test_id("paused-resume")).to_have_count(0)
        buttons = page.evaluate(GAME_BUTTONS_JS)
        assert all(disabled for _, disabled in buttons), buttons


@pytest.mark.parametrize("lang", LANGS)
def test_a_paused_game_greys_its_controls_and_says_the_leader_resumes_it(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    pages = table_of_five(phones, kit, host, lang, real=every_seat)  # every phone is read
    leader = pages[0]
    boss = kit.the_boss(pages)
    boss.get_by_test_id("pick-1").click()
    pause_from_the_leader_bar(leader)
    check_paused(pages, lang)
    assert boss.evaluate(GAME_BUTTONS_JS)[:1] == [["pick-0", True]]
    # A finger on the greyed button sends nothing: no refusal, nothing for the host to log.
    boss.get_by_test_id("propose-submit").click(force=True)
    boss.get_by_test_id("pick-2").click(force=True)
    expect(boss.get_by_test_id("pick-2")).to_have_attribute("aria-pressed", "false")
    expect(boss.get_by_test_id("error")).to_be_hidden()
    leader.get_by_test_id("paused-resume").click()
    for page in pages:
        expect(page.get_by_test_id("notice")).to_be_hidden()
        expect(page.get_by_test_id("paused-line")).to_have_count(0)
    # The team picked before the pause is still there; the game goes on.
    expect(boss.get_by_test_id("pick-1")).to_have_attribute("aria-pressed", "true")
    boss.get_by_test_id("pick-2").click()
    boss.get_by_test_id("propose-submit").click()
    kit.all_at(pages, "vote", 1)
    kit.vote_all(pages, approve=True)
    kit.all_at(pages, "cards", 1)

    # Paused while the team plays: the cards under the flap are greyed too, for every role.
    pause_from_the_leader_bar(leader)
    check_paused(pages, lang)
    member = next(page for page in pages if kit.seat_of(page) in public(host)["team"])
    cdp = kit.hold_flap(member)
    for card in ("card-clean", "card-sabotage"):
        expect(member.get_by_test_id(card)).to_be_disabled()
    kit.release_flap(cdp)
    assert len(host.call(lambda room: room.log)) == 1 + 5, "the proposal and five votes only"
    leader.get_by_test_id("paused-resume").click()
    expect(member.get_by_test_id("notice")).to_be_hidden()
    kit.in_flap(member, "card-clean")
    expect(member.get_by_test_id("played")).to_be_visible()


# ---------------------------------------------------------------- small ones


@pytest.mark.parametrize("lang", LANGS)
def test_the_held_flap_says_let_go_to_hide(phones: Any, host: Any, kit: Any, lang: str) -> None:
    (page,) = table_of_five(phones, kit, host, lang, real=lambda deal: [1])
    hint = page.get_by_test_id("flap-handle").locator("#flap-hint")
    expect(hint).to_have_text(translate(lang, "phone.flap.hint"))
    cdp = kit.hold_flap(page)
    expect(page.get_by_test_id("role")).to_be_visible()
    expect(hint).to_have_text(translate(lang, "phone.flap.hint_open"))
    kit.release_flap(cdp)
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    expect(hint).to_have_text(translate(lang, "phone.flap.hint"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_lookouts_file_names_its_lock_once(phones: Any, host: Any, kit: Any, lang: str) -> None:
    pages = table_of_five(phones, kit, host, lang, real=lambda deal: [deal.roles.index("lookout")])
    roles: list[str] = host.call(lambda room: list(room.state.roles))
    mole, lookout = roles.index("mole"), roles.index("lookout")
    clean = next(seat for seat, role in enumerate(roles) if role not in (*MOLES, "lookout"))
    # Lock 1 blows by a Sabotage; the Lookout's file names the other, Clean, player.
    act(host, public(host)["boss"], {"type": "propose", "team": [mole, clean]})
    for seat in range(5):
        act(host, seat, {"type": "vote", "approve": True})
    act(host, mole, {"type": "play", "card": "sabotage"})
    act(host, clean, {"type": "play", "card": "clean"})
    act(host, public(host)["boss"], {"type": "propose", "team": [mole, clean]})
    page = next(page for page in pages if kit.seat_of(page) == lookout)
    kit.all_at([page], "vote", 2)
    cdp = kit.hold_flap(page)
    line = translate(lang, "phone.mole.lock.name", number=1)
    alibi = translate(lang, "phone.mole.flap.alibi", name=NAMES[clean])
    expect(page.get_by_test_id("file").locator("li")).to_have_text([f"{line}: {alibi}"])
    kit.release_flap(cdp)


@pytest.mark.parametrize("lang", LANGS)
def test_the_getaway_no_longer_shows_the_boss_and_the_rejections(
    phones: Any, host: Any, kit: Any, lang: str
) -> None:
    pages = table_of_five(phones, kit, host, lang, real=every_seat)  # every phone is read
    for page in pages:
        expect(page.get_by_test_id("boss-line")).to_be_visible()
    mole_to_the_getaway(host)
    for page in pages:
        expect(page.get_by_test_id("getaway-title")).to_have_text(
            "⚠ " + translate(lang, "mole.phase.getaway")
        )
        expect(page.get_by_test_id("boss-line")).to_have_count(0)
        expect(page.get_by_test_id("score")).to_be_visible()
