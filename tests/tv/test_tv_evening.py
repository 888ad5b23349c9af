"""The TV for the evening around the games (issues 8, 9, 11, 13, 14, 16): the lobby's games and
seats, the room bar (turn clock, shared phone, latecomers), claims and the taken-back notice with
their host keys, Paused by name, and the grand reveal stepped by the Room.

Timed things (the clock, the notice) run through the window's own loop on a fake clock, and the
display surface itself is read after they end.
"""

from __future__ import annotations

import copy

import pygame
import pytest
from test_tv_window_loop import LOOP_SIZE, FakeClock
from tv_screens import en, fresh, show
from tv_scripts import lobby, play, play_insidejob

from engine.mole.views import replay_steps as mole_steps
from host.errors import RoomError
from host.tv import theme
from host.tv.insidejob.replay import not_following, off_suit
from host.tv.roombar import CLOCK_FPS, NOTICE_SECONDS
from host.tv.window import HostKeys, TvWindow

AUDIENCE = {
    "truth": [2, 4],
    "members": [
        {"name": "Zoe", "rounds": [[2], [2, 4], None], "final": [2, 4], "score": 0.75},
        {"name": "Yann", "rounds": [None, [0], [0, 3]], "final": [0, 3], "score": 0.0},
    ],
    "best": "Zoe",
    "tally": {"0": 1, "2": 1, "3": 1, "4": 1},
}


def with_room(message: dict, **extra) -> dict:
    return dict(message, room=dict(copy.deepcopy(message["room"]), **extra))


@pytest.fixture
def window():
    tv = TvWindow("en", size=(1280, 720), sound=False, local_url="http://vm.local:8080/")
    yield tv
    tv.close()


@pytest.fixture(scope="module")
def mole_game():
    return play(7, seed=1)


def texts_of(tv: TvWindow) -> list[str]:
    return tv.draw().texts()


# -- the lobby ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, ready",
    [(2, []), (3, ["insidejob"]), (4, ["insidejob"]), (5, ["mole", "insidejob"]), (7, ["mole"])],
)
def test_the_lobby_shows_both_games_with_the_players_each_needs(window, players, ready):
    canvas = show(window, [lobby(players)], f"lobby-games-{players}")
    elements = set(canvas.elements())
    for game in ("mole", "insidejob"):
        state = "ready" if game in ready else "not"
        assert f"game:{game}:{state}" in elements
    texts = canvas.texts()
    assert en("tv.lobby.game_range", min=5, max=10) in " ".join(texts)
    assert en("tv.lobby.game_range", min=3, max=5) in " ".join(texts)
    if len(ready) == 2:
        assert en("tv.lobby.ready_all") in texts
    elif ready == ["insidejob"]:
        assert en("tv.lobby.ready_one", game="Inside Job") in texts
    if players == 2:
        assert en("tv.lobby.game_needs_one") in texts  # Inside Job: one more


def test_the_lobby_marks_bots_shared_phones_removed_seats_and_prints_the_board_address(window):
    message = lobby(5, audience=4, spectators=1)
    seats = message["room"]["seats"]
    seats[1].update(phone=1)
    seats[2].update(phone=1)
    seats[3].update(bot_seat=True, bot=True, connected=False)
    seats[4].update(removed=True, connected=False)
    window.keys = HostKeys(fingerprint="4821 0937 5512")
    canvas = show(window, [message], "lobby-seats")
    elements = canvas.elements()
    tags = {label.split(":")[1]: label.split(":")[2] for label in elements if label[:5] == "tags:"}
    assert tags["1"] == tags["2"] == en("tv.lobby.phone", number=1)  # one phone, two seats
    assert tags["3"] == en("tv.seat.bot_seat")
    assert tags["4"] == en("tv.seat.removed")
    texts = canvas.texts()
    assert en("tv.lobby.board", url="192.168.1.20:8080/") in texts
    assert en("tv.lobby.board", url="192.168.1.20:8080/").endswith("192.168.1.20:8080/board")
    assert en("tv.lobby.fingerprint", code="4821 0937 5512") in texts
    assert en("tv.lobby.audience", count=4) in " ".join(texts)
    # Small but legible: the host code is drawn at no less than the smallest text size.
    code = next(d for d in canvas.drawn if d.label.startswith(en("tv.lobby.fingerprint", code="")))
    assert code.size >= 24


