"""The private channel on the real phone socket, with a Python phone (PyNaCl) as the page would be.

The host here runs as the product does (``plain_sockets=False``): every byte on /ws after the
key exchange is sealed, plain JSON is refused, a tampered frame closes the socket.
"""

from __future__ import annotations

import json
import logging
import stat
from typing import Any

import pytest
from aiohttp import WSMsgType

from host.channel import (
    BAD_HANDSHAKE,
    COUNTER_BYTES,
    KEY_FILE,
    OUT_OF_ORDER,
    OVERHEAD,
    PLAIN_REFUSED,
    REPLY_BYTES,
    TAMPERED,
    HostKey,
    SealedClient,
    fingerprint,
    handshake,
    key_from_url,
    keyed_url,
)
from host.server import FINGERPRINT_KEY, HOST_KEY

TIMEOUT = 5.0
# Long enough that no ciphertext holds one by chance (a three-letter name would, now and then).
NAMES = ["Anabela", "Bruninho", "Chen Wei", "Dara Khan", "Elisabete"]


class Wire:
    """A client WebSocket that keeps every binary frame both ways, as a listener on the Wi-Fi
    would see them."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.sent: list[bytes] = []
        self.received: list[bytes] = []

    @property
    def closed(self) -> bool:
        return bool(self.ws.closed)

    @property
    def close_code(self) -> int | None:
        return self.ws.close_code

    async def send_bytes(self, data: bytes) -> None:
        self.sent.append(data)
        await self.ws.send_bytes(data)

    async def send_str(self, text: str) -> None:
        await self.ws.send_str(text)

    async def receive(self, timeout: float | None = None) -> Any:
        msg = await self.ws.receive(timeout=timeout)
        if msg.type is WSMsgType.BINARY:
            self.received.append(msg.data)
        return msg

    async def close(self, **kwargs: Any) -> Any:
        return await self.ws.close(**kwargs)


@pytest.fixture
async def sealed_host(make_host: Any) -> Any:
    return await make_host(plain_sockets=False)


async def sealed_phone(host: Any, kit: Any, label: str, token: str | None = None) -> Any:
    """A phone through the channel, greeted like ``Host.phone``; ``.wire`` has its raw frames."""
    wire = Wire(await host.client.ws_connect("/ws"))
    client = await handshake(wire, host.app[HOST_KEY].public)
    phone = kit.Phone(client, label)
    phone.wire = wire
    await phone.expect("state")
    await phone.send({"type": "hello", "token": token, "lang": "en"})
    if token:
        await phone.expect("welcome")
    await phone.until("state")
    return phone


async def seated(host: Any, kit: Any, name: str) -> Any:
    phone = await sealed_phone(host, kit, name)
    await phone.send({"type": "join", "name": name})
    await phone.expect("welcome")
    await phone.expect("state")
    return phone


async def closed_with(ws: Any) -> int | None:
    msg = await ws.receive(timeout=TIMEOUT)
    while msg.type not in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING):
        msg = await ws.receive(timeout=TIMEOUT)
    return ws.close_code


# ------------------------------------------------------------------------ the key and the URL


async def test_the_join_url_carries_the_host_key(sealed_host: Any) -> None:
    key: HostKey = sealed_host.app[HOST_KEY]
    url = sealed_host.room.join_url
    assert url == keyed_url("http://127.0.0.1:8080/", key.public)
    assert key_from_url(url) == key.public
    assert sealed_host.app[FINGERPRINT_KEY] == fingerprint(key.public)


async def test_the_key_file_is_0600_and_the_same_after_a_restart(make_host: Any, tmp_path) -> None:
    first = await make_host(plain_sockets=False)
    path = tmp_path / "journal" / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    second = await make_host(plain_sockets=False)
    assert second.app[HOST_KEY].public == first.app[HOST_KEY].public


# ------------------------------------------------------------------------ a game's frames


async def test_nothing_readable_crosses_and_sizes_stay_even(sealed_host: Any, kit: Any) -> None:
    phones = [await seated(sealed_host, kit, name) for name in NAMES]
    for phone in phones:
        await phone.sync()
    await sealed_host.start(phones)
    room = sealed_host.room
    roles = {room.rules.view(room.state, seat)["me"]["role"] for seat in range(5)}
    await kit.play_to_end(sealed_host, phones)
    tokens = [player.token for player in room.players]
    words = [json.dumps(word) for word in [*NAMES, *roles, "type", "state", "welcome", "role"]]
    for phone in phones:
        wire: Wire = phone.wire
        assert len(wire.received[0]) == REPLY_BYTES
        everything = b"".join(wire.sent + wire.received)
        for secret in [*tokens, *words]:
            assert secret.encode() not in everything, f"{secret} crossed in the clear"
        # Each sealed frame is its plaintext plus the same 24 bytes: sizes tell what they told.
        for raw, text in zip(wire.received[1:], phone.raw, strict=True):
            assert len(raw) == len(text.encode()) + OVERHEAD
        counters = [int.from_bytes(raw[:COUNTER_BYTES], "big") for raw in wire.received[1:]]
        assert counters == list(range(len(counters)))


# ------------------------------------------------------------------------ refusals


async def test_a_plain_first_frame_is_refused_and_reaches_no_room(sealed_host: Any) -> None:
    ws = await sealed_host.client.ws_connect("/ws")
    await ws.send_str(json.dumps({"type": "join", "name": "Ana"}))
    assert await closed_with(ws) == PLAIN_REFUSED
    assert sealed_host.room.players == []


@pytest.mark.parametrize("hello", [b"\x01", b"\x02" + bytes(32), b"\x01" + bytes(32)])
async def test_a_bad_key_exchange_closes_the_socket(sealed_host: Any, hello: bytes) -> None:
    ws = await sealed_host.client.ws_connect("/ws")
    await ws.send_bytes(hello)
    assert await closed_with(ws) == BAD_HANDSHAKE


async def test_a_plain_frame_after_the_exchange_is_refused(sealed_host: Any, kit: Any) -> None:
    phone = await sealed_phone(sealed_host, kit, "Ana")
    await phone.wire.send_str(json.dumps({"type": "join", "name": "Ana"}))
    assert await closed_with(phone.wire) == PLAIN_REFUSED
    assert sealed_host.room.players == []


async def test_a_tampered_frame_closes_and_the_token_gets_back_in(
    sealed_host: Any, kit: Any
) -> None:
    ana, bruno = [await seated(sealed_host, kit, name) for name in NAMES[:2]]
    await ana.sync()
    await bruno.sync()
    client: SealedClient = ana.ws
    frame = bytearray(client.session.seal(json.dumps({"type": "add_bot"}).encode()))
    frame[-3] ^= 0x40
    await ana.wire.send_bytes(bytes(frame))
    assert await closed_with(ana.wire) == TAMPERED
    await bruno.until("state")  # the table sees Ana away, and no bot was added
    assert sealed_host.room.players[0].conn is None
    assert len(sealed_host.room.players) == 2
    back = await sealed_phone(sealed_host, kit, "Ana again", token=ana.token)
    assert back.seat == 0


async def test_a_replayed_frame_is_refused(
    sealed_host: Any, kit: Any, caplog: pytest.LogCaptureFixture
) -> None:
    ana = await seated(sealed_host, kit, "Ana")
    await ana.sync()
    await ana.send({"type": "add_bot"})
    await ana.expect("state")
    bots = len(sealed_host.room.players)
    caplog.set_level(logging.WARNING, logger="molecrew.channel")
    for _ in range(3):
        await ana.wire.send_bytes(ana.wire.sent[-1])  # the same sealed add_bot, again
    await ana.send({"type": "ping"})
    assert (await ana.recv())["type"] == "pong"  # the replays did nothing, the channel goes on
    assert len(sealed_host.room.players) == bots
    assert [r.getMessage() for r in caplog.records].count(
        "refused a replayed frame on a phone socket (later ones unlogged)"
    ) == 1, "logged once per socket, not once per replay"


async def test_a_frame_from_ahead_closes_the_socket(sealed_host: Any, kit: Any) -> None:
    ana = await seated(sealed_host, kit, "Ana")
    client: SealedClient = ana.ws
    client.session.seal(b'{"type":"ping"}')  # sealed, never sent: the next counter skips it
    await ana.send({"type": "ping"})
    assert await closed_with(ana.wire) == OUT_OF_ORDER


async def test_a_seat_gets_in_through_the_channel_over_a_full_socket_limit(
    make_host: Any, kit: Any
) -> None:
    host = await make_host(plain_sockets=False, max_sockets=2)
    ana = await seated(host, kit, "Ana")
    await ana.ws.close()
    oldest = await sealed_phone(host, kit, "stranger")
    await sealed_phone(host, kit, "another stranger")
    # Held at the door until its first frame: the key exchange, then the hello with the token.
    ws = await host.client.ws_connect("/ws")
    back = kit.Phone(await handshake(ws, host.app[HOST_KEY].public), "Ana back")
    await back.send({"type": "hello", "token": ana.token, "lang": "en"})
    await back.until("welcome")
    await back.until("state")
    assert back.seat == 0
    assert await closed_with(oldest.wire) == 1013


async def test_sealed_sockets_are_not_deflated(sealed_host: Any, make_host: Any) -> None:
    # Ciphertext does not compress: deflating it would only cost the host time on every frame.
    sealed = await sealed_host.client.ws_connect("/ws", compress=15)
    assert sealed.compress == 0
    plain_host = await make_host()
    plain = await plain_host.client.ws_connect("/ws", compress=15)
    assert plain.compress == 15


async def test_a_socket_that_never_makes_the_key_exchange_is_closed(make_host):
    host = await make_host(plain_sockets=False, key_exchange_seconds=0.05)
    keyed = await handshake(Wire(await host.client.ws_connect("/ws")), host.app[HOST_KEY].public)
    silent = await host.client.ws_connect("/ws")
    message = await silent.receive(timeout=TIMEOUT)
    while message.type not in (WSMsgType.CLOSE, WSMsgType.CLOSED):
        message = await silent.receive(timeout=TIMEOUT)
    assert message.data == BAD_HANDSHAKE
    # The keyed socket, opened before, is past its own deadline now, and still answers.
    await keyed.send_json({"type": "ping"})
    reply = await keyed.receive_json(timeout=TIMEOUT)
    while reply["type"] != "pong":
        reply = await keyed.receive_json(timeout=TIMEOUT)
    assert not keyed.closed
