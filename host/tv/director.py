"""The scene manager: picks the scene for the latest public message, plays the moments between.

Each game's TV folder says, through its :class:`~host.tv.tvgame.TvGame`, which of its scenes a
view calls for and what became public between two views (sound cues and timed moments). Only
public facts are compared, so no cue can betray a secret.

Every scene hears of each message as it arrives (``Scene.receive``) and draws from its own state
and the clock only, so when a moment or a fade ends the next frame is simply the board as it is.
No pygame display calls here beyond drawing on the canvas it is given; the window owns the loop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from host.tv import theme
from host.tv.draw import Canvas, StillPicture
from host.tv.frame import Frame
from host.tv.games import TV_GAMES
from host.tv.hints import FirstGameHints
from host.tv.lobby import LobbyScene
from host.tv.other import OtherGameScene
from host.tv.presentations import Presentation
from host.tv.replay import ReplayScene, replay_count
from host.tv.roombar import CLOCK_FPS, RoomBar
from host.tv.scene import ANIMATION_FPS, Scene
from host.tv.tutorial.scene import TutorialScene
from host.tv.tvgame import BOARD, TvGame

FADE_SECONDS = 0.45
MAX_QUEUED = 3
LOBBY, OTHER, TUTORIAL, REPLAY = "lobby", "other", "tutorial", "replay"


def scene_key(game: str, scene: str) -> str:
    return f"{game}.{scene}"


class Director:
    """Feeds messages to scenes; ``update(dt)`` advances time; ``draw(canvas)`` paints a frame.

    ``reduced_motion`` turns every movement (fades, flips, slides, the siren) into a cut; the
    moments keep their length so they can still be read.
    """

    def __init__(
        self,
        lang: str,
        play: Callable[[str], None] = lambda cue: None,
        reduced_motion: bool = False,
        games: Mapping[str, TvGame] = TV_GAMES,
    ) -> None:
        self.lang = lang
        self.play = play
        self.reduced_motion = reduced_motion
        self.games = games
        self.tutorial = TutorialScene()  # plays while the Room's tutorial runs in the lobby
        self.hints = FirstGameHints()
        self.room_bar = RoomBar()  # the clock, claims and the like, over every scene
        self.scenes: dict[str, Scene] = {
            LOBBY: LobbyScene(),
            OTHER: OtherGameScene(),
            TUTORIAL: self.tutorial,
            REPLAY: ReplayScene(games),
        }
        # Each game's scenes, by the director's key: the game and the scene's own key in it.
        self.owners: dict[str, tuple[TvGame, str]] = {}
        for game in games.values():
            for key, scene in game.make_scenes().items():
                self.scenes[scene_key(game.name, key)] = scene
                self.owners[scene_key(game.name, key)] = (game, key)
        self.message: dict[str, Any] = {"type": "public", "room": {}, "view": None}
        self.current = LOBBY
        self.clock = 0.0
        self.fade = 0.0  # seconds left of the fade-in of a new scene
        self.queue: deque[Presentation] = deque()
        self.showing: Presentation | None = None
        self.shown_for = 0.0
        self.fed = False  # whether any public message has arrived
        self.messages = 0  # how many have (the still picture is redrawn for each)
        self.picture = StillPicture()
        self.moments_shown = 0  # how many moments have begun: each one's still picture is its own
        self.local_url: str | None = None
        self.fingerprint: str | None = None
        self.muted = False  # the window's sound off: the corner hint is wider (host/tv/corner.py)

    # -- which game, which scene -------------------------------------------------------------
    def _game(self, view: dict[str, Any] | None) -> TvGame | None:
        return self.games.get(str((view or {}).get("game")))

    def scene_for(self, message: dict[str, Any]) -> str:
        """The scene a public message calls for."""
        view = message.get("view")
        room = message.get("room") or {}
        if room.get("tutorial") and room.get("phase") == "lobby":
            return TUTORIAL
        if not view or room.get("phase") == "lobby":
            return LOBBY
        game = self._game(view)
        if game is None:
            return OTHER
        stepping = room.get("phase") == "over" and room.get("replay_step") is not None
        if stepping and replay_count(game, message):
            return REPLAY
        return scene_key(game.name, game.scene_for(view))

    def replay_count(self, message: dict[str, Any]) -> int:
        """How many steps the grand reveal of this message's finished game has (0: none)."""
        game = self._game(message.get("view"))
        return replay_count(game, message) if game is not None else 0

    def changes(
        self, before: dict[str, Any] | None, after: dict[str, Any]
    ) -> tuple[list[str], list[Presentation]]:
        """Sound cues and moments for what became public between two messages."""
        if before is None:
            return [], []
        cues: list[str] = []
        old_room, new_room = before.get("room") or {}, after.get("room") or {}
        if len(new_room.get("seats") or []) > len(old_room.get("seats") or []):
            cues.append("join")
        old, new = before.get("view"), after.get("view")
        game = self._game(new)
        if not new or not old or old.get("game") != new.get("game") or game is None:
            return cues, []
        more_cues, shows = game.changes(old, new)
        return cues + more_cues, shows

    # -- input -------------------------------------------------------------------------------
    def feed(self, message: dict[str, Any]) -> None:
        before = self.message if self.fed else None
        cues, shows = self.changes(before, message)
        for show in shows:
            show.before = before
        self.fed = True
        self.messages += 1
        self.message = message
        frame = self.frame()
        game = self._game(message.get("view"))
        for key, scene in self.scenes.items():
            # The lobby follows the room; a game's scenes follow that game's views only.
            if key == LOBBY or (game is not None and self.owners.get(key, (None,))[0] is game):
                scene.receive(frame)
        self.tutorial.receive(frame)  # follows the room's tutorial part, whatever the view
        self.hints.receive(frame)
        self.room_bar.receive(frame)
        self._enqueue(shows)
        for cue in cues:
            self.play(cue)

    def _enqueue(self, shows: list[Presentation]) -> None:
        """Queue the moments a message brought, catching up when the room outruns them.

        A final moment (how the game ended) keeps of the moments still waiting only the latest
        (how the last round ended) and ends the one on screen, from an earlier round, at once: no
        stale lock after the end, and the end's beat is never dropped. Messages faster than the
        show (a burst after a resume, a benchmark): the oldest moments that are not final go.
        Whatever waits behind the moment on screen shortens it to its brief (``update``).
        """
        for show in shows:
            if show.final and self.queue:
                latest = self.queue[-1]
                self.queue.clear()
                self.queue.append(latest)
                self.showing = None
            self.queue.append(show)
        while len(self.queue) > MAX_QUEUED:
            oldest = next((show for show in self.queue if not show.final), None)
            if oldest is None:
                break
            self.queue.remove(oldest)

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.fade = max(0.0, self.fade - dt)
        if self.showing is None and self.queue:
            self.showing, self.shown_for = self.queue.popleft(), 0.0
            self.moments_shown += 1
            game = self._game(self.message.get("view"))
            if game is not None:  # moments play over the game's scene as it was before
                self._switch(scene_key(game.name, self._scene_before(game, self.showing)), False)
            for cue in self.showing.cues(-1.0, 0.0):
                self.play(cue)
        if self.showing is not None:
            # Hurried (a moment waits behind it), it ends at its brief, its later sounds unplayed.
            end = self.showing.ends_at(hurried=bool(self.queue))
            before, self.shown_for = self.shown_for, self.shown_for + dt
            for cue in self.showing.cues(before, min(self.shown_for, end)):
                self.play(cue)
            if self.shown_for >= end:
                self.showing = None
        if self.showing is None and not self.queue:
            self._switch(self.scene_for(self.message))
        self.tutorial.tick(self.frame())

    def skip(self) -> None:
        """Finish every pending moment at once (tests; a host who presses Space)."""
        while self.showing is not None or self.queue:
            end = self.showing.ends_at(hurried=bool(self.queue)) if self.showing else 0.0
            step = max(0.0, end - self.shown_for) if self.showing else 0.0
            self.update(step + 0.001)
        self.update(0.0)  # switch to the scene the message calls for...
        self.update(FADE_SECONDS)  # ...and let its fade-in finish

    def _scene_before(self, game: TvGame, showing: Presentation) -> str:
        """The scene of the message before the moment's change (the board if none is known):
        the Getaway's accusation plays over the Getaway, a lock's cards over the board."""
        view = (showing.before or {}).get("view")
        return game.scene_for(view) if view and self._game(view) is game else BOARD

    def _switch(self, name: str, entry_cue: bool = True) -> None:
        """Show scene ``name``, fading in; its entry cue (a siren, a fanfare) unless
        ``entry_cue`` is False: a scene beneath a moment is its backdrop, the moment has its own
        sounds."""
        if name == self.current:
            return
        self.current = name
        self.fade = 0.0 if self.reduced_motion else FADE_SECONDS
        if entry_cue and name in self.owners:
            game, key = self.owners[name]
            cue = game.entry_cue(key, self.message.get("view") or {})
            if cue:
                self.play(cue)

    def animating(self) -> bool:
        """Whether the picture changes on its own (else the window may sleep between events)."""
        return (
            self.fade > 0
            or self.showing is not None
            or bool(self.queue)
            or self.scenes[self.current].animating(self.frame())
            or self.room_bar.animating(self.frame())
        )

    def frames_per_second(self) -> int:
        """How often to draw while animating: the scene's own rate unless a moment plays."""
        if self.showing is not None or self.fade > 0:
            return ANIMATION_FPS
        if self.scenes[self.current].animating(self.frame()):
            return self.scenes[self.current].frames_per_second
        return CLOCK_FPS if self.room_bar.animating(self.frame()) else ANIMATION_FPS

    # -- drawing -----------------------------------------------------------------------------
    def frame(self) -> Frame:
        return Frame(
            self.message,
            self.lang,
            self.clock,
            self.local_url,
            self.reduced_motion,
            self.fingerprint,
            self.muted,
        )

    def draw(self, canvas: Canvas) -> None:
        frame = self.frame()
        canvas.looks = frame.looks()
        showing = self.showing
        cover_from: float | None = None  # just left of the bar
        if showing is not None and showing.covers(self.shown_for):
            self._draw_moment_alone(canvas, frame, showing)
        elif showing is not None:
            # The board as it was before the change the moment reveals, fading out under it.
            self._draw_scene(canvas, self._frame_before(showing), ("before", self.moments_shown))
            showing.draw(canvas, frame, self.shown_for)
        else:
            self._draw_scene(canvas, frame, self.messages)
            band_right = self.hints.draw(canvas, frame, self.room_bar.top_left(canvas, frame))
            if band_right is not None:
                cover_from = band_right  # the band hides the strip left of there
        self.room_bar.draw(canvas, frame, cover_from)
        if self.fade > 0:
            canvas.dim(self.fade / FADE_SECONDS)

    def _draw_scene(self, canvas: Canvas, frame: Frame, drawn_from: Any) -> None:
        """The current scene drawn from ``frame``; ``drawn_from`` names that frame's message
        (the same name, the same still picture)."""
        scene = self.scenes[self.current]

        def paint(canvas: Canvas) -> None:
            canvas.fill(theme.BACKGROUND)
            scene.draw(canvas, frame)

        if scene.still(frame):
            key = self.current, drawn_from, self.lang, self.reduced_motion, self.local_url
            self.picture.draw(canvas, (*key, self.fingerprint, self.muted), paint)
        else:
            paint(canvas)

    def _frame_before(self, showing: Presentation) -> Frame:
        """The frame of the message before the moment's change (this one if none is known)."""
        frame = self.frame()
        if showing.before is not None:
            frame.message = showing.before
        return frame

    def _draw_moment_alone(self, canvas: Canvas, frame: Frame, showing: Presentation) -> None:
        """A moment that hides the board: copied once it has stopped moving (it reads the
        host's language and the players' names, nothing else that may change meanwhile)."""
        elapsed = self.shown_for

        def paint(canvas: Canvas) -> None:
            canvas.fill(theme.BACKGROUND)
            showing.draw(canvas, frame, elapsed)

        if showing.still_from is not None and elapsed >= showing.still_from:
            self.picture.draw(canvas, self._moment_key(frame), paint)
        else:
            paint(canvas)

    def _moment_key(self, frame: Frame) -> tuple[Any, ...]:
        names = tuple(str(seat.get("name", "")) for seat in frame.seats())
        return "moment", self.moments_shown, self.lang, self.reduced_motion, names

    def picture_key(self) -> tuple[Any, ...] | None:
        """While a moment that hides the board has stopped moving, what a frame shows, as a
        key: the same key, the same picture, so the window need not draw it again. None
        whenever the next frame may differ from the last."""
        showing = self.showing
        if showing is None or self.fade > 0 or showing.still_from is None:
            return None
        if self.shown_for < showing.still_from or not showing.covers(self.shown_for):
            return None
        frame = self.frame()
        bar = self.room_bar.picture_key(frame)
        return None if bar is None else (*self._moment_key(frame), bar)
