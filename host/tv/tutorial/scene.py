"""The tutorial on the TV: plays the chapter the Room's tutorial place names, in step with it.

The Room is the authority of which chapter plays and whether it is paused (the leader's phone
and the host keys move it). This scene hears each public message, keeps the clock of the
chapter on screen (stopped while paused), and reports through ``report`` (bound by the window
to the server's loop): ``chapters_known`` when its list of chapters for the Room's options is
not the Room's yet, and ``chapter_ended`` once when the chapter's last beat has played. The
Room then moves on and the next message brings the next chapter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene
from host.tv.tutorial.narration import Narrator
from host.tv.tutorial.scripts import SCRIPTS, Script
from host.tv.tutorial.stage import Stage
from host.tv.tutorial.timeline import Chapter

FRAMES_PER_SECOND = 30  # the pictures move slowly; a lower rate spares the server's CPU
Report = Callable[..., None]


def _no_report(*args: Any) -> None:
    return None


class TutorialScene(Scene):
    frames_per_second = FRAMES_PER_SECOND

    def __init__(self, scripts: Mapping[str, Script] = SCRIPTS) -> None:
        self.scripts = scripts
        self.report: Report = _no_report
        self.narrator: Narrator | None = None
        self.game: str | None = None  # the tutorial on screen, None when none runs
        self.chapters: list[Chapter] = []
        self.index = 0  # the Room's index of the chapter playing
        self.paused = False
        self.started_at = 0.0  # the clock when the chapter (re)started, less time already played
        self.frozen = 0.0  # the chapter's time when it was paused
        self.ended_reported: int | None = None
        self.known_reported: tuple[str, tuple[str, ...]] | None = None
        self.chapter_id: str | None = None  # the Room's name for it
        self.refused = False  # asked the Room to end a tutorial this TV cannot play
        self.spoken: tuple[int, int] | None = None  # (index, beat) last given to the narrator

    # -- following the Room ------------------------------------------------------------------
    def receive(self, frame: Frame) -> None:
        tutorial = frame.room.get("tutorial")
        script = self.scripts.get(str((tutorial or {}).get("game")))
        if not tutorial or script is None or frame.room.get("phase") != "lobby":
            if tutorial and script is None and not self.refused:
                self.refused = True  # a game with no tutorial here: end it, do not sit blank
                self.report("command", "skip")
            if not tutorial:
                self.refused = False
            self._stop()
            return
        game = str(tutorial["game"])
        chapters = script(frame.room)
        ids = tuple(c.id for c in chapters)
        if list(ids) != list(tutorial.get("chapters") or []) and self.known_reported != (game, ids):
            self.known_reported = (game, ids)
            self.report("chapters_known", game, list(ids))
        index = int(tutorial.get("index") or 0)
        if game != self.game or index != self.index:
            self.started_at, self.frozen = frame.now, 0.0
            self.ended_reported = None
            self._quiet()
        elif bool(tutorial.get("paused")) != self.paused:
            if tutorial.get("paused"):
                self.frozen = frame.now - self.started_at
                self._quiet()
            else:
                self.started_at = frame.now - self.frozen
                self.spoken = None  # say the beat again from where it stopped
        self.game, self.chapters, self.index = game, chapters, index
        self.paused = bool(tutorial.get("paused"))
        self.chapter_id = tutorial.get("chapter")

    def _stop(self) -> None:
        if self.game is not None:
            self._quiet()
        self.game, self.chapters = None, []
        self.known_reported = None

    def _quiet(self) -> None:
        self.spoken = None
        if self.narrator is not None:
            self.narrator.stop()

    def current(self) -> Chapter | None:
        """The chapter the Room names (by id: the Room's list may lag behind the options)."""
        if not self.chapters:
            return None
        for chapter in self.chapters:
            if chapter.id == self.chapter_id:
                return chapter
        return self.chapters[min(self.index, len(self.chapters) - 1)]

    def elapsed(self, now: float) -> float:
        chapter = self.current()
        if chapter is None:
            return 0.0
        played = self.frozen if self.paused else now - self.started_at
        return min(chapter.duration, max(0.0, played))

    # -- time --------------------------------------------------------------------------------
    def tick(self, frame: Frame) -> None:
        """Called every turn of the window's loop: report an ended chapter, narrate a new beat."""
        chapter = self.current()
        if chapter is None or self.paused:
            return
        t = self.elapsed(frame.now)
        if t >= chapter.duration and self.ended_reported != self.index:
            self.ended_reported = self.index
            self.report("chapter_ended", self.index)
        beat = chapter.beat_at(t)
        if self.narrator is not None:
            if self.spoken != (self.index, beat) and t < chapter.duration:
                self.spoken = (self.index, beat)
                line = chapter.beats[beat]
                left = chapter.beat_start(beat) + line.seconds - t
                self.narrator.say(frame.t(line.subtitle), left)
            self.narrator.pump()

    def animating(self, frame: Frame) -> bool:
        return self.current() is not None and not self.paused

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: Canvas, frame: Frame) -> None:
        chapter = self.current()
        if chapter is None or self.game is None:
            return
        t = self.elapsed(frame.now)
        stage = Stage.open(canvas, frame)
        chapter.picture(stage, t)
        if self.paused:
            stage.picture.dim(0.7)
            stage.text(frame.t("tv.tutorial.paused"), 960, 470, 110, theme.ACCENT, "center", 1700)
        stage.close()
        self._heading(stage, chapter, t)
        stage.subtitle(frame.t(chapter.beats[chapter.beat_at(t)].subtitle))
        stage.text(
            frame.t("tv.tutorial.keys"), 40, 1076, 24, theme.FAINT, "bottomleft", 1120, canvas
        )
        canvas.element(f"tutorial:{self.game}:{chapter.id}", canvas.rect(0, 0, 1920, 1080))

    def _heading(self, stage: Stage, chapter: Chapter, t: float) -> None:
        canvas, frame = stage.screen, stage.frame
        title = f"{frame.t(f'{self.game}.name')} · {frame.t(chapter.title)}"
        stage.text(title, 40, 22, 40, theme.ACCENT, "topleft", 1380, canvas)
        number = self.chapters.index(chapter) + 1 if chapter in self.chapters else 1
        count = frame.t("tv.tutorial.count", number=number, total=len(self.chapters))
        stage.text(count, 1880, 26, 32, theme.MUTED, "topright", 420, canvas)
        # One segment per chapter, as long as the chapter: how far the whole tutorial has got.
        total = sum(c.duration for c in self.chapters) or 1.0
        x = 40.0
        for other in self.chapters:
            width = 1840 * other.duration / total
            canvas.panel(x + 2, 76, width - 4, 8, theme.PANEL_LIGHT, radius=4)
            done = width if number > self.chapters.index(other) + 1 else 0.0
            if other is chapter:
                done = width * t / max(0.001, chapter.duration)
            if done > 4:
                canvas.panel(x + 2, 76, done - 4, 8, theme.ACCENT, radius=4)
            x += width
        canvas.element("tutorial_progress", canvas.rect(40, 76, 1840, 8))