def test_no_fingerprint_line_without_a_channel(window):
    canvas = show(window, [lobby(3)], "lobby-no-code")
    assert "fingerprint" not in canvas.elements()


# -- the room bar, claims, the notice, pause -------------------------------------------------


def test_the_bar_says_who_takes_the_shared_phone_and_who_plays_next_game(window, mole_game):
    message = with_room(mole_game[3], next_game=["Zoe", "Yann"])
    message["room"]["seats"][2].update(takes_phone=True, phone=1)
    canvas = show(window, [message], "bar-phone")
    texts = " ".join(canvas.texts())
    assert en("tv.room.take_phone", name="Carla") in texts
    assert en("tv.room.next_game", names="Zoe, Yann") in texts
    assert "room_bar" in canvas.elements()
    quiet = show(window, [mole_game[3]], "bar-none")
    assert "room_bar" not in quiet.elements() and "clock" not in quiet.elements()


def test_y_and_n_decide_the_oldest_claim_only_while_there_is_one(window, mole_game):
    decided: list[bool] = []
    window.keys = HostKeys(claim=decided.append)
    claims = [
        {"id": 3, "seat": 2, "name": "Carla", "code": 47},
        {"id": 4, "seat": 3, "name": "Diego", "code": 12},
    ]
    canvas = show(window, [with_room(mole_game[4], claims=claims)], "claim")
    # The oldest first, with the code its phone shows (Y lets in that one).
    assert en("tv.room.claim", name="Carla", code="47") in canvas.texts()
    assert "claim:2" in canvas.elements()
    window.press(pygame.K_y)
    window.press(pygame.K_n)
    show(window, [mole_game[4]], "claim-gone")
    window.press(pygame.K_y)  # nothing to decide: the key does nothing
    assert decided == [True, False]


def test_paused_by_a_player_says_who(window, mole_game):
    canvas = show(window, [with_room(mole_game[2], paused=True, paused_by="Ana")], "paused-by")
    assert en("tv.paused_by", name="Ana") in canvas.texts()
    canvas = show(window, [with_room(mole_game[2], paused=True, paused_by=None)], "paused-key")
    assert en("tv.paused.text") in canvas.texts()


def run_timeline(window: TvWindow, clock: FakeClock, steps) -> None:
    """The window's own loop (``run``, which closes the window at the end) doing each step's
    work once its seconds (after the previous step) have passed on the fake clock."""
    pending = list(steps)
    due = {"at": clock.now() + pending[0][0]}

    def script() -> bool:
        while pending and clock.now() >= due["at"]:
            pending.pop(0)[1]()
            if pending:
                due["at"] = clock.now() + pending[0][0]
        return not pending

    window.run(should_stop=script)
    assert not pending


def test_the_turn_clock_counts_down_locally_and_stops_at_zero_and_when_paused(mole_game):
    clock = FakeClock()
    tv = TvWindow("en", size=LOOP_SIZE, sound=False, now=clock.now, sleep=clock.sleep)
    timed = {"preset": "fast", "length": 20, "left": 12.0, "running": True, "seats": [1]}
    held = dict(timed, left=9.0, running=False)
    seen: dict = {}

    def note(name):
        return lambda: seen.update({name: (texts_of(tv), tv.frames, tv.director.animating())})

    run_timeline(
        tv,
        clock,
        [
            (0.0, lambda: tv.post(with_room(mole_game[3], clock=timed))),
            (1.0, note("start")),  # past the fade into the board
            (4.0, note("five seconds")),
            (10.0, note("zero")),
            (3.0, note("still zero")),
            # A paused clock (the Room's next message) holds still.
            (0.0, lambda: tv.post(with_room(mole_game[3], clock=held, paused=True))),
            (5.0, note("paused")),
        ],
    )
    texts, frames, _ = seen["five seconds"]
    assert en("tv.room.clock", time="0:07") in texts
    # Drawn a few times a second for the countdown, not at the animation rate.
    assert 3 * CLOCK_FPS <= frames - seen["start"][1] <= 4 * CLOCK_FPS + 2
    texts, frames, moving = seen["zero"]
    assert en("tv.room.clock", time="0:00") in texts and not moving
    assert seen["still zero"][1] == frames  # at zero it waits for the Room, drawing nothing
    assert en("tv.room.clock", time="0:09") in seen["paused"][0]


