"""Inside Job's tokens have one name on every screen of a language: the TV's words for them
(the board, its moments and the grand reveal) and the phone's (a trick's winner, the wager) use
the word of the game's own catalog, never the English "Intel" in Spanish or Portuguese."""

from __future__ import annotations

import re

import pytest
from test_tv_text_fits import keeps_a_suit_back, with_reveal
from tv_scripts import play_insidejob

from engine.insidejob.views import replay_steps
from host.i18n import catalog
from host.tv.window import TvWindow

ENGLISH_WORD = re.compile(r"\bIntel\b")


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_tv_calls_intel_by_the_games_word(lang):
    word = catalog(lang)["insidejob.intel"]
    assert not ENGLISH_WORD.search(word)
    english = {
        k: v for k, v in catalog(lang).items() if k.startswith("tv.") and ENGLISH_WORD.search(v)
    }
    assert not english, english


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_screen_says_intel_in_english(lang):
    """The phones' words too: "Intel que se lleva el ganador" slipped through on the phone."""
    english = {k: v for k, v in catalog(lang).items() if ENGLISH_WORD.search(v)}
    assert not english, english


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_reveal_says_who_took_it_in_the_games_word(lang):
    messages = next(
        m for seed in range(1, 50) if keeps_a_suit_back(m := play_insidejob(4, seed, []))
    )
    word = catalog(lang)["insidejob.intel"]
    window = TvWindow(lang, size=(1280, 720), sound=False)
    said = []
    try:
        for message in with_reveal(messages, replay_steps)[len(messages) :]:
            window.post(message)
            window.drain()
            window.director.skip()
            said += [t for t in window.draw().texts() if "Tim" in t or word in t or "Intel" in t]
    finally:
        window.close()
    assert said and not [t for t in said if ENGLISH_WORD.search(t)], said
