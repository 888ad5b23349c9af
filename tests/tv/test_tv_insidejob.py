"""The Inside Job board on the TV, drawn headless from the public messages of seeded bot games.

Every scene is drawn at 1080p and 720p and saved under artifacts/tv/ (git-ignored) to be looked
at; the checks read the canvas' record of what was drawn. The secrecy test replays whole games and
checks that no frame ever shows a card still in a hand or a role the public view has not revealed.
"""

from __future__ import annotations

import copy
import json

import pytest
from tv_screens import SIZES, en, show
from tv_scripts import NAMES, room

from engine.insidejob.vocabulary import CARD_NAMES
from engine.registry import get_game
from engine.rng import Rng
from host.i18n import translate
from host.tv.frame import Frame
from host.tv.insidejob.reveal import winners_line
from host.tv.window import TvWindow

GAME = get_game("insidejob")
WAGER_ROLES = ["wagers", "accomplice", "tim_shady"]
PRO_ROLES = ["wagers", "risky", "professional", "sleeping"]
DECOY_ROLES = ["risky", "paranoid", "decoy", "microphone"]


def ij_room(players: int, phase: str, variants: list[str]) -> dict:
    return room(
        players,
        phase,
        variants,
        game="insidejob",
        min_players=3,
        max_players=5,
        available_variants=["wagers", "risky", "accomplice", "decoy"],
        can_start=3 <= players <= 5 and phase == "lobby",
    )


def play(players: int, seed: int, variants: list[str], bot: str = "smart"):
    """Every public message of one game, each with the secrets of that moment (for checks)."""
    state = GAME.new_game(GAME.make_config(players=players, variants=variants), seed)
    rng = Rng(seed + 1000)
    steps = []

    def record() -> None:
        phase = "over" if GAME.is_over(state) else "playing"
        view = copy.deepcopy(GAME.view(state, None))
        hands = {CARD_NAMES[c] for hand in state.hands for c in hand}
        steps.append(
            {
                "message": {
                    "type": "public",
                    "room": ij_room(players, phase, variants),
                    "view": view,
                },
                "hands": hands,
                "roles": list(state.roles),
            }
        )

    record()
    while not GAME.is_over(state):
        seat = min(GAME.expected_seats(state))
        GAME.apply(state, seat, GAME.bots[bot](state, seat, rng))
        record()
    return steps


def find_game(players: int, variants: list[str], want):
    for seed in range(1, 300):
        steps = play(players, seed, variants)
        if want([s["message"]["view"] for s in steps]):
            steps[0]["seed"] = seed
            return steps
    raise AssertionError("no seed gives that game")


def wagers_revealed_and_voted(views):
    final = views[-1]
    return (
        final["vote"] is not None
        and any(p["wagered"] for t in final["tricks"] for p in t["cards"])
        and any(t["revealed"] for t in final["tricks"])
        and any(t["completed"] for t in final["tricks"])
        and any(not t["completed"] for t in final["tricks"])
    )


@pytest.fixture(scope="module")
def wager_game():
    return find_game(5, WAGER_ROLES, wagers_revealed_and_voted)


@pytest.fixture(scope="module")
def pro_game():
    return find_game(4, PRO_ROLES, lambda views: any(t["revealed"] for t in views[-1]["tricks"]))


@pytest.fixture(scope="module")
def decoy_game():
    """Five players with the Paranoid Agent, the Decoy, the Microphone and Risky missions."""

    def two_names_and_risky(views):
        ballots = (views[-1]["vote"] or {}).get("ballots") or {}
        risky = any(v["mission"] and v["mission"]["risky"] for v in views)
        return risky and any(len(named) == 2 for named in ballots.values())

    return find_game(5, DECOY_ROLES, two_names_and_risky)


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def tv(request):
    window = TvWindow("en", size=request.param, sound=False)
    yield window
    window.close()


def messages(steps, end=None):
    return [s["message"] for s in steps[:end]]


