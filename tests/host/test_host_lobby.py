"""The lobby: names, seats in join order, the leader's controls, late joiners, the HTTP routes."""

from __future__ import annotations

import pytest


async def test_players_sit_in_join_order_and_the_first_is_leader(host):
    phones = await host.table(3)
    state = await phones[2].sync()
    room = state["room"]
    assert [s["name"] for s in room["seats"]] == ["Ana", "Bruno", "Chen"]
    assert [s["leader"] for s in room["seats"]] == [True, False, False]
    assert room["leader"] == 0 and room["phase"] == "lobby"
    assert state["you"] == {
        "seat": 2,
        "name": "Chen",
        "leader": False,
        "lang": "en",
        "spectator": False,
    }
    assert state["view"] is None
    assert room["min_players"] == 5 and room["max_players"] == 10
    assert room["can_start"] is False


@pytest.mark.parametrize(
    ("typed", "kept"), [("  Zoé  ", "Zoé"), ("Mary   Ann", "Mary Ann"), ("x" * 16, "x" * 16)]
)
async def test_names_are_trimmed(host, typed, kept):
    phone = await host.phone()
    await phone.send({"type": "join", "name": typed})
    await phone.expect("welcome")
    state = await phone.expect("state")
    assert state["you"]["name"] == kept


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "name_length"),
        ("   ", "name_length"),
        ("x" * 17, "name_length"),
        ("a\u0000b", "name_chars"),
        ("a\u202eb", "name_chars"),
    ],
)
async def test_bad_names_are_refused_and_change_nothing(host, kit, typed, code):
    phone = await host.phone(lang="es")
    before = kit.frozen(host.room)
    error = await phone.error({"type": "join", "name": typed})
    assert error["code"] == code
    assert error["message"] and not error["message"].startswith("error.")
    assert kit.frozen(host.room) == before
    # the phone can still join
    await phone.send({"type": "join", "name": "Ok"})
    await phone.expect("welcome")


async def test_a_name_is_unique_ignoring_case(host, kit):
    await host.player("Ana")
    other = await host.phone(lang="pt")
    before = kit.frozen(host.room)
    error = await other.error({"type": "join", "name": " aNA "})
    assert error["code"] == "name_taken"
    assert error["facts"] == {"name": "Ana"}
    assert "Ana" in error["message"] and "jogando" in error["message"]
    assert kit.frozen(host.room) == before


async def test_the_table_is_capped_at_the_games_maximum(host):
    await host.table(10)
    late = await host.phone()
    error = await late.error({"type": "join", "name": "Kai"})
    assert error["code"] == "room_full" and error["facts"] == {"max": 10}


async def test_joining_twice_is_refused(host):
    phone = await host.player("Ana")
    error = await phone.error({"type": "join", "name": "Other"})
    assert error["code"] == "already_seated"


async def test_leader_controls_are_for_the_leader_only(host, kit):
    phones = await host.table(5)
    before = kit.frozen(host.room)
    for message in (
        {"type": "options", "variants": ["quick"]},
        {"type": "reorder", "order": [4, 3, 2, 1, 0]},
        {"type": "remove", "seat": 0},
        {"type": "start"},
    ):
        error = await phones[3].error(message)
        assert error["code"] == "not_leader"
    guest = await host.phone()
    assert (await guest.error({"type": "start"}))["code"] == "not_leader"
    assert kit.frozen(host.room) == before


