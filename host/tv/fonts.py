"""The TV's fonts: DejaVu Sans Bold for text, Noto Emoji for the emoji players put in names.

SDL_ttf has no fallback between fonts, so a line is cut into runs, each drawn with the font
that has its glyphs, and the runs are set side by side on one baseline. The joiners and
modifiers of an emoji sequence (zero-width joiner, variation selectors, skin tones, keycaps,
flag tags) stay in the emoji's run, so the font's shaping draws the whole sequence as one glyph.
Both fonts ship in ``assets/fonts/`` with their licences: pip users have no system fonts.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame.freetype

from host.tv.theme import Colour

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
TEXT_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"
EMOJI_FONT = FONT_DIR / "NotoEmoji-Bold.ttf"
FIRST_PICTOGRAPH = 0x1F000  # from here on the emoji font draws a character it has
_TEXT_CACHE_LIMIT = 600


def _joins(code: int) -> bool:
    """A code point that shapes the emoji before it rather than standing alone."""
    return (
        code in (0x200D, 0xFE0E, 0xFE0F, 0x20E3)
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
    )


class FontBook:
    """Fonts by pixel size and rendered text by (text, size, colour); made after pygame.init()."""

    def __init__(self, path: Path = TEXT_FONT, emoji: Path = EMOJI_FONT) -> None:
        self.path = path
        self.emoji = emoji
        self._fonts: dict[tuple[Path, int], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._faces: dict[Path, pygame.freetype.Font] = {}
        self._has: dict[tuple[Path, str], bool] = {}

    def font(self, size: int, path: Path | None = None) -> pygame.font.Font:
        key = (path or self.path, max(6, size))
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(str(key[0]), key[1])
        return self._fonts[key]

    def has(self, path: Path, char: str) -> bool:
        """Whether the font at ``path`` has a glyph for ``char``."""
        key = (path, char)
        if key not in self._has:
            if path not in self._faces:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                self._faces[path] = pygame.freetype.Font(str(path), 16)
            self._has[key] = self._faces[path].get_metrics(char)[0] is not None
        return self._has[key]

    def runs(self, text: str) -> list[tuple[str, Path]]:
        """``text`` cut into (piece, font) runs, each drawn by a font that has its glyphs."""
        if text.isascii():
            return [(text, self.path)]
        runs: list[tuple[str, Path]] = []
        for char in text:
            code = ord(char)
            joining = bool(runs) and runs[-1][1] == self.emoji and _joins(code)
            wanted = code >= FIRST_PICTOGRAPH or not self.has(self.path, char)
            path = self.emoji if joining or (wanted and self.has(self.emoji, char)) else self.path
            if runs and runs[-1][1] == path:
                runs[-1] = (runs[-1][0] + char, path)
            else:
                runs.append((char, path))
        return runs

    def size(self, text: str, size: int) -> tuple[int, int]:
        """Width and height of ``text`` drawn at ``size`` pixels."""
        runs = self.runs(text)
        if len(runs) == 1:
            return self.font(size, runs[0][1]).size(text)
        sizes = [self.font(size, path).size(piece) for piece, path in runs]
        return sum(w for w, _ in sizes), max(h for _, h in sizes)

    def render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        key = (text, size, colour)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) > _TEXT_CACHE_LIMIT:
                self._texts.clear()
            surface = self._render(text, size, colour)
            self._texts[key] = surface
        return surface

    def _render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        runs = self.runs(text)
        if len(runs) == 1:
            return self.font(size, runs[0][1]).render(text, True, colour)
        pieces = [
            (self.font(size, path).render(piece, True, colour), self.font(size, path).get_ascent())
            for piece, path in runs
        ]
        baseline = max(ascent for _, ascent in pieces)
        height = max(baseline - ascent + piece.get_height() for piece, ascent in pieces)
        line = pygame.Surface((sum(p.get_width() for p, _ in pieces), height), pygame.SRCALPHA)
        x = 0
        for piece, ascent in pieces:
            line.blit(piece, (x, baseline - ascent))
            x += piece.get_width()
        return line
