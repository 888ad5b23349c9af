"""The window's own loop (``TvWindow.run``) on the dummy driver, through scripted games, with a
fake clock: a few seconds after every moment (a fade, a newcomer's glow, votes turned over,
cards flipped, the Patrol, a trick won) the DISPLAY SURFACE itself shows the board as it is now,
at full brightness, with no key pressed and no new message.

The check compares the display's pixels with the same public message drawn afresh off screen
(a new director, nothing pending): the board the room should be looking at.
"""

from __future__ import annotations

import copy

import pygame
import pytest
from tv_screens import fresh
from tv_scripts import find_game, lobby, play, play_insidejob

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.window import BURST_FED, TvWindow

SETTLE_SECONDS = 12.0  # longer than any moment (five cards flipped take about 8 s)
AFTER_QUIET = 2.0  # a message with no moment: past a fade, a newcomer's glow, a card's slide
# A small window: the loop draws every frame of every moment, and what is compared is the same.
LOOP_SIZE = (640, 360)
TITLE = (60, 28, 700, 50)  # where every board writes its game's name, in design units


class FakeClock:
    """Time for the window: ``sleep`` moves it on at once, so seconds of play take no time."""

    def __init__(self) -> None:
        self.time = 1000.0

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += seconds


def brightest(surface: pygame.Surface, area: tuple[float, float, float, float]) -> int:
    """The brightest pixel (sum of channels) in a design-unit rectangle: the title's ink."""
    rect = Canvas(surface, None).rect(*area).clip(surface.get_rect())  # type: ignore[arg-type]
    part = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    return max(sum(part[i : i + 3]) for i in range(0, len(part), 3))


def run_script(window: TvWindow, clock: FakeClock, messages: list[dict]) -> list[int]:
    """Post each message, let the loop run on its own for a while (past the end of any moment,
    fade, glow or slide it brings), then compare the display with a fresh drawing of it. The
    Getaway moves for as long as it lasts, so its messages are not compared. Returns the
    indexes of the messages compared."""
    checked: list[int] = []
    plan = iter(enumerate(messages))
    state = {"next_at": clock.now(), "pending": None}

    def script() -> bool:
        if clock.now() < state["next_at"]:
            return False
        if state["pending"] is not None:
            verify(window, messages, state["pending"])
            checked.append(state["pending"])
            state["pending"] = None
        try:
            index, message = next(plan)
        except StopIteration:
            return True
        had_moment = bool(window.director.changes(window.director.message, message)[1])
        window.post(message)
        if (message["view"] or {}).get("phase") != "getaway":
            state["pending"] = index
        state["next_at"] = clock.now() + (SETTLE_SECONDS if had_moment else AFTER_QUIET)
        return False

    window.run(should_stop=script)
    return checked


def verify(window: TvWindow, messages: list[dict], index: int) -> None:
    message = messages[index]
    assert not window.director.animating(), f"message {index}: still animating"
    shown = pygame.display.get_surface()
    reference, canvas = fresh(window, message)
    view = message["view"] or {}
    elements = set(canvas.elements())
    mole = view.get("game") == "mole"
    if mole and view.get("phase") in ("propose", "vote"):
        assert f"boss:{view['boss']}" in elements
    if mole and view.get("phase") == "cards":  # the team at work, and the Boss who chose it
        assert f"boss:{view['proposals'][-1]['boss']}" in elements
        assert {f"team:{seat}" for seat in view["team"]} <= elements
    if view.get("game") == "insidejob" and view.get("phase") == "play":
        assert f"turn:{view['turn']}" in elements
    title = brightest(shown, TITLE)
    assert title == brightest(reference, TITLE) >= sum(theme.ACCENT) - 3, (
        f"message {index}: the title is dimmed ({title} of {sum(theme.ACCENT)})"
    )
    same = pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(reference, "RGB")
    assert same, f"message {index} ({view.get('phase')}): the screen is not the board as it is now"


def moments_game(messages):
    locks = messages[-1]["view"]["locks"]
    rejected = any(not p["approved"] for p in messages[-1]["view"]["proposals"])
    by = {lock["by"] for lock in locks}
    return rejected and "patrol" in by and "cards" in by


@pytest.fixture(scope="module")
def mole_game():
    return find_game(5, moments_game, bot="random")[1]


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_after_every_mole_moment_the_display_shows_the_board_at_full_brightness(mole_game, reduced):
    clock = FakeClock()
    window = TvWindow(
        "en", size=LOOP_SIZE, sound=False, reduced_motion=reduced, now=clock.now,
        sleep=clock.sleep,
    )  # fmt: skip
    try:
        script = [lobby(3), lobby(4), lobby(5), *mole_game]
        # The arrivals (a glow), the fade into the board, and every moment after.
        checked = run_script(window, clock, script)
    finally:
        window.close()
    expected = [i for i, m in enumerate(script) if (m["view"] or {}).get("phase") != "getaway"]
    assert checked == expected


def test_after_every_trick_the_display_shows_the_next_one_waiting():
    clock = FakeClock()
    window = TvWindow("en", size=LOOP_SIZE, sound=False, now=clock.now, sleep=clock.sleep)
    try:
        game = play_insidejob(4, seed=5, variants=["wagers"])
        # The first four tricks (each followed by a mission choice or a wager, nobody acting).
        end = next(i for i, m in enumerate(game) if len(m["view"]["tricks"]) == 4) + 1
        checked = run_script(window, clock, game[:end])
    finally:
        window.close()
    assert checked == list(range(end))


