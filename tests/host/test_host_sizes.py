"""Sizes on the wire tell nothing: every frame the host sends to one phone alone (errors, pongs,
welcomes) has one size, whatever it says, and every seat's state frame of a moment has one size."""

from __future__ import annotations

import json

from host.outgoing import PRIVATE_BUCKET, encode, pad_to, private_text


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


def test_private_frames_fill_their_bucket_and_stay_json():
    for message in ({"type": "pong"}, {"type": "error", "code": "x", "message": "é" * 300}):
        text = private_text(message)
        assert len(text.encode()) == PRIVATE_BUCKET
        assert {k: v for k, v in json.loads(text).items() if k != "pad"} == message
    long = private_text({"type": "error", "message": "y" * 1500})
    assert len(long.encode()) == 2 * PRIVATE_BUCKET


def test_a_lone_surrogate_still_makes_a_frame_that_encodes():
    text = encode({"type": "error", "facts": {"type": "\ud800"}})
    text.encode("utf-8")
    assert json.loads(text)["facts"]["type"] == "\ud800"
    assert len(pad_to(text, 200).encode()) == 200


async def test_refusals_and_pongs_to_different_seats_have_one_size(host, kit):
    phones = await _started(host)
    room = host.room
    sides = [room.rules.view(room.state, seat)["me"]["side"] for seat in range(5)]
    crew = sides.index("crew")
    team = sorted({crew, next(s for s in range(5) if s != crew)})
    await kit.play_one(host, phones, room.state.boss, {"type": "propose", "team": team})
    for seat in range(5):
        await kit.play_one(host, phones, seat, {"type": "vote", "approve": True})
    assert room.state.phase == "cards"
    outsider = next(s for s in range(5) if s not in team)
    tries = [
        (crew, {"type": "play", "card": "sabotage"}, "crew_cannot_sabotage"),
        (outsider, {"type": "play", "card": "clean"}, "not_your_turn"),
        (outsider, {"type": "vote", "approve": True}, "not_your_turn"),
    ]
    sizes = set()
    for seat, action, code in tries:
        phone = phones[seat]
        phone.raw.clear()
        error = await phone.error({"type": "action", "action": action})
        assert error["code"] in (code, "not_on_team", "wrong_phase"), error
        await phone.sync()  # and a pong
        sizes.update(len(text.encode()) for text in phone.raw)
    assert sizes == {PRIVATE_BUCKET}


async def test_every_seats_state_frame_of_a_moment_has_one_size(host, kit):
    phones = await _started(host)
    for phone in phones:
        phone.raw.clear()
    await kit.play_one(host, phones, host.room.state.boss, {"type": "propose", "team": [0, 1]})
    sizes = {len(phone.raw[-1].encode()) for phone in phones}
    assert len(sizes) == 1


async def _frame_growth(host, kit, count, game="mole", variants=None):
    """Play a whole game with a board watching; per action, the seated phones' frame size less
    the board's. A secret that changed a frame's length would show there."""
    phones = await host.table(count)
    if game != "mole":
        await phones[0].send({"type": "options", "game": game, "variants": variants or []})
    elif variants:
        await phones[0].send({"type": "options", "variants": variants})
    for phone in phones:
        await phone.sync()
    board = await host.board()
    await host.start(phones)
    await board.until("public")
    differences = []

    def note(room):
        seat_sizes = {len(phone.raw[-1].encode()) for phone in phones}
        assert len(seat_sizes) == 1
        size = seat_sizes.pop()
        if "room" not in json.loads(phones[0].raw[-1]):
            # Left out because every phone has it: the board's frame shows the same room part,
            # so its length is public and is counted back in.
            size += len(f'"room":{encode(json.loads(board.raw[-1])["room"])},'.encode())
        differences.append(size - len(board.raw[-1].encode()))
        return False

    await kit.play_to_end(host, phones, board=board, stop=note)
    note(host.room)
    return differences


async def test_a_seats_secrets_never_change_its_frames_length_against_the_boards(host, kit):
    # Sabotage or Clean, a mark or nobody, Mole or Crew: what the frame holds beyond the board
    # always encodes to the same length, so subtracting the board's growth reveals nothing.
    differences = await _frame_growth(host, kit, 7)
    assert len(differences) > 20 and len(set(differences)) == 1, sorted(set(differences))


async def test_inside_job_hands_and_roles_never_change_a_frames_length(host, kit):
    differences = await _frame_growth(host, kit, 4, game="insidejob")
    assert len(differences) > 20 and len(set(differences)) == 1, sorted(set(differences))


def test_a_padded_part_reads_as_before_and_fills_its_bucket():
    from host.outgoing import SEAT_PART_BUCKET, pad_object

    part = {"seat": 3, "me": {"card": "sabotage", "name": "Zoé"}}
    text = pad_object(encode(part), SEAT_PART_BUCKET)
    assert len(text.encode()) == SEAT_PART_BUCKET and json.loads(text) == part
    assert len(pad_object(encode({"x": "y" * 1500}), SEAT_PART_BUCKET).encode()) == 2048
