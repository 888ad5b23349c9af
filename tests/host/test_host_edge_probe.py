"""A seat's token presented by a second phone: the host pings the phone holding the seat; one that
answers keeps it, a silent one is let go and the waiting phone is seated (Connection.probe)."""

from __future__ import annotations

import asyncio
import contextlib
import json

from aiohttp import WSMsgType


async def _second_phone(host, token):
    ws = await host.client.ws_connect("/ws")
    await ws.send_str(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    return ws


async def _until(ws, kind, seen=None):
    while True:
        message = await ws.receive(timeout=5)
        assert message.type is WSMsgType.TEXT, message
        decoded = json.loads(message.data)
        if seen is not None:
            seen.append(decoded)
        if decoded["type"] == kind:
            return decoded


async def test_a_phone_that_answers_the_probe_keeps_its_seat(make_host):
    host = await make_host(probe_seconds=0.05)
    ana = await host.player("Ana")
    listening = asyncio.ensure_future(ana.ws.receive())  # a live phone: it answers pings
    second = await _second_phone(host, ana.token)
    seen = []
    error = await _until(second, "error", seen)
    assert error["code"] == "seat_in_use" and error["facts"] == {"name": "Ana"}
    waiting = [m for m in seen if m["type"] == "state"][-1]["you"]
    assert waiting["seat"] is None and waiting["waiting_seat"] is True
    liveness = host.room.players[0].conn.on_probe.__self__
    await liveness.task  # the probe's time is up
    assert host.room.players[0].conn is not None
    await second.send_str(json.dumps({"type": "ping"}))
    seen = []
    await _until(second, "pong", seen)
    assert "welcome" not in [m["type"] for m in seen]  # nothing of the seat reached it
    listening.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await listening
    assert (await ana.sync())["you"]["seat"] == 0


async def test_a_silent_phone_is_let_go_and_the_waiting_phone_takes_its_seat(make_host):
    host = await make_host(probe_seconds=0.05)
    phones = await host.table(2)
    silent = phones[0]  # never reads again, so never answers the ping
    second = await _second_phone(host, silent.token)
    assert (await _until(second, "error"))["code"] == "seat_in_use"
    welcome = await _until(second, "welcome")  # the probe found nobody
    assert welcome["seat"] == 0
    state = await _until(second, "state")
    assert state["you"]["seat"] == 0 and state["you"]["name"] == "Ana"
    assert host.room.players[0].conn is not None
    assert (await phones[1].sync())["room"]["seats"][0]["connected"] is True
