"""Inside Job's trick with five players of sixteen-letter names: each name under its place in
the trick reads whole (QA: "Anastasia R…", "Christopher…" at 24 px), on two lines when one
would cut it, clear of the trump tag above and the wager's word below, in every language at
1080p and 720p; read from the pixels of the display too (the last letters are drawn)."""

from __future__ import annotations

import pygame
import pytest
import tv_scripts
from tv_fit import overlapping_texts

from host.i18n import LANGUAGES
from host.tv import theme
from host.tv.insidejob.board import MIDDLE_BOTTOM, TOP
from host.tv.window import TvWindow

LONG = [
    "Maximiliano Alej",
    "Guadalupe Ferná",
    "Bartholomew Kent",
    "Anastasia Romano",
    "Jean-Christophe",
]
INK = 120  # how close to the text's colour a pixel must be to be its letters


@pytest.fixture(scope="module")
def tricks(monkeypatch_module):
    monkeypatch_module.setattr(tv_scripts, "NAMES", LONG)
    for seed in range(1, 40):
        messages = tv_scripts.play_insidejob(5, seed=seed, variants=["wagers"])
        full = [m for m in messages if len(m["view"].get("trick") or []) == 4]
        wagered = [m for m in full if any(p.get("wagered") for p in m["view"]["trick"])]
        if wagered:
            return [messages[1], wagered[0]]
    raise AssertionError("no seed gives a wager in a trick of four")


@pytest.fixture(scope="module")
def monkeypatch_module():
    patch = pytest.MonkeyPatch()
    yield patch
    patch.undo()


def ink_at_right_end(window: TvWindow, rect: pygame.Rect) -> bool:
    for x in range(max(rect.left, rect.right - 10), rect.right):
        for y in range(rect.top, rect.bottom):
            colour = window.screen.get_at((x, y))[:3]
            if sum(abs(a - b) for a, b in zip(colour, theme.TEXT, strict=True)) < INK:
                return True
    return False


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_under_the_trick_reads_whole(tricks, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    try:
        scale = size[1] / 1080
        table = pygame.Rect(
            0, round((TOP + 180) * scale), size[0], round((MIDDLE_BOTTOM - TOP - 180) * scale)
        )
        for message in tricks:
            window.post(message)
            window.drain()
            window.director.skip()
            canvas = window.draw()
            under = [
                d
                for d in canvas.drawn
                if d.kind == "text" and table.contains(d.rect) and any(d.label in n for n in LONG)
            ]
            columns: dict[int, list] = {}
            for d in sorted(under, key=lambda d: d.rect.top):
                columns.setdefault(d.rect.left, []).append(d.label)
            shown = sorted(" ".join(lines).replace("- ", "-") for lines in columns.values())
            assert shown == sorted(LONG), shown
            assert not [d.label for d in under if d.cut or d.size < theme.MIN_TEXT]
            assert not [d.label for d in under if not ink_at_right_end(window, d.rect)]
            assert not overlapping_texts(canvas)
            tags = [
                d
                for d in canvas.drawn
                if d.kind == "text"
                and d.label
                in (
                    window.director.frame().t("tv.insidejob.trump_card"),
                    window.director.frame().t("insidejob.wagered"),
                )
            ]
            assert not [
                (t.label, d.label) for t in tags for d in under if t.rect.colliderect(d.rect)
            ]
    finally:
        window.close()
