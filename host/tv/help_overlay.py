"""The host keys overlay (H): each key and what it does, at one size in every language.

The panel is wide enough for the longest line of any catalog at full size (QA: in es and pt
the rows of a 1000-wide panel were drawn smaller than in en, down to 24)."""

from __future__ import annotations

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame

ROWS = (
    ("S", "tv.help.start"),
    ("P", "tv.help.pause"),
    ("B", "tv.help.bots"),
    ("R", "tv.help.resume"),
    ("T", "tv.help.tutorial"),
    ("Y / N", "tv.help.claim"),
    ("← →", "tv.help.replay"),
    ("M", "tv.help.mute"),
    ("F11", "tv.help.fullscreen"),
    ("tv.help.key_space", "tv.help.skip"),
    ("A", "tv.help.motion"),
    ("H", "tv.help.help"),
    ("Esc", "tv.help.quit"),
)
# The key caps as keyboards print them; the space bar prints nothing, so its name is a word.
WORD_CAPS = {"tv.help.key_space"}
LEFT, TOP, WIDTH, HEIGHT = 310, 100, 1300, 900
KEY_LEFT, KEY_WIDTH = LEFT + 60, 170
TEXT_LEFT = KEY_LEFT + KEY_WIDTH + 30
TEXT_WIDTH = LEFT + WIDTH - 60 - TEXT_LEFT  # 980: the longest line at 32 takes 823 (pt)
ROW_TOP, ROW_PITCH, ROW_HEIGHT = 200, 58, 54
KEY_SIZE, TEXT_SIZE = 30, 32


def draw(canvas: Canvas, frame: Frame) -> None:
    canvas.panel(LEFT, TOP, WIDTH, HEIGHT, theme.PANEL_LIGHT, radius=28, border=theme.ACCENT)
    canvas.text(frame.t("tv.help.title"), 960, 124, 56, theme.ACCENT, "midtop", WIDTH - 100)
    for index, (key, text) in enumerate(ROWS):
        y = ROW_TOP + index * ROW_PITCH
        canvas.panel(KEY_LEFT, y, KEY_WIDTH, ROW_HEIGHT, theme.PANEL, radius=12, border=theme.FAINT)
        middle = y + ROW_HEIGHT / 2
        cap = frame.t(key) if key in WORD_CAPS else key
        canvas.text(cap, KEY_LEFT + KEY_WIDTH / 2, middle, KEY_SIZE, theme.TEXT, "center", 160)
        canvas.text(frame.t(text), TEXT_LEFT, middle, TEXT_SIZE, theme.TEXT, "midleft", TEXT_WIDTH)
    canvas.element("help", canvas.rect(LEFT, TOP, WIDTH, HEIGHT))
