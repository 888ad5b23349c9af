"""The TV window: the pygame loop on the main thread, fed public messages through a queue.

The network side calls :meth:`TvWindow.post` (thread-safe: it only puts on a ``SimpleQueue``);
the loop drains the queue each frame, never blocking on the network. Host keys go back to the
Room through :class:`HostKeys`, whose callables the CLI binds to ``loop.call_soon_threadsafe``.

When nothing moves the loop sleeps a tenth of a second between looks at the queue and the
keyboard, so an idle lobby costs almost no CPU; while something animates it keeps a steady frame
rate. The turn after an animation ends is drawn too, so its last frame is always replaced by the
board as it is now. Time comes from ``now``/``sleep`` (a test gives a fake clock).
"""

from __future__ import annotations

import queue
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from host.tv import corner, help_overlay, theme
from host.tv.audio import SoundBank
from host.tv.damage import Painter, Recording
from host.tv.director import MAX_QUEUED, Director
from host.tv.draw import Canvas
from host.tv.fonts import FontBook
from host.tv.tutorial import keys as tutorial_keys
from host.tv.tutorial.narration import Narrator

IDLE_WAIT_MS = 100  # how soon an idle window notices a new message
BURST_FED = MAX_QUEUED + 1  # of the messages waiting at one turn, how many the director is fed
QUIT_CONFIRM_SECONDS = 3.0
NOTICE_SECONDS = 4.0
MIN_SIZE = (640, 360)
GIL_SWITCH_SECONDS = 0.001
REPLAY_KEYS = {pygame.K_RIGHT: 1, pygame.K_PAGEDOWN: 1, pygame.K_LEFT: -1, pygame.K_PAGEUP: -1}


def _nothing() -> None:
    return None


@dataclass
class HostKeys:
    """What the host's keys do outside the window (each runs on the server's loop)."""

    start: Callable[[], None] = _nothing
    pause: Callable[[], None] = _nothing
    unpause: Callable[[], None] = _nothing
    resume_saved: Callable[[], None] = _nothing
    bots: Callable[[], None] = _nothing  # let bots play every seat whose phone is gone
    # host.teaching.<name>(room, *args): the tutorial's keys and the TV's chapter reports
    teach: Callable[..., None] = lambda *args: None
    claim: Callable[[bool], None] = lambda approve: None  # let in / refuse the oldest claim
    replay: Callable[[int | None], None] = lambda step: None  # the grand reveal's step
    fingerprint: str = ""  # the private channel's short code, shown in the lobby


@dataclass
class Overlays:
    help: bool = False
    muted: bool = False
    quit_asked_at: float | None = None
    notice: str = ""
    notice_until: float = 0.0


