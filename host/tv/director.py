"""The scene manager: picks the scene for the latest public message, plays the moments between.

It compares each public message with the one before to find what just became public (a vote
arrived, the votes were revealed, a lock resolved, the Getaway began, the game ended) and turns
that into sound cues and timed presentations. Only public facts are compared, so no cue can
betray a secret: a vote arriving makes the same tick whatever it says.

No pygame display calls here beyond drawing on the canvas it is given; the window owns the loop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from host.tv import insidejob_moments, theme
from host.tv.board import BoardScene
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.getaway import GetawayScene
from host.tv.insidejob_board import InsideJobBoardScene
from host.tv.insidejob_reveal import InsideJobRevealScene
from host.tv.lobby import LobbyScene
from host.tv.presentations import CardsReveal, PatrolBlows, Presentation, VotesReveal
from host.tv.reveal import RevealScene
from host.tv.scene import Scene

FADE_SECONDS = 0.45
MAX_QUEUED = 3


def scene_for(message: dict[str, Any]) -> str:
    """The scene a public message calls for: lobby, board, getaway or reveal."""
    view = message.get("view")
    room = message.get("room") or {}
    if not view or room.get("phase") == "lobby":
        return "lobby"
    if view.get("game") == "insidejob":
        return "insidejob_reveal" if view.get("phase") == "over" else "insidejob_board"
    if view.get("phase") == "over" or view.get("result"):
        return "reveal"
    if view.get("phase") == "getaway":
        return "getaway"
    return "board"


def changes(before: dict[str, Any] | None, after: dict[str, Any]) -> tuple[list[str], list[Any]]:
    """Sound cues and presentations for what became public between two messages."""
    cues: list[str] = []
    shows: list[Presentation] = []
    if before is None:
        return cues, shows
    old_room, new_room = before.get("room") or {}, after.get("room") or {}
    if len(new_room.get("seats") or []) > len(old_room.get("seats") or []):
        cues.append("join")
    old, new = before.get("view"), after.get("view")
    if not new or not old or old.get("game") != new.get("game"):
        return cues, shows
    if new.get("game") == "insidejob":
        more_cues, shows = insidejob_moments.changes(old, new)
        return cues + more_cues, shows
    if len(new.get("proposals") or []) < len(old.get("proposals") or []):
        return cues, shows  # a new game (rematch): nothing to replay
    for key in ("voted", "played"):
        if len(new.get(key) or []) > len(old.get(key) or []):
            cues.append("tick")
    old_confirmed = (old.get("getaway") or {}).get("confirmed") or []
    new_confirmed = (new.get("getaway") or {}).get("confirmed") or []
    if len(new_confirmed) > len(old_confirmed):
        cues.append("tick")
    old_proposals = old.get("proposals") or []
    for number, proposal in enumerate(new.get("proposals") or []):
        if number >= len(old_proposals):
            shows.append(VotesReveal(proposal, number))
    old_locks = old.get("locks") or []
    for index, lock in enumerate(new.get("locks") or []):
        was = old_locks[index] if index < len(old_locks) else {}
        if lock.get("result") and not was.get("result"):
            if lock.get("by") == "patrol":
                shows.append(PatrolBlows(index))
            else:
                shows.append(CardsReveal(index, lock))
    return cues, shows


class Director:
    """Feeds messages to scenes; ``update(dt)`` advances time; ``draw(canvas)`` paints a frame."""

    def __init__(self, lang: str, play: Callable[[str], None] = lambda cue: None) -> None:
        self.lang = lang
        self.play = play
        self.scenes: dict[str, Scene] = {
            "lobby": LobbyScene(),
            "board": BoardScene(),
            "getaway": GetawayScene(),
            "reveal": RevealScene(),
            "insidejob_board": InsideJobBoardScene(),
            "insidejob_reveal": InsideJobRevealScene(),
        }
        self.message: dict[str, Any] = {"type": "public", "room": {}, "view": None}
        self.current = "lobby"
        self.clock = 0.0
        self.fade = 0.0  # seconds left of the fade-in of a new scene
        self.queue: deque[Presentation] = deque()
        self.showing: Presentation | None = None
        self.shown_for = 0.0
        self.fed = False  # whether any public message has arrived
        self.local_url: str | None = None

    # -- input -------------------------------------------------------------------------------
    def feed(self, message: dict[str, Any]) -> None:
        cues, shows = changes(self.message if self.fed else None, message)
        self.fed = True
        self.message = message
        self.queue.extend(shows)
        # Messages faster than the show (a burst after a resume, a benchmark): keep the latest.
        while len(self.queue) > MAX_QUEUED:
            self.queue.popleft()
        for cue in cues:
            self.play(cue)

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.fade = max(0.0, self.fade - dt)
        if self.showing is None and self.queue:
            self.showing, self.shown_for = self.queue.popleft(), 0.0
            # Moments play over their game's board.
            insidejob = (self.message.get("view") or {}).get("game") == "insidejob"
            self._switch("insidejob_board" if insidejob else "board")
            for cue in self.showing.cues(-1.0, 0.0):
                self.play(cue)
        if self.showing is not None:
            before, self.shown_for = self.shown_for, self.shown_for + dt
            for cue in self.showing.cues(before, self.shown_for):
                self.play(cue)
            if self.shown_for >= self.showing.duration:
                self.showing = None
        if self.showing is None and not self.queue:
            self._switch(scene_for(self.message))
        self.scenes[self.current].update(dt)

    def skip(self) -> None:
        """Finish every pending moment at once (tests; a host who presses Space)."""
        while self.showing is not None or self.queue:
            step = (self.showing.duration - self.shown_for) if self.showing else 0.0
            self.update(step + 0.001)
        self.update(0.0)  # switch to the scene the message calls for...
        self.update(FADE_SECONDS)  # ...and let its fade-in finish

    def _switch(self, name: str) -> None:
        if name != self.current:
            self.current = name
            self.fade = FADE_SECONDS
            self.scenes[name].enter(self)
            if name == "getaway":
                self.play("siren")
            if name == "insidejob_reveal":
                self.play(insidejob_moments.ending_cue(self.message.get("view") or {}))
            if name == "reveal":
                result = (self.message.get("view") or {}).get("result") or {}
                self.play("win_crew" if result.get("winner") == "crew" else "win_moles")

    def animating(self) -> bool:
        """Whether the picture changes on its own (else the window may sleep between events)."""
        return (
            self.fade > 0
            or self.showing is not None
            or bool(self.queue)
            or self.scenes[self.current].animating()
        )

    # -- drawing -----------------------------------------------------------------------------
    def frame(self) -> Frame:
        return Frame(self.message, self.lang, self.clock, self.local_url)

    def draw(self, canvas: Canvas) -> None:
        frame = self.frame()
        canvas.fill(theme.BACKGROUND)
        if self.showing is None or not self.showing.covers(self.shown_for):
            self.scenes[self.current].draw(canvas, frame)
        if self.showing is not None:
            self.showing.draw(canvas, frame, self.shown_for)
        if self.fade > 0:
            canvas.dim(self.fade / FADE_SECONDS)
