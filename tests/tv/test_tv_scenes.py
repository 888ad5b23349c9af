"""Every scene drawn headless from the public messages of real seeded games, at 1080p and 720p.

Each screenshot is saved under artifacts/tv/ (git-ignored) to be looked at; the checks read the
canvas' record of what was drawn: the expected texts and pieces are there and on screen.
"""

from __future__ import annotations

import pygame
import pytest
from tv_screens import SIZES, en, show
from tv_scripts import find_game, lobby, play, room

from host.i18n import translate
from host.tv import theme
from host.tv.window import TvWindow


def blown_by_cards_then_getaway(messages):
    final = messages[-1]["view"]
    return final["result"]["marks"] and any(
        lock["result"] == "blown" and lock["by"] == "cards" for lock in final["locks"]
    )


def patrol_blew(messages):
    return any(lock["by"] == "patrol" for lock in messages[-1]["view"]["locks"])


@pytest.fixture(scope="module")
def getaway_game():
    return find_game(7, blown_by_cards_then_getaway)[1]


@pytest.fixture(scope="module")
def patrol_game():
    return find_game(5, patrol_blew, bot="random")[1]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def tv(request):
    window = TvWindow("en", size=request.param, local_url="http://livingroom.local:8080/")
    yield window
    window.close()


def test_lobby_shows_the_address_the_players_and_who_can_start(tv):
    canvas = show(tv, [lobby(6, variants=["quick"])], "lobby")
    texts = canvas.texts()
    assert "192.168.1.20:8080/" in texts
    assert en("tv.lobby.scan") in texts
    assert en("tv.lobby.local", url="livingroom.local:8080/") in texts
    assert {"Ana", "Bruno", "Carla", "Diego", "Élodie", "Fátima"} <= set(texts)
    assert en("tv.lobby.can_start", name="Ana") in texts
    assert en("tv.lobby.options", options=en("mole.variant.quick")) in texts
    assert "qr" in canvas.elements()
    assert {f"seat:{s}" for s in range(6)} <= set(canvas.elements())


def test_each_seat_is_drawn_in_its_players_look_not_its_number(tv):
    """A player keeps its colour and shape when the seats before it leave (host/seats.py)."""
    message = lobby(6)
    looks = [0, 1, 4, 3, 2, 5]
    for seat, look in zip(message["room"]["seats"], looks, strict=True):
        seat["look"] = look
    canvas = show(tv, [message], "lobby-looks")
    for seat, look in enumerate(looks):
        area = next(d.rect for d in canvas.drawn if d.label == f"seat:{seat}")
        assert tv.screen.get_at(area.center)[:3] == theme.SEAT_COLOURS[look], seat


def test_lobby_names_the_option_that_keeps_the_table_from_starting(tv):
    misfit = {"variant": "snitch", "min": 5, "max": 6}
    message = lobby(10, variants=["snitch"], misfit=misfit, can_start=False)
    canvas = show(tv, [message], "lobby-misfit")
    words = en("tv.lobby.option_misfit", option=en("mole.variant.snitch"), min=5, max=6)
    assert words == "Snitch (advanced) needs 5 to 6 players" and words in canvas.texts()


def test_lobby_says_how_many_more_players_are_needed(tv):
    canvas = show(tv, [lobby(3)], "lobby-waiting")
    assert en("tv.lobby.waiting", count=2) in canvas.texts()
    assert en("tv.lobby.host_start") not in canvas.texts()


