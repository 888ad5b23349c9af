"""molecrew against boardgame.io on the same work, the two systems alternating over rounds.

Each system serves in a process of its own on 127.0.0.1 (molecrew: ``create_app`` with a real
journal; boardgame.io 0.50: its own Koa + socket.io server with in-memory storage, the Mole game
in ``bench/bgio/mole.js``). This process is the client of both, with the same code on both
sides: ten seated phones that play whole 10-player Mole games by ``bench.latency.SimplePlayer``
(each reading only its own filtered view), one board and an audience of public sockets. A sample
is one seat's action, from just before it is sent until every connection has its own new update,
parsed for the phones. Also timed: until the ten phones alone have theirs (do seated phones wait
for the audience?). The server's CPU per action (user + system from ``/proc/<pid>/stat``) and its
memory (RSS) are read over the measured actions, after a warm-up.

    python3 bench/compare.py                      # every scenario, 3 rounds (~15 minutes)
    python3 bench/compare.py --rounds 1 --only a  # one scenario
    python3 bench/compare.py --profile            # molecrew under cProfile, (a) and (b)

Scenarios: (a) 10 phones + 1 board, molecrew's journal on disk; (b) the same + 1,000 audience
sockets; (c) = (a) with molecrew's journal on a RAM disk (``/dev/shm``), to separate fsync cost;
(d) 200 audience sockets + 3 boards. boardgame.io has no journal: its runs are the same in (a)
and (c). boardgame.io is installed by this bench (``npm ci`` in ``bench/bgio``), never by tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import os
import pstats
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BGIO_DIR = ROOT / "bench" / "bgio"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.audience_crowd import AudienceProcess  # noqa: E402
from bench.bgio.driver import PLAYERS, BgioTable, Crowd, all_received, connect_many  # noqa: E402
from bench.latency import SimplePlayer, percentiles, receive_all, time_the_host  # noqa: E402


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    boards: int
    audience: int
    journal_on_ram: bool
    actions: int
    warmup: int


SCENARIOS = {
    "a": Scenario("a", "10 phones + 1 board", 1, 0, False, 1500, 150),
    "b": Scenario("b", "10 phones + 1 board + 1,000 audience", 1, 1000, False, 300, 40),
    "c": Scenario("c", "10 phones + 1 board, journal on /dev/shm", 1, 0, True, 1500, 150),
    "d": Scenario("d", "10 phones + 3 boards + 200 audience", 3, 200, False, 600, 60),
}


# ------------------------------------------------------------------------- installing


def ensure_bgio() -> None:
    """Node and boardgame.io, installed by the bench itself (never by the tests)."""
    if shutil.which("node") is None:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            subprocess.run(["apt-get", "install", "-y", "nodejs", "npm"], check=True)
        else:
            raise SystemExit("needs Node.js and npm: apt-get install -y nodejs npm")
    if not (BGIO_DIR / "node_modules" / "boardgame.io").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BGIO_DIR, check=True)


# ------------------------------------------------------------------------- server processes


def cpu_seconds(pid: int) -> float:
    """A process's CPU so far, user + system (from ``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