async def test_leader_picks_options_and_bad_options_are_refused(host, kit):
    phones = await host.table(5)
    leader = phones[0]
    await leader.send({"type": "options", "game": "mole", "variants": ["quick", "snitch"]})
    state = await leader.expect("state")
    assert state["room"]["variants"] == ["quick", "snitch"]
    assert state["room"]["can_start"] is True
    before = kit.frozen(host.room)
    error = await leader.error({"type": "options", "variants": ["turbo"]})
    assert error == {
        "type": "error",
        "code": "unknown_variant",
        "message": "There is no option called turbo.",
        "facts": {"variant": "turbo"},
    }
    error = await leader.error({"type": "options", "game": "chess"})
    assert error["code"] == "unknown_game"
    assert kit.frozen(host.room) == before
    # The Vault needs 7 players: the engine refuses the start with its own code.
    await leader.send({"type": "options", "variants": ["vault"]})
    state = await leader.expect("state")
    assert state["room"]["can_start"] is False
    # Every screen can say which option keeps the table from starting, and what it needs.
    assert state["room"]["misfit"] == {"variant": "vault", "min": 7, "max": 10}
    error = await leader.error({"type": "start"})
    assert error["code"] == "variant_players"
    assert error["facts"]["variant"] == "vault"
    await leader.send({"type": "options", "variants": []})
    assert (await leader.expect("state"))["room"]["misfit"] is None


async def test_reorder_and_remove(host, kit):
    phones = await host.table(5)
    leader = phones[0]
    await leader.send({"type": "reorder", "order": [4, 0, 1, 2, 3]})
    await kit.next_state(phones)
    seats = phones[0].state["room"]["seats"]
    assert [s["name"] for s in seats] == ["Eli", "Ana", "Bruno", "Chen", "Dara"]
    assert phones[4].state["you"]["seat"] == 0
    assert phones[0].state["you"] == {**phones[0].state["you"], "seat": 1, "leader": True}

    for bad in ([0, 1, 2, 3], [0, 0, 1, 2, 3], [0, 1, 2, 3, 5]):
        error = await leader.error({"type": "reorder", "order": bad})
        assert error["code"] == "bad_order"
    assert (await leader.error({"type": "remove", "seat": 9}))["code"] == "not_a_seat"

    await leader.send({"type": "remove", "seat": 2})  # Bruno
    lost = await phones[1].expect("seat_lost")
    assert lost == {"type": "seat_lost", "reason": "removed", "name": "Bruno"}
    for phone in phones:
        await phone.expect("state")
    assert [s["name"] for s in leader.state["room"]["seats"]] == ["Eli", "Ana", "Chen", "Dara"]
    assert phones[1].state["you"]["seat"] is None
    # The removed phone's token no longer opens a seat.
    again = await host.client.ws_connect("/ws")
    from_token = type(phones[1])(again, "again")
    await from_token.expect("state")
    await from_token.send({"type": "hello", "token": phones[1].token})
    await from_token.expect("state")
    assert (await from_token.expect("error"))["code"] == "token_unknown"


def looks(phone) -> dict[str, int]:
    return {seat["name"]: seat["look"] for seat in phone.state["room"]["seats"]}


async def test_a_player_keeps_its_colour_and_shape_when_the_seats_move(host, kit):
    """Seat numbers close up when a seat leaves; the screens draw each player by its look, so
    nobody who stays changes colour and shape, and a newcomer takes the look that was freed."""
    phones = await host.table(5)
    leader = phones[0]
    await leader.sync()
    assert looks(leader) == {"Ana": 0, "Bruno": 1, "Chen": 2, "Dara": 3, "Eli": 4}
    await leader.send({"type": "reorder", "order": [4, 0, 1, 2, 3]})
    await kit.next_state(phones)
    await leader.send({"type": "remove", "seat": 2})  # Bruno
    await phones[1].expect("seat_lost")
    await leader.sync()
    assert [s["name"] for s in leader.state["room"]["seats"]] == ["Eli", "Ana", "Chen", "Dara"]
    assert looks(leader) == {"Eli": 4, "Ana": 0, "Chen": 2, "Dara": 3}
    newcomer = await host.phone()
    await newcomer.send({"type": "join", "name": "Fay"})
    await newcomer.expect("welcome")
    await leader.sync()
    assert looks(leader)["Fay"] == 1


async def test_the_looks_survive_a_restart(make_host, kit):
    first = await make_host()
    phones = await first.table(5)
    await phones[0].send({"type": "remove", "seat": 1})  # Bruno
    await phones[0].sync()
    kept = looks(phones[0])
    assert kept == {"Ana": 0, "Chen": 2, "Dara": 3, "Eli": 4}
    await first.client.close()

    second = await make_host()
    back = await second.phone(token=phones[0].token)
    assert looks(back) == kept