def test_the_board_shows_the_mission_the_trick_with_wagers_and_every_player(tv, wager_game):
    index = next(
        i
        for i, s in enumerate(wager_game)
        if len(s["message"]["view"]["trick"]) >= 3
        and any(p["wagered"] for p in s["message"]["view"]["trick"])
        and s["message"]["view"]["phase"] == "play"
    )
    view = wager_game[index]["message"]["view"]
    canvas = show(tv, messages(wager_game, index + 1), "insidejob-board-trick")
    texts, elements = canvas.texts(), canvas.elements()
    mission = view["mission"]
    trump = en(f"insidejob.suit.{mission['trump']}")
    assert en(f"insidejob.objective.{mission['objective']}") in texts
    assert en("insidejob.trump", suit=trump) in texts
    assert f"trump:{mission['trump']}" in elements and f"suit:{mission['trump']}" in elements
    assert en("tv.insidejob.led", suit=en(f"insidejob.suit.{view['led_suit']}")) in texts
    for play_ in view["trick"]:
        assert f"card:{play_['card']}" in elements
        assert (f"wager:{play_['card']}" in elements) == play_["wagered"]
        counts = play_["wagered"] or play_["card"][0] == mission["trump"][0].upper()
        assert (f"trump_card:{play_['card']}" in elements) == counts
    assert en("insidejob.wagered") in texts
    assert f"turn:{view['turn']}" in elements and f"slot_turn:{view['turn']}" in elements
    assert en("tv.insidejob.status.play", name=NAMES[view["turn"]]) in texts
    targets = view["targets"]
    assert (
        en("insidejob.trick_number", number=view["trick_number"], total=targets["tricks"]) in texts
    )
    assert (
        en(
            "insidejob.missions_progress",
            completed=len(view["completed"]),
            target=targets["missions"],
        )
        in texts
    )
    assert f"failed:{len(view['failed'])}" in elements
    assert en("insidejob.intel_target", count=targets["intel"]) in texts
    for seat in range(5):
        assert f"intel:{seat}:{view['intel'][seat]}" in elements
        assert f"hand:{seat}:{view['hand_sizes'][seat]}" in elements
        assert NAMES[seat] in texts
    # The Accomplice is revealed from the deal, with whom it looked at; nobody else is shown.
    accomplice = view["accomplice"]["seat"]
    assert f"role:{accomplice}:accomplice" in elements
    picked = view["accomplice"]["picked"]
    assert f"picked:{accomplice}:{picked}" in elements
    line = en("insidejob.accomplice_public", accomplice=NAMES[accomplice], player=NAMES[picked])
    assert line in texts


def test_a_card_just_played_slides_in_with_one_sound(tv, wager_game):
    index = next(
        i
        for i, s in enumerate(wager_game)
        if len(s["message"]["view"]["trick"]) == 2 and s["message"]["view"]["phase"] == "play"
    )
    show(tv, messages(wager_game, index), "insidejob-before-card")
    tv.sounds.played.clear()
    card = wager_game[index]["message"]["view"]["trick"][1]["card"]
    moving = show(
        tv, [wager_game[index]["message"]], "insidejob-card-sliding", settle=False, seconds=0.1
    )
    assert tv.director.animating()
    assert tv.sounds.played == ["flip"]
    tv.director.update(1.0)
    rested = show(tv, [], "insidejob-card-landed", settle=False)
    assert not tv.director.animating()

    def top(canvas):
        return next(d.rect.top for d in canvas.drawn if d.label == f"card:{card}")

    assert top(moving) > top(rested)


def test_a_finished_trick_shows_the_winner_why_and_the_mission_result(tv, wager_game):
    index = next(
        i
        for i in range(1, len(wager_game))
        if len(wager_game[i]["message"]["view"]["tricks"])
        > len(wager_game[i - 1]["message"]["view"]["tricks"])
        and wager_game[i]["message"]["view"]["tricks"][-1]["revealed"]
    )
    trick = wager_game[index]["message"]["view"]["tricks"][-1]
    show(tv, messages(wager_game, index), "insidejob-before-trick-end")
    tv.sounds.played.clear()
    early = show(
        tv, [wager_game[index]["message"]], "insidejob-trick-cards", settle=False, seconds=0.9
    )
    assert "trick_done" in early.elements()
    assert not [e for e in early.elements() if e.startswith("trick_winner:")]
    canvas = show(tv, [], "insidejob-trick-result", settle=False, seconds=2.2)
    elements, texts = canvas.elements(), canvas.texts()
    for play_ in trick["cards"]:
        assert f"card:{play_['card']}" in elements
    winning = next(p["card"] for p in trick["cards"] if p["seat"] == trick["winner"])
    assert f"winner_card:{winning}" in elements
    assert f"trick_winner:{trick['winner']}:{trick['by']}" in elements
    why = en(f"insidejob.by.{trick['by']}")
    assert f"{en('insidejob.trick_won', player=NAMES[trick['winner']])} · {why}" in texts
    done = "completed" if trick["completed"] else "failed"
    assert f"mission_result:{done}" in elements and en(f"insidejob.mission.{done}") in texts
    roles = wager_game[index]["message"]["view"]["revealed"]
    for seat in trick["revealed"]:
        role = en(f"insidejob.role.{roles[seat]}")
        assert en("insidejob.revealed_as", player=NAMES[seat], role=role) in texts
    outcome = "lock_open" if trick["completed"] else "lock_blown"
    assert tv.sounds.played == ["flip", outcome, "reveal"]
    settled = show(tv, [], "insidejob-board-after-trick")
    for seat in trick["revealed"]:
        assert f"role:{seat}:{roles[seat]}" in settled.elements()


