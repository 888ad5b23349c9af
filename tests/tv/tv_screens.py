"""Drawing a TV frame in a test: feed public messages, settle, draw, save a screenshot for people
to look at (artifacts/tv/, git-ignored), and fail if any text fell off the screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from host.i18n import translate

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "tv"
SIZES = [(1920, 1080), (1280, 720)]


def show(tv, messages, name, settle=True, seconds=0.0):
    """Feed messages, let time pass, draw; save the screenshot; return the canvas."""
    for message in messages:
        tv.post(message)
    tv.drain()
    if settle:
        tv.director.skip()
    if seconds:
        tv.director.update(seconds)
    canvas = tv.draw()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    width, height = tv.screen.get_size()
    pygame.image.save(tv.screen, str(ARTIFACTS / f"{name}-{width}x{height}.png"))
    screen = tv.screen.get_rect()
    off = [d.label for d in canvas.drawn if d.kind == "text" and not screen.contains(d.rect)]
    assert not off, f"text drawn off screen: {off}"
    return canvas


def en(key, **facts):
    return translate("en", key, **facts)
