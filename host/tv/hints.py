"""First-game hints: with the lobby's "first game" option on (room part ``first_game``), the TV
explains each rule in one line at the moment it first happens, once per game.

Each game's TV folder has its list of triggers (``TvGame.hints``), each a pure test of two
consecutive public views (before, after) with the facts its line needs; only public facts are
read, so a hint can betray nothing.
A line stays on screen while the situation that brought it lasts (until the game's phase
changes), so no timer is needed and a frame stays a pure function of this state. A new game
(the room going back to playing) starts with every hint unseen again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame

View = dict[str, Any]
BAND_TOP, BAND_RIGHT, BAND_GAP = 6, 1900, 16
BELOW_BAR = 94  # under the room bar's strip (roombar.STRIP_BOTTOM), over the board's top
# (old view, new view, frame) -> the line's facts when the rule happens now, else None.
Trigger = Callable[[View, View, Frame], dict[str, Any] | None]


def entered(phase: str) -> Trigger:
    def test(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
        return {} if new.get("phase") == phase and old.get("phase") != phase else None

    return test


class FirstGameHints:
    """Which hints this game has shown, and the one on screen."""

    def __init__(self, triggers: Mapping[str, Sequence[tuple[str, Trigger]]] | None = None) -> None:
        if triggers is None:  # each game's own, from its TV folder (imported here: no cycle)
            from host.tv.games import TV_GAMES

            triggers = {name: game.hints for name, game in TV_GAMES.items()}
        self.triggers = triggers
        self.seen: set[str] = set()
        self.line: str | None = None  # the text on screen
        self.key: str | None = None
        self.previous: View | None = None
        self.room_phase: str | None = None

    def receive(self, frame: Frame) -> None:
        room_phase = frame.room.get("phase")
        view = frame.view
        if room_phase == "playing" and self.room_phase != "playing":
            self.seen.clear()  # a new game (or a rematch): every rule is new again
            self.previous = None
        self.room_phase = room_phase
        if not frame.room.get("first_game") or room_phase != "playing" or not view:
            self.line = self.key = None
            self.previous = view
            return
        old = self.previous if self.previous is not None else {}
        self.previous = view
        for name, test in self.triggers.get(str(view.get("game")), []):
            key = f"tv.first.{view.get('game')}.{name}"
            if key in self.seen:
                continue
            facts = test(old, view, frame)
            if facts is not None:
                self.seen.add(key)
                self.key, self.line = key, frame.t(key, **facts)
                return
        if old.get("phase") != view.get("phase"):
            self.line = self.key = None  # the moment it explained is over

    def draw(self, canvas: Canvas, frame: Frame, bar_left: float | None = None) -> float | None:
        """A band across the top of the board while a hint applies; left of the room bar
        (``bar_left``: where its clock or notes begin, None: no bar), or below it when the
        line would not fit beside it in two lines. Returns where the band ends when it lies
        in the top strip (None: no band there)."""
        if not self.line:
            return None
        top, right = BAND_TOP, float(BAND_RIGHT)
        if bar_left is not None:
            right = bar_left - BAND_GAP
            if len(self._lines(canvas, frame, right)[1]) > 2:
                top, right = BELOW_BAR, float(BAND_RIGHT)
        size, lines = self._lines(canvas, frame, right)
        canvas.panel(20, top, right - 20, 84, theme.PANEL_LIGHT, radius=18, border=theme.ACCENT)
        middle = top + 42
        canvas.text(frame.t("tv.first.label"), 48, middle, 28, theme.ACCENT, "midleft", 300)
        left = self._text_left(canvas, frame)
        width = right - 20 - left
        gap = size * 1.15
        lines = lines[:2]
        first = middle - gap * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            canvas.text(line, left, first + index * gap, size, theme.TEXT, "midleft", width)
        canvas.element(f"hint:{self.key}", canvas.rect(20, top, right - 20, 84))
        return right if top == BAND_TOP else None

    def _text_left(self, canvas: Canvas, frame: Frame) -> float:
        """Where the line starts: after the label (drawn at most 300 wide)."""
        label = canvas.fonts.size(frame.t("tv.first.label"), max(6, round(28 * canvas.scale)))
        return 48 + min(300.0, label[0] / canvas.scale) + 24

    def _lines(self, canvas: Canvas, frame: Frame, right: float) -> tuple[float, list[str]]:
        """The size and lines of the hint in a band ending at ``right``: one line at 34, or
        two as large as fit (down to 24); more than two lines: it does not fit there."""
        width = right - 20 - self._text_left(canvas, frame)
        lines = canvas.wrap(self.line or "", 34, width)
        if len(lines) == 1:
            return 34.0, lines
        size = 30.0
        while len(lines := canvas.wrap(self.line or "", size, width)) > 2 and size > 24:
            size -= 2
        return size, lines
