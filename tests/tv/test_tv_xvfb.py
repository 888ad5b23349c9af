"""`molecrew` in a real X window under Xvfb, played by phones through the real server: a few
seconds after the votes are turned over, and after a trick, a screenshot of the X screen
(``import -window root``) shows the board as it is now, not the moment that has ended.

The board expected is the last public message drawn afresh in this process (the dummy driver
draws pixel for pixel what X shows); the moment's own last frame is drawn too, to show that the
screenshot tells one from the other. Outside CI the test skips when Xvfb or ImageMagick is
missing; in CI (``CI=true``) it fails instead.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess

import aiohttp
import numpy
import pygame
import pytest
from tv_phones import TIMEOUT, Listener, join_table, next_move, start_molecrew
from tv_screens import ARTIFACTS, fresh

from host.cli import build_parser
from host.tv.insidejob.moments import TrickDone
from host.tv.mole.moments import VotesReveal
from host.tv.window import TvWindow

AFTER_MOMENT = 2.5  # seconds past the end of a moment when the screen is looked at
SAME_AS_BOARD = 0.002  # at most this share of pixels may differ from the board drawn afresh
SLOW_MACHINE_SECONDS = 20.0  # how long past the first look the screen may take to catch up
# Prints the X display the command runs on, so the test can photograph that screen.
SAY_DISPLAY = 'echo "X display: $DISPLAY $XAUTHORITY"; exec "$@"'


def need_x() -> None:
    missing = [name for name in ("xvfb-run", "import") if shutil.which(name) is None]
    if not missing:
        return
    reason = (
        f"{' and '.join(missing)} not installed (Debian: apt-get install xvfb imagemagick); "
        "the real-window test needs an X server and ImageMagick's import"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


class RealScreen:
    """molecrew full screen on a fresh Xvfb screen of the given size."""

    def __init__(self, tmp_path, size: tuple[int, int]) -> None:
        self.tmp_path = tmp_path
        self.size = size

    async def __aenter__(self) -> RealScreen:
        width, height = self.size
        prefix = ("xvfb-run", "-a", "-s", f"-screen 0 {width}x{height}x24")
        prefix += ("sh", "-c", SAY_DISPLAY, "molecrew")
        env = dict(os.environ, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        help_text = build_parser().format_help()
        extra = ["--fullscreen"] if "--fullscreen" in help_text else []
        self.process, self.url, lines = await start_molecrew(
            self.tmp_path / "state", *extra, "--seed", "5", headless=False, prefix=prefix,
            env=env, start_new_session=True,
        )  # fmt: skip
        said = next(line for line in lines if line.startswith("X display: "))
        self.display, self.xauthority = said.removeprefix("X display: ").split(" ", 1)
        return self

    async def __aexit__(self, *exc) -> None:
        if self.process.returncode is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # xvfb-run, its Xvfb and molecrew
            try:
                await asyncio.wait_for(self.process.wait(), TIMEOUT)
            except TimeoutError:
                os.killpg(self.process.pid, signal.SIGKILL)
                await self.process.wait()

    def shot(self, name: str) -> pygame.Surface:
        path = self.tmp_path / f"{name}.png"
        env = dict(os.environ, XAUTHORITY=self.xauthority)
        subprocess.run(
            ["import", "-display", self.display, "-window", "root", str(path)],
            check=True, env=env, timeout=30, capture_output=True,
        )  # fmt: skip
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # git-ignored, for people to look at
        shutil.copy(path, ARTIFACTS / f"xvfb-{name}-{self.size[0]}x{self.size[1]}.png")
        return pygame.image.load(str(path))


def differing(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels that differ between two surfaces of one size."""
    left = pygame.surfarray.array3d(a).astype(numpy.int16)
    right = pygame.surfarray.array3d(b).astype(numpy.int16)
    return float(numpy.mean(numpy.any(numpy.abs(left - right) > 8, axis=2)))