def test_board_in_the_vote_shows_locks_boss_team_rejections_and_who_voted(tv, getaway_game):
    index = next(
        i
        for i, m in enumerate(getaway_game)
        if m["view"]["phase"] == "vote" and m["view"]["voted"] and m["view"]["proposals"]
    )
    view = getaway_game[index]["view"]
    canvas = show(tv, getaway_game[: index + 1], "board-vote")
    texts, elements = canvas.texts(), canvas.elements()
    boss_name = room(7)["seats"][view["boss"]]["name"]
    assert f"boss:{view['boss']}" in elements and boss_name in texts
    assert {f"team:{s}" for s in view["team"]} <= set(elements)
    for lock, data in enumerate(view["locks"]):
        state = data["result"] or ("current" if lock == view["lock"] else "later")
        assert f"lock:{lock}:{state}" in elements
    assert en("tv.board.votes_in", count=len(view["voted"]), total=7) in texts
    for seat in range(7):
        assert f"acted:{seat}:{'yes' if seat in view['voted'] else 'no'}" in elements
    assert (
        sum(e.startswith("rejection:") and e.endswith(":on") for e in elements)
        == view["rejections"]
    )
    # The history grid: one column per proposal made so far.
    assert {f"history:{n}" for n in range(len(view["proposals"]))} <= set(elements)


def test_votes_are_revealed_together_with_names_and_the_outcome(tv, getaway_game):
    before = next(i for i, m in enumerate(getaway_game) if m["view"]["phase"] == "vote")
    after = next(
        i for i in range(before, len(getaway_game)) if getaway_game[i]["view"]["proposals"]
    )
    show(tv, getaway_game[:after], "before-votes")
    canvas = show(tv, [getaway_game[after]], "votes-reveal", settle=False, seconds=2.0)
    proposal = getaway_game[after]["view"]["proposals"][0]
    elements = canvas.elements()
    assert "votes_reveal" in elements
    for seat, approve in enumerate(proposal["votes"]):
        assert f"vote:{seat}:{'approve' if approve else 'reject'}" in elements
    verdict = "approved" if proposal["approved"] else "rejected"
    assert f"verdict:{verdict}" in elements
    assert en(f"tv.votes.{verdict}") in canvas.texts()
    assert tv.sounds.played[-2:] == ["reveal", verdict]


def test_cards_flip_one_by_one_then_the_lock_result(tv, getaway_game):
    index = next(
        i
        for i, m in enumerate(getaway_game)
        if any(lock["by"] == "cards" and lock["result"] == "blown" for lock in m["view"]["locks"])
    )
    lock = next(
        n
        for n, data in enumerate(getaway_game[index]["view"]["locks"])
        if data["by"] == "cards" and data["result"] == "blown"
    )
    cards = getaway_game[index]["view"]["locks"][lock]["cards"]
    show(tv, getaway_game[:index], "before-cards")
    tv.sounds.played.clear()
    one_flipped = show(tv, [getaway_game[index]], "cards-first", settle=False, seconds=1.6)
    assert [e for e in one_flipped.elements() if e.startswith("card:")] == [f"card:0:{cards[0]}"]
    assert tv.sounds.played == ["flip"]
    all_flipped = show(tv, [], "cards-all", settle=False, seconds=3.0)
    assert [e for e in all_flipped.elements() if e.startswith("card:")] == [
        f"card:{n}:{card}" for n, card in enumerate(cards)
    ]
    assert "lock_result:blown" in all_flipped.elements()
    assert en("tv.lock.blown", lock=lock + 1) in all_flipped.texts()
    assert en("tv.cards.sabotages", count=cards.count("sabotage")) in all_flipped.texts()
    assert tv.sounds.played == ["flip"] * len(cards) + ["lock_blown"]


def test_the_patrol_blows_a_lock_after_too_many_rejections(tv, patrol_game):
    index = next(
        i
        for i, m in enumerate(patrol_game)
        if any(lock["by"] == "patrol" for lock in m["view"]["locks"])
    )
    show(tv, patrol_game[:index], "before-patrol")
    # The last rejected vote is shown first, then the Patrol.
    votes = show(tv, [patrol_game[index]], "patrol-votes", settle=False, seconds=2.0)
    assert "verdict:rejected" in votes.elements()
    canvas = show(tv, [], "patrol", settle=False, seconds=2.6)
    canvas = show(tv, [], "patrol", settle=False, seconds=1.0)
    assert "patrol" in canvas.elements()
    assert en("tv.patrol.title") in canvas.texts()
    settled = show(tv, [], "board-after-patrol")
    locks = patrol_game[index]["view"]["locks"]
    lock = next(n for n, data in enumerate(locks) if data["by"] == "patrol")
    assert f"lock:{lock}:blown" in settled.elements()
    assert en("tv.board.by_patrol") in settled.texts()


