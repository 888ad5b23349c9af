"""What the phone page fetches, in real Chromium: the join form's files only on a first visit
(issue #15: at most 50 KB on the wire), the rest when a screen needs it, and the same files for
every role (anyone on the Wi-Fi sees which files a phone fetches)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

# The join form and nothing else: no lobby, game, audience screen, how-to page or rules' texts.
FIRST_SCREEN = {
    "/",
    "/static/style.css",
    "/static/app.js",
    "/static/dom.js",
    "/static/i18n.js",
    "/static/connection.js",
    "/static/retry.js",
    "/static/channel.js",
    "/static/vendor/tweetnacl/nacl.min.js",
    "/static/flap.js",
    "/static/join.js",
    "/static/seats.js",
    "/static/tokens.js",
}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
BUDGET_BYTES = 50_000  # issue #15, headers included, as sent (gzip)
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]


class Phone:
    """A phone whose every request (path and query, in the order asked) and its bytes on the wire
    are noted from before the page opens."""

    def __init__(self, browser: Any, url: str, lang: str) -> None:
        self.context = browser.new_context(**PHONE, locale=lang)
        self.context.set_default_timeout(10_000)
        self.asked: list[str] = []
        self.wire: dict[str, int] = {}
        self.context.on("request", self._asked)
        self.context.on("requestfinished", self._finished)
        self.page: Page = self.context.new_page()
        self.page.goto(url)

    @staticmethod
    def _path(request: Any) -> str:
        parts = urlsplit(request.url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def _asked(self, request: Any) -> None:
        if request.url.startswith("http"):
            self.asked.append(self._path(request))

    def _finished(self, request: Any) -> None:
        sizes = request.sizes()
        self.wire[self._path(request)] = sizes["responseBodySize"] + sizes["responseHeadersSize"]

    def ready(self) -> None:
        """Ready to join, as bench/page_size.py waits: the form drawn, everything loaded."""
        expect(self.page.get_by_test_id("join-form")).to_be_visible()
        self.page.wait_for_function("() => document.readyState === 'complete'")
        expect(self.page.get_by_test_id("conn")).to_have_attribute("data-state", "online")


@contextmanager
def phones(browser: Any, host: Any, count: int, lang: str = "en") -> Iterator[list[Phone]]:
    opened: list[Phone] = []
    try:
        for _ in range(count):
            opened.append(Phone(browser, host.url, lang))
        yield opened
    finally:
        for phone in opened:
            phone.context.close()


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_first_visit_fetches_the_join_form_only_within_the_budget(
    browser: Any, host: Any, lang: str
) -> None:
    with phones(browser, host, 1, lang) as (phone,):
        phone.ready()
        asked = sorted(phone.asked)
        assert asked == sorted(FIRST_SCREEN | {f"/i18n/{lang}.json?for=phone"}), "once each"
        total = sum(phone.wire.get(path, 0) for path in asked)
        assert set(phone.wire) == set(asked), "every request finished"
        assert total <= BUDGET_BYTES, f"{lang}: {total} bytes on the wire"


def test_the_rules_come_with_the_first_tap_on_how_to_play(browser: Any, host: Any) -> None:
    with phones(browser, host, 1, "es") as (phone,):
        phone.ready()
        before = len(phone.asked)
        phone.page.get_by_test_id("howto-open").click()
        expect(phone.page.get_by_test_id("howto-mole-1")).to_be_visible()
        assert sorted(phone.asked[before:]) == ["/i18n/es.json?for=phone-rules", "/static/howto.js"]
        phone.page.get_by_test_id("howto-close").click()
        expect(phone.page.get_by_test_id("howto")).to_be_hidden()
        phone.page.get_by_test_id("howto-open").click()
        expect(phone.page.get_by_test_id("howto-mole-1")).to_be_visible()
        assert len(phone.asked) == before + 2, "fetched once"


def test_every_role_fetches_the_same_files(browser: Any, host: Any, kit: Any) -> None:
    with phones(browser, host, 5) as all_phones:
        pages = [phone.page for phone in all_phones]
        for phone in all_phones:
            phone.ready()
        kit.join(pages, NAMES)
        expect(pages[0].get_by_test_id("start")).to_be_enabled()
        pages[0].get_by_test_id("start").click()
        for page in pages:
            expect(page.get_by_test_id("step")).to_have_attribute("data-phase", "propose")
        roles = host.call(lambda room: list(room.state.roles))
        moles = {seat for seat, role in enumerate(roles) if role in ("mole", "snitch")}
        assert 0 < len(moles) < len(roles), roles
        by_seat = {kit.seat_of(phone.page): phone.asked for phone in all_phones}
        first = sorted(by_seat[0])
        for seat, asked in by_seat.items():
            assert sorted(asked) == first, f"seat {seat} ({roles[seat]}) fetched other files"
        later = set(first) - FIRST_SCREEN - {"/i18n/en.json?for=phone"}
        # A seat in the lobby brings the lobby's modules and the chosen game's, with its words.
        assert {"/static/lobby.js", "/static/mole.js", "/i18n/en.json?for=phone-mole"} <= later
        assert "/static/insidejob.js" not in later and "/static/howto.js" not in later
