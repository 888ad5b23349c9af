"""The TV's costs: startup to the lobby, CPU when idle and during a game, memory, and the
action-to-views latency with the window drawing beside the host.

    python3 bench/tv.py                      # everything (about two minutes)
    python3 bench/tv.py --idle-seconds 10    # shorter idle measure

Runs the real ``molecrew`` command (window mode, SDL's dummy video and audio drivers: no screen
needed, the same drawing work as on a real display) on loopback with mDNS off. CPU figures come
from the counters in /proc (user + system time) of ``molecrew`` and the window process it
starts, summed, as a percentage of one core; memory is their resident sets, summed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
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

HEADLESS_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
TICKS = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------------- the process


def family(pid: int) -> list[int]:
    """The process and all its descendants: ``molecrew`` and the window process it starts."""
    found, index = [pid], 0
    while index < len(found):
        for task in Path(f"/proc/{found[index]}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                found += [int(child) for child in task.read_text().split()]
        index += 1
    return found


def cpu_seconds(pid: int) -> float:
    """User + system time of the process and its descendants alive now."""
    total = 0.0
    for member in family(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime
    return total


def memory_mib(pid: int) -> dict[str, float]:
    """Resident memory summed over the process and its descendants (the window's included)."""
    rss = peak = 0
    for member in family(pid):
        with contextlib.suppress(OSError):
            status = Path(f"/proc/{member}/status").read_text().splitlines()
            fields = (line.split(":", 1) for line in status)
            kib = {name: value.split()[0] for name, value in fields if value.strip()}
            rss, peak = rss + int(kib["VmRSS"]), peak + int(kib["VmHWM"])
    return {"rss_mib": round(rss / 1024, 1), "peak_rss_mib": round(peak / 1024, 1)}


class Molecrew:
    """``molecrew`` in window mode (dummy drivers) as a child process."""

    def __init__(self, state_dir: str, players_seed: int = 5) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host.cli", "--lang", "en",
             "--no-mdns", "--bind", "127.0.0.1", "--port", "0",
             "--state-dir", state_dir, "--seed", str(players_seed)],
            cwd=ROOT, env={**os.environ, **HEADLESS_ENV}, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.url = ""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("Join URL: "):
                self.url = line.split(": ", 1)[1].strip()
                break
        # The address is printed once the first frame of the lobby is on screen.
        self.lobby_seconds = time.perf_counter() - self.started
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for _ in self.process.stdout:
            pass

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(30)