def test_getaway_shows_the_siren_the_car_and_who_confirmed(tv, getaway_game):
    index = next(
        i
        for i, m in enumerate(getaway_game)
        if m["view"]["phase"] == "getaway" and m["view"]["getaway"]["confirmed"]
    )
    canvas = show(tv, getaway_game[: index + 1], "getaway")
    confirmed = getaway_game[index]["view"]["getaway"]["confirmed"]
    assert tv.director.current == "mole.getaway" and tv.director.animating()
    assert {"siren", "car"} <= set(canvas.elements())
    assert en("tv.getaway.title") in canvas.texts()
    assert en("tv.getaway.confirmed", count=len(confirmed), total=7) in canvas.texts()
    for seat in range(7):
        assert f"confirmed:{seat}:{'yes' if seat in confirmed else 'no'}" in canvas.elements()
    assert "siren" in tv.sounds.played


def test_the_end_reveals_every_role_card_and_mark_and_the_winner(tv, getaway_game):
    canvas = show(tv, getaway_game, "reveal")
    result = getaway_game[-1]["view"]["result"]
    elements, texts = canvas.elements(), canvas.texts()
    assert f"winner:{result['winner']}" in elements
    assert en(f"mole.winner.{result['winner']}") in texts
    assert en(f"mole.ending.{result['reason']}") in texts
    for seat, role in enumerate(result["roles"]):
        assert f"role:{seat}:{role}" in elements
        assert en(f"mole.role.{role}") in texts
    for seat, target in enumerate(result["marks"]):
        assert f"mark:{seat}:{target}" in elements
    for play_ in result["plays"]:
        for seat, card in play_["cards"].items():
            assert f"played:{play_['lock']}:{seat}:{card}" in elements
    if any(alibi["seat"] is not None for alibi in result["alibis"]):
        assert f"alibis:{result['roles'].index('lookout')}" in elements
    assert tv.sounds.played[-1] == f"win_{result['winner']}"


def test_the_board_speaks_the_hosts_language():
    window = TvWindow("es", size=(1280, 720))
    try:
        messages = play(5, seed=2)
        canvas = show(window, messages[:3], "board-es")
        assert translate("es", "tv.board.history") in canvas.texts()
        assert translate("es", "mole.name") in canvas.texts()
    finally:
        window.close()


def test_a_vote_arriving_sounds_the_same_whatever_it_says():
    """Sounds must not betray a secret vote: approve and reject make the same single tick."""
    import copy

    from engine.registry import get_game

    game = get_game("mole")
    state = game.new_game(game.make_config(players=5), 11)
    game.apply(state, view_boss(game, state), {"type": "propose", "team": [0, 1]})
    before = {"type": "public", "room": room(5), "view": game.view(state, None)}
    heard = []
    for approve in (True, False):
        voted = copy.deepcopy(state)
        game.apply(voted, 2, {"type": "vote", "approve": approve})
        window = TvWindow("en", size=(640, 360), sound=False)
        try:
            window.post(before)
            window.post({"type": "public", "room": room(5), "view": game.view(voted, None)})
            window.drain()
            window.director.update(0.1)
            heard.append(window.sounds.played)
        finally:
            window.close()
    assert heard[0] == heard[1] == ["tick"]


def view_boss(game, state):
    return game.view(state, None)["boss"]


