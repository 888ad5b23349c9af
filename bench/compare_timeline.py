"""Where an action's time goes, scenario (a) of bench/compare.py, molecrew beside boardgame.io.

The same table as bench/compare.py (ten seated phones and a board, one Python client). Every
process reads the same clock (``time.perf_counter``: CLOCK_MONOTONIC), so the client's and
molecrew's server's instants line up on one time line. For molecrew: the client sends; the Room
gets the action; the journal's fdatasync begins and ends; the first and the last frame are put
on their sockets; the last frame's bytes reach the client; the client has read every phone's
frame, then parsed them. boardgame.io's server is not instrumented: from the client, until its
first frame, until the last frame's bytes arrive, and until they are read and parsed.

    python3 bench/compare_timeline.py               # 1,500 actions each, medians in µs
    python3 bench/compare_timeline.py --actions 600
    python3 bench/compare_timeline.py --with-room-part   # and the frames as they were, see below

``--with-room-part`` adds a third run, between the other two: molecrew with every state frame
carrying the room part again, as before c61356b (1.6 of a ten-player seat frame's 3.7 KB, and
unchanged by most actions), so that the two are compared in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402

from bench import compare  # noqa: E402
from bench.bgio import driver  # noqa: E402

clock = time.perf_counter
WITH_ROOM_PART = "MOLECREW_BENCH_WITH_ROOM_PART"  # the third run's server reads it


# ------------------------------------------------------------------------- molecrew's server


def serve_with_timeline(state_dir: Path, max_sockets: int, out: Path) -> int:
    """bench/compare.py's molecrew server, with each action's instants noted and written to
    ``out`` (JSON) when it stops."""
    import host.journal as journal
    import host.outbox as outbox
    import host.room as room

    actions: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    sync_data, handle_text, put = journal._sync_data, room.Room.handle_text, outbox.Outbox.put

    def timed_sync(fd: int) -> None:
        current["sync_start"] = clock()
        sync_data(fd)
        current["sync_end"] = clock()

    def timed_handle(self: Any, conn: Any, text: str) -> None:
        nonlocal current
        if not text.startswith('{"type": "action"'):
            return handle_text(self, conn, text)
        current = {"in": clock(), "puts": []}
        handle_text(self, conn, text)
        actions.append(current)

    def timed_put(self: Any, text: str) -> None:
        put(self, text)
        if "puts" in current:
            current["puts"].append(clock())

    if os.environ.get(WITH_ROOM_PART):
        import host.outgoing as outgoing

        text_for = outgoing.Change.text_for

        def text_with_room(self: Any, conn: Any, with_room: bool = True) -> str:
            return text_for(self, conn, True)

        outgoing.Change.text_for = text_with_room  # type: ignore[method-assign]
    journal._sync_data = timed_sync  # type: ignore[assignment]
    room.Room.handle_text = timed_handle  # type: ignore[method-assign]
    outbox.Outbox.put = timed_put  # type: ignore[method-assign]
    try:
        return compare.serve_molecrew(state_dir, max_sockets, None)
    finally:
        out.write_text(json.dumps(actions))


def start_molecrew_with_timeline(out: Path) -> Any:
    def start(state_dir: Path, max_sockets: int, profile: Path | None) -> compare.ServerProcess:
        command = [sys.executable, __file__, "--serve", str(state_dir), str(max_sockets), str(out)]
        return compare.ServerProcess(command, ROOT)

    return start


# ------------------------------------------------------------------------- the clients

# When bytes last reached each of the client's sockets: the event loop reads every ready socket
# before any coroutine goes on, so this is close to when each frame arrived, before the one
# client has opened and parsed it (ten phones would each do that on their own device).
_arrivals: dict[int, float] = {}


def note_arrivals() -> None:
    from aiohttp.client_proto import ResponseHandler

    received = ResponseHandler.data_received

    def data_received(self: Any, data: bytes) -> None:
        _arrivals[id(self)] = clock()
        received(self, data)

    ResponseHandler.data_received = data_received  # type: ignore[method-assign]


def last_arrival(since: float) -> float:
    return max(at for at in _arrivals.values() if at >= since)


class TimedMolecrew(compare.MolecrewTable):
    """The bench's molecrew table, noting when the sender's frame, every frame, and the parsed
    views are in."""

    def __init__(self, session: Any, port: int) -> None:
        super().__init__(session, port)
        self.marks: list[dict[str, float]] = []

    async def act(self, seat: int, action: dict[str, Any]) -> tuple[float, float]:
        text = json.dumps({"type": "action", "action": action})
        self.updates += 1
        self.crowd.expect(self.updates)  # before sending: the board's frame may come first
        mark = {"send": clock()}
        await self.phones[seat].send_str(text)
        first = await self.phones[seat].receive(timeout=10)
        mark["sender_has"] = clock()
        others = [ws for index, ws in enumerate(self.phones) if index != seat]
        rest = list(await asyncio.gather(*(ws.receive(timeout=10) for ws in others)))
        mark["all_have"] = clock()
        mark["all_arrived"] = last_arrival(mark["send"])
        rest.insert(seat, first)
        self.last = [orjson.loads(raw.data) for raw in rest]
        mark["parsed"] = clock()
        self.marks.append(mark)
        return mark["parsed"], await self.crowd.wait()


class TimedBgio(driver.BgioTable):
    def __init__(self, session: Any, port: int) -> None:
        super().__init__(session, port)
        self.marks: list[dict[str, float]] = []

    async def _move(self, seat: int, move: str, args: list[Any]) -> tuple[float, float]:
        self.updates += 1
        self.crowd.expect(self.updates)
        event = self.move_event(seat, move, args)
        mark = {"send": clock()}
        await self.phones[seat].send_str(event)

        async def update_text(ws: Any) -> str:
            while True:
                text = (await ws.receive(timeout=driver.RECEIVE_TIMEOUT)).data
                if text == "2":
                    await ws.send_str("3")
                elif text.startswith(driver.EVENT + '["update"'):
                    mark.setdefault("first_has", clock())
                    return text

        texts = await asyncio.gather(*(update_text(ws) for ws in self.phones))
        mark["all_have"] = clock()
        mark["all_arrived"] = last_arrival(mark["send"])
        self.states = [orjson.loads(text[len(driver.EVENT) :])[2] for text in texts]
        mark["parsed"] = clock()
        if move != "rematch":
            self.marks.append(mark)
        return mark["parsed"], await self.crowd.wait()


# ------------------------------------------------------------------------- one run each


async def run(system: str, actions: int, out: Path) -> tuple[dict[str, Any], list[dict]]:
    scenario = compare.Scenario("a", "timeline", 1, 0, False, actions, actions // 10)
    tables = {"molecrew": TimedMolecrew, "boardgame.io": TimedBgio}
    made: list[Any] = []

    def make(session: Any, port: int) -> Any:
        made.append(tables[system](session, port))
        return made[-1]

    compare.MolecrewTable, saved = make, compare.MolecrewTable  # type: ignore[misc,assignment]
    compare.BgioTable, saved_bgio = make, compare.BgioTable  # type: ignore[misc,assignment]
    start, compare.start_molecrew = compare.start_molecrew, start_molecrew_with_timeline(out)
    try:
        figures = await compare.run_one(system, scenario, seed=1)
    finally:
        compare.MolecrewTable, compare.BgioTable = saved, saved_bgio  # type: ignore[misc]
        compare.start_molecrew = start
    return figures, made[0].marks[scenario.warmup :]


def median_us(values: list[float]) -> int:
    return round(statistics.median(values) * 1e6)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=1500)
    parser.add_argument("--with-room-part", action="store_true")
    parser.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        state_dir, max_sockets, out = args.serve
        return serve_with_timeline(Path(state_dir), int(max_sockets), Path(out))
    compare.ensure_bgio()
    note_arrivals()
    molecrew_runs = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "server.json"
        ours, client = asyncio.run(run("molecrew", args.actions, out))
        molecrew_runs.append(("molecrew", ours, json.loads(out.read_text()), client))
        if args.with_room_part:
            os.environ[WITH_ROOM_PART] = "1"
            try:
                ours, client = asyncio.run(run("molecrew", args.actions, out))
            finally:
                del os.environ[WITH_ROOM_PART]
            title = "molecrew, every state frame with its room part (as before)"
            molecrew_runs.append((title, ours, json.loads(out.read_text()), client))
        theirs, bgio = asyncio.run(run("boardgame.io", args.actions, out))
    for title, ours, server, client in molecrew_runs:
        print_molecrew(title, ours, server, client)
    print(f"boardgame.io: p50 {theirs['every_connection']['p50_ms']} ms, median µs per stage:")
    for label, pick in (
        ("client sends -> the first phone has its frame", lambda m: m["first_has"] - m["send"]),
        (
            "client sends -> the last frame's bytes reach the client",
            lambda m: m["all_arrived"] - m["send"],
        ),
        (
            "-> the client has read all 10 phones' frames",
            lambda m: m["all_have"] - m["all_arrived"],
        ),
        ("-> parsed", lambda m: m["parsed"] - m["all_have"]),
        ("whole action (the phones)", lambda m: m["parsed"] - m["send"]),
    ):
        print(f"  {label:52} {median_us([pick(m) for m in bgio]):6}")
    return 0


def print_molecrew(
    title: str, ours: dict[str, Any], server: list[dict], client: list[dict]
) -> None:
    # The server noted every action, the warm-up's too: the last ones are the client's marks'.
    server = server[-len(client) :]
    pairs = list(zip(server, client, strict=True))
    rows = [
        ("client sends -> the Room has the action", lambda s, c: s["in"] - c["send"]),
        (
            "-> the journal's fdatasync begins (rules applied)",
            lambda s, c: s["sync_start"] - s["in"],
        ),
        ("fdatasync", lambda s, c: s["sync_end"] - s["sync_start"]),
        ("-> the first frame is put (every frame made)", lambda s, c: s["puts"][0] - s["sync_end"]),
        ("-> the last of the 11 frames is put", lambda s, c: s["puts"][-1] - s["puts"][0]),
        (
            "-> the last frame's bytes reach the client",
            lambda s, c: c["all_arrived"] - s["puts"][-1],
        ),
        (
            "-> the client has read all 10 phones' frames",
            lambda s, c: c["all_have"] - c["all_arrived"],
        ),
        ("-> parsed", lambda s, c: c["parsed"] - c["all_have"]),
        ("whole action (the phones)", lambda s, c: c["parsed"] - c["send"]),
        (
            "client sends -> the last frame's bytes reach the client",
            lambda s, c: c["all_arrived"] - c["send"],
        ),
    ]
    print(f"{title}: p50 {ours['every_connection']['p50_ms']} ms, median µs per stage:")
    for label, pick in rows:
        print(f"  {label:52} {median_us([pick(s, c) for s, c in pairs]):6}")


if __name__ == "__main__":
    raise SystemExit(main())