def measure_startup(runs: int) -> dict[str, Any]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as state:
            host = Molecrew(state)
            times.append(host.lobby_seconds)
            host.stop()
    times.sort()
    return {
        "runs": runs,
        "median_s": round(times[len(times) // 2], 3),
        "max_s": round(times[-1], 3),
    }


def measure_idle(seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as state:
        host = Molecrew(state)
        try:
            time.sleep(1.0)  # let start-up work finish before counting
            before, start = cpu_seconds(host.process.pid), time.perf_counter()
            time.sleep(seconds)
            used, elapsed = cpu_seconds(host.process.pid) - before, time.perf_counter() - start
            memory = memory_mib(host.process.pid)
        finally:
            host.stop()
    return {"seconds": round(elapsed, 1), "cpu_percent": round(100 * used / elapsed, 2), **memory}


async def play_a_game(url: str, players: int, pause: float) -> int:
    """Phones join, the leader starts, everyone plays straight from the public board."""
    import aiohttp

    from host.channel import connect

    actions = 0
    async with aiohttp.ClientSession() as http:
        public = await http.ws_connect(url + "ws/public")
        phones = []
        for index in range(players):
            phone = await connect(http, url + "ws")  # sealed, as the page's sockets are
            await phone.send_json({"type": "hello", "token": None, "lang": "en"})
            await phone.send_json({"type": "join", "name": f"Player {index + 1}"})
            phones.append(phone)
        drains = [asyncio.create_task(_drain(phone)) for phone in phones]
        latest: dict[str, Any] = {}
        changed = asyncio.Event()

        async def watch() -> None:
            async for frame in public:
                latest.update(json.loads(frame.data))
                changed.set()

        watcher = asyncio.create_task(watch())
        while len((latest.get("room") or {}).get("seats") or []) < players:
            changed.clear()
            await changed.wait()
        await phones[0].send_json({"type": "start"})
        while (latest.get("room") or {}).get("phase") != "over":
            changed.clear()
            await asyncio.wait_for(changed.wait(), 10)
            await asyncio.sleep(pause)  # a table of people takes its time
            view = latest.get("view")
            if not view or view["phase"] == "over":
                continue
            for seat, action in straight_moves(view):
                await phones[seat].send_json({"type": "action", "action": action})
                actions += 1
        watcher.cancel()
        for task in drains:
            task.cancel()
    return actions


async def _drain(ws: Any) -> None:
    async for _ in ws:
        pass


def straight_moves(view: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    players, phase = view["players"], view["phase"]
    if phase == "propose":
        size = view["locks"][view["lock"]]["team_size"]
        return [(view["boss"], {"type": "propose", "team": list(range(size))})]
    if phase == "vote":
        waiting = sorted(set(range(players)) - set(view["voted"]))
        # Reject now and then, so the board shows rejections and the Patrol track moves.
        return [(waiting[0], {"type": "vote", "approve": len(view["proposals"]) % 3 != 1})]
    if phase == "cards":
        seat = min(set(view["team"]) - set(view["played"]))
        return [(seat, {"type": "play", "card": "clean"})]
    if phase == "getaway":
        seat = min(set(range(players)) - set(view["getaway"]["confirmed"]))
        return [
            (seat, {"type": "mark", "target": None}),
            (seat, {"type": "confirm"}),
        ]
    return []


def measure_game(players: int, pause: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as state:
        host = Molecrew(state)
        try:
            before, start = cpu_seconds(host.process.pid), time.perf_counter()
            actions = asyncio.run(play_a_game(host.url, players, pause))
            used, elapsed = cpu_seconds(host.process.pid) - before, time.perf_counter() - start
            memory = memory_mib(host.process.pid)
        finally:
            code = host.stop()
    return {
        "players": players,
        "actions": actions,
        "seconds": round(elapsed, 1),
        "cpu_percent": round(100 * used / elapsed, 2),
        "clean_exit": code == 0,
        **memory,
    }


# ------------------------------------------------------------------------- latency with a TV


def tv_drawing(frames_per_second: float | None) -> Any:
    """An ``extra_setup`` for bench/latency.py: the TV window in a process of its own
    (host/tv/remote.py) fed by the Room. ``None``: its own loop, as ``molecrew`` runs it (60
    frames/s while anything moves, a frame drawn only when it differs from the last); a rate:
    redrawing every frame at that rate whether or not anything moved or changed, ``0`` as fast as
    it can (the worst cases)."""

    def setup(app: Any, loop: asyncio.AbstractEventLoop) -> Any:
        for name, value in HEADLESS_ENV.items():
            os.environ.setdefault(name, value)
        from host.server import ROOM_KEY
        from host.tv.remote import WindowProcess, WindowSettings

        box: dict[str, Any] = {}
        frames, first_frame = threading.Event(), threading.Event()

        def on_line(line: dict[str, Any]) -> None:
            if line.get("event") == "first_frame":
                first_frame.set()
            if line.get("event") == "frames":  # what the drawing loop did, start-up left out
                seconds = max(line["seconds"], 1e-9)
                box["fps"] = round(line["count"] / seconds, 1)
                box["cpu_percent"] = round(100 * line["cpu_seconds"] / seconds, 1)
                frames.set()

        settings = WindowSettings(
            lang="en", fullscreen=False, sound=False, size=(1920, 1080),
            draw_every_frame=frames_per_second,
        )  # fmt: skip
        window = WindowProcess(settings, on_line)
        app[ROOM_KEY].subscribe_public(window.post_text, as_text=True)
        # A host's window is up long before the first move: its start-up (pygame, fonts, the
        # first frame) is left out of the measured actions, as the bench's client has none.
        first_frame.wait(30)

        def finish() -> None:
            window.stop()
            frames.wait(10)

        setup.box = box  # type: ignore[attr-defined]
        return finish

    return setup


LATENCY_RUNS = (
    ("no_window", False, None),
    ("window_as_run", True, None),
    ("window_60fps", True, 60),
    ("window_full_rate", True, 0),
)


def measure_latency(actions: int, rounds: int = 1) -> dict[str, Any]:
    """bench/latency.py without a window and beside each kind of window, the runs in turns
    (reversed every other round); each run's p99 over the same round's run without a window,
    and the median of those ratios."""
    from bench import latency

    runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in LATENCY_RUNS}
    for number in range(rounds):
        order = LATENCY_RUNS if number % 2 == 0 else LATENCY_RUNS[::-1]
        for label, window, fps in order:
            if not window:
                runs[label].append(latency.run(actions=actions))
                continue
            setup = tv_drawing(fps)
            figures = latency.run(actions=actions, extra_setup=setup)
            box = setup.box  # type: ignore[attr-defined]
            figures["tv_frames_per_second"] = box.get("fps")
            figures["tv_cpu_percent"] = box.get("cpu_percent")
            runs[label].append(figures)
    alone = [run["p99_ms"] for run in runs["no_window"]]
    summary: dict[str, Any] = {}
    for label, results in runs.items():
        ratios = [run["p99_ms"] / base for run, base in zip(results, alone, strict=True)]
        summary[label] = {
            "p99_ms": [run["p99_ms"] for run in results],
            "p99_x_no_window": [round(ratio, 2) for ratio in ratios],
            "median_x_no_window": round(statistics.median(ratios), 2),
            "tv_frames_per_second": [run.get("tv_frames_per_second") for run in results],
            "tv_cpu_percent": [run.get("tv_cpu_percent") for run in results],
        }
    return summary if rounds > 1 else {label: results[0] for label, results in runs.items()}


def measure_frames(frames: int) -> dict[str, Any]:
    """What one 1080p frame of the Mole board costs the window, in the seeded games the TV
    tests draw (tests/tv/tv_scripts.py); CPU time per frame, recording, painting and the
    display's update included:
    - ``whole``: painted whole each frame (the painter forgets the screen, as after a resize);
    - ``one_vote``: the board as one vote more comes in, then the next (two boards in turns):
      the painter paints what changed;
    - ``same_board``: a new message with the same board: recorded, nothing painted;
    - ``repeated``: the same message again (``StillPicture`` repeats its kept calls)."""
    for name, value in HEADLESS_ENV.items():
        os.environ.setdefault(name, value)
    sys.path.insert(0, str(ROOT / "tests" / "tv"))
    import pygame
    from tv_scripts import play

    from host.tv.damage import Painter
    from host.tv.window import TvWindow

    messages = play(10, seed=3)
    index = next(
        i
        for i, m in enumerate(messages)
        if i >= 20
        and (m["view"] or {}).get("phase") == "vote"
        and (messages[i + 1]["view"] or {}).get("phase") == "vote"
    )
    board, next_vote = messages[index], messages[index + 1]
    window = TvWindow("en", size=(1920, 1080), sound=False)
    figures = {}
    try:
        for label in ("whole", "one_vote", "same_board", "repeated"):
            window.director.feed(board)
            window.director.skip()
            started = time.process_time()
            for number in range(frames):
                if label == "whole":
                    window.painter = Painter()
                if label in ("whole", "same_board"):
                    window.director.feed(board)
                elif label == "one_vote":
                    window.director.feed(next_vote if number % 2 else board)
                window.director.update(0.0)
                window.draw()
                if window.changed:
                    pygame.display.update(window.changed)
            figures[f"{label}_ms"] = round((time.process_time() - started) * 1000 / frames, 3)
    finally:
        window.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--idle-seconds", type=float, default=60.0)
    parser.add_argument("--game-players", type=int, default=7)
    parser.add_argument("--game-pause", type=float, default=0.25, help="seconds between moves")
    parser.add_argument("--latency-actions", type=int, default=2000)
    parser.add_argument("--latency-rounds", type=int, default=1, help="the runs in turns")
    parser.add_argument("--frames", type=int, default=600, help="board frames drawn per way")
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        choices=["startup", "idle", "game", "frames", "latency"],
    )
    args = parser.parse_args()
    results: dict[str, Any] = {}
    if "startup" not in args.skip:
        results["startup_to_lobby"] = measure_startup(args.startup_runs)
        print(json.dumps({"startup_to_lobby": results["startup_to_lobby"]}), flush=True)
    if "idle" not in args.skip:
        results["idle_lobby"] = measure_idle(args.idle_seconds)
        print(json.dumps({"idle_lobby": results["idle_lobby"]}), flush=True)
    if "game" not in args.skip:
        results["game"] = measure_game(args.game_players, args.game_pause)
        print(json.dumps({"game": results["game"]}), flush=True)
    if "frames" not in args.skip:
        results["board_frame"] = measure_frames(args.frames)
        print(json.dumps({"board_frame": results["board_frame"]}), flush=True)
    if "latency" not in args.skip:
        results["latency"] = measure_latency(args.latency_actions, args.latency_rounds)
        print(json.dumps({"latency": results["latency"]}), flush=True)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