def test_host_keys_pause_and_help_overlay():
    calls = []
    from host.tv.window import HostKeys

    keys = HostKeys(
        start=lambda: calls.append("start"),
        pause=lambda: calls.append("pause"),
        unpause=lambda: calls.append("unpause"),
    )
    window = TvWindow("en", keys=keys, size=(1280, 720), sound=False)
    try:
        messages = play(5, seed=2)
        window.post(lobby(5))
        window.drain()
        window.press(pygame.K_s)
        window.post(messages[1])
        window.drain()
        window.press(pygame.K_p)
        paused = dict(messages[1], room=dict(messages[1]["room"], paused=True))
        window.post(paused)
        window.press(pygame.K_h)
        canvas = show(window, [], "paused-help")
        window.press(pygame.K_p)
        window.press(pygame.K_m)
        assert calls == ["start", "pause", "unpause"]
        assert {"paused", "help"} <= set(canvas.elements())
        assert en("tv.paused") in canvas.texts() and en("tv.help.mute") in canvas.texts()
        assert window.overlays.muted
    finally:
        window.close()


@pytest.mark.parametrize("size", [(3840, 2160), (1000, 1000), (800, 600)])
def test_odd_and_huge_windows_keep_everything_on_screen(size, getaway_game):
    window = TvWindow("pt", size=size, sound=False)
    try:
        canvas = show(window, getaway_game, "reveal-pt")
        assert translate("pt", "mole.name") != "mole.name"
        assert canvas.elements()
    finally:
        window.close()


def test_lobby_says_when_the_options_do_not_fit_the_table(tv):
    canvas = show(tv, [lobby(5, variants=["vault"], can_start=False)], "lobby-misfit")
    assert en("tv.lobby.options_misfit") in canvas.texts()
    assert en("tv.lobby.can_start", name="Ana") not in canvas.texts()


def test_an_unfinished_game_is_offered_and_r_continues_it():
    from host.tv.window import HostKeys

    asked = []
    window = TvWindow(
        "en",
        keys=HostKeys(resume_saved=lambda: asked.append("resume")),
        size=(1280, 720),
        sound=False,
    )
    try:
        saved = {"game": "mole", "names": ["Ana", "Bruno"], "actions": 12}
        canvas = show(window, [lobby(0, resumable=saved)], "lobby-resume")
        # In large type, where the games and the status go (issue 8), with whose game it was.
        said = {d.label: d.size for d in canvas.drawn if d.kind == "text"}
        assert said[en("tv.lobby.interrupted")] >= 48
        assert en("tv.lobby.interrupted_with", game="Mole in the Crew", names="Ana, Bruno") in said
        assert "resumable" in canvas.elements()
        window.press(pygame.K_r)
        window.post(lobby(0))  # nothing to resume any more: R does nothing
        window.drain()
        window.press(pygame.K_r)
        assert asked == ["resume"]
    finally:
        window.close()


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_interrupted_game_is_said_whole_with_who_can_continue_it(lang):
    """The line names the leader's phone too (a host with no window has no R key)."""
    window = TvWindow(lang, size=(1280, 720), sound=False)
    try:
        saved = {"game": "mole", "names": ["Ana", "Bruno"], "actions": 12}
        canvas = show(window, [lobby(0, resumable=saved)], f"lobby-resume-{lang}")
        words = translate(lang, "tv.lobby.interrupted")
        (line,) = [d for d in canvas.drawn if d.kind == "text" and d.label == words]
        assert line.sentence and not line.cut, words
    finally:
        window.close()


def test_closing_the_window_or_esc_twice_ends_the_loop():
    window = TvWindow("en", size=(640, 360), sound=False)
    window.post(lobby(2))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    window.run()  # returns: the close button was pressed
    assert not window.running

    window = TvWindow("en", size=(640, 360), sound=False)
    try:
        window.running = True
        window.press(pygame.K_ESCAPE)
        assert window.running  # one press only asks
        assert en("tv.quit_confirm") in window.draw().texts()
        window.press(pygame.K_ESCAPE)
        assert not window.running
    finally:
        window.close()


