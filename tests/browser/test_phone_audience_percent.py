"""An audience member's score is written as its language writes a percentage (QA: the English
phone read "17 %" beside the board's "17%"): English with no space, Spanish and Portuguese with
a space that never breaks ("17 %", the RAE's and the SI's rule), both in the member's own line
and in the line of the others."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_audience_evening import into_the_audience, leader_and_bots, start
from tests.browser.test_phone_qa_fixes import bots_play_to_the_end

PERCENT = {"en": re.compile(r"\d%"), "es": re.compile(r"\d\u00a0%"), "pt": re.compile(r"\d\u00a0%")}


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_score_is_written_as_the_language_writes_it(phones: Any, host: Any, lang: str) -> None:
    ana = leader_and_bots(host, lang=lang)
    start(host, ana)
    zoe, lia = phones(2, lang=lang)
    into_the_audience(zoe, "Zoe")
    into_the_audience(lia, "Lia")
    for page in (zoe, lia):  # the result counts the members who marked someone
        page.get_by_test_id("suspect-1").click()
        expect(page.get_by_test_id("suspect-1")).to_have_attribute("aria-pressed", "true")
    bots_play_to_the_end(host)
    for line in ("audience-yours", "audience-others"):
        expect(zoe.get_by_test_id(line)).to_have_text(PERCENT[lang])
