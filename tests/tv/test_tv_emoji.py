"""Emoji in players' names are drawn on the TV by the Noto Emoji font shipped with the game (SIL
OFL, licence beside it), not as the empty boxes DejaVu has for them; sequences (skin tones,
families, flags) stay one glyph; the rest of the name is drawn by DejaVu as before."""

from __future__ import annotations

import pygame
import pytest
from tv_screens import show
from tv_scripts import lobby

from host.tv.fonts import EMOJI_FONT, TEXT_FONT, FontBook
from host.tv.window import TvWindow

WHITE = (255, 255, 255)
EMOJI = ["😀", "👍🏽", "👨\u200d👩\u200d👧", "🇧🇷", "🦊"]


@pytest.fixture
def fonts():
    pygame.init()
    return FontBook()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("emoji", EMOJI)
def test_an_emoji_is_drawn_by_the_emoji_font_as_one_glyph(fonts, emoji):
    assert fonts.runs(f"Bia {emoji}") == [("Bia ", TEXT_FONT), (emoji, EMOJI_FONT)]
    drawn = fonts.render(emoji, 48, WHITE)
    noto = pygame.font.Font(str(EMOJI_FONT), 48).render(emoji, True, WHITE)
    tofu = pygame.font.Font(str(TEXT_FONT), 48).render(emoji, True, WHITE)
    assert pixels(drawn) == pixels(noto) and pixels(drawn) != pixels(tofu)
    # Shaped as one glyph: a sequence is as wide as a single emoji, not one box per part.
    assert drawn.get_width() <= fonts.render("😀", 48, WHITE).get_width() * 1.5


def test_a_name_with_an_emoji_sits_on_one_baseline_and_is_measured_whole(fonts):
    name = "Zoë 🦊 ok"
    surface = fonts.render(name, 40, WHITE)
    assert surface.get_size()[0] == fonts.size(name, 40)[0]
    plain = fonts.render("Zoë  ok", 40, WHITE)
    assert surface.get_width() > plain.get_width()
    assert abs(surface.get_height() - plain.get_height()) <= 8


def test_the_lobby_shows_an_emoji_name():
    window = TvWindow("en", size=(1280, 720), sound=False)
    try:
        message = lobby(5)
        message["room"]["seats"][2]["name"] = "Carla 🦊"
        canvas = show(window, [message], "lobby-emoji")
        assert "Carla 🦊" in canvas.texts()
    finally:
        window.close()


def test_the_font_ships_with_its_licence():
    licence = EMOJI_FONT.with_name("LICENSE-NotoEmoji.txt").read_text()
    assert "SIL Open Font License" in licence and EMOJI_FONT.stat().st_size > 100_000
