"""The Mole end screen with ten long names: the Lookout's secret file, now public (who it
cleared, for which lock), reads whole when it holds two entries, with or without the Getaway's
marks beside it; nothing else on the grand reveal, or on any step of its replay, is cut or drawn
over another text, at 1080p and 720p in every language."""

from __future__ import annotations

import pytest
from test_tv_long_names import LONG_NAMES, LONGEST_NAMES, named
from tv_fit import misfits
from tv_scripts import find_game

from engine.mole.views import replay_steps
from host.i18n import LANGUAGES
from host.tv.window import TvWindow

SIZES = [(1920, 1080), (1280, 720)]


def two_alibis(messages: list[dict], marks: bool) -> bool:
    result = messages[-1]["view"]["result"]
    cleared = [a for a in result.get("alibis") or [] if a.get("seat") is not None]
    return len(cleared) == 2 and bool(result.get("marks")) == marks


@pytest.fixture(scope="module")
def ends() -> dict[str, dict]:
    """The last message of two ten-player games whose file cleared two players: one that went
    to the Getaway (its marks beside the roles), one the Moles won by blowing locks."""
    return {
        "getaway": find_game(10, lambda m: two_alibis(m, marks=True))[1][-1],
        "blown": find_game(10, lambda m: two_alibis(m, marks=False))[1][-1],
    }


def entries(window: TvWindow, end: dict) -> list[str]:
    frame = window.director.frame()
    result = end["view"]["result"]
    return [
        frame.t("tv.end.alibi", name=frame.name(a["seat"]), lock=int(a["lock"]) + 1)
        for a in result["alibis"]
        if a.get("seat") is not None
    ]


@pytest.mark.parametrize("names", [LONG_NAMES, LONGEST_NAMES], ids=["12", "16"])
@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["getaway", "blown"])
def test_the_lookouts_file_reads_whole_on_the_end_screen(ends, game, lang, size, names):
    end = named(ends[game], names)
    window = TvWindow(lang, size=size, sound=False)
    problems: dict[str, set[str]] = {}
    try:
        window.post(end)
        window.drain()
        window.director.skip()
        assert window.director.current == "mole.reveal"
        canvas = window.draw()
        lookout = end["view"]["result"]["roles"].index("lookout")
        area = next(d.rect for d in canvas.drawn if d.label == f"alibis:{lookout}")
        shown = [
            d for d in canvas.drawn if d.kind == "text" and area.colliderect(d.rect) and not d.cut
        ]
        for entry in entries(window, end):
            assert any(entry in d.label for d in shown), (entry, [d.label for d in shown])
        for problem in misfits(canvas):
            problems.setdefault(problem, set()).add("reveal")
        # The grand reveal, step by step (host keys → / ←).
        for step in range(replay_steps(end["view"]) + 1):
            window.post(dict(end, room=dict(end["room"], replay_step=step)))
            window.drain()
            window.director.skip()
            for problem in misfits(window.draw()):
                problems.setdefault(problem, set()).add(f"replay step {step}")
    finally:
        window.close()
    assert not problems, sorted(problems.items())