class TvWindow:
    """Owns the display. Make it, then call :meth:`run` on the thread that made it."""

    def __init__(
        self,
        lang: str,
        keys: HostKeys | None = None,
        size: tuple[int, int] = (1280, 720),
        fullscreen: bool = False,
        local_url: str | None = None,
        sound: bool = True,
        reduced_motion: bool = False,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        # The window shares the interpreter with the server's thread. With the default 5 ms GIL
        # switch interval, a drawing loop (many short C calls that drop and retake the GIL)
        # starves the network thread: p99 latency went from ~20 ms to seconds in bench/tv.py.
        # Handing the GIL over every 1 ms keeps message handling prompt while frames are drawn.
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(GIL_SWITCH_SECONDS)
        self.now = now
        self.sleep = sleep
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        # Called at each turn before the inbox is read: where messages from outside the process
        # come in (host/tv/remote.py reads the host's lines here).
        self.collect: Callable[[], None] = _nothing
        self.overlays = Overlays()
        self.running = False
        self.frames = 0
        pygame.init()
        pygame.display.set_caption("molecrew")
        self.windowed_size = size
        self.windowed_at: tuple[int, int] | None = None  # the window's place before F11
        self.fullscreen = fullscreen
        self.screen = self._open_display()
        # Assets are loaded once the display exists, never at import time.
        self.fonts = FontBook()
        self.sounds = SoundBank.load() if sound else SoundBank.silent()
        self.director = Director(lang, self._play, reduced_motion)
        self.director.local_url = local_url
        self.keys = keys or HostKeys()
        self.director.tutorial.report = lambda *args: self.keys.teach(*args)
        self.director.tutorial.narrator = Narrator.offline(lang, self.sounds, self._play)
        self.dirty = True
        self.was_moving = False  # whether the last turn's picture was still changing
        self.drawn_key: tuple[Any, ...] | None = None  # the still picture on screen, if any
        self.damaged = 0  # how often the display lost what it showed (a new mode, an expose)
        self.painter = Painter()
        self.changed: list[pygame.Rect] = []  # what the last frame drawn changed on screen

    @property
    def keys(self) -> HostKeys:
        return self._keys

    @keys.setter
    def keys(self, keys: HostKeys) -> None:
        # The CLI binds the keys once the server runs; the lobby shows the code they carry.
        self._keys = keys
        self.director.fingerprint = keys.fingerprint or None
        self.dirty = True

    # -- called from any thread --------------------------------------------------------------
    def post(self, message: dict[str, Any]) -> None:
        """Hand a public message to the window (the Room's subscriber callback)."""
        self.inbox.put(message)

    def notify(self, text: str) -> None:
        """Show a short notice on the TV (a host key refused, say); thread-safe."""
        self.inbox.put({"type": "notice", "text": text})

    # -- display -----------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """Full screen and back (F11), the board filling the screen, the window where it was.

        SDL 2 makes a window full screen by asking the window manager (_NET_WM_STATE). With
        none (a bare X server, Xvfb, a kiosk's xinit) nobody answers: ``set_mode`` makes a new
        window of the screen's size but leaves it where the window was, the board's top left
        in the middle of the screen and the rest off it (SDL itself believes it is at 0,0).
        So the window is first moved to the screen's corner, which a window manager lets be
        and without one is where a full screen window must be; with one display that corner
        is (0, 0). With several, SDL 2 (as pygame-ce exposes it) does not say where the
        window's display begins, and moving it would take the board off the TV it was
        dragged to: there the window manager's full screen is relied on. Back in a window,
        it goes where it was (pygame-ce makes a new one, placed at the last position)."""
        single = pygame.display.get_num_displays() == 1
        if not self.fullscreen:
            self.windowed_at = pygame.display.get_window_position()
            if single:
                pygame.display.set_window_position((0, 0))
        self.fullscreen = not self.fullscreen
        self.screen = self._open_display()
        if not self.fullscreen and single:
            pygame.display.set_window_position(self.windowed_at or self._centred())
        self.dirty = True
        self.damaged += 1

    def _centred(self) -> tuple[int, int]:
        """Where a window opened in the middle of the (one) screen goes."""
        (screen_width, screen_height), (width, height) = (
            pygame.display.get_desktop_sizes()[0],
            self.windowed_size,
        )
        return max(0, (screen_width - width) // 2), max(0, (screen_height - height) // 2)

    def _play(self, cue: str) -> None:
        if not self.overlays.muted:
            self.sounds.play(cue)

    # -- the loop ----------------------------------------------------------------------------
    def drain(self) -> int:
        """Take every waiting message, notices to the overlays and public frames to the director
        (of a burst, the last few); returns how many there were."""
        self.collect()
        waiting = []
        while True:
            try:
                waiting.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        # More messages than a frame can show (a burst after a resume, bots moving at once, a
        # bench's thousand actions a second): the director keeps the last few moments anyway, so
        # only the last few messages are fed, the board ending as the latest says.
        public = [message for message in waiting if message.get("type") != "notice"]
        skipped = {id(message) for message in public[:-BURST_FED]}
        for message in waiting:
            if message.get("type") == "notice":
                self.overlays.notice = str(message.get("text", ""))
                self.overlays.notice_until = self.now() + NOTICE_SECONDS
            elif id(message) not in skipped:
                self.director.feed(message)
        if waiting:
            self.dirty = True
        return len(waiting)

    def step(self, dt: float) -> None:
        """One turn of the loop without waiting: messages, time, and a frame if needed.

        A frame is drawn when something changed, while something moves, and once more on the
        turn after it stopped moving: that last frame shows the board at full brightness. A
        frame that would repeat the one on screen (``picture_key``) is not drawn.
        """
        self.drain()
        self.director.update(dt)
        moving = self.moving()
        key = self.picture_key()
        if (self.dirty or moving or self.was_moving) and (key is None or key != self.drawn_key):
            self.draw()
            if self.changed:
                pygame.display.update(self.changed)
            self.frames += 1
            self.dirty = False
            self.drawn_key = key
        self.was_moving = moving

    def picture_key(self) -> tuple[Any, ...] | None:
        """The picture on screen, while it repeats the last one drawn (a moment that has stopped
        moving: seconds of it at 60 frames/s): nothing to draw then, even as messages arrive
        beneath it. None when the next frame may differ."""
        key = self.director.picture_key()
        if key is None or self._overlay_timed():
            return None
        room = self.director.frame().room
        overlays = (
            self.overlays.muted,
            self.overlays.help,
            room.get("paused"),
            room.get("paused_by"),
        )
        return key, overlays, self.damaged, self.screen.get_size()

    def moving(self) -> bool:
        return self.director.animating() or self._overlay_timed()

    def draw(self) -> Canvas:
        """Draw the frame on the screen surface where it differs from the last one (the display
        is updated by the caller, from ``changed``)."""
        recording = Recording()
        canvas = self.draw_on(Canvas(self.screen, self.fonts, recording=recording))
        self.changed = self.painter.paint(recording, self.screen, self.damaged)
        return canvas

    def draw_on(self, canvas: Canvas) -> Canvas:
        """The whole frame on ``canvas`` (drawn at once, unless it records)."""
        self.director.draw(canvas)
        self._draw_overlays(canvas)
        return canvas

    def run(
        self,
        should_stop: Callable[[], bool] = lambda: False,
        on_first_frame: Callable[[], None] | None = None,
    ) -> None:
        """Run until the window is closed, the host quits, or ``should_stop()`` says so.

        ``on_first_frame`` is called once the first public message is on screen.
        """
        self.running = True
        last = self.now()
        while self.running and not should_stop():
            if self.moving() or self.was_moving:
                # A steady frame rate: wait out what is left of this frame's share of a second.
                period = 1.0 / self.director.frames_per_second()
                self.sleep(max(0.0, period - (self.now() - last)))
            else:
                # SDL's own event wait polls internally (about 1 % of a core); a plain sleep
                # costs next to nothing, and 0.1 s is quick enough for a key or a message.
                self.sleep(IDLE_WAIT_MS / 1000)
            for event in pygame.event.get():
                self.handle(event)
            now = self.now()
            self.step(min(0.25, now - last))
            last = now
            if on_first_frame is not None and self.director.fed and self.frames:
                on_first_frame()
                on_first_frame = None
        self.close()

    def close(self) -> None:
        self.running = False
        self.sounds.stop()
        pygame.quit()
        sys.setswitchinterval(self._switch_interval)

    # -- host keys ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED):
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                self.windowed_size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            self.screen = pygame.display.get_surface() or self.screen
            self.dirty = True
            self.damaged += 1  # what the display showed is gone: the next frame is drawn
        elif event.type == pygame.KEYDOWN:
            self.press(event.key)

    def press(self, key: int) -> None:
        """Act on one host key (also called by tests)."""
        room = self.director.message.get("room") or {}
        self.dirty = True
        if tutorial_keys.press(key, room, self.keys.teach):
            return
        # Esc asks, then quits, in full screen as in a window (F11 leaves full screen).
        if key in (pygame.K_ESCAPE, pygame.K_q):
            now = self.now()
            asked = self.overlays.quit_asked_at
            if asked is not None and now - asked < QUIT_CONFIRM_SECONDS:
                self.running = False
            else:
                self.overlays.quit_asked_at = now
        elif key == pygame.K_F11 or key == pygame.K_f:
            self.toggle_fullscreen()
        elif key == pygame.K_h or key == pygame.K_F1:
            self.overlays.help = not self.overlays.help
        elif key == pygame.K_m:
            self.overlays.muted = not self.overlays.muted
            self.director.muted = self.overlays.muted  # boards leave the wider hint its room
            if self.overlays.muted:
                self.sounds.stop()
        elif key == pygame.K_s:
            self.keys.start()
        elif key == pygame.K_r and room.get("resumable"):
            self.keys.resume_saved()
        elif key == pygame.K_b:
            self.keys.bots()
        elif key in (pygame.K_y, pygame.K_n) and room.get("claims"):
            self.keys.claim(key == pygame.K_y)
        elif key in REPLAY_KEYS and room.get("phase") == "over":
            self._replay(REPLAY_KEYS[key], room)
        elif key == pygame.K_p and room.get("phase") == "playing":
            (self.keys.unpause if room.get("paused") else self.keys.pause)()
        elif key == pygame.K_SPACE:
            self.director.skip()
        elif key == pygame.K_a:
            self.set_reduced_motion(not self.director.reduced_motion)

    def _replay(self, move: int, room: dict[str, Any]) -> None:
        """Step the grand reveal: on from the result to the first step and back to it past the
        last; the Room decides, the picture follows its next message."""
        count = self.director.replay_count(self.director.message)
        if not count:
            return
        step = room.get("replay_step")
        if step is None:
            wanted: int | None = 0 if move > 0 else count - 1
        else:
            wanted = int(step) + move
            if wanted < 0 or wanted >= count:
                wanted = None
        self.keys.replay(wanted)

    def set_reduced_motion(self, still: bool) -> None:
        """Movements become cuts (or move again); says so on the TV."""
        self.director.reduced_motion = still
        if still:
            self.director.fade = 0.0
        text = self.director.frame().t("tv.motion.off" if still else "tv.motion.on")
        self.overlays.notice = text
        self.overlays.notice_until = self.now() + NOTICE_SECONDS
        self.dirty = True

    # -- overlays ----------------------------------------------------------------------------
    def _overlay_timed(self) -> bool:
        now = self.now()
        asked = self.overlays.quit_asked_at
        if now < self.overlays.notice_until:
            return True
        return asked is not None and now - asked < QUIT_CONFIRM_SECONDS

    def _draw_overlays(self, canvas: Canvas) -> None:
        frame = self.director.frame()
        room = frame.room
        if room.get("paused"):
            canvas.dim(0.8)
            canvas.text(frame.t("tv.paused"), 960, 420, 120, theme.ACCENT, "midtop", 1700)
            by = room.get("paused_by")
            text = frame.t("tv.paused_by", name=by) if by else frame.t("tv.paused.text")
            canvas.text(text, 960, 580, 40, theme.TEXT, "midtop", 1700)
            canvas.element("paused", canvas.rect(0, 0, 1920, 1080))
        corner.draw_hint(canvas, frame)
        asked = self.overlays.quit_asked_at
        if asked is not None and self.now() - asked < QUIT_CONFIRM_SECONDS:
            canvas.panel(560, 460, 800, 160, theme.PANEL_LIGHT, radius=24, border=theme.BAD)
            canvas.text(frame.t("tv.quit_confirm"), 960, 540, 44, theme.TEXT, "center", 760)
        if self.now() < self.overlays.notice_until:
            canvas.panel(360, 880, 1200, 110, theme.PANEL_LIGHT, radius=20, border=theme.BAD)
            self._draw_notice(canvas)
        if self.overlays.help:
            self._draw_help(canvas)

    def _draw_notice(self, canvas: Canvas) -> None:
        """The notice in its panel: one line, or two a little smaller rather than cut short."""
        text, size = self.overlays.notice, 34.0
        lines = canvas.wrap(text, size, 1140)
        while len(lines) > 2 or (len(lines) == 2 and size > 30):
            if size <= theme.MIN_TEXT:
                break
            size -= 2
            lines = canvas.wrap(text, size, 1140)
        if len(lines) <= 1:
            canvas.text(text, 960, 935, size, theme.TEXT, "center", 1140)
            return
        gap = size * 1.2
        canvas.wrapped(text, 390, 935 - gap, size, 1140, theme.TEXT, 1.2, 2, centred=True)

    def _draw_help(self, canvas: Canvas) -> None:
        help_overlay.draw(canvas, self.director.frame())
