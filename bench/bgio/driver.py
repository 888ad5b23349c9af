"""The client side of bench/compare.py for boardgame.io, and what both systems' tables share.

``BgioTable`` seats ten players in a boardgame.io match through its lobby API and plays through
socket.io, spoken directly over aiohttp (socket.io-client sends the same frames), so that the
client code, and its cost, is the same Python for molecrew and for boardgame.io. ``Crowd`` reads
the public sockets of either system: each by its own task, updates counted, not parsed.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import orjson

PLAYERS = 10
RECEIVE_TIMEOUT = 20.0  # seconds: a connection that gets nothing this long is a bench bug


# ------------------------------------------------------------------------- the public sockets


class Crowd:
    """The public sockets (boards and audience), each read by its own task; counts the updates
    each has received, so one wait tells when the last of them has the newest."""

    def __init__(self, is_update: Callable[[str], bool], on_other: Callable[[Any, str], Any]):
        self.is_update = is_update
        self.on_other = on_other  # for a frame that is not an update (a ping to answer)
        self.counts: list[int] = []
        self.readers: list[asyncio.Task[None]] = []
        self.target = 0
        self.remaining = 0
        self.done: asyncio.Future[float] | None = None
        self.failure: BaseException | None = None

    def add(self, ws: Any, received: int) -> None:
        index = len(self.counts)
        self.counts.append(received)
        self.readers.append(asyncio.create_task(self._read(ws, index)))

    async def _read(self, ws: Any, index: int) -> None:
        try:
            while True:
                message = await ws.receive()
                if message.type.name != "TEXT":
                    if message.type.name in ("CLOSE", "CLOSING", "CLOSED", "ERROR"):
                        raise RuntimeError(f"public socket {index} closed: {message}")
                    continue
                if not self.is_update(message.data):
                    await self.on_other(ws, message.data)
                    continue
                self.counts[index] += 1
                if self.counts[index] == self.target:
                    self.remaining -= 1
                    if self.remaining == 0 and self.done and not self.done.done():
                        self.done.set_result(time.perf_counter())
        except asyncio.CancelledError:
            raise
        except BaseException as error:  # the waiter reports it
            self.failure = error
            if self.done and not self.done.done():
                self.done.set_exception(error)

    def expect(self, target: int) -> None:
        """Call before the action that makes update number ``target``."""
        self.target = target
        self.remaining = sum(1 for count in self.counts if count < target)
        self.done = asyncio.get_running_loop().create_future()
        if self.remaining == 0:
            self.done.set_result(time.perf_counter())

    async def wait(self) -> float:
        """When the last public socket received the expected update (perf_counter)."""
        assert self.done is not None
        return await asyncio.wait_for(self.done, RECEIVE_TIMEOUT)

    async def close(self) -> None:
        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)


async def connect_many(count: int, connect: Callable[[], Any], at_once: int = 50) -> list[Any]:
    """``count`` connections, ``at_once`` at a time (a burst of 1,000 SYNs overflows backlogs)."""
    made: list[Any] = []
    while len(made) < count:
        batch = min(at_once, count - len(made))
        made += await asyncio.gather(*(connect() for _ in range(batch)))
    return made


# ------------------------------------------------------------------------- boardgame.io's table

# socket.io 4 over engine.io 4, spoken directly (what socket.io-client sends on a WebSocket):
# "0{...}" open, "40/ns," connect, "42/ns,[event, ...args]" an event, "2" ping -> "3" pong.
NAMESPACE = "/mole"
EVENT = f"42{NAMESPACE},"


class BgioTable:
    name = "boardgame.io"

    def __init__(self, session: Any, port: int) -> None:
        self.session, self.port = session, port
        self.phones: list[Any] = []
        self.states: list[dict[str, Any]] = []
        self.credentials: list[str] = []
        self.match_id = ""
        self.crowd = Crowd(lambda text: text.startswith(EVENT + '["update"'), self.answer_ping)
        self.audience: Any = None  # bench.audience_crowd.AudienceProcess, if there is one
        self.updates = 0

    @staticmethod
    async def answer_ping(ws: Any, text: str) -> None:
        if text == "2":
            await ws.send_str("3")

    async def open_socket(self, player: int | None) -> tuple[Any, dict[str, Any]]:
        url = f"http://127.0.0.1:{self.port}/socket.io/?EIO=4&transport=websocket"
        ws = await self.session.ws_connect(url)
        if not (await ws.receive(timeout=10)).data.startswith("0"):
            raise RuntimeError("no engine.io open packet")
        await ws.send_str(f"40{NAMESPACE},")
        if not (await ws.receive(timeout=10)).data.startswith(f"40{NAMESPACE},"):
            raise RuntimeError("the namespace refused the connection")
        seat = None if player is None else str(player)
        creds = None if player is None else self.credentials[player]
        await ws.send_str(EVENT + json.dumps(["sync", self.match_id, seat, creds, PLAYERS]))
        while True:
            event = await self._event(ws)
            if event[0] == "sync":
                return ws, event[2]["state"]

    @staticmethod
    async def _event(ws: Any) -> list[Any]:
        while True:
            text = (await ws.receive(timeout=RECEIVE_TIMEOUT)).data
            if text == "2":
                await ws.send_str("3")
            elif text.startswith(EVENT):
                return orjson.loads(text[len(EVENT) :])  # as bench/latency.py parses molecrew's

    async def _update(self, ws: Any) -> dict[str, Any]:
        while (event := await self._event(ws))[0] != "update":
            pass  # matchData: who is connected
        return event[2]

    async def open(self, boards: int, audience: int) -> None:
        api = f"http://127.0.0.1:{self.port}/games/mole"
        async with self.session.post(f"{api}/create", json={"numPlayers": PLAYERS}) as reply:
            self.match_id = (await reply.json())["matchID"]
        for index in range(PLAYERS):
            body = {"playerID": str(index), "playerName": f"P{index}"}
            async with self.session.post(f"{api}/{self.match_id}/join", json=body) as reply:
                self.credentials.append((await reply.json())["playerCredentials"])
        for index in range(PLAYERS):
            ws, state = await self.open_socket(index)
            self.phones.append(ws)
            self.states.append(state)

        async def public() -> Any:
            return (await self.open_socket(None))[0]

        for ws in await connect_many(boards, public):
            self.crowd.add(ws, 0)
        if audience:
            from bench.audience_crowd import AudienceProcess

            start = AudienceProcess.start
            self.audience = await start(self.name, self.port, audience, self.match_id)

    def views(self) -> list[dict[str, Any]]:
        return [state["G"] for state in self.states]

    async def act(self, seat: int, action: dict[str, Any]) -> tuple[float, float]:
        return await self._move(seat, action["type"], [action])

    async def rematch(self) -> None:
        await self._move(0, "rematch", [])

    def move_event(self, seat: int, move: str, args: list[Any]) -> str:
        """The socket.io event by which a seat makes a move, as boardgame.io's client sends it."""
        player = str(seat)
        payload = {"type": move, "args": args, "playerID": player}
        action = {
            "type": "MAKE_MOVE",
            "payload": {**payload, "credentials": self.credentials[seat]},
        }
        state_id = self.states[seat]["_stateID"]
        return EVENT + json.dumps(["update", action, state_id, self.match_id, player])

    async def _move(self, seat: int, move: str, args: list[Any]) -> tuple[float, float]:
        self.updates += 1
        self.crowd.expect(self.updates)
        await self.phones[seat].send_str(self.move_event(seat, move, args))

        async def phones() -> float:
            self.states = list(await asyncio.gather(*(self._update(ws) for ws in self.phones)))
            return time.perf_counter()

        return await all_received(phones(), self.crowd, self.audience, self.updates)

    async def close(self) -> None:
        await self.crowd.close()
        if self.audience is not None:
            await self.audience.close()


async def all_received(
    phones: Any, crowd: Crowd, audience: Any, update: int
) -> tuple[float, float]:
    """(when the phones had their update, when the last public socket had it: boards here,
    audience in its own process)."""
    waits = [phones, crowd.wait()] + ([audience.wait(update)] if audience is not None else [])
    phones_at, *public_at = await asyncio.gather(*waits)
    return phones_at, max(public_at)