def test_a_newcomer_lights_up_in_the_lobby_then_the_screen_rests():
    window = TvWindow("en", size=(1280, 720), sound=False)
    try:
        first = show(window, [lobby(3)], "lobby-three")
        assert not [e for e in first.elements() if e.startswith("arrived:")]
        window.post(lobby(4))
        window.step(0.0)
        canvas = window.draw()
        assert [e for e in canvas.elements() if e.startswith("arrived:")] == ["arrived:3"]
        assert window.director.animating() and window.sounds.played == ["join"]
        window.director.update(2.0)
        rested = window.draw()
        assert not [e for e in rested.elements() if e.startswith("arrived:")]
        assert not window.director.animating()
    finally:
        window.close()


def test_f11_toggles_full_screen_and_esc_quits_there_as_in_a_window():
    """Esc twice closes the game in full screen too (the help and the README say so); F11
    alone goes in and out of full screen."""
    window = TvWindow("en", size=(1280, 720), sound=False)
    try:
        window.running = True
        window.press(pygame.K_F11)
        assert window.fullscreen
        window.press(pygame.K_ESCAPE)  # asks, full screen stays
        assert window.fullscreen and window.running
        assert en("tv.quit_confirm") in window.draw().texts()
        window.press(pygame.K_ESCAPE)
        assert not window.running
        window.running = True
        window.overlays.quit_asked_at = None
        window.press(pygame.K_F11)
        assert not window.fullscreen and window.screen.get_size() == (1280, 720)
    finally:
        window.close()


def test_an_idle_screen_is_drawn_once_and_then_left_alone():
    """Nothing moves in a settled lobby: the loop sleeps instead of redrawing."""
    window = TvWindow("en", size=(640, 360), sound=False)
    turns = []

    def stop_after_a_while() -> bool:
        turns.append(window.frames)
        return len(turns) > 12

    window.post(lobby(2))
    window.director.update(1.0)  # let the first fade-in be over as soon as it starts
    window.run(should_stop=stop_after_a_while)
    frames = turns[1:]
    assert frames[-1] >= 1
    # Frames are drawn while the lobby fades in, then none at all.
    assert frames[-1] == frames[-4], frames


def test_during_the_cards_the_board_names_that_locks_boss_and_team(tv, getaway_game):
    index = next(i for i, m in enumerate(getaway_game) if m["view"]["phase"] == "cards")
    view = getaway_game[index]["view"]
    chose = view["proposals"][-1]
    assert view["boss"] != chose["boss"]  # the engine has already passed the Boss on
    canvas = show(tv, getaway_game[: index + 1], "board-cards")
    elements = canvas.elements()
    assert f"boss:{chose['boss']}" in elements and f"boss:{view['boss']}" not in elements
    assert {f"team:{seat}" for seat in chose["team"]} <= set(elements)
    assert {f"acted:{seat}:no" for seat in chose["team"]} <= set(elements)


def test_reduced_motion_cuts_instead_of_moving_and_keeps_each_moment_as_long(getaway_game):
    """With reduced motion a card is either face down or face up at full width, a scene comes
    on at full brightness, the Getaway stands still, and a moment lasts as long as before."""
    index = next(i for i, m in enumerate(getaway_game) if m["view"]["proposals"])
    window = TvWindow("en", size=(1280, 720), sound=False, reduced_motion=True)
    try:
        show(window, getaway_game[:index], "still-before-votes")
        window.post(getaway_game[index])
        window.drain()
        window.director.update(0.0)
        shown = window.director.showing
        widths = set()
        elapsed = 0.0
        while window.director.showing is shown:
            canvas = window.draw()
            widths |= {d.rect.width for d in canvas.drawn if d.label.startswith("vote:")}
            window.director.update(0.05)
            elapsed += 0.05
        assert len(widths) == 1  # never half turned
        assert abs(elapsed - shown.duration) < 0.1
        assert window.director.fade == 0.0  # the board comes back at once, no fade
        getaway = next(m for m in getaway_game if m["view"]["phase"] == "getaway")
        show(window, [getaway], "still-getaway")
        assert window.director.current == "mole.getaway" and not window.director.animating()
        window.press(pygame.K_a)  # the host key turns motion back on, and says so
        assert not window.director.reduced_motion and window.director.animating()
        assert window.overlays.notice == en("tv.motion.on")
    finally:
        window.close()
