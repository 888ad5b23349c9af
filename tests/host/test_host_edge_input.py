"""The server edge: no input silences a socket or prints a traceback, and the limits are the
documented ones (docs/protocol.md): surrogates, huge numbers, malformed HTTP, Origin, frame size,
a writer that fails."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from aiohttp import WSCloseCode, WSMsgType, WSServerHandshakeError

from host.server import SOCKETS_KEY


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


def _no_traceback(caplog) -> None:
    assert [r.getMessage() for r in caplog.records if r.exc_info] == []
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "\\ud800"}',
        '{"type": "ping", "\\udfff": 1}',
        '{"type": "action", "action": {"type": "vote", "approve": "\\ud800"}}',
        '{"type": "join", "name": "Ana\\udc00"}',
        '{"type": "lang", "lang": "\\ud83d"}',
        '{"type": "ping", "n": ' + "9" * 5000 + "}",
        '{"type": "action", "action": {"type": "vote", "n": -' + "1" * 4301 + "}}",
        '{"type": "ping", "n": NaN}',
        '{"type": "ping", "n": -Infinity}',
        '{"type": "ping", "n": 1e400}',
    ],
)
async def test_unreadable_text_and_numbers_answer_bad_json_and_the_socket_lives(
    host, kit, caplog, frame
):
    caplog.set_level(logging.DEBUG)
    phones = await _started(host)
    before = kit.frozen(host.room)
    error = await phones[1].error(frame)
    assert error["code"] == "bad_json"
    assert not error["message"].startswith("error.")
    assert kit.frozen(host.room) == before
    assert (await phones[1].sync())["you"]["seat"] == 1  # still answers ping, still seated
    assert host.room.players[1].connected
    _no_traceback(caplog)


async def test_a_surrogate_token_is_a_token_nobody_has(host, kit, caplog):
    caplog.set_level(logging.DEBUG)
    phones = await host.table(5)
    phone = await host.phone("stranger")
    before = kit.frozen(host.room)
    await phone.send_raw('{"type": "hello", "token": "\\ud800' + phones[0].token[1:] + '"}')
    error = await phone.until("error")
    assert error["code"] == "token_unknown"
    assert phone.seat is None
    assert kit.frozen(host.room) == before
    await phone.sync()
    _no_traceback(caplog)


async def test_the_pad_field_is_ignored_in_every_message(host):
    phone = await host.phone()
    text = json.dumps({"type": "join", "name": "Ana", "pad": " " * 200})
    await phone.send_raw(text)
    await phone.expect("welcome")
    assert (await phone.until("state"))["you"]["name"] == "Ana"
    await phone.send_raw(json.dumps({"type": "ping", "pad": 7}))  # ignored whatever it holds
    assert (await phone.until("pong"))["type"] == "pong"


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"FOO / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\nBAR /x HTTP/1.1\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n",
        b"GET /\x00 HTTP/1.1\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nBad Header Line\r\n\r\n",
        b"GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
    ],
)
async def test_a_malformed_http_request_logs_one_line_at_most(host, caplog, request_bytes):
    caplog.set_level(logging.DEBUG)
    reader, writer = await asyncio.open_connection(host.client.host, host.client.port)
    writer.write(request_bytes)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), timeout=5)  # the server closes
    writer.close()
    assert b" 400 " in answer or b" 405 " in answer or b"200 OK" in answer
    lines = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert len(lines) <= 1
    assert all("\n" not in r.getMessage() for r in lines)
    _no_traceback(caplog)
    assert (await host.client.get("/healthz")).status == 200


async def test_the_origin_must_be_this_scheme_host_and_port_exactly(host):
    own = f"http://{host.client.host}:{host.client.port}"
    for foreign in [
        f"https://{host.client.host}:{host.client.port}",
        own + "/",
        own + "/ws",
        own + "?x",
        f"http://{host.client.host}",
        f"http://{host.client.host}:{host.client.port + 1}",
        f"http://user@{host.client.host}:{host.client.port}",
        f"http://{host.client.host}:{host.client.port}:1",
        f"http://{host.client.host}:99999",
        "http://localhost.evil.example:" + str(host.client.port),
        "null",
        "",
    ]:
        with pytest.raises(WSServerHandshakeError) as refused:
            await host.client.ws_connect("/ws", headers={"Origin": foreign})
        assert refused.value.status == 403, foreign
    for same in [own, own.upper().replace("HTTP://", "http://")]:
        ws = await host.client.ws_connect("/ws", headers={"Origin": same})
        assert json.loads((await ws.receive(timeout=5)).data)["type"] == "state"
        await ws.close()


async def test_a_frame_of_exactly_the_limit_is_read_one_byte_more_closes(host, kit):
    phones = await _started(host)
    exactly = json.dumps({"type": "ping", "x": ""})
    exactly = exactly[:-2] + "x" * (65536 - len(exactly)) + '"}'
    assert len(exactly.encode()) == 65536
    error = await phones[0].error(exactly)
    assert error["code"] == "too_big"  # read, refused as over 8192 characters, socket kept
    assert (await phones[0].sync())["you"]["seat"] == 0
    await phones[0].send_raw(exactly[:-2] + 'x"}')  # 65537 bytes
    message = await phones[0].ws.receive(timeout=5)
    assert message.type is WSMsgType.CLOSE and message.data == WSCloseCode.MESSAGE_TOO_BIG


async def test_a_socket_whose_writer_fails_is_closed_and_its_seat_away_at_once(host, caplog):
    phones = await host.table(3)
    victim = host.room.players[1].conn
    server_ws = victim.outbox.ws
    assert server_ws in host.app[SOCKETS_KEY]

    async def broken(payload, opcode, compress=None):
        raise UnicodeEncodeError("utf-8", payload.decode(), 0, 1, "surrogates not allowed")

    server_ws.send_frame = broken
    await phones[0].send({"type": "lang", "lang": "es"})  # only phone 0 hears of it...
    await phones[0].expect("state")
    host.room.players[1].conn.send({"type": "pong"})  # ...then a frame for phone 1 fails
    state = await phones[0].until("state")  # the table is told at once, not after a heartbeat
    assert state["room"]["seats"][1]["connected"] is False
    assert not host.room.players[1].connected
    closed = await phones[1].ws.receive(timeout=5)
    assert closed.type is WSMsgType.CLOSE and closed.data == WSCloseCode.INTERNAL_ERROR
    assert any("could not be sent" in r.getMessage() for r in caplog.records)
    back = await host.phone(token=phones[1].token)  # and it comes back as usual
    assert back.seat == 1