def test_the_vote_shows_who_has_voted_then_the_ballots_and_tally(tv, wager_game):
    index = next(i for i, s in enumerate(wager_game) if s["message"]["view"]["voted"])
    view = wager_game[index]["message"]["view"]
    canvas = show(tv, messages(wager_game, index + 1), "insidejob-vote")
    texts, elements = canvas.texts(), canvas.elements()
    assert en("insidejob.phase.vote") in texts
    assert en("tv.insidejob.votes_in", count=len(view["voted"]), total=len(view["voters"])) in texts
    for seat in view["voters"]:
        assert f"voted:{seat}:{'yes' if seat in view['voted'] else 'no'}" in elements
    assert en("tv.insidejob.mission_none") in texts
    final = wager_game[-1]["message"]["view"]
    show(tv, messages(wager_game[index + 1 : -1]), "insidejob-vote-last")
    tv.sounds.played.clear()
    counted = show(
        tv, [wager_game[-1]["message"]], "insidejob-vote-count", settle=False, seconds=2.5
    )
    for voter, named in final["vote"]["ballots"].items():
        assert f"ballot:{voter}:{','.join(str(s) for s in named)}" in counted.elements()
    for seat, votes in enumerate(final["vote"]["tally"]):
        assert f"tally:{seat}:{votes}" in counted.elements()
    leaders = ", ".join(NAMES[s] for s in final["vote"]["leaders"])
    assert en("tv.insidejob.most_votes", names=leaders) in counted.texts()
    assert tv.sounds.played[:2] == ["reveal", "tick"]


def test_the_end_shows_every_role_and_every_winner(tv, wager_game):
    canvas = show(tv, messages(wager_game), "insidejob-reveal")
    result = wager_game[-1]["message"]["view"]["result"]
    elements, texts = canvas.elements(), canvas.texts()
    assert result["winners"] == ["agents"] and "The Agents win!" in texts
    assert en(f"insidejob.ending.{result['ending']}") in texts
    assert f"outcome:{result['outcome']}" in elements
    for seat, role in enumerate(result["roles"]):
        assert f"role:{seat}:{role}" in elements and en(f"insidejob.role.{role}") in texts
        won = "wins" if seat in result["winning_seats"] else "loses"
        assert f"result:{seat}:{won}" in elements
    cue = "win_crew" if result["outcome"] == "agents" else "win_moles"
    assert tv.sounds.played[-1] == cue


def test_special_roles_game_with_the_professional_reads_right(tv, pro_game):
    """Four players, Risky missions, the Professional: no Intel win, reveals at its own mark."""
    index = next(i for i, s in enumerate(pro_game) if any(s["message"]["view"]["revealed"]))
    view = pro_game[index]["message"]["view"]
    canvas = show(tv, messages(pro_game, index + 1), "insidejob-board-professional")
    texts, elements = canvas.texts(), canvas.elements()
    assert view["targets"]["intel"] is None
    assert en("tv.insidejob.reveal_at", count=view["targets"]["reveal_at"]) in texts
    assert not {en("insidejob.intel_target", count=n) for n in range(15)} & set(texts)
    for seat, role in enumerate(view["revealed"]):
        assert (f"role:{seat}:{role}" in elements) == (role is not None)
    end = show(tv, messages(pro_game[index + 1 :]), "insidejob-reveal-professional")
    for seat, role in enumerate(pro_game[-1]["message"]["view"]["result"]["roles"]):
        assert f"role:{seat}:{role}" in end.elements()


