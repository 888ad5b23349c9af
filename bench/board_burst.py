"""How far the board page falls behind the room when frames come in a burst.

A whole seeded game is played as fast as the host takes its moves (the smart bot's move for the
seat it waits on, sent through the Room's protocol as a phone sends it), watched by a board page
at 1920x1080 in Debian's Chromium with its CPU slowed ``--throttle`` times, as a smart TV's
browser is. Measured per game: the seconds from the last move to the board showing the end, and
how many times the board drew its scene (a MutationObserver counting the scene's replacements).
The board's code from ``--old`` (a commit) is served in turns with today's, through Playwright's
request routing, so both are measured in one run on the same machine:

    python3 bench/board_burst.py --rounds 3 --throttle 4 --old dadcc31^
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.registry import get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402
from host.seats import Connection  # noqa: E402

BOARD_APP = "phoneclient/board/app.js"
NAMES = ["Ana", "Bruno", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno"]
# Counts the scene's redraws (each draw replaces its children) and notes the scene shown.
COUNT_DRAWS = """() => {
  window.__draws = 0;
  const scene = document.getElementById("scene");
  new MutationObserver((records) => {
    if (records.some((r) => r.type === "childList" && r.addedNodes.length)) window.__draws += 1;
  }).observe(scene, { childList: true });
}"""


class Phone(Connection):
    def __init__(self) -> None:
        super().__init__("en")
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)


class Host:
    """The real server on its own loop thread, on a free port of 127.0.0.1."""

    def __init__(self, state_dir: Path, seed: int) -> None:
        from aiohttp import web

        from host.server import ROOM_KEY, HostConfig, create_app

        self.room_key = ROOM_KEY
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

        async def start() -> Any:
            config = HostConfig(join_url="http://127.0.0.1/", state_dir=state_dir, seed=seed)
            runner = web.AppRunner(create_app(config))
            await runner.setup()
            await web.TCPSite(runner, "127.0.0.1", 0).start()
            return runner

        self.runner = asyncio.run_coroutine_threadsafe(start(), self.loop).result(20)
        self.url = f"http://127.0.0.1:{self.runner.addresses[0][1]}/"

    def call(self, function: Any) -> Any:
        async def run() -> Any:
            return function(self.runner.app[self.room_key])

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(20)

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(20)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def play_fast(host: Host, game: str, players: int, seed: int) -> float:
    """Seats the table, starts and plays the game to its end; returns when the last move went."""
    phones = [Phone() for _ in range(players)]
    for phone, name in zip(phones, NAMES, strict=False):
        host.call(lambda room, p=phone: room.connect(p))
        host.call(
            lambda room, p=phone, n=name: room.handle_text(
                p, json.dumps({"type": "join", "name": n})
            )
        )
    if game != "mole":
        options = {"type": "options", "game": game, "variants": []}
        host.call(lambda room: room.handle_text(phones[0], json.dumps(options)))
    host.call(lambda room: room.handle_text(phones[0], json.dumps({"type": "start"})))
    rng = Rng(seed)

    def move(room: Any) -> bool:
        if room.phase != "playing":
            return False
        rules = get_game(room.game_name)
        seat = min(rules.expected_seats(room.state))
        action = rules.bots["smart"](room.state, seat, rng)
        room.handle_text(phones[seat], json.dumps({"type": "action", "action": action}))
        return True

    while host.call(move):
        pass
    return time.monotonic()


def one_game(
    browser: Any, game: str, old_app: str | None, throttle: float, seed: int
) -> dict[str, Any]:
    players = 10 if game == "mole" else 5
    with tempfile.TemporaryDirectory(prefix="molecrew-board-burst-") as state_dir:
        host = Host(Path(state_dir), seed)
        context = browser.new_context(viewport={"width": 1920, "height": 1080})
        try:
            page = context.new_page()
            if old_app is not None:
                page.route(
                    "**/static/board/app.js*",
                    lambda route: route.fulfill(body=old_app, content_type="text/javascript"),
                )
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            page.goto(f"{host.url}board")
            page.wait_for_function(
                "() => document.getElementById('scene').dataset.scene === 'lobby'"
            )
            page.evaluate(COUNT_DRAWS)
            last = play_fast(host, game, players, seed)
            page.wait_for_function(
                f"() => document.getElementById('scene').dataset.scene === '{game}.reveal'",
                polling=20,
                timeout=120_000,
            )
            behind = time.monotonic() - last
            frames = host.call(lambda room: len(room.match.log))
            return {"behind": behind, "draws": page.evaluate("window.__draws"), "moves": frames}
        finally:
            context.close()
            host.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--old", default=None, help="a commit whose board app.js runs in turns")
    parser.add_argument("--games", default="insidejob,mole")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from bench.page_size import CHROMIUM, LAUNCH_ARGS

    old_app = None
    if args.old:
        old_app = subprocess.run(
            ["git", "show", f"{args.old}:{BOARD_APP}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    builds = [("now", None)] + ([("old", old_app)] if old_app is not None else [])
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="molecrew-chromium-") as temp:
        home = Path(temp)
        env = {**os.environ, "XDG_CACHE_HOME": str(home / "c"), "XDG_CONFIG_HOME": str(home / "f")}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=LAUNCH_ARGS, env=env
            )
            for round_number in range(args.rounds):
                order = builds if round_number % 2 == 0 else builds[::-1]
                for game in args.games.split(","):
                    for label, app in order:
                        found = one_game(browser, game, app, args.throttle, 20261202 + round_number)
                        results.setdefault((game, label), []).append(found)
                        print(
                            f"round {round_number + 1} {game:9} {label}: "
                            f"{found['behind']:.2f} s behind, "
                            f"{found['draws']} draws for {found['moves']} moves",
                            flush=True,
                        )
            browser.close()
    print(f"\nCPU slowed {args.throttle}x; median of {args.rounds} rounds:")
    for (game, label), runs in sorted(results.items()):
        behind = statistics.median(run["behind"] for run in runs)
        draws = statistics.median(run["draws"] for run in runs)
        print(f"  {game:9} {label}: {behind:.2f} s behind at the end, {draws:.0f} draws")
    return 0


if __name__ == "__main__":
    sys.exit(main())