def test_the_taken_back_notice_shows_for_a_few_seconds_then_the_board_is_back(mole_game):
    clock = FakeClock()
    tv = TvWindow("en", size=LOOP_SIZE, sound=False, now=clock.now, sleep=clock.sleep)
    board = mole_game[3]
    notice = {"id": 7, "kind": "seat_taken_back", "name": "Carla"}
    seen: dict = {}

    def during() -> None:
        canvas = tv.draw()
        seen["during"] = (canvas.elements(), canvas.texts())

    def after() -> None:
        # Read the display as the loop left it, before drawing anything here.
        shown = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
        reference, _ = fresh(tv, board)
        seen["after"] = (shown == pygame.image.tobytes(reference, "RGB"), tv.director.animating())

    def again() -> None:
        seen["again"] = tv.draw().elements()

    run_timeline(
        tv,
        clock,
        [
            (0.0, lambda: tv.post(board)),
            (2.0, lambda: tv.post(with_room(board, notice=notice))),
            (1.0, during),
            (NOTICE_SECONDS + 1.0, after),
            # The same notice again (later messages keep it in the room part): not shown again.
            (0.0, lambda: tv.post(with_room(board, notice=notice, spectators=1))),
            (0.5, again),
        ],
    )
    elements, texts = seen["during"]
    assert "notice:seat_taken_back" in elements
    assert en("tv.room.seat_taken_back", name="Carla") in texts
    # The window drew the frame after the notice went, by itself: the display is the board.
    assert seen["after"] == (True, False)
    assert "notice:seat_taken_back" not in seen["again"]


# -- the grand reveal -------------------------------------------------------------------------


def over(message: dict, step, audience=None) -> dict:
    return with_room(message, phase="over", replay_step=step, audience_result=audience)


def test_the_arrows_step_the_reveal_through_the_room_and_wrap_to_the_result(window, mole_game):
    asked: list = []
    window.keys = HostKeys(replay=asked.append)
    end = mole_game[-1]
    count = mole_steps(end["view"])
    assert count == 4  # three locks opened, then the Getaway
    show(window, [over(end, None)], "reveal-result")
    window.press(pygame.K_RIGHT)
    window.press(pygame.K_LEFT)
    show(window, [over(end, count - 1)], "reveal-last")
    window.press(pygame.K_RIGHT)  # past the last step: back to the result
    window.press(pygame.K_LEFT)
    show(window, [over(end, 0)], "reveal-first")
    window.press(pygame.K_LEFT)  # before the first: back to the result
    show(window, [mole_game[3]], "not-over")
    window.press(pygame.K_RIGHT)  # during the game the arrows do nothing
    assert asked == [0, count - 1, None, count - 2, None]


def test_every_mole_step_draws_what_the_final_view_made_public(window, mole_game):
    end = mole_game[-1]
    view, result = end["view"], end["view"]["result"]
    for lock in range(3):
        canvas = show(window, [over(end, lock)], f"mole-step-{lock}")
        elements = set(canvas.elements())
        assert f"replay:{lock}" in elements and f"replay_lock:{lock}:open" in elements
        for number, proposal in enumerate(
            [p for p in view["proposals"] if p["lock"] == lock], start=1
        ):
            for seat, vote in enumerate(proposal["votes"]):
                assert f"replay_vote:{number}:{seat}:{vote}" in elements
        play_of = next(p["cards"] for p in result["plays"] if p["lock"] == lock)
        for seat, card in play_of.items():
            assert f"replay_card:{lock}:{seat}:{card}" in elements
    canvas = show(window, [over(end, 3)], "mole-step-getaway")
    elements = set(canvas.elements())
    for seat, target in enumerate(result["marks"]):
        assert f"replay_mark:{seat}:{target}" in elements
    assert f"replay_getaway:{result['accused']}:{result['protected']}" in elements


def test_the_audience_step_comes_last_with_the_truth_and_the_best_reader(window, mole_game):
    end = mole_game[-1]
    assert window.director.replay_count(over(end, None, AUDIENCE)) == 5
    canvas = show(window, [over(end, 4, AUDIENCE)], "audience")
    texts = canvas.texts()
    assert en("tv.audience.best", name="Zoe") in texts
    assert en("tv.audience.truth", names="Carla, Élodie") in texts
    assert {"audience:Zoe", "audience:Yann", "audience_best:Zoe"} <= set(canvas.elements())
    # Without an audience there is no such step, and the last one is the Getaway.
    assert window.director.replay_count(over(end, None)) == 4