def secrets_drawn(canvas, step) -> list[str]:
    """Cards still in a hand, or hidden roles, that this frame shows."""
    view = step["message"]["view"]
    played = {p["card"] for p in view["trick"]}
    played |= {p["card"] for t in view["tricks"] for p in t["cards"]}
    leaks = []
    for label in canvas.elements():
        kind, _, rest = label.partition(":")
        drawn_card = kind in ("card", "wager", "trump_card", "winner_card")
        if drawn_card and (rest in step["hands"] or rest not in played):
            leaks.append(label)
        if kind == "role":
            seat, role = rest.split(":")
            if view["revealed"][int(seat)] != role:
                leaks.append(label)
    hidden = {
        en(f"insidejob.role.{role}")
        for seat, role in enumerate(step["roles"])
        if view["revealed"][seat] is None
    } - {en(f"insidejob.role.{role}") for role in view["revealed"] if role}
    leaks += [text for text in canvas.texts() if text in hidden]
    return leaks


@pytest.mark.parametrize("which", ["wager_game", "pro_game", "decoy_game"])
def test_no_frame_ever_shows_a_hand_or_a_hidden_role(which, request):
    steps = request.getfixturevalue(which)
    window = TvWindow("en", size=(1280, 720), sound=False)
    try:
        for step in steps:
            window.post(step["message"])
            window.drain()
            for elapsed in (0.0, 1.0, 2.5, 6.0):  # the board, then any moment as it plays out
                window.director.update(elapsed)
                assert not secrets_drawn(window.draw(), step), step["message"]["view"]["phase"]
    finally:
        window.close()


def test_a_seat_view_sent_by_mistake_still_shows_no_hand(wager_game):
    """The TV reads only the public keys: even a private view's hand never reaches the screen."""
    state_steps = wager_game
    index = next(i for i, s in enumerate(state_steps) if s["message"]["view"]["phase"] == "play")
    leaked = copy.deepcopy(state_steps[index])
    hand = sorted(leaked["hands"])[:6]
    leaked["message"]["view"]["me"] = {"role": "insider", "hand": hand, "playable": hand}
    window = TvWindow("en", size=(1280, 720), sound=False)
    try:
        canvas = show(window, [leaked["message"]], "insidejob-seat-view-ignored")
        assert not secrets_drawn(canvas, leaked)
        assert en("insidejob.role.insider") not in canvas.texts()
    finally:
        window.close()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_lobby_reads_right_for_inside_job(tv, players):
    message = {
        "type": "public",
        "room": ij_room(players, "lobby", ["wagers", "decoy"]),
        "view": None,
    }
    canvas = show(tv, [message], f"insidejob-lobby-{players}")
    texts = canvas.texts()
    assert en("insidejob.name") in texts
    assert en("tv.lobby.players", count=players, max=5) in texts
    options = ", ".join(en(f"insidejob.variant.{v}") for v in ["wagers", "decoy"])
    assert en("tv.lobby.options", options=options) in texts
    if players < 3:
        assert en("tv.lobby.waiting_one") in texts
    else:
        assert en("tv.lobby.can_start", name="Ana") in texts


def test_the_board_speaks_the_hosts_language_even_at_4k(wager_game):
    window = TvWindow("es", size=(3840, 2160), sound=False)
    try:
        index = next(i for i, s in enumerate(wager_game) if len(s["message"]["view"]["trick"]) >= 2)
        canvas = show(window, messages(wager_game, index + 1), "insidejob-board-es")
        mission = wager_game[index]["message"]["view"]["mission"]
        assert translate("es", f"insidejob.objective.{mission['objective']}") in canvas.texts()
        assert translate("es", "tv.insidejob.mission") in canvas.texts()
    finally:
        window.close()


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_every_objective_fits_the_mission_panel_whole(lang, wager_game):
    """The longest objectives shrink a little rather than lose their last words."""
    from host.i18n import catalog

    index = next(i for i, s in enumerate(wager_game) if s["message"]["view"]["mission"])
    objectives = sorted(k for k in catalog("en") if k.startswith("insidejob.objective."))
    window = TvWindow(lang, size=(1280, 720), sound=False)
    try:
        show(window, messages(wager_game, index + 1), f"insidejob-objective-{lang}")
        for key in objectives:
            # As the wire would carry it: plain data (the engine shares frozen parts of views).
            message = json.loads(json.dumps(wager_game[index]["message"]))
            message["view"]["mission"]["objective"] = key.rsplit(".", 1)[1]
            window.post(message)
            window.drain()
            canvas = window.draw()
            text = translate(lang, key)
            assert text in canvas.texts()
            panel = next(d.rect for d in canvas.drawn if d.label.startswith("mission:"))
            lines = [
                d.label
                for d in canvas.drawn
                if d.kind == "text" and panel.contains(d.rect) and d.label in text
            ]
            lines.remove(text)  # the whole sentence is recorded once besides its lines
            assert " ".join(lines) == text, key  # every line drawn, none cut
    finally:
        window.close()


