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
BAND_TOP, BAND_HEIGHT, BAND_RIGHT, BAND_GAP = 6, 84, 1900, 16
MIDDLE = BAND_TOP + BAND_HEIGHT / 2
TEXT_LEFT = 48  # the label's left edge, and the run-on lines'
# Three lines of the smallest text: the band takes the whole strip above the boards (their
# locks, panels or title start at 96 or lower), its lines closer than usual, their boxes apart.
RUN_IN_TOP, RUN_IN_HEIGHT, RUN_IN_PITCH, RUN_IN_GAP = 2, 92, 27, 14
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
        """A band across the top of the board, in the title strip, while a hint applies; left
        of the room bar (``bar_left``: where its clock or notes begin, None: no bar). Beside a
        wide bar the line runs on under its label in up to three lines, so the band never has
        to leave the strip and hide the board. Returns where the band ends (None: no band)."""
        if not self.line:
            return None
        right = float(BAND_RIGHT) if bar_left is None else bar_left - BAND_GAP
        size, lines = self._lines(canvas, frame, right)
        if len(lines) <= 2:
            self._band(canvas, frame, BAND_TOP, BAND_HEIGHT, right)
            canvas.text(
                frame.t("tv.first.label"), TEXT_LEFT, MIDDLE, 28, theme.ACCENT, "midleft", 300
            )
            left = self._text_left(canvas, frame)
            gap = size * 1.15
            first = MIDDLE - gap * (len(lines) - 1) / 2
            for index, line in enumerate(lines):
                y = first + index * gap
                canvas.text(line, left, y, size, theme.TEXT, "midleft", right - 20 - left)
        else:
            self._run_in(canvas, frame, right)
        return right

    def _band(self, canvas: Canvas, frame: Frame, top: float, height: float, right: float) -> None:
        canvas.panel(20, top, right - 20, height, theme.PANEL_LIGHT, radius=18, border=theme.ACCENT)
        canvas.element(f"hint:{self.key}", canvas.rect(20, top, right - 20, height))

    def _run_in(self, canvas: Canvas, frame: Frame, right: float) -> None:
        """The hint in three lines at the smallest legible size, the label leading the first
        (as a paragraph's run-in heading) and the others starting under it."""
        self._band(canvas, frame, RUN_IN_TOP, RUN_IN_HEIGHT, right)
        size = float(theme.MIN_TEXT)
        label = frame.t("tv.first.label")
        label_width = canvas.fonts.size(label, canvas.px(size))[0] / canvas.scale
        first_left = TEXT_LEFT + label_width + RUN_IN_GAP
        lines = self._run_in_lines(canvas, first_left, right)
        if len(lines) > 3:  # longer than any hint with 16-letter names: "…", recorded as cut
            lines = [*lines[:2], " ".join(lines[2:])]
        first = RUN_IN_TOP + RUN_IN_HEIGHT / 2 - RUN_IN_PITCH
        canvas.text(label, TEXT_LEFT, first, size, theme.ACCENT, "midleft")
        for index, line in enumerate(lines):
            left = first_left if index == 0 else TEXT_LEFT
            y = first + index * RUN_IN_PITCH
            canvas.text(line, left, y, size, theme.TEXT, "midleft", right - 20 - left)

    def _run_in_lines(self, canvas: Canvas, first_left: float, right: float) -> list[str]:
        """The hint's lines when the first starts at ``first_left`` and the rest at the band's
        left (greedy, word by word, at the smallest legible size)."""
        pixels = canvas.px(theme.MIN_TEXT)
        lines: list[str] = []
        for word in (self.line or "").split():
            left = first_left if len(lines) <= 1 else TEXT_LEFT
            room = (right - 20 - left) * canvas.scale
            if lines and canvas.fonts.size(f"{lines[-1]} {word}", pixels)[0] <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def _text_left(self, canvas: Canvas, frame: Frame) -> float:
        """Where the line starts: after the label (drawn at most 300 wide)."""
        label = canvas.fonts.size(frame.t("tv.first.label"), max(6, round(28 * canvas.scale)))
        return TEXT_LEFT + min(300.0, label[0] / canvas.scale) + 24

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