@pytest.mark.parametrize(
    ("lang", "score"), [("en", "75%"), ("es", "75\u00a0%"), ("pt", "75\u00a0%")]
)
def test_a_score_is_written_as_the_language_writes_it(mole_game, lang, score):
    # QA: the TV wrote "75 %" in English, the board "75%" in Spanish, the phones each right.
    tv = TvWindow(lang, size=(1280, 720), sound=False, local_url="http://vm.local:8080/")
    try:
        texts = show(tv, [over(mole_game[-1], 4, AUDIENCE)], f"audience-{lang}").texts()
        assert score in texts and score.replace("75", "0") in texts  # Zoe, Yann
    finally:
        tv.close()


def test_a_tie_for_the_best_reader_names_both_and_marks_both_rows(window, mole_game):
    """QA: two watchers with the same score, and the TV named only the first."""
    end = mole_game[-1]
    tied = copy.deepcopy(AUDIENCE)
    tied["members"][1].update(rounds=[[2], [2, 4], None], final=[2, 4], score=0.75)
    tied.update(tied_with=["Yann"], tied_more=0)
    canvas = show(window, [over(end, 4, tied)], "audience")
    assert en("tv.audience.best_tied", names="Zoe", last="Yann") in canvas.texts()
    rows = {
        d.label: d.rect for d in canvas.drawn if d.kind == "text" and d.label in ("Zoe", "Yann")
    }
    for name in ("Zoe", "Yann"):  # both rows' names are on the display in the highlight colour
        area = window.screen.subsurface(rows[name].clip(window.screen.get_rect()))
        pixels = {
            area.get_at((x, y))[:3]
            for x in range(area.get_width())
            for y in range(area.get_height())
        }
        assert theme.ACCENT in pixels, name
    crowd = dict(tied, tied_with=["Yann", "Ivo"], tied_more=4)
    canvas = show(window, [over(end, 4, crowd)], "audience")
    assert en("tv.audience.best_tied_more", names="Zoe, Yann, Ivo", count=4) in canvas.texts()


def test_inside_job_steps_are_its_tricks_then_the_vote(window):
    end = play_insidejob(5, 3, ["wagers", "accomplice", "tim_shady"])[-1]
    tricks = end["view"]["tricks"]
    assert window.director.replay_count(over(end, None)) == len(tricks) + 1
    for index, trick in enumerate(tricks):
        canvas = show(window, [over(end, index)], f"insidejob-step-{index}")
        elements = set(canvas.elements())
        assert f"replay_trick:{index}:{trick['completed']}" in elements
        assert {f"card:{play['card']}" for play in trick["cards"]} <= elements
        for seat, why in not_following(end["view"], index).items():
            assert f"off_suit:{index}:{seat}:{why}" in elements
    canvas = show(window, [over(end, len(tricks))], "insidejob-step-vote")
    tally = end["view"]["vote"]["tally"]
    assert en("tv.insidejob.tally") in canvas.texts()  # the votes received: a column, named once
    for seat in range(5):
        assert f"replay_ballot:{seat}" in canvas.elements()
        assert f"replay_received:{seat}:{tally[seat]}" in canvas.elements()


def test_off_suit_says_chose_not_to_only_when_a_later_trick_proves_the_suit_was_held():
    def trick(*cards):
        return {"cards": [{"seat": s, "card": c, "wagered": False} for s, c in cards]}

    tricks = [
        trick((0, "R5"), (1, "B3"), (2, "G7"), (3, "R9")),  # 1 and 2 did not follow red
        trick((1, "R2"), (2, "B4"), (3, "B8"), (0, "Y1")),  # ...and 1 still held a red card
    ]
    assert off_suit(tricks, 0) == {1: True, 2: False}
    assert off_suit(tricks, 1) == {2: False, 3: False, 0: False}  # the last trick cannot tell
    # Without the engine's record of the hands, that is all the TV claims...
    assert not_following({"tricks": tricks}, 0) == {1: "chose_not", 2: "not_followed"}
    # ...and with it, the engine's word: who could not, who chose not to.
    follow = [["led", "could_not", "chose_not", "followed"], ["led", "followed", "followed", "x"]]
    view = {"tricks": tricks, "result": {"follow": follow}}
    assert not_following(view, 0) == {1: "could_not", 2: "chose_not"}
    assert not_following(view, 1) == {}