def test_a_vote_arriving_sounds_the_same_whoever_it_names(wager_game):
    """Sounds must not betray a secret ballot: any vote makes the same single tick."""
    seed = wager_game[0]["seed"]
    state = GAME.new_game(GAME.make_config(players=5, variants=WAGER_ROLES), seed)
    rng = Rng(seed + 1000)
    while GAME.view(state, None)["phase"] != "vote":
        seat = min(GAME.expected_seats(state))
        GAME.apply(state, seat, GAME.bots["smart"](state, seat, rng))
    before = {"type": "public", "room": ij_room(5, "playing", WAGER_ROLES)}
    before["view"] = GAME.view(state, None)
    # A voter with a choice to make (some may name only one player).
    voter = max(
        GAME.expected_seats(state),
        key=lambda seat: len(GAME.view(state, seat)["me"]["vote"]["candidates"]),
    )
    heard = []
    for candidate in GAME.view(state, voter)["me"]["vote"]["candidates"][:2]:
        voted = copy.deepcopy(state)
        GAME.apply(voted, voter, {"type": "vote", "seat": candidate})
        window = TvWindow("en", size=(640, 360), sound=False)
        try:
            window.post(before)
            window.post(dict(before, view=GAME.view(voted, None)))
            window.drain()
            window.director.update(0.1)
            heard.append(window.sounds.played)
        finally:
            window.close()
    assert len(heard) == 2 and heard[0] == heard[1] == ["tick"]


def test_risky_missions_the_microphone_and_a_paranoid_double_vote(tv, decoy_game):
    views = [s["message"]["view"] for s in decoy_game]
    index = next(i for i, v in enumerate(views) if v["mission"] and v["mission"]["risky"])
    canvas = show(tv, messages(decoy_game, index + 1), "insidejob-board-risky")
    assert "risky" in canvas.elements() and en("tv.insidejob.risky") in canvas.texts()
    microphone = views[0]["revealed"].index("microphone")  # revealed to all at the deal
    assert f"role:{microphone}:microphone" in canvas.elements()
    show(tv, messages(decoy_game[index + 1 : -1]), "insidejob-vote-paranoid-last")
    counted = show(
        tv, [decoy_game[-1]["message"]], "insidejob-vote-paranoid", settle=False, seconds=2.5
    )
    ballots = views[-1]["vote"]["ballots"]
    voter, named = next((v, n) for v, n in ballots.items() if len(n) == 2)
    assert f"ballot:{voter}:{named[0]},{named[1]}" in counted.elements()
    assert "→ " + ", ".join(NAMES[s] for s in named) in counted.texts()


def test_three_players_fill_the_table(tv):
    steps = play(3, 3, ["wagers"])
    index = next(
        i
        for i, s in enumerate(steps)
        if len(s["message"]["view"]["trick"]) == 2 and s["message"]["view"]["phase"] == "play"
    )
    view = steps[index]["message"]["view"]
    canvas = show(tv, messages(steps, index + 1), "insidejob-board-three")
    assert {f"player:{s}" for s in range(3)} <= set(canvas.elements())
    assert not [e for e in canvas.elements() if e.startswith("player:3")]
    assert en("insidejob.intel_target", count=view["targets"]["intel"]) in canvas.texts()
    assert f"slot_turn:{view['turn']}" in canvas.elements()


def test_the_end_names_several_winners_in_one_sentence(tv, wager_game):
    """In a sentence, not "Winners: The Insider, The Decoy"."""
    final = json.loads(json.dumps(wager_game[-1]["message"]))
    final["view"]["result"]["winners"] = ["insider", "decoy"]
    canvas = show(tv, [*messages(wager_game, -1), final], "insidejob-reveal-two")
    assert "The Insider and the Decoy win!" in canvas.texts()


@pytest.mark.parametrize(
    ("lang", "winners", "line"),
    [
        ("es", ["agents"], "¡Ganan los Agentes!"),
        ("es", ["insider", "decoy"], "¡Ganan el Infiltrado y el Señuelo!"),
        ("pt", ["insider"], "O Infiltrado vence!"),
        ("pt", ["insider", "decoy"], "O Infiltrado e a Isca vencem!"),
        ("en", ["insider", "sleeping", "accomplice"],
         "The Insider, the Sleeping Agent and the Accomplice win!"),
    ],
)  # fmt: skip
def test_the_winners_sentence_reads_in_every_language(lang, winners, line):
    assert winners_line(Frame(message={}, lang=lang), winners) == line
