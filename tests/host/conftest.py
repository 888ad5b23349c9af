"""Phones as WebSocket clients of a real host app (aiohttp test server on loopback).

Synchronisation never sleeps: the Room handles one message at a time and sends every connection
exactly one ``state`` per change, in order, so a test reads the next message it expects.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import WSMsgType, web
from aiohttp.test_utils import TestClient

from engine.registry import get_game
from engine.rng import Rng
from host.server import ROOM_KEY, HostConfig, create_app

SEED = 424242
TIMEOUT = 5.0
NAMES = ["Ana", "Bruno", "Chen", "Dara", "Eli", "Femi", "Gus", "Hana", "Ivo", "Juno"]


class Phone:
    """One phone socket: sends messages, reads them in order, remembers its token and seat."""

    def __init__(self, ws: Any, label: str) -> None:
        self.ws = ws
        self.label = label
        self.raw: list[str] = []  # every text frame received, for secrecy checks
        self.token: str | None = None
        self.state: dict[str, Any] | None = None  # the last state message

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(message))

    async def send_raw(self, text: str) -> None:
        await self.ws.send_str(text)

    async def recv(self) -> dict[str, Any]:
        msg = await self.ws.receive(timeout=TIMEOUT)
        assert msg.type is WSMsgType.TEXT, f"{self.label}: got {msg.type} {msg.data!r}"
        self.raw.append(msg.data)
        message = json.loads(msg.data)
        message.pop("pad", None)  # the padding that evens out frame sizes (tests check it apart)
        if message["type"] in ("state", "public"):
            if "room" not in message and self.state is not None:  # the one it has, unchanged
                message["room"] = self.state["room"]
            self.state = message
        elif message["type"] == "welcome":
            self.token = message["token"]
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        message = await self.recv()
        assert message["type"] == kind, f"{self.label}: expected {kind}, got {message}"
        return message

    async def until(self, kind: str) -> dict[str, Any]:
        """Read until a message of this type (earlier ones are kept in ``raw``)."""
        while True:
            message = await self.recv()
            if message["type"] == kind:
                return message

    async def sync(self) -> dict[str, Any] | None:
        """Read everything queued for this phone so far (ping/pong barrier); the last state."""
        await self.send({"type": "ping"})
        await self.until("pong")
        return self.state

    async def error(self, message: dict[str, Any] | str) -> dict[str, Any]:
        """Send and expect an error as the very next message."""
        if isinstance(message, str):
            await self.send_raw(message)
        else:
            await self.send(message)
        return await self.expect("error")

    @property
    def seat(self) -> int | None:
        return self.state["you"]["seat"] if self.state else None

    @property
    def view(self) -> Any:
        return self.state["view"] if self.state else None


class Host:
    """A running app with a test client: makes phones and public boards."""

    def __init__(self, client: TestClient, app: web.Application) -> None:
        self.client = client
        self.app = app

    @property
    def room(self) -> Any:
        return self.app[ROOM_KEY]

    async def phone(self, label: str = "phone", lang: str = "en", token: str | None = None):
        ws = await self.client.ws_connect("/ws")
        phone = Phone(ws, label)
        await phone.expect("state")
        await phone.send({"type": "hello", "token": token, "lang": lang})
        if token:
            await phone.expect("welcome")
        await phone.until("state")
        return phone

    async def player(self, name: str, lang: str = "en") -> Phone:
        phone = await self.phone(name, lang)
        await phone.send({"type": "join", "name": name})
        await phone.expect("welcome")
        await phone.expect("state")
        return phone

    async def board(self) -> Phone:
        ws = await self.client.ws_connect("/ws/public")
        board = Phone(ws, "board")
        await board.expect("public")
        return board

    async def table(self, count: int, variants: list[str] | None = None) -> list[Phone]:
        """``count`` seated phones in seat order (the first is the leader), not started."""
        phones = [await self.player(name) for name in NAMES[:count]]
        if variants:
            await phones[0].send({"type": "options", "variants": variants})
        for phone in phones:
            await phone.sync()
        return phones

    async def start(self, phones: list[Phone]) -> None:
        await phones[0].send({"type": "start"})
        for phone in phones:
            await phone.until("state")
            assert phone.state["room"]["phase"] == "playing"


@pytest.fixture
def make_host(
    aiohttp_client: Callable[..., Awaitable[TestClient]], tmp_path: Path
) -> Callable[..., Awaitable[Host]]:
    async def make(**overrides: Any) -> Host:
        options = {
            "state_dir": tmp_path / "journal",
            "seed": SEED,
            "heartbeat": None,
            "bot_pause": 0.0,
            # The Room's protocol in readable JSON (the channel itself: test_host_channel*.py).
            "plain_sockets": True,
        }
        options.update(overrides)
        app = create_app(HostConfig(**options))
        client = await aiohttp_client(app)
        return Host(client, app)

    return make


@pytest.fixture
async def host(make_host: Callable[..., Awaitable[Host]]) -> Host:
    return await make_host()


def frozen(room: Any) -> tuple[Any, ...]:
    """Everything a refused message must leave unchanged."""
    rules = room.rules
    return (
        rules.snapshot(room.state) if room.state is not None else None,
        len(room.log),
        room.phase,
        [(p.name, p.token) for p in room.players],
        room.leader.name if room.leader else None,
        list(room.variants),
        room.game_name,
    )


async def play_one(
    host: Host, phones: list[Phone], seat: int, action: dict[str, Any], board: Phone | None = None
) -> None:
    """Send one action and check that every phone gets exactly its own new view, the board the
    public one, and nobody anything else."""
    room = host.room
    await phones[seat].send({"type": "action", "action": action})
    for index, phone in enumerate(phones):
        message = await phone.recv()
        assert message["type"] == "state", f"{phone.label} got {message} after {action}"
        assert phone.seat == index
        assert message["view"] == room.rules.view(room.state, index)
    if board is not None:
        message = await board.recv()
        assert message["type"] == "public"
        assert message["view"] == room.rules.view(room.state, None)


async def play_to_end(
    host: Host,
    phones: list[Phone],
    bot: str = "smart",
    board: Phone | None = None,
    limit: int = 5000,
    stop: Callable[[Any], bool] | None = None,
) -> int:
    """Drive every seat with the engine's bot through its own phone until the game is over
    (or ``stop(room)``). Returns the number of actions played."""
    room = host.room
    rules = get_game(room.game_name)
    rng = Rng(SEED)
    played = 0
    while not rules.is_over(room.state) and not (stop and stop(room)):
        assert played < limit, "the game does not end"
        seat = min(rules.expected_seats(room.state))
        action = rules.bots[bot](room.state, seat, rng)
        await play_one(host, phones, seat, action, board)
        played += 1
    return played


async def next_state(phones: list[Phone]) -> None:
    for phone in phones:
        await phone.expect("state")


class Kit:
    """The helpers above, for test modules (conftest cannot be imported by name)."""

    frozen = staticmethod(frozen)
    play_one = staticmethod(play_one)
    play_to_end = staticmethod(play_to_end)
    next_state = staticmethod(next_state)
    names = NAMES
    Phone = Phone
    seed = SEED


@pytest.fixture
def kit() -> type[Kit]:
    return Kit
