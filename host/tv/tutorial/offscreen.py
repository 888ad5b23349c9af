"""The tutorial's timeline with no window: ``molecrew --headless`` still teaches.

The Room learns a tutorial's chapters, and when each one has played, from the TV's tutorial
scene (host/tv/tutorial/scene.py). A host with no screen has no such scene, and a lesson the
leader started stayed at "the TV is starting the lesson" for ever. Here the same scene follows
the Room's public messages and keeps the chapters' time on the server's own clock, drawing
nothing: the phones follow each chapter's summary, a board page shows it, and the leader's
phone still pauses and steps it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.tv.frame import Frame
from host.tv.tutorial.keys import room_teacher
from host.tv.tutorial.scene import TutorialScene

# A little past a chapter's end, so the scene finds it played when it looks.
MARGIN_SECONDS = 0.01


class OffscreenTutorial:
    """Plays the Room's tutorial on the Room's own clock; ``close`` stops it."""

    def __init__(self, room: Any, lang: str, log: Callable[[str], None] = lambda text: None):
        self.scheduler = room.scheduler
        self.lang = lang
        self.scene = TutorialScene()
        # Reports run at once: this object lives on the server's loop, as the Room does.
        self.scene.report = room_teacher(room, lambda work: work(), log, lang)
        self.message: dict[str, Any] = {"type": "public", "room": {}, "view": None}
        self._end: Any = None  # the call due when the chapter playing ends
        self._unsubscribe = room.subscribe_public(self._receive)

    def _frame(self) -> Frame:
        return Frame(self.message, self.lang, self.scheduler.now())

    def _receive(self, message: dict[str, Any]) -> None:
        self.message = message
        self.scene.receive(self._frame())
        self._wait_for_the_end()

    def _wait_for_the_end(self) -> None:
        """One call at the end of the chapter playing (none while paused or without one)."""
        if self._end is not None:
            self._end.cancel()
            self._end = None
        frame = self._frame()
        chapter = self.scene.current()
        if chapter is None or not self.scene.animating(frame):
            return
        left = chapter.duration - self.scene.elapsed(frame.now)
        self._end = self.scheduler.call_later(max(0.0, left) + MARGIN_SECONDS, self._ended)

    def _ended(self) -> None:
        self._end = None
        self.scene.tick(self._frame())  # reports the chapter played: the Room moves on

    def close(self) -> None:
        self._unsubscribe()
        if self._end is not None:
            self._end.cancel()
            self._end = None
