"""The end screen's tags under a name ("accused", "protected") fit any player in every language:
in Spanish and Portuguese they are "bajo acusación" / "sob proteção", not a masculine participle,
and they are read whole, both on one seat too (the Driver protecting the accused)."""

from __future__ import annotations

import copy

import pytest
from tv_fit import cut_texts
from tv_scripts import find_game

from host.i18n import LANGUAGES, catalog
from host.tv.window import TvWindow


@pytest.fixture(scope="module")
def ended():
    def tagged(messages):
        result = messages[-1]["view"].get("result") or {}
        return messages[-1]["view"]["phase"] == "over" and result.get("protected") is not None

    return find_game(7, tagged)[1][-1]


def test_the_tags_fit_any_player():
    for lang in ("es", "pt"):
        words = catalog(lang)
        for key in ("tv.end.tag_accused", "tv.end.tag_protected"):
            assert words[key] not in {"acusado", "protegido", "acusada", "protegida"}, words[key]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("same_seat", [False, True], ids=["two_seats", "one_seat"])
def test_the_end_screens_tags_read_whole(ended, lang, size, same_seat):
    message = copy.deepcopy(ended)
    result = message["view"]["result"]
    if same_seat:
        result["protected"] = result["accused"]
    window = TvWindow(lang, size=size, sound=False)
    try:
        window.post(message)
        window.drain()
        window.director.skip()
        canvas = window.draw()
        words = catalog(lang)
        keys = ("tv.end.tag_accused", "tv.end.tag_protected", "tv.end.tag_accused_protected")
        tags = [words[key] for key in keys]
        drawn = [text for text in canvas.texts() if any(tag in text for tag in tags)]
        assert drawn, canvas.texts()
        assert not [t for t in cut_texts(canvas) if any(tag[:5] in t for tag in tags)]
    finally:
        window.close()
