"""Helpers of the TV tests: draw a frame from public messages (saving a screenshot for people to
look at under artifacts/tv/, git-ignored, and failing if any text fell off the screen), and wait
for a window fed by the real server."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from host.i18n import translate
from host.tv.director import Director
from host.tv.draw import Canvas

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "tv"
SIZES = [(1920, 1080), (1280, 720)]
WAIT_SECONDS = 10.0


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


def wait_for(window, test) -> None:
    """Drain the window's queue until ``test()`` holds (bounded; the server thread feeds it)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not test():
        assert time.monotonic() < deadline, "the window was never told"
        window.step(0.0)
        time.sleep(0.005)


def fresh(window, message, before=None, moment_at: float = 0.0):
    """``message`` drawn off screen, at the window's size, as a newly started TV shows it once
    nothing is pending; or, given the message ``before`` it, ``moment_at`` seconds into the
    moment it brings. Returns the surface and its canvas."""
    director = Director(window.director.lang)
    if before is None:
        director.feed(message)
        director.skip()
    else:
        director.feed(before)
        director.skip()
        director.feed(message)
        director.update(0.0)
        director.update(moment_at)
    surface = pygame.Surface(window.screen.get_size())
    canvas = Canvas(surface, window.fonts)
    director.draw(canvas)
    window._draw_overlays(canvas)
    return surface, canvas
