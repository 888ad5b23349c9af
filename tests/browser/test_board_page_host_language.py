"""The board page speaks the host's language (QA: with `molecrew --lang es`, a board opened from
an English browser, or a German one, was in English: the page knew only ?lang=, its own stored
choice and the browser's language). ?lang= and a choice made on the page still come first."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT


@pytest.mark.host_config(screen_lang="es")
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_board_opened_anywhere_speaks_the_hosts_language(
    browser: Any, host: Any, locale: str
) -> None:
    context = browser.new_context(viewport=BOARD_VIEWPORT, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{host.url}board")
        expect(page.get_by_test_id("lang")).to_have_value("es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        page.goto(f"{host.url}board?lang=pt")  # the address the terminal prints may ask
        expect(page.get_by_test_id("lang")).to_have_value("pt")
        page.goto(f"{host.url}board")
        page.get_by_test_id("lang").select_option("en")  # a choice made on this screen stays
        page.reload()
        expect(page.get_by_test_id("lang")).to_have_value("en")
    finally:
        context.close()


@pytest.mark.host_config(screen_lang="pt")
@pytest.mark.parametrize("asked", ["xx", "de-DE", ""])
def test_a_language_the_host_has_no_words_for_falls_back_to_the_hosts(
    browser: Any, host: Any, asked: str
) -> None:
    """QA: /board?lang=xx with `--lang pt` was in English."""
    context = browser.new_context(viewport=BOARD_VIEWPORT, locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{host.url}board?lang={asked}")
        expect(page.get_by_test_id("lang")).to_have_value("pt")
        expect(page.locator("html")).to_have_attribute("lang", "pt")
        expect(page.get_by_test_id("conn")).to_have_text("Ao vivo")
    finally:
        context.close()
