"""`molecrew --headless` as a real subprocess: it serves the page, prints the URL and a QR code,
hosts a whole game played by five phone sockets, and shuts down cleanly on Ctrl+C."""

from __future__ import annotations

import asyncio
import signal

import aiohttp
from tv_phones import TIMEOUT, Listener, join_table, next_move, start_molecrew


async def test_headless_host_serves_a_whole_game_and_stops_cleanly(tmp_path):
    process, url, lines = await start_molecrew(tmp_path / "state", "--seed", "7")
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        qr_lines = [line for line in lines if "█" in line]
        assert len(qr_lines) > 10 and len({len(line) for line in qr_lines}) == 1
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as page:
                assert page.status == 200 and "html" in page.headers["Content-Type"]
            async with http.get(url + "healthz") as health:
                assert (await health.json())["ok"] is True
            public = Listener(await http.ws_connect(url + "ws/public"))
            phones = await join_table(http, url)
            await public.until(lambda m: len(m["room"]["seats"]) == 5 and m["room"]["can_start"])
            await phones[0].send({"type": "start"})
            seen = len(public.messages)
            message = await public.until(lambda m: m["view"] is not None, seen)
            while message["room"]["phase"] != "over":
                view = message["view"]
                seen = len(public.messages)
                if view["phase"] == "getaway":
                    seat = min(set(range(5)) - set(view["getaway"]["confirmed"]))
                    await phones[seat].send(
                        {"type": "action", "action": {"type": "mark", "target": None}}
                    )
                    await phones[seat].send({"type": "action", "action": {"type": "confirm"}})
                    message = await public.until(
                        lambda m, s=seat: (
                            m["view"]["phase"] != "getaway"
                            or s in m["view"]["getaway"]["confirmed"]
                        ),
                        seen,
                    )
                    continue
                seat, action = next_move(view)
                await phones[seat].send({"type": "action", "action": action})
                message = await public.until(lambda m: True, seen)
            result = message["view"]["result"]
            # Straight play: every team approved and clean, and the Moles accuse nobody.
            assert [lock["result"] for lock in message["view"]["locks"]].count("open") == 3
            assert result["winner"] == "crew" and len(result["roles"]) == 5
            for phone in phones:
                assert not [m for m in phone.messages if m["type"] == "error"]
            process.send_signal(signal.SIGINT)
            out, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
            assert process.returncode == 0, err.decode()
            assert "Stopped cleanly." in out.decode()
            # Every socket was closed by the host as it went away (1001), not dropped.
            await asyncio.wait_for(public.task, TIMEOUT)
            assert public.closed_with == 1001
        journals = list((tmp_path / "state").rglob("*"))
        assert any(path.is_file() and path.stat().st_size > 0 for path in journals)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def stop_molecrew(process) -> None:
    process.send_signal(signal.SIGINT)
    await asyncio.wait_for(process.communicate(), TIMEOUT)
    assert process.returncode == 0


async def test_an_interrupted_game_is_offered_then_continued_with_resume(tmp_path):
    state = tmp_path / "state"
    process, url, _ = await start_molecrew(state, "--seed", "3")
    try:
        async with aiohttp.ClientSession() as http:
            public = Listener(await http.ws_connect(url + "ws/public"))
            phones = await join_table(http, url)
            await phones[0].send({"type": "start"})
            message = await public.until(lambda m: m["view"] is not None)
            seat, action = next_move(message["view"])
            seen = len(public.messages)
            await phones[seat].send({"type": "action", "action": action})
            played = await public.until(lambda m: True, seen)
        await stop_molecrew(process)

        process, url, lines = await start_molecrew(state)
        assert any("An unfinished game is saved" in line for line in lines)
        await stop_molecrew(process)

        process, url, lines = await start_molecrew(state, "--resume")
        async with aiohttp.ClientSession() as http:
            public = Listener(await http.ws_connect(url + "ws/public"))
            resumed = await public.until(lambda m: True)
        assert resumed["room"]["phase"] == "playing"
        assert resumed["view"] == played["view"]  # the game goes on from the last action
        await stop_molecrew(process)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
