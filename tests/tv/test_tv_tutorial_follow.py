"""The TV follows the Room's tutorial place through the window's own loop (``run``) on the dummy
driver with a fake clock: host keys and the leader's phone pause, resume, go on, go back and
skip, and the picture is always the chapter the Room names; a paused chapter does not end."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from tv_teaching import FakeClock, lobby_room, tutorial_window

from host import teaching
from host.tv.director import LOBBY, TUTORIAL
from host.tv.window import TvWindow

Step = tuple[float, Callable[[], None], Callable[[], None]]


def shown(window: TvWindow) -> str | None:
    """The chapter on the display, from what the last frame recorded."""
    marks = [e for e in window.draw().elements() if e.startswith("tutorial:")]
    return marks[0].split(":")[2] if marks else None


def run(window: TvWindow, clock: FakeClock, steps: list[Step]) -> list[str]:
    """Each step: wait this many seconds of the loop, check, then act. Returns what was done."""
    done: list[str] = []
    plan = iter(steps)
    state = {"at": clock.now(), "step": next(plan)}

    def script() -> bool:
        wait, verify, act = state["step"]
        if clock.now() - state["at"] < wait:
            return False
        verify()
        act()
        done.append(getattr(act, "__name__", "act"))
        state["at"] = clock.now()
        try:
            state["step"] = next(plan)
        except StopIteration:
            return True
        return False

    window.run(should_stop=script)
    return done


def test_the_tv_follows_pause_next_back_and_skip_from_keys_and_the_leaders_phone():
    room = lobby_room("mole", players=5)
    clock = FakeClock()
    window = tutorial_window(room, clock, "en", (640, 360))
    ids = []

    def place() -> str | None:
        return room.tutorial.to_json()["chapter"] if room.tutorial else None

    def expect(chapter: str | None, paused: bool = False) -> Callable[[], None]:
        def verify() -> None:
            assert place() == chapter
            if chapter is None:
                assert window.director.current == LOBBY
                return
            assert window.director.current == TUTORIAL
            assert shown(window) == chapter
            assert room.tutorial.paused is paused
            assert window.director.tutorial.paused is paused
            paused_on_tv = "Paused" in window.draw().texts()
            assert paused_on_tv is paused

        return verify

    def key(code: int) -> Callable[[], None]:
        def press() -> None:
            window.press(code)

        press.__name__ = f"key {pygame.key.name(code)}"
        return press

    def phone(command: str) -> Callable[[], None]:
        def send() -> None:  # what the leader's phone's message does in the Room
            teaching.command(room, command)

        send.__name__ = f"phone {command}"
        return send

    def remember() -> None:
        ids.extend(room.tutorial.chapters)

    nothing = lambda: None  # noqa: E731
    steps: list[Step] = [
        (0.5, expect(None), key(pygame.K_t)),  # T in the lobby starts the tutorial
        (1.0, expect("story"), remember),
        (0.0, nothing, key(pygame.K_p)),  # pause with the host key
        (60.0, expect("story", paused=True), phone("resume")),  # a minute paused: still there
        (1.0, expect("story"), key(pygame.K_RIGHT)),
        (1.0, expect("roles"), phone("next")),
        (1.0, expect("flap"), key(pygame.K_LEFT)),
        (1.0, expect("roles"), phone("pause")),
        (30.0, expect("roles", paused=True), key(pygame.K_SPACE)),  # Space resumes too
        # The rest of "roles" (23 s, one second already played) plays out: the TV reports its
        # end and the Room moves on by itself.
        (21.0, expect("roles"), nothing),
        (2.0, expect("flap"), phone("back")),
        (0.5, expect("roles"), key(pygame.K_t)),  # T while it runs ends it
        (0.5, expect(None), nothing),
    ]
    try:
        done = run(window, clock, steps)
    finally:
        window.close()
    assert len(done) == len(steps)
    assert ids[:3] == ["story", "roles", "flap"]
    assert not window.refusals  # type: ignore[attr-defined]
