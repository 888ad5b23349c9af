"""Four phones pick Inside Job in the lobby and play a whole game through the page, in Chromium.

Every move is chosen from what the acting phone shows: which phone has something to do, the
Accomplice's choices, the two missions, the cards marked as playable, the wager buttons, the vote
candidates. The only peeks at the server are the roles (to check the flap) and the hands (to
check that no phone's page ever holds another player's hand).
"""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from host.i18n import translate
from host.tv.frame import Frame
from host.tv.insidejob.reveal import winners_line

NAMES = ["Ana", "Bo", "Cy", "Dee"]
# With the conftest's seed and the moves below (keep the first mission, play the highest card
# allowed, wager once), this deal reaches the vote with the Paranoid Agent still hidden.
VARIANTS = ("wagers", "paranoid", "accomplice")
SUITS = {"B": "blue", "R": "red", "G": "green", "Y": "yellow"}
SYMBOLS = {"blue": "●", "red": "▲", "green": "■", "yellow": "★"}
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "phone"


def snap(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"ij-{name}.png", full_page=True)


def progress_of(page: Page) -> str:
    return page.get_by_test_id("step").get_attribute("data-progress") or ""


def in_step(pages: list[Page], progress: str) -> None:
    """Wait until every phone shows the same moment of the game."""
    for page in pages:
        expect(page.get_by_test_id("step")).to_have_attribute("data-progress", progress)


def act_and_wait(page: Page, pages: list[Page], click: Any, then_wager: bool = False) -> str:
    """Tap and wait for every phone to show the next moment (after the wager the page sends by
    itself once its card is taken, when one was due)."""
    before = progress_of(page)
    click()
    expect(page.get_by_test_id("step")).not_to_have_attribute("data-progress", before)
    if then_wager:
        expect(page.get_by_test_id("step")).not_to_have_attribute("data-phase", "wager")
    after = progress_of(page)
    in_step(pages, after)
    return after


def open_screen(page: Page) -> str:
    """What a neighbour can read on the phone with the flap let go."""
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    return page.get_by_test_id("screen").inner_text()


def suit_order(card: str) -> tuple[int, int]:
    return ("BRGY".index(card[0]), int(card[1:]))


def card_label(card: str, lang: str) -> str:
    suit = translate(lang, f"insidejob.suit.{SUITS[card[0]]}")
    return translate(lang, "phone.insidejob.card", suit=suit, value=card[1:])


def check_no_other_hand(host: Any, by_seat: dict[int | None, Page]) -> None:
    """A phone's DOM (screen and flap) holds its own hand, sorted by suit, and public cards, never
    another's; a spectator's (seat None) holds no hand at all."""
    hands = host.call(
        lambda room: [room.rules.view(room.state, seat)["me"]["hand"] for seat in range(4)]
    )
    for seat, page in by_seat.items():
        lang, text, cards, in_hand = page.evaluate(
            """() => [document.documentElement.lang, document.body.textContent,
              [...document.querySelectorAll('[data-card]')].map((node) => node.dataset.card),
              [...document.querySelectorAll('[data-testid="hand"] [data-card]')]
                .map((node) => node.dataset.card)]"""
        )
        if seat is None:
            assert in_hand == [], "a spectator has no hand"
        elif in_hand:
            assert in_hand == sorted(hands[seat], key=suit_order), "this seat's hand, by suit"
        for other, hand in enumerate(hands):
            if other == seat:
                continue
            leaked = [card for card in hand if card in cards]
            leaked += [
                card
                for card in hand
                if re.search(rf"\b{re.escape(card_label(card, lang))}(?!\d)", text)
            ]
            assert not leaked, f"seat {seat}'s page shows seat {other}'s cards {leaked}"