async def shows_board(screen: RealScreen, name: str, board, moment, what: str) -> None:
    """The X screen shows ``board`` a few seconds after the moment; on a busy machine the window
    may draw slower than real time, so it is looked at again, every second, for a while. A TV
    that keeps the moment up (waiting for a key or a message) never gets there."""
    assert differing(board, moment) > 0.05  # the two pictures are told apart
    deadline = asyncio.get_running_loop().time() + SLOW_MACHINE_SECONDS
    while True:
        share = differing(screen.shot(name), board)
        if share <= SAME_AS_BOARD:
            return
        assert asyncio.get_running_loop().time() < deadline, (
            f"after {what} the screen is not the board ({share:.1%} of its pixels differ)"
        )
        await asyncio.sleep(1.0)


@pytest.fixture
def reference():
    def make(size):
        return TvWindow("en", size=size, sound=False)

    windows = []
    yield lambda size: windows.append(make(size)) or windows[-1]
    for window in windows:
        window.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
async def test_after_the_votes_the_x_screen_shows_the_board(tmp_path, size, reference):
    need_x()
    async with RealScreen(tmp_path, size) as screen, aiohttp.ClientSession() as http:
        public = Listener(await http.ws_connect(screen.url + "ws/public"))
        phones = await join_table(http, screen.url)
        await phones[0].send({"type": "start"})
        message = await public.until(lambda m: m["view"] is not None)
        while message["view"]["phase"] != "cards":  # the Boss proposes, everyone approves
            seat, action = next_move(message["view"])
            seen = len(public.messages)
            await phones[seat].send({"type": "action", "action": action})
            before, message = message, await public.until(lambda m: True, seen)
        window = reference(size)
        board, canvas = fresh(window, message)
        view = message["view"]
        assert f"boss:{view['proposals'][-1]['boss']}" in canvas.elements()
        moment, _ = fresh(window, message, before, VotesReveal.duration - 0.05)
        await asyncio.sleep(VotesReveal.duration + AFTER_MOMENT)  # nobody acts meanwhile
        await shows_board(screen, "after-votes", board, moment, "the votes")


async def act_for_turn(phones: list[Listener], public: dict) -> None:
    """The seat on turn plays from its own phone's view: keeps a mission or plays a card."""
    view = public["view"]
    phone = phones[view["turn"]]

    def ready(m):
        return (
            m["type"] == "state"
            and m["view"]
            and m["view"]["me"]["can_act"]
            and m["view"]["phase"] == view["phase"]
            and len(m["view"]["trick"]) == len(view["trick"])
            and len(m["view"]["tricks"]) == len(view["tricks"])
        )

    me = (await phone.until(ready))["view"]["me"]
    if view["phase"] == "mission":
        keep = me["must_keep"] if me["must_keep"] is not None else 0
        action = {"type": "choose_mission", "keep": keep}
    elif view["phase"] == "wager":
        action = {"type": "wager", "wager": False}
    else:
        action = {"type": "play", "card": me["playable"][0]}
    await phone.send({"type": "action", "action": action})


async def test_after_a_trick_the_x_screen_shows_the_next_one_waiting(tmp_path, reference):
    need_x()
    size = (1920, 1080)
    async with RealScreen(tmp_path, size) as screen, aiohttp.ClientSession() as http:
        public = Listener(await http.ws_connect(screen.url + "ws/public"))
        phones = (await join_table(http, screen.url))[:3]
        # Two phones leave so three play Inside Job; the leader picks it and starts.
        leader = phones[0]
        await leader.send({"type": "options", "game": "insidejob"})
        await public.until(lambda m: m["room"]["game"] == "insidejob")
        for seat in (4, 3):
            await leader.send({"type": "remove", "seat": seat})
        await public.until(lambda m: len(m["room"]["seats"]) == 3 and m["room"]["can_start"])
        await leader.send({"type": "start"})
        message = await public.until(lambda m: m["view"] is not None)
        while not message["view"]["tricks"]:
            seen = len(public.messages)
            await act_for_turn(phones, message)
            before, message = message, await public.until(lambda m: True, seen)
        window = reference(size)
        board, canvas = fresh(window, message)
        assert f"turn:{message['view']['turn']}" in canvas.elements()
        moment, _ = fresh(window, message, before, TrickDone.duration - 0.05)
        await asyncio.sleep(TrickDone.duration + AFTER_MOMENT)  # nobody acts meanwhile
        await shows_board(screen, "after-trick", board, moment, "a trick")
