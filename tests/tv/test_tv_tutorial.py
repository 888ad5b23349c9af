"""The animated tutorials play headless from start to end in every language, in step with the
Room's tutorial place: the TV tells the Room its chapters and when each one ends, and the Room
moves on. Their length is measured on the fake clock; Mole stays under 2:40."""

from __future__ import annotations

import pytest
from tv_teaching import FakeClock, lobby_room, tutorial_window

from engine.insidejob.vocabulary import SPECIAL_ROLES
from host import teaching
from host.errors import RoomError
from host.i18n import LANGUAGES, catalog
from host.tv.director import LOBBY, TUTORIAL
from host.tv.tutorial.scripts import SCRIPTS
from host.tv.tutorial.timeline import total_seconds

STEP = 0.25  # the longest step the window's loop takes
MOLE_IDS = ["story", "roles", "flap", "team", "patrol", "cards", "file", "getaway", "variants"]
INSIDEJOB_IDS = ["goal", "flap", "tricks", "trump", "missions", "insider", "vote"]
EVERY_OPTION = ["wagers", "risky", *SPECIAL_ROLES]


def play_through(game: str, lang: str, variants: list[str] | None = None):
    """Start the tutorial from the Room and let the window play it out; returns the seconds
    it took on the fake clock, the chapters in the order the Room named them, and the window."""
    room = lobby_room(game, variants)
    clock = FakeClock()
    window = tutorial_window(room, clock, lang)
    teaching.command(room, "start", game)
    started = clock.now()
    named: list[str] = []
    scenes: set[str] = set()
    while room.tutorial is not None and clock.now() - started < 400:
        clock.sleep(STEP)
        window.step(STEP)
        scenes.add(window.director.current)
        chapter = room.tutorial.to_json()["chapter"] if room.tutorial else None
        if chapter and (not named or named[-1] != chapter):
            named.append(chapter)
    window.step(STEP)  # the message that ended it
    return clock.now() - started, named, window, scenes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mole_tutorial_plays_to_the_end_in_about_two_and_a_half_minutes(lang):
    seconds, named, window, scenes = play_through("mole", lang)
    try:
        assert named == MOLE_IDS
        assert TUTORIAL in scenes
        assert window.director.current == LOBBY  # back in the lobby once it ends
        planned = total_seconds(SCRIPTS["mole"]({}))
        # Each chapter waits at most one step for the Room's next message.
        assert planned <= seconds <= planned + STEP * (len(MOLE_IDS) + 2)
        assert 140 <= seconds <= 160, seconds
    finally:
        window.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_inside_job_tutorial_plays_to_the_end_in_about_two_minutes(lang):
    options = ["wagers", "paranoid"]
    seconds, named, window, _ = play_through("insidejob", lang, options)
    try:
        assert named == [*INSIDEJOB_IDS, "wagers", "roles"]
        assert window.director.current == LOBBY
        planned = total_seconds(SCRIPTS["insidejob"]({"variants": options}))
        assert planned <= seconds <= planned + STEP * (len(named) + 2)
        assert 100 <= seconds <= 135, seconds
    finally:
        window.close()


def test_inside_job_teaches_only_the_options_chosen_in_the_lobby():
    def ids(variants):
        return [c.id for c in SCRIPTS["insidejob"]({"variants": variants})]

    assert ids([]) == INSIDEJOB_IDS
    assert ids(["risky"]) == [*INSIDEJOB_IDS, "risky"]
    assert ids(["at_risk"]) == [*INSIDEJOB_IDS, "risky", "roles"]  # its Risky missions too
    chapter = SCRIPTS["insidejob"]({"variants": ["decoy", "tim_shady"]})[-1]
    assert [b.subtitle for b in chapter.beats] == [
        "insidejob.variant.decoy.about",
        "insidejob.variant.tim_shady.about",
    ]


def test_a_change_of_options_during_the_tutorial_gives_the_room_the_new_chapters():
    room = lobby_room("insidejob")
    clock = FakeClock()
    window = tutorial_window(room, clock)
    try:
        teaching.command(room, "start", "insidejob")
        window.step(STEP)
        window.step(STEP)
        assert room.tutorial.chapters == INSIDEJOB_IDS
        room.variants = ["wagers"]
        room.broadcast()
        window.step(STEP)
        assert room.tutorial.chapters == [*INSIDEJOB_IDS, "wagers"]
    finally:
        window.close()


def test_every_chapter_and_line_is_in_every_catalog():
    scripts = [SCRIPTS["mole"]({}), SCRIPTS["insidejob"]({"variants": EVERY_OPTION})]
    keys = {"tv.tutorial.names", "tv.tutorial.paused", "tv.tutorial.keys", "tv.tutorial.count"}
    for chapters in scripts:
        for chapter in chapters:
            keys.add(chapter.title)
            keys.update(beat.subtitle for beat in chapter.beats)
    for lang in LANGUAGES:
        missing = sorted(key for key in keys if not catalog(lang).get(key))
        assert not missing, (lang, missing)
    assert len(keys) > 60


def test_chapter_ids_are_stable_and_unique():
    mole = [c.id for c in SCRIPTS["mole"]({"variants": ["quick"]})]
    assert mole == MOLE_IDS
    every = [c.id for c in SCRIPTS["insidejob"]({"variants": EVERY_OPTION})]
    assert every == [*INSIDEJOB_IDS, "wagers", "risky", "roles"]
    assert len(set(every)) == len(every)


def test_a_tutorial_for_a_game_the_tv_cannot_teach_is_ended_not_left_blank():
    room = lobby_room("mole")
    clock = FakeClock()
    window = tutorial_window(room, clock)
    try:
        with pytest.raises(RoomError):  # the Room starts tutorials of registered games only...
            teaching.command(room, "start", "chess")
        # ...but a game the TV has no script for still must not leave the screen blank.
        room.tutorial = teaching.Tutorial(game="chess")
        room.broadcast()
        window.step(STEP)
        assert room.tutorial is None
        window.step(STEP)
        assert window.director.current == LOBBY
        teaching.command(room, "start", "mole")  # a real one still starts afterwards
        window.step(STEP)
        window.step(STEP)
        assert room.tutorial is not None and room.tutorial.chapters == MOLE_IDS
    finally:
        window.close()
