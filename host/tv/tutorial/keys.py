"""The host keys of the tutorial, and how the TV's reports reach the Room.

In the lobby T starts the tutorial of the chosen game; while it runs P or Space pauses and
resumes it, the arrows go to the next or the previous chapter, and T (or Backspace) ends it.
Every key only asks the Room (through ``teach``, run on the server's loop): the picture changes
when the Room's next public message says so, exactly as when the leader's phone asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

Teach = Callable[..., None]

MOVES = {
    pygame.K_RIGHT: "next",
    pygame.K_PAGEDOWN: "next",
    pygame.K_LEFT: "back",
    pygame.K_PAGEUP: "back",
    pygame.K_t: "skip",
    pygame.K_BACKSPACE: "skip",
}


def press(key: int, room: dict[str, Any], teach: Teach) -> bool:
    """Act on ``key`` if it is a tutorial key now; returns whether it was one."""
    if room.get("phase") != "lobby":
        return False
    tutorial = room.get("tutorial")
    if not tutorial:
        if key == pygame.K_t:
            teach("command", "start", room.get("game"))
            return True
        return False
    if key in (pygame.K_p, pygame.K_SPACE):
        teach("command", "resume" if tutorial.get("paused") else "pause")
        return True
    if key in MOVES:
        teach("command", MOVES[key])
        return True
    return False


def room_teacher(
    room: Any, call: Callable[[Callable[[], None]], None], notify: Callable[[str], None], lang: str
) -> Teach:
    """What the window's ``HostKeys.teach`` should be: ``teach("command", "pause")``,
    ``teach("chapters_known", game, ids)``, ``teach("chapter_ended", index)`` each run
    ``host.teaching.<name>(room, ...)`` through ``call`` (the server loop's
    ``call_soon_threadsafe``); a refusal is shown on the TV in the host's language."""
    from host import teaching
    from host.errors import RoomError
    from host.i18n import translate

    def teach(name: str, *args: Any) -> None:
        def run() -> None:
            try:
                getattr(teaching, name)(room, *args)
            except RoomError as error:
                notify(translate(lang, f"error.{error.code}", **error.facts))

        call(run)

    return teach
