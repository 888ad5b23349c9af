"""Property: whatever a seated phone sends (message shapes, strings with surrogates and control
characters, numbers past every limit), it gets an answer with a code or a state, a refusal changes
nothing, the log has no traceback, and the socket still answers ping."""

from __future__ import annotations

import asyncio
import json
import logging
import re

from aiohttp.test_utils import TestClient, TestServer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.protocol import SCHEMAS
from host.server import ROOM_KEY, HostConfig, create_app

ANSWERS = {"error", "state", "welcome", "seat_lost", "pong"}
# Number tokens no JSON library writes: spliced into the text in place of a marker string.
RAW_NUMBERS = ["9" * 4301, "-" + "1" * 5000, "1e400", "-1e999", "NaN", "Infinity", "-Infinity"]
MARKER = "\u0001raw{}\u0001"

odd_chars = st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\x00", "\x1f", "\x7f"])
texts = st.text(st.one_of(st.characters(), odd_chars, st.sampled_from("\u202e\u200b\ufeff")))
raw_numbers = st.sampled_from(range(len(RAW_NUMBERS))).map(MARKER.format)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
    raw_numbers,
    st.sampled_from(["vote", "propose", "play", "mark", "confirm", "wager", "Ana", "quick"]),
)
values = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.one_of(texts, leaves.filter(lambda leaf: isinstance(leaf, str))), inner, max_size=4
        ),
    ),
    max_leaves=12,
)
fields = sorted({name for schema in SCHEMAS.values() for name in schema} | {"pad", "approve", "id"})
messages = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.one_of(
        st.sampled_from([*sorted(set(SCHEMAS) - {"ping"}), "claim", "teleport"]), texts, values
    ),
    st.dictionaries(st.sampled_from(fields), values, max_size=4),
).filter(lambda message: message["type"] != "ping")  # its pong is the barrier, tested elsewhere


def wire_text(message: dict) -> str:
    text = json.dumps(message, ensure_ascii=True)  # surrogates travel as \\ud800 escapes
    return re.sub(r'"\\u0001raw(\d+)\\u0001"', lambda match: RAW_NUMBERS[int(match.group(1))], text)


class Table:
    """A host with five seated phones in a started game, on a loop of the test's own."""

    def __init__(self, tmp_path, kit) -> None:
        self.loop = asyncio.new_event_loop()
        self.kit = kit
        config = HostConfig(  # plain JSON on /ws: the Room's messages as the channel carries them
            state_dir=tmp_path,
            seed=kit.seed,
            heartbeat=None,
            rate=1e9,
            burst=10**9,
            plain_sockets=True,
        )
        self.app = create_app(config)
        self.client = self.run(self._client())
        self.phones = [self.run(self._player(name)) for name in kit.names[:5]]
        self.run(self.phones[0].send({"type": "start"}))
        for phone in self.phones:
            self.run(phone.until("state"))

    async def _client(self) -> TestClient:
        client = TestClient(TestServer(self.app))  # made on the loop that will run it
        await client.start_server()
        return client

    def run(self, awaitable):
        return self.loop.run_until_complete(awaitable)

    async def _player(self, name: str):
        phone = self.kit.Phone(await self.client.ws_connect("/ws"), name)
        await phone.send({"type": "hello", "token": None, "lang": "en"})
        await phone.send({"type": "join", "name": name})
        await phone.until("welcome")
        await phone.until("state")
        return phone

    async def answers_to(self, phone, text: str) -> list[dict]:
        """Everything the phone got for ``text``, up to the pong of a ping sent right after."""
        await phone.send_raw(text)
        await phone.send({"type": "ping"})
        replies = []
        while (reply := await phone.recv())["type"] != "pong":
            replies.append(reply)
        return replies

    def close(self) -> None:
        self.run(self.client.close())
        self.loop.close()


def test_any_input_is_answered_and_a_refusal_changes_nothing(tmp_path, kit, caplog):
    caplog.set_level(logging.DEBUG)
    table = Table(tmp_path, kit)
    room = table.app[ROOM_KEY]

    @settings(
        max_examples=250,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(messages, st.integers(min_value=1, max_value=4))  # the leader may end the game
    def check(message, seat):
        phone = table.phones[seat]
        text = wire_text(message)
        shown = text[:300]  # a 5,000-digit number is no help in a failure report
        before = kit.frozen(room)
        replies = table.run(table.answers_to(phone, text))
        assert replies, shown
        assert {reply["type"] for reply in replies} <= ANSWERS, replies
        errors = [reply for reply in replies if reply["type"] == "error"]
        for error in errors:
            assert error["code"] != "internal_error", shown
            assert error["message"] != f"error.{error['code']}", error
        if errors and len(errors) == len(replies):
            assert kit.frozen(room) == before, shown
        assert room.players[seat].connected
        assert not phone.ws.closed

    try:
        check()
        assert [r.getMessage() for r in caplog.records if r.exc_info] == []
        assert "Traceback" not in caplog.text
    finally:
        table.close()