def test_four_phones_play_inside_job_from_lobby_to_result(phones: Any, host: Any, kit: Any) -> None:
    # The fourth phone is the narrowest, and in Portuguese, whose words run longest.
    pages = phones(3) + phones(1, lang="pt-BR", width=320)
    kit.join(pages, NAMES)
    leader, narrow = pages[0], pages[3]

    def tr(page: Page, key: str, **facts: Any) -> str:
        """The text this phone shows, in the language its page runs in."""
        return translate(page.evaluate("document.documentElement.lang"), key, **facts)

    # The leader picks the game and its options; the others see them, unchangeable.
    leader.get_by_test_id("game-insidejob").click()
    expect(leader.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    for variant in VARIANTS:
        leader.get_by_test_id(f"variant-{variant}").click()
        expect(leader.get_by_test_id(f"variant-{variant}")).to_have_attribute(
            "aria-pressed", "true"
        )
    expect(leader.get_by_test_id("variant-risky")).to_have_attribute("aria-pressed", "false")
    for page in pages[1:]:
        expect(page.get_by_test_id("options")).to_contain_text(
            tr(page, "insidejob.variant.accomplice")
        )
        expect(page.get_by_test_id("variant-wagers")).to_have_count(0)
    snap(leader, "01-lobby")
    leader.get_by_test_id("start").click()
    for page in pages:
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    in_step(pages, progress_of(pages[0]))
    by_seat: dict[int | None, Page] = {kit.seat_of(page): page for page in pages}
    # A phone that opens the page now watches: the public table, no hand, no flap.
    spectator = phones(1)[0]
    expect(spectator.get_by_test_id("spectator")).to_be_visible()
    expect(spectator.get_by_test_id("step")).to_be_visible()
    expect(spectator.get_by_test_id("flap")).to_be_hidden()
    watchers = [*pages, spectator]
    roles = host.call(lambda room: list(room.state.roles))
    accomplice = roles.index("accomplice")
    assert host.call(lambda room: room.state.config.to_json()["variants"]) == list(VARIANTS)

    # The role is under the flap: dragged up and held, it shows; let go, it hides.
    for seat, page in by_seat.items():
        cdp = kit.hold_flap(page)
        expect(page.get_by_test_id("role")).to_have_text(tr(page, f"insidejob.role.{roles[seat]}"))
        kit.release_flap(cdp)
        expect(page.get_by_test_id("role")).to_be_hidden()
    # Everyone sees who the Accomplice is; only the Accomplice's phone offers the look.
    for seat, page in by_seat.items():
        expect(page.get_by_test_id(f"revealed-{accomplice}")).to_have_text(
            tr(page, "insidejob.role.accomplice")
        )
        expect(page.get_by_test_id("accomplice-picker")).to_have_count(
            1 if seat == accomplice else 0
        )

    refused = wagered = declined = votes = paranoid_votes = insider_free_plays = in_view = 0
    checked_sizes = checked_large = False
    for _ in range(200):
        check_no_other_hand(host, {**by_seat, None: spectator})
        phase = pages[0].get_by_test_id("step").get_attribute("data-phase")
        if phase == "over":
            break
        acting = [
            page
            for page in pages
            if page.get_by_test_id("step").get_attribute("data-can-act") == "true"
        ]
        assert acting, f"someone has something to do in phase {phase}"
        page = acting[0]
        if phase == "accomplice":
            picks = page.get_by_test_id("accomplice-picker").locator("button")
            first = picks.first
            picked = int((first.get_attribute("data-testid") or "").rsplit("-", 1)[1])
            snap(page, "02-accomplice")
            act_and_wait(page, watchers, first.click)
            cdp = kit.hold_flap(page)
            expect(page.get_by_test_id("knows").locator("li").first).to_have_text(
                tr(
                    page,
                    "insidejob.accomplice_saw",
                    player=NAMES[picked],
                    role=tr(page, f"insidejob.role.{roles[picked]}"),
                )
            )
            kit.release_flap(cdp)
            for other in pages:
                expect(other.get_by_test_id("accomplice-public")).to_contain_text(NAMES[picked])
        elif phase == "mission":
            choices = [page.get_by_test_id(f"mission-{keep}") for keep in (0, 1)]
            for choice in choices:  # the objective, and the trump as symbol and word
                trump = choice.get_attribute("data-trump") or ""
                expect(choice).to_contain_text(
                    f"{SYMBOLS[trump]} {tr(page, f'insidejob.suit.{trump}')}"
                )
            for other in pages:
                if other is not page:
                    expect(other.get_by_test_id("mission-0")).to_have_count(0)
            objective = choices[0].get_attribute("data-objective")
            snap(page, "03-mission")
            act_and_wait(page, watchers, choices[0].click)
            for other in pages:
                expect(other.get_by_test_id("objective")).to_have_text(
                    tr(other, f"insidejob.objective.{objective}")
                )
        elif phase == "play":
            hand = page.get_by_test_id("hand")
            greyed = hand.locator('button[aria-disabled="true"]')
            # The marks follow the Agents' rule on every phone, the Insider's included.
            led = host.call(lambda room: room.public_view()["led_suit"])
            cards_held = hand.locator("button[data-card]").all()
            in_hand = [c.get_attribute("data-card") or "" for c in cards_held]
            following = [c for c in in_hand if SUITS[c[0]] == led] or in_hand
            bright = hand.locator('button[data-playable="true"]').all()
            assert sorted(c.get_attribute("data-card") or "" for c in bright) == sorted(following)
            seat = kit.seat_of(page)
            # On this phone's turn its playable cards are in view from the top, above the flap.
            page.evaluate("() => scrollTo(0, 0)")
            handle = page.get_by_test_id("flap-handle").bounding_box()
            assert handle is not None
            for card_box in (c.bounding_box() for c in bright):
                assert card_box and card_box["y"] + card_box["height"] <= handle["y"], card_box
            in_view += 1
            if refused < 2 and greyed.count() > 0 and roles[seat] != "insider":
                # A greyed card can be tapped: the host refuses it, on this phone only.
                card = greyed.first.get_attribute("data-card") or ""
                before = progress_of(page)
                # aria-disabled tells screen readers; Playwright then waits for "enabled", but a
                # finger just taps: force the tap through, with the card in mid-screen, clear of
                # the flap's handle.
                greyed.first.evaluate("(node) => node.scrollIntoView({block: 'center'})")
                open_before = open_screen(page)
                greyed.first.click(force=True)
                # Only the Agents must follow suit: the reason is read under the flap only, and
                # the open screen stays as it was.
                cdp = kit.hold_flap(page)
                expect(page.get_by_test_id("flap-error")).to_have_text(
                    tr(page, "error.must_follow_suit", card=card)
                )
                snap(page, "05-refused-under-flap")
                kit.release_flap(cdp)
                expect(page.get_by_test_id("error")).to_be_hidden()
                assert open_screen(page) == open_before
                for other in pages:
                    if other is not page:
                        expect(other.get_by_test_id("flap-error")).to_have_count(0)
                expect(page.get_by_test_id("step")).to_have_attribute("data-progress", before)
                refused += 1
            if not checked_large and page is pages[1]:
                # At large text (200 %) the turn still fits the phone: nothing wider, no card cut.
                page.get_by_test_id("text-size").click()
                page.evaluate("() => scrollTo(0, 0)")
                assert page.evaluate("document.documentElement.scrollWidth") <= 390
                for held in hand.locator("button[data-card]").all():
                    assert held.evaluate("(b) => b.scrollWidth <= b.clientWidth + 1")
                snap(page, "04-hand-large-text")
                page.get_by_test_id("text-size").click()
                checked_large = True
            if not checked_sizes and page is narrow:
                for box in (b.bounding_box() for b in hand.locator("button[data-card]").all()):
                    assert box and box["width"] >= 48 and box["height"] >= 48
                assert page.evaluate("document.documentElement.scrollWidth") <= 320
                snap(page, "04-hand-320px")
                checked_sizes = True
            # The Insider may play any card, greyed or not, and the host takes it (a greyed card
            # is aria-disabled, so the tap is forced through, as in the refusal above).
            any_card, bright_card = "button[data-card]", 'button[data-playable="true"]'
            mine = any_card if roles[seat] == "insider" else bright_card
            playable = hand.locator(mine).last
            card = playable.get_attribute("data-card") or ""
            insider_free_plays += card not in following
            # A wager is chosen with the card, before it: declining costs no tap at all.
            toggle = page.get_by_test_id("wager-toggle")
            then_wager = toggle.count() == 1
            if then_wager and wagered < 1:
                toggle.click()
                expect(toggle).to_have_attribute("aria-pressed", "true")
                wagered += 1
            elif then_wager:
                declined += 1
            playable.evaluate("(node) => node.scrollIntoView({block: 'center'})")
            act_and_wait(page, watchers, partial(playable.click, force=True), then_wager)
            expect(page.get_by_test_id(f"card-{card}")).to_have_count(0)
            # The trick so far (or, once it ends, the last trick) shows the card on every phone.
            for other in pages:
                expect(other.locator(f'[data-card="{card}"]').first).to_be_visible()
        elif phase == "wager":
            expect(page.get_by_test_id("status")).to_have_text(tr(page, "insidejob.wager_question"))
            yes = wagered < 1
            act_and_wait(
                page, watchers, page.get_by_test_id("wager-yes" if yes else "wager-no").click
            )
            wagered, declined = (wagered + 1, declined) if yes else (wagered, declined + 1)
        elif phase == "vote":
            candidates = page.get_by_test_id("vote-picker-0").locator("button")
            count = candidates.count()
            assert count >= 1
            if votes == 0:
                snap(page, "06-vote")
            # With the Paranoid Agent in play every voter's screen has the same two lists.
            second = page.get_by_test_id("vote-picker-1").locator("button")
            expect(second).to_have_count(count)
            seat = kit.seat_of(page)
            two = host.call(
                lambda room, seat=seat: room.rules.view(room.state, seat)["me"]["vote"]["votes"]
            )
            if two == 2:
                # The Paranoid Agent names two players; the same one twice is refused (unless
                # revealed, or only one can be named: then one vote).
                paranoid_votes += 1
                candidates.nth(votes % count).click()
                second.nth(votes % count).click()
                before = progress_of(page)
                open_before = open_screen(page)
                page.get_by_test_id("vote-submit").click()
                cdp = kit.hold_flap(page)
                expect(page.get_by_test_id("flap-error")).to_have_text(
                    tr(page, "error.votes_must_differ", seat=0)
                )
                kit.release_flap(cdp)
                expect(page.get_by_test_id("error")).to_be_hidden()
                assert open_screen(page) == open_before
                expect(page.get_by_test_id("step")).to_have_attribute("data-progress", before)
                second.nth((votes + 1) % count).click()
                expect(second.nth((votes + 1) % count)).to_have_attribute("aria-pressed", "true")
            else:
                # A second name from anyone else is only for show: it is not sent.
                paranoid_votes += roles[seat] == "paranoid"
                second.nth((votes + 1) % count).click()
            candidates.nth(votes % count).click()
            act_and_wait(page, watchers, page.get_by_test_id("vote-submit").click)
            if page.get_by_test_id("step").get_attribute("data-phase") == "vote":
                expect(page.get_by_test_id("voted")).to_be_visible()
            votes += 1
        else:
            raise AssertionError(f"unexpected phase {phase}")
    else:
        raise AssertionError("the game did not end")

    assert refused >= 1, "a greyed card was tapped and refused"
    assert in_view >= 20, "every turn's playable cards were in view without scrolling"
    assert insider_free_plays >= 1, "the Insider played a card its phone greyed, and it counted"
    assert wagered >= 1 and declined >= 1, "wagers were made and declined through the page"
    assert votes >= 2 and paranoid_votes == 1, "the vote, with the Paranoid Agent's two names"
    assert checked_sizes and checked_large

    # The result: the same winners on every phone, by role and by name, and each phone's own.
    result, result_vote = host.call(
        lambda room: (room.public_view()["result"], room.public_view()["vote"])
    )
    snap(pages[0], "07-result")
    snap(narrow, "07-result-320px-pt")

    def winners(page: Page) -> str:
        """One sentence, as the TV says it ("The Agents win!")."""
        lang = page.evaluate("document.documentElement.lang")
        return winners_line(Frame(message={}, lang=lang), list(result["winners"]))

    for seat, page in [*by_seat.items(), (None, spectator)]:
        expect(page.get_by_test_id("winner")).to_have_text(winners(page))
        expect(page.get_by_test_id("ending")).to_have_text(
            tr(page, f"insidejob.ending.{result['ending']}")
        )
        for winner in result["winning_seats"]:
            expect(page.get_by_test_id("winning-players")).to_contain_text(NAMES[winner])
        for other, role in enumerate(result["roles"]):
            expect(page.get_by_test_id(f"reveal-{other}")).to_contain_text(
                tr(page, f"insidejob.role.{role}")
            )
        tally = result_vote["tally"]
        for other in range(4):
            expect(page.get_by_test_id(f"votes-{other}")).to_have_text(str(tally[other]))
        if seat is None:
            expect(page.get_by_test_id("my-result")).to_have_count(0)
            continue
        won = seat in result["winning_seats"]
        expect(page.get_by_test_id("my-result")).to_have_text(
            tr(page, "phone.insidejob.you_won" if won else "phone.insidejob.you_lost")
        )
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 320


def test_every_inside_job_key_the_page_names_exists_in_the_catalog() -> None:
    catalog = json.loads((ROOT / "assets/i18n/en/insidejob.json").read_text("utf-8"))
    text = (ROOT / "phoneclient" / "insidejob.js").read_text("utf-8")
    literal = set(re.findall(r'"(insidejob\.[a-z_.0-9]*[a-z_0-9])"', text))
    built = set(re.findall(r"`(insidejob\.[a-z_.]*)\$\{", text))
    assert literal and built
    assert sorted(literal - set(catalog)) == []
    for prefix in built:
        assert any(key.startswith(prefix) for key in catalog), prefix