class ServerProcess:
    """A server in its own process: it prints {"port", "pid"} once it serves and stops when its
    standard input closes."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            self.process.wait(30)
            raise RuntimeError(f"{command[:2]} exited before serving")
        hello = json.loads(line)
        self.port: int = hello["port"]
        self.pid: int = hello["pid"]

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.pid)

    def waiting_seconds(self) -> float:
        """Time its threads spent runnable but waiting for a CPU (schedstat, all threads)."""
        total = 0
        for task in Path(f"/proc/{self.pid}/task").iterdir():
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # a thread ended
                total += int((task / "schedstat").read_text().split()[1])
        return total / 1e9

    def memory_mib(self) -> dict[str, float]:
        status = dict(
            line.split(":", 1) for line in Path(f"/proc/{self.pid}/status").read_text().splitlines()
        )
        return {
            key: round(int(status[name].split()[0]) / 1024, 1)
            for key, name in (("rss_mib", "VmRSS"), ("peak_rss_mib", "VmHWM"))
        }

    def measure_from_now(self) -> None:
        """Tell the server the measured actions begin (molecrew then resets its own timings and
        starts its profiler; boardgame.io's server ignores it)."""
        assert self.process.stdin is not None
        self.process.stdin.write("measure\n")
        self.process.stdin.flush()

    def stop(self) -> Any:
        """Close its input, wait for it, return what it printed last (JSON), if anything."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        try:
            rest = self.process.stdout.read()
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            raise
        rest = rest.strip()
        return json.loads(rest) if rest else None


def start_molecrew(state_dir: Path, max_sockets: int, profile: Path | None) -> ServerProcess:
    command = [sys.executable, __file__, "--serve-molecrew", str(state_dir)]
    command += ["--max-sockets", str(max_sockets)]
    if profile is not None:
        command += ["--profile-to", str(profile)]
    return ServerProcess(command, ROOT)


def start_bgio() -> ServerProcess:
    return ServerProcess(["node", str(BGIO_DIR / "server.js")], BGIO_DIR)


def serve_molecrew(state_dir: Path, max_sockets: int, profile_to: Path | None) -> int:
    """The child process: the real host app on 127.0.0.1, opened wide for the bench."""
    from aiohttp import web

    from host.door import DoorSite
    from host.netaddr import listening_socket
    from host.server import ROOM_KEY, HostConfig, create_app

    host_samples: list[float] = []
    host_cpu: list[float] = []
    fsyncs: list[float] = []
    # One bench phone acts far faster than a hand can tap, and the audience all comes from
    # 127.0.0.1: the flood and churn guards and the share of one address are opened, the
    # socket limit raised.
    config = HostConfig(
        state_dir=state_dir,
        seed=1,
        heartbeat=None,
        rate=1e9,
        burst=10**9,
        max_sockets=max_sockets,
        churn_burst=10**6,
        churn_rate=1e6,
        max_strangers_per_address=max_sockets,
    )
    profiler = cProfile.Profile() if profile_to else None

    async def main() -> None:
        app = create_app(config)
        time_the_host(app[ROOM_KEY], host_samples)
        time_the_host_cpu(app[ROOM_KEY], host_cpu)
        time_fsync(fsyncs)
        runner = web.AppRunner(app)
        await runner.setup()
        # Served as the command serves it: through the door that counts connections.
        site = DoorSite(runner, listening_socket("127.0.0.1", 0))
        await site.start()
        print(json.dumps({"port": runner.addresses[0][1], "pid": os.getpid()}), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()

        def stdin_readable() -> None:
            said = os.read(sys.stdin.fileno(), 4096)
            if not said:
                stop.set()
            elif b"measure" in said:  # the warm-up and the audience's arrival are over
                for samples in (host_samples, host_cpu, fsyncs):
                    samples.clear()
                if profiler:
                    profiler.enable()

        loop.add_reader(sys.stdin.fileno(), stdin_readable)
        await stop.wait()
        if profiler:
            profiler.disable()
        await runner.cleanup()

    asyncio.run(main())
    if profiler and profile_to:
        profiler.dump_stats(str(profile_to))
    figures = {
        name: percentiles(samples) if samples else None
        for name, samples in (
            ("host_handling", host_samples),
            ("host_handling_cpu", host_cpu),
            ("fsync", fsyncs),
        )
    }
    print(json.dumps(figures))
    return 0


def time_the_host_cpu(room: Any, samples: list[float]) -> None:
    """The CPU the Room spends on each action message: beside its wall time, it tells computing
    from waiting (for fsync, or for a CPU on a busy machine)."""
    handle = room.handle_text

    def timed(conn: Any, text: str) -> None:
        started = time.thread_time()
        handle(conn, text)
        if text.startswith('{"type": "action"'):
            samples.append((time.thread_time() - started) * 1000)

    room.handle_text = timed


def time_fsync(samples: list[float]) -> None:
    """The journal's fdatasync of every action line, timed (wall): the disk's share of an
    action. (The files written at a game's start or end, and ``room.json``, use os.fsync and
    are not counted.)"""
    import host.journal as journal

    sync = journal._sync_data

    def timed(fd: int) -> None:
        started = time.perf_counter()
        sync(fd)
        samples.append((time.perf_counter() - started) * 1000)

    journal._sync_data = timed  # type: ignore[assignment]


# ------------------------------------------------------------------------- molecrew's table


async def connect_phone(session: Any, url: str) -> Any:
    """A phone socket as the page opens it: through the private channel (every frame sealed)
    where the host has one (host/channel.py), plain JSON before it."""
    try:
        from host.channel import connect
    except ImportError:
        return await session.ws_connect(url)
    return await connect(session, url)


class MolecrewTable:
    name = "molecrew"

    def __init__(self, session: Any, port: int) -> None:
        self.session, self.port = session, port
        self.phones: list[Any] = []
        self.last: list[dict[str, Any]] = []
        self.crowd = Crowd(lambda text: text.startswith('{"type":"public"'), self._unexpected)
        self.audience: Any = None  # bench.audience_crowd.AudienceProcess, if there is one
        self.updates = 0

    @staticmethod
    async def _unexpected(ws: Any, text: str) -> None:
        raise RuntimeError(f"a public socket got {text[:120]}")

    async def open(self, boards: int, audience: int) -> None:
        url = f"http://127.0.0.1:{self.port}"
        for index in range(PLAYERS):  # seated as bench/latency.py seats them
            ws = await connect_phone(self.session, f"{url}/ws")
            await ws.send_str(json.dumps({"type": "join", "name": f"P{index}"}))
            while json.loads((await ws.receive(timeout=10)).data)["type"] != "welcome":
                pass
            self.phones.append(ws)
        for ws in self.phones:  # read everything so far (ping/pong barrier)
            await ws.send_str('{"type":"ping"}')
            while (message := json.loads((await ws.receive(timeout=10)).data))["type"] != "pong":
                if message["type"] == "error":
                    raise RuntimeError(message)
        self.last = [{} for _ in self.phones]

        async def public() -> Any:
            ws = await self.session.ws_connect(f"{url}/ws/public")
            first = await ws.receive(timeout=10)
            if not first.data.startswith('{"type":"public"'):
                raise RuntimeError(f"the public socket began with {first.data[:120]}")
            return ws

        for ws in await connect_many(boards, public):
            self.crowd.add(ws, 0)
        if audience:
            self.audience = await AudienceProcess.start(self.name, self.port, audience)
        await self._all_receive(lambda: self.phones[0].send_str('{"type":"start"}'))

    def views(self) -> list[dict[str, Any]]:
        return [message["view"] for message in self.last]

    async def act(self, seat: int, action: dict[str, Any]) -> tuple[float, float]:
        text = json.dumps({"type": "action", "action": action})
        return await self._all_receive(lambda: self.phones[seat].send_str(text), sender=seat)

    async def rematch(self) -> None:
        await self._all_receive(lambda: self.phones[0].send_str('{"type":"rematch"}'))

    async def _all_receive(self, send: Callable[[], Any], sender: int | None = None):
        self.updates += 1
        self.crowd.expect(self.updates)
        await send()

        async def phones() -> float:
            await receive_all(self.phones, self.last, sender=sender)
            return time.perf_counter()

        return await all_received(phones(), self.crowd, self.audience, self.updates)

    async def close(self) -> None:
        await self.crowd.close()
        if self.audience is not None:
            await self.audience.close()


# ------------------------------------------------------------------------- one run


async def play(table: Any, server: ServerProcess, scenario: Scenario, seed: int) -> dict[str, Any]:
    await table.open(scenario.boards, scenario.audience)
    player = SimplePlayer(random.Random(seed))
    every: list[float] = []
    phones_only: list[float] = []
    games = 0
    cpu_start = waited_start = client_start = audience_start = 0.0
    measured_from = time.perf_counter()
    while len(every) < scenario.warmup + scenario.actions:
        if len(every) == scenario.warmup and cpu_start == 0.0:
            server.measure_from_now()
            cpu_start, measured_from = server.cpu_seconds(), time.perf_counter()
            client_start = time.process_time()
            audience_start = audience_cpu(table)
            waited_start = server.waiting_seconds()
        views = table.views()
        if views[0]["phase"] == "over":
            games += 1
            await table.rematch()
            continue
        seat, action = next(
            (seat, a) for seat, view in enumerate(views) if (a := player.action(view)) is not None
        )
        started = time.perf_counter()
        phones_at, public_at = await table.act(seat, action)
        every.append((max(phones_at, public_at) - started) * 1000)
        phones_only.append((phones_at - started) * 1000)
    cpu = server.cpu_seconds() - cpu_start
    client_cpu = time.process_time() - client_start
    audience = audience_cpu(table) - audience_start
    waited = server.waiting_seconds() - waited_start
    figures = {
        "system": table.name,
        "connections": PLAYERS + scenario.boards + scenario.audience,
        "actions": scenario.actions,
        "games_finished": games,
        "every_connection": percentiles(every[scenario.warmup :]),
        "phones": percentiles(phones_only[scenario.warmup :]),
        "cpu_ms_per_action": round(cpu * 1000 / scenario.actions, 3),
        "cpu_share": round(cpu / (time.perf_counter() - measured_from), 3),
        # This process plays every phone and board: its own CPU per action, the same code for
        # both systems but for what each system's frames make it do (molecrew's are sealed).
        "client_cpu_ms_per_action": round(client_cpu * 1000 / scenario.actions, 3),
        # The audience's reader (its own process): it must stay cheaper than either server.
        "audience_cpu_ms_per_action": round(audience * 1000 / scenario.actions, 3),
        # On a busy machine a server also waits for a CPU: how long, per action.
        "cpu_wait_ms_per_action": round(waited * 1000 / scenario.actions, 3),
        **server.memory_mib(),
    }
    await table.close()
    return figures


def audience_cpu(table: Any) -> float:
    return cpu_seconds(table.audience.process.pid) if table.audience is not None else 0.0


async def run_one(system: str, scenario: Scenario, seed: int, profile: Path | None = None):
    import aiohttp

    sockets = PLAYERS + scenario.boards + scenario.audience
    ram = Path("/dev/shm") if scenario.journal_on_ram else None
    with tempfile.TemporaryDirectory(prefix="molecrew-compare-", dir=ram) as state_dir:
        if system == "molecrew":
            server = start_molecrew(Path(state_dir), sockets + 16, profile)
        else:
            server = start_bgio()
        try:
            connector = aiohttp.TCPConnector(limit=0)
            async with aiohttp.ClientSession(connector=connector) as session:
                table = (MolecrewTable if system == "molecrew" else BgioTable)(session, server.port)
                figures = await play(table, server, scenario, seed)
        finally:
            last_words = server.stop()
    figures.update({name: value for name, value in (last_words or {}).items() if value})
    return figures


# ------------------------------------------------------------------------- reporting


def ratios(runs: list[dict[str, Any]]) -> dict[str, str]:
    """molecrew / boardgame.io, round by round (the two runs of a round are back to back, so a
    drift of the machine's load touches both): the median of those ratios and their range.
    Below 1: molecrew is ahead."""
    pairs = []
    for first, second in zip(runs[0::2], runs[1::2], strict=True):
        ours, theirs = (first, second) if first["system"] == "molecrew" else (second, first)
        pairs.append((ours, theirs))
    picks = {
        "p50": lambda r: r["every_connection"]["p50_ms"],
        "p99": lambda r: r["every_connection"]["p99_ms"],
        "phones_p50": lambda r: r["phones"]["p50_ms"],
        "phones_p99": lambda r: r["phones"]["p99_ms"],
        "cpu_per_action": lambda r: r["cpu_ms_per_action"],
        "rss": lambda r: r["rss_mib"],
    }
    out = {}
    for name, pick in picks.items():
        each = sorted(pick(ours) / pick(theirs) for ours, theirs in pairs if pick(theirs))
        if not each:
            out[name] = "-"
            continue
        middle = statistics.median(each)
        out[name] = (
            f"**{middle:.2f}**"
            if len(each) == 1
            else (f"**{middle:.2f}** ({each[0]:.2f}-{each[-1]:.2f})")
        )
    return out


def table_rows(scenario: Scenario, runs: list[dict[str, Any]]) -> list[str]:
    rows = []
    for system in ("molecrew", "boardgame.io"):
        mine = [r for r in runs if r["system"] == system]

        def med(pick: Callable[[dict[str, Any]], float], mine=mine) -> float:
            return round(statistics.median(pick(r) for r in mine), 2)

        rows.append(
            f"| ({scenario.key}) {scenario.title} | {system} | {len(mine)} | "
            f"{med(lambda r: r['every_connection']['p50_ms'])} | "
            f"{med(lambda r: r['every_connection']['p99_ms'])} | "
            f"{med(lambda r: r['phones']['p50_ms'])} | {med(lambda r: r['phones']['p99_ms'])} | "
            f"{med(lambda r: r['cpu_ms_per_action'])} | {waited(mine)} | "
            f"{med(lambda r: r.get('client_cpu_ms_per_action', 0.0))} | "
            f"{med(lambda r: r.get('audience_cpu_ms_per_action', 0.0))} | "
            f"{med(lambda r: r['rss_mib'])} |"
        )
    return rows


def waited(runs: list[dict[str, Any]]) -> str:
    known = [r["cpu_wait_ms_per_action"] for r in runs if "cpu_wait_ms_per_action" in r]
    return f"{statistics.median(known):.1f}" if known else "-"


def report(results: dict[str, list[dict[str, Any]]]) -> str:
    lines = [
        "| scenario | system | rounds | p50 ms | p99 ms | phones p50 ms | phones p99 ms "
        "| CPU ms/action | waiting for a CPU ms/action | client CPU ms/action "
        "| audience reader CPU ms/action | RSS MiB |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for key, runs in results.items():
        lines += table_rows(SCENARIOS[key], runs)
    lines += ["", "| scenario | p50 | p99 | phones p50 | phones p99 | CPU/action | RSS |"]
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for key, runs in results.items():
        r = ratios(runs)
        lines.append(
            f"| ({key}) molecrew / boardgame.io | {r['p50']} | {r['p99']} | {r['phones_p50']} | "
            f"{r['phones_p99']} | {r['cpu_per_action']} | {r['rss']} |"
        )
    lines += [
        "",
        "| scenario | molecrew's Room per action: wall p50 / p99 ms | its CPU p50 / p99 ms "
        "| journal fdatasync p50 / p99 ms |",
        "|---|---:|---:|---:|",
    ]
    for key, runs in results.items():
        mine = [r for r in runs if r["system"] == "molecrew" and "host_handling_cpu" in r]
        if not mine:
            continue

        def both(name: str, mine=mine) -> str:
            if not all(name in r for r in mine):
                return "-"
            p50 = statistics.median(r[name]["p50_ms"] for r in mine)
            p99 = statistics.median(r[name]["p99_ms"] for r in mine)
            return f"{p50:.2f} / {p99:.2f}"

        lines.append(
            f"| ({key}) | {both('host_handling')} | {both('host_handling_cpu')} | {both('fsync')} |"
        )
    return "\n".join(lines)


def print_profile(path: Path, actions: int, top: int = 22) -> None:
    """The profiled functions per measured action. cProfile counts wall time: waiting in
    ``epoll.poll`` (the loop idle, the host waiting for the next action) is left out of the
    total; ``fsync`` stays in, the action waits for it."""
    stats = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]
    idle = [key for key in stats if "epoll" in key[2]]
    for key in idle:
        del stats[key]
    total = sum(own for (_cc, _nc, own, _cum, _callers) in stats.values())
    print(
        f"\n{path.name}: {total * 1000 / actions:.2f} ms per action profiled (idle poll left out)"
    )
    for column, order in ((2, "own time"), (3, "cumulative time")):
        print(f"-- top by {order} (µs per action: own, cumulative)")
        rows = sorted(stats.items(), key=lambda item: item[1][column], reverse=True)
        for (file, line, function), (_cc, _nc, own, cumulative, _callers) in rows[:top]:
            per_action = f"{own * 1e6 / actions:9.1f} {cumulative * 1e6 / actions:9.1f}"
            print(f"{per_action}  {_where(file)}:{line} {function}")


def _where(file: str) -> str:
    """A project file from the repository root; a library's by its last two path parts."""
    if file.startswith(str(ROOT)):
        return os.path.relpath(file, ROOT)
    return "/".join(Path(file).parts[-2:]) if file.startswith("/") else file


# ------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="abcd", help="scenario letters, e.g. ab")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the action counts")
    parser.add_argument("--profile", action="store_true", help="cProfile molecrew in (a), (b)")
    parser.add_argument("--json", type=Path, help="also write every run's figures here")
    parser.add_argument(
        "--report", type=Path, nargs="+", help="no run: the tables of runs saved with --json"
    )
    parser.add_argument("--serve-molecrew", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--max-sockets", type=int, default=64, help=argparse.SUPPRESS)
    parser.add_argument("--profile-to", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_molecrew:
        return serve_molecrew(args.serve_molecrew, args.max_sockets, args.profile_to)

    def scaled(s: Scenario) -> Scenario:
        actions = max(20, int(s.actions * args.scale))
        warmup = max(5, int(s.warmup * args.scale))
        return Scenario(s.key, s.title, s.boards, s.audience, s.journal_on_ram, actions, warmup)

    if args.profile:
        with tempfile.TemporaryDirectory() as folder:
            for key in "ab":
                scenario = scaled(SCENARIOS[key])
                path = Path(folder) / f"molecrew-{key}.prof"
                asyncio.run(run_one("molecrew", scenario, seed=1, profile=path))
                print(f"== ({key}) {scenario.title}, {scenario.actions} measured actions")
                print_profile(path, scenario.actions)
        return 0

    if args.report:
        merged: dict[str, list[dict[str, Any]]] = {}
        for path in args.report:
            for key, runs in json.loads(path.read_text()).items():
                merged.setdefault(key, []).extend(runs)
        print(report(merged))
        return 0

    ensure_bgio()
    results: dict[str, list[dict[str, Any]]] = {key: [] for key in args.only}
    for round_number in range(args.rounds):
        # Who goes first alternates, so a drift of the machine's load favours neither.
        order = ["molecrew", "boardgame.io"]
        if round_number % 2:
            order.reverse()
        for key in args.only:
            scenario = scaled(SCENARIOS[key])
            for system in order:
                figures = asyncio.run(run_one(system, scenario, seed=round_number + 1))
                figures["round"] = round_number + 1
                results[key].append(figures)
                print(
                    f"round {round_number + 1} ({key}) {system:12} "
                    f"p50 {figures['every_connection']['p50_ms']:8.3f} "
                    f"p99 {figures['every_connection']['p99_ms']:8.3f} "
                    f"phones p50 {figures['phones']['p50_ms']:8.3f} "
                    f"cpu/action {figures['cpu_ms_per_action']:7.3f} ms "
                    f"waiting for a cpu {figures['cpu_wait_ms_per_action']:7.3f} ms "
                    f"rss {figures['rss_mib']} MiB",
                    file=sys.stderr,
                    flush=True,
                )
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{stamp}, load average {os.getloadavg()[0]:.1f}")
    print(report(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