def state_of(scene) -> dict:
    """A copy of a scene's fields; one that cannot be copied (a queue, a sound) by identity."""
    fields = {}
    for name, value in vars(scene).items():
        try:
            fields[name] = copy.deepcopy(value)
        except TypeError:
            fields[name] = ("same object", id(value))
    return fields


def test_drawing_changes_no_scene_and_draws_the_same_frame_twice(mole_game):
    """A frame is a pure function of the scenes' state and the clock: drawing changes neither,
    and the same moment drawn twice gives the same pixels."""
    window = TvWindow("en", size=LOOP_SIZE, sound=False)
    try:
        script = [lobby(3), lobby(4), *mole_game, *play_insidejob(4, seed=5)[:40]]
        for message in script:
            window.post(message)
            window.drain()
            window.director.update(0.3)  # part-way into any moment, fade or slide
            before = {key: state_of(scene) for key, scene in window.director.scenes.items()}
            first = pygame.image.tobytes(window.draw().surface, "RGB")
            second = pygame.image.tobytes(window.draw().surface, "RGB")
            after = {key: state_of(scene) for key, scene in window.director.scenes.items()}
            assert after == before and first == second, window.director.current
            window.director.skip()
    finally:
        window.close()


def test_a_burst_feeds_the_director_its_last_few_messages_and_every_notice():
    """More messages at one turn than a frame can show: only the last BURST_FED reach the
    director (its moments are the last ones anyway), the board is the latest, and no notice in
    the burst is lost."""
    messages = play(7, seed=2)
    window = TvWindow("en", size=LOOP_SIZE, sound=False)
    try:
        fed = []
        feed = window.director.feed
        window.director.feed = lambda message: (fed.append(message), feed(message))
        for message in messages[:4]:
            window.post(message)
        assert window.drain() == 4 and fed == messages[:4]  # a few: every one
        fed.clear()
        for message in messages[4:30]:
            window.post(message)
        window.notify("refused")
        assert window.drain() == 27
        assert fed == messages[30 - BURST_FED : 30]
        assert window.director.message is messages[29]
        assert window.overlays.notice == "refused"
    finally:
        window.close()


def test_a_moment_that_has_stopped_moving_is_not_drawn_again_until_it_changes():
    """Votes turned over and the verdict up: the rest of the moment repeats the same picture,
    so the window draws nothing more, even as votes arrive beneath it, until a name it shows
    changes or the moment ends; the display shows the moment as drawn afresh throughout."""
    messages = play(7, seed=2)
    before = next(i for i, m in enumerate(messages) if m["view"]["proposals"]) - 1
    clock = FakeClock()
    window = TvWindow("en", size=LOOP_SIZE, sound=False, now=clock.now, sleep=clock.sleep)
    try:
        window.post(messages[before])
        window.step(0.0)
        window.director.skip()
        window.post(messages[before + 1])  # the first proposal's votes: a votes reveal
        for _ in range(int(1.5 * 60)):  # past the verdict (1.3 s)
            window.step(1 / 60)
        assert window.director.showing is not None and window.picture_key() is not None
        drawn = window.frames
        for _ in range(30):
            window.step(1 / 60)
        window.post(messages[before + 2])  # a new proposal under the moment: nothing visible
        for _ in range(30):
            window.step(1 / 60)
        assert window.frames == drawn
        renamed = copy.deepcopy(messages[before + 2])
        renamed["room"]["seats"][0]["name"] = "Zed"  # shown on the moment's cards
        window.post(renamed)
        window.step(1 / 60)
        assert window.frames == drawn + 1
        shown = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
        again = pygame.Surface(window.screen.get_size())
        window.director.draw(Canvas(again, window.fonts))
        window._draw_overlays(Canvas(again, window.fonts))
        assert shown == pygame.image.tobytes(again, "RGB")
        while window.director.showing is not None:
            window.step(1 / 60)
        assert window.frames > drawn + 1  # the board again, drawn
    finally:
        window.close()


def test_after_a_seat_leaves_the_display_draws_each_player_in_its_own_look():
    """The window's loop, past the arrivals' glow: each seat's shape on the DISPLAY SURFACE is
    its player's look, not its seat number's (a seat left, the others kept their colours)."""
    clock = FakeClock()
    window = TvWindow("en", size=LOOP_SIZE, sound=False, now=clock.now, sleep=clock.sleep)
    looks = [0, 2, 3, 4, 1]  # Bruno (look 1) left; Fátima, who came after, took his look
    message = lobby(5)
    for seat, look in zip(message["room"]["seats"], looks, strict=True):
        seat["look"] = look
    _, canvas = fresh(window, message)
    shapes = {d.label: d.rect.center for d in canvas.drawn if d.kind == "element"}
    centres = [shapes[f"seat:{seat}"] for seat in range(5)]
    seen: list[tuple[int, int, int]] = []
    posted_at = clock.now()
    window.post(message)

    def script() -> bool:
        if clock.now() < posted_at + AFTER_QUIET:
            return False
        assert not window.director.animating()
        shown = pygame.display.get_surface()
        seen.extend(tuple(shown.get_at(centre)[:3]) for centre in centres)
        return True

    try:
        window.run(should_stop=script)
    finally:
        window.close()
    assert seen == [theme.SEAT_COLOURS[look] for look in looks]
