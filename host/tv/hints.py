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

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        """A band across the top of the board while a hint applies."""
        if not self.line:
            return
        canvas.panel(20, 6, 1880, 84, theme.PANEL_LIGHT, radius=18, border=theme.ACCENT)
        label = canvas.text(frame.t("tv.first.label"), 48, 48, 28, theme.ACCENT, "midleft", 300)
        left = 48 + label.width / canvas.scale + 24
        width = 1880 - left
        size, lines = 34.0, canvas.wrap(self.line, 34, width)
        if len(lines) > 1:  # two lines, a little smaller, rather than one cut short
            size = 30
            while len(lines := canvas.wrap(self.line, size, width)) > 2 and size > 24:
                size -= 2
        gap = size * 1.15
        top = 48 - gap * (min(2, len(lines)) - 1) / 2
        for index, line in enumerate(lines[:2]):
            canvas.text(line, left, top + index * gap, size, theme.TEXT, "midleft", width)
        canvas.element(f"hint:{self.key}", canvas.rect(20, 6, 1880, 84))