async def test_leaving_passes_the_lead_to_the_first_seat(host, kit):
    phones = await host.table(3)
    await phones[0].send({"type": "leave"})
    assert (await phones[0].expect("seat_lost"))["reason"] == "left"
    await kit.next_state(phones)
    room = phones[1].state["room"]
    assert [s["name"] for s in room["seats"]] == ["Bruno", "Chen"]
    assert room["leader"] == 0 and phones[1].state["you"]["leader"] is True
    guest = await host.phone()
    assert (await guest.error({"type": "leave"}))["code"] == "not_seated"


async def test_starting_needs_five_players(host, kit):
    phones = await host.table(4)
    before = kit.frozen(host.room)
    error = await phones[0].error({"type": "start"})
    assert error["code"] == "player_count"
    assert error["facts"] == {"min": 5, "max": 10, "players": 4}
    assert error["message"] == "This game needs 5 to 10 players; there are 4."
    assert kit.frozen(host.room) == before


async def test_late_joiners_watch_the_public_board_and_wait_for_the_next_game(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    late = await host.phone()
    assert late.state["you"]["spectator"] is True
    assert late.view == host.room.rules.view(host.room.state, None)
    await late.send({"type": "join", "name": "Kai"})
    welcome = await late.expect("welcome")
    assert welcome["seat"] is None and welcome["token"]
    state = await late.expect("state")
    assert state["you"]["seat"] is None and state["you"]["spectator"] is True
    assert state["you"]["next_game"] is True and state["you"]["name"] == "Kai"
    assert state["room"]["next_game"] == ["Kai"]
    assert "me" not in state["view"]
    assert [s["name"] for s in state["room"]["seats"]] == kit.names[:5]
    error = await late.error({"type": "action", "action": {"type": "vote", "approve": True}})
    assert error["code"] == "not_seated"
    await phones[0].sync()
    for message in ({"type": "leave"}, {"type": "reorder", "order": [0]}):
        assert (await phones[0].error(message))["code"] == "not_in_lobby"


async def test_language_switch_changes_error_texts(host):
    phone = await host.phone(lang="pt-BR")
    assert phone.state["you"]["lang"] == "pt"
    await phone.send({"type": "lang", "lang": "es"})
    state = await phone.expect("state")
    assert state["you"]["lang"] == "es"
    error = await phone.error({"type": "action", "action": {}})
    assert error["code"] == "not_started"
    assert error["message"] == "La partida aún no ha empezado."


async def test_http_routes(host):
    client = host.client
    page = await client.get("/")
    assert page.status == 200
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    assert "<html" in (await page.text()).lower()
    catalog = await client.get("/i18n/es.json")
    assert (await catalog.json())["error.name_taken"].startswith("{name}")
    assert (await client.get("/i18n/xx.json")).status == 404
    qr = await client.get("/qr.svg")
    assert qr.content_type == "image/svg+xml" and (await qr.text()).startswith("<svg")
    health = await client.get("/healthz")
    assert await health.json() == {"ok": True, "phase": "lobby", "players": 0}
    script = await client.get("/static/app.js")
    assert script.status == 200
    assert (await client.get("/static/../host/server.py")).status in (403, 404)


async def test_the_qr_code_and_the_catalogs_are_made_once_not_per_request(host):
    """QA: /qr.svg cost the host 8 ms a request and a catalog was encoded per request, so a
    guest looping on them held the seated players' replies back by 100 ms."""
    from host.qr import qr_svg
    from host.server import _catalog_body

    qr_svg.cache_clear()
    _catalog_body.cache_clear()
    for _ in range(3):
        qr = await host.client.get("/qr.svg")
        assert qr.status == 200 and (await qr.text()).startswith("<svg")
        words = await host.client.get("/i18n/es.json?for=phone")
        assert words.status == 200 and "phone.join.button" in await words.json()
    assert qr_svg.cache_info().misses == 1 and qr_svg.cache_info().hits == 2
    assert _catalog_body.cache_info().misses == 1