def test_a_real_inside_job_reveal_names_who_could_not_follow(window):
    end = play_insidejob(4, 5, ["wagers"])[-1]
    follow = end["view"]["result"]["follow"]
    index, position = next(
        (i, j)
        for i, row in enumerate(follow)
        for j, answer in enumerate(row)
        if answer == "could_not"
    )
    seat = end["view"]["tricks"][index]["cards"][position]["seat"]
    canvas = show(window, [over(end, index)], "insidejob-could-not")
    assert f"off_suit:{index}:{seat}:could_not" in canvas.elements()
    led = end["view"]["tricks"][index]["cards"][0]["card"][0]
    suit = {"B": "Blue", "R": "Red", "G": "Green", "Y": "Yellow"}[led]
    assert en("tv.replay.could_not", suit=suit) in canvas.texts()


# -- the host keys' binding -------------------------------------------------------------------


class FakeRoom:
    """Records what the keys ask; refuses the reveal outside the end like the Room."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def decide_claim(self, approve: bool) -> None:
        self.calls.append(("decide_claim", approve))

    def show_replay_step(self, step) -> None:
        raise RoomError("not_over")


class FakeServer:
    def __init__(self, room) -> None:
        from host.server import FINGERPRINT_KEY, ROOM_KEY

        self.app = {ROOM_KEY: room, FINGERPRINT_KEY: "1234 5678 9012"}
        self.queued: list = []

    def call(self, work) -> None:  # the server loop's call_soon_threadsafe, run later by hand
        self.queued.append(work)


def test_cli_host_keys_run_claims_and_the_reveal_on_the_server_loop_and_carry_the_code():
    from host.cli import host_keys

    room, notices = FakeRoom(), []
    server = FakeServer(room)
    keys = host_keys(server, notices.append, "es")  # type: ignore[arg-type]
    assert keys.fingerprint == "1234 5678 9012"
    keys.claim(True)
    keys.replay(2)
    assert room.calls == [] and len(server.queued) == 2  # nothing runs on the window's thread
    for work in server.queued:
        work()
    assert room.calls == [("decide_claim", True)]
    from host.i18n import translate

    assert notices == [translate("es", "error.not_over")]


def test_boards_tag_removed_seats_added_bots_and_seats_away_on_time(window, mole_game):
    message = copy.deepcopy(mole_game[3])
    seats = message["room"]["seats"]
    seats[1].update(removed=True, bot=True, connected=False)
    seats[2].update(bot_seat=True, bot=True, connected=False)
    seats[3].update(away=True)  # ran out of time twice: its bot plays until the player acts
    elements = set(show(window, [message], "board-tags").elements())
    assert {"absent:1:removed", "absent:2:bot_seat", "absent:3:bot"} <= elements
    assert not any(label.startswith("absent:0:") for label in elements)


def test_drawing_the_room_bar_changes_nothing(window, mole_game):
    """Like the scenes, the bar's picture is a pure function of its state and the clock."""
    timed = {"preset": "fast", "length": 20, "left": 12.0, "running": True, "seats": [1]}
    notice = {"id": 9, "kind": "seat_taken_back", "name": "Carla"}
    claims = [{"id": 3, "seat": 2, "name": "Carla"}]
    window.post(with_room(mole_game[3], clock=timed, notice=notice, claims=claims))
    window.drain()
    window.director.update(0.3)
    bar = window.director.room_bar
    before = copy.deepcopy(vars(bar))
    first = pygame.image.tobytes(window.draw().surface, "RGB")
    second = pygame.image.tobytes(window.draw().surface, "RGB")
    assert vars(bar) == before and first == second


def test_the_qr_code_keeps_the_host_key_but_the_typed_addresses_do_not(window):
    keyed = "http://192.168.1.20:8080/#k=fsQLEmav5N3p_8pxaIuSt4Y2hP19CTHEmBLqW_OUFXo"
    canvas = show(window, [lobby(3, join_url=keyed)], "lobby-keyed")
    texts = canvas.texts()
    assert "192.168.1.20:8080/" in texts
    assert en("tv.lobby.board", url="192.168.1.20:8080/") in texts
    assert not [text for text in texts if "#k=" in text]
    import numpy
    import zxingcpp

    pixels = pygame.surfarray.array3d(window.screen).swapaxes(0, 1)
    decoded = [code.text for code in zxingcpp.read_barcodes(numpy.ascontiguousarray(pixels))]
    assert decoded == [keyed]
