"""Emoji in players' names on the board page, in real Chromium at 1920x1080 and 1280x720 on a
machine with no emoji font (this one has none: Chromium draws an empty box for a glyph no font
holds). The host serves the TV's Noto Emoji (/fonts/NotoEmoji-Bold.ttf) and the page uses it
after its text fonts: the font is loaded and used for the name, and the emoji's pixels are a
drawn glyph, not the empty box the same page draws when the font is blocked. The pixels are
what tell: with the font fetched only once the name came, Chromium reported it loaded and
usable and still drew the box.
"""

from __future__ import annotations

import io
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pygame
import pytest
from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoEmoji-Bold.ttf"
EMOJI = "🎉"
NAME = f"Ana {EMOJI}"

# The emoji's own box in the first seat's name in the lobby (a range over its characters), in
# the window's pixels.
EMOJI_BOX = """(emoji) => {
  const name = document.querySelector("[data-testid=lobby-seat-0] .name");
  const text = name.firstChild;
  const at = text.textContent.indexOf(emoji);
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + emoji.length);
  const box = range.getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
}"""

# The board's web fonts once every one the page needs has come, and whether the emoji can be
# drawn with the name's own font (the stack) and with Noto Emoji alone.
FONTS = """async (emoji) => {
  await document.fonts.ready;
  const name = document.querySelector("[data-testid=lobby-seat-0] .name");
  const style = getComputedStyle(name);
  const font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return {
    faces: [...document.fonts].map((face) => [face.family.replaceAll('"', ""), face.status]),
    stack: style.fontFamily,
    usable: document.fonts.check(font, emoji),
  };
}"""


def emoji_shot(board: BoardPage, folder: Path) -> pygame.Surface:
    """The emoji's box in a screenshot (kept in ``folder``)."""
    box = board.page.evaluate(EMOJI_BOX, EMOJI)
    assert box["width"] > 0 and box["height"] > 0, box
    png = board.page.screenshot(clip=box, path=str(folder / f"{board.label}-emoji.png"))
    return pygame.image.load(io.BytesIO(png), "emoji.png")


def ink(shot: pygame.Surface, middle: bool = False) -> int:
    """How many pixels are lit (the name's white on the dark panel); with ``middle``, in the
    middle third of the box only, which the missing glyph's empty box leaves dark."""
    width, height = shot.get_size()
    xs = range(width // 3, width - width // 3) if middle else range(width)
    ys = range(height // 3, height - height // 3) if middle else range(height)
    return sum(1 for x in xs for y in ys if sum(tuple(shot.get_at((x, y)))[:3]) > 300)


def test_the_host_serves_the_emoji_font(host: Any) -> None:
    with urllib.request.urlopen(f"{host.url}fonts/NotoEmoji-Bold.ttf") as response:
        assert response.status == 200
        assert response.read() == FONT.read_bytes()
        assert response.headers["Cache-Control"] == "max-age=86400"
        etag = response.headers["ETag"]
    again = urllib.request.Request(
        f"{host.url}fonts/NotoEmoji-Bold.ttf", headers={"If-None-Match": etag}
    )
    try:
        urllib.request.urlopen(again)
    except urllib.error.HTTPError as error:
        assert error.code == 304, "an unchanged font is revalidated, not sent again"
    else:
        raise AssertionError("the font was sent again to a board that holds it")
    wrong = (
        "fonts/Missing.ttf",
        "fonts/LICENSE-NotoEmoji.txt",
        "fonts/..%2Fsounds%2Fsiren.ttf",
        "fonts/.hidden.ttf",
    )
    for path in wrong:
        try:
            urllib.request.urlopen(f"{host.url}{path}")
        except urllib.error.HTTPError as error:
            assert error.code == 404, path
        else:
            raise AssertionError(f"{path} was served")


@pytest.mark.parametrize(
    "viewport", [BOARD_VIEWPORT, SMALL_VIEWPORT], ids=lambda viewport: f"{viewport['width']}"
)
def test_an_emoji_in_a_name_is_drawn_with_the_hosts_font(
    browser: Any, host: Any, viewport: dict[str, int], tmp_path: Path
) -> None:
    label = str(viewport["width"])
    board = BoardPage(browser, f"{host.url}board", viewport, label)
    # The same page with the font out of reach: what a screen with no emoji font showed.
    bare = BoardPage(browser, f"{host.url}board", viewport, f"{label}-no-font")
    try:
        bare.context.route("**/fonts/**", lambda route: route.abort())
        bare.page.reload()
        Table(host).join(NAME, "Bo")
        for page in (board, bare):
            expect(page.page.get_by_test_id("lobby-seat-0")).to_contain_text(NAME)
        fonts = board.page.evaluate(FONTS, EMOJI)
        assert ["Molecrew Emoji", "loaded"] in fonts["faces"], fonts
        assert "Molecrew Emoji" in fonts["stack"], fonts
        assert fonts["usable"], fonts  # true without the face too: the pixels below tell
        assert any(url.endswith("/fonts/NotoEmoji-Bold.ttf") for url in board.requests)
        for page in (board, bare):
            page.snapshot("lobby", tmp_path)
        drawn, missing = emoji_shot(board, tmp_path), emoji_shot(bare, tmp_path)
        # Without the font: an empty box, lit on its outline only. With it: the party popper,
        # lit across its middle too.
        assert ink(missing) > 0 and ink(missing, middle=True) == 0, "no empty box to compare"
        assert ink(drawn, middle=True) > 0, "the emoji is still the empty box"
        assert drawn.get_width() > missing.get_width(), (drawn.get_size(), missing.get_size())
        board.assert_host_only(host.url)
    finally:
        board.close()
        bare.close()
