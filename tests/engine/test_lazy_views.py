"""Bots read a lazy view (engine.lazyview): it must be the seat's full view, key for key, at
every state, and must stop reading the state once the bot has returned."""

from __future__ import annotations

import copy
import importlib
import json

import pytest

from engine.errors import IllegalAction, MalformedAction
from engine.lazyview import LazyView
from engine.registry import game_names, get_game, seat_bots
from engine.rng import Rng

GAMES = [get_game(name) for name in game_names()]
# (players, variants) per game: the smallest table, and options that add to the views.
SETUPS = {
    "mole": [(5, ["snitch"]), (7, ["quick"]), (10, ["vault"])],
    "insidejob": [
        (3, []),
        (5, ["wagers", "accomplice", "microphone"]),
        (5, ["wagers", "risky", "professional", "paranoid"]),
        (5, ["at_risk", "decoy", "tim_shady", "sleeping"]),
    ],
}


def views_module(game):
    return importlib.import_module(f"engine.{game.name}.views")


def plain(value):
    """A lazy view turned into the dicts it stands for (deeply)."""
    if isinstance(value, LazyView):
        return {key: plain(value[key]) for key in value}
    return value


def states(game, players, variants, seed):
    """Every state of one random game, the finished one included."""
    config = game.make_config(players=players, variants=variants)
    state, rng = game.new_game(config, seed), Rng(seed + 5)
    yield state
    while not game.is_over(state):
        seat = sorted(game.expected_seats(state))[0]
        game.apply(state, seat, game.bots["random"](state, seat, rng))
        yield state


def lazy_views(game):
    """The lazy views a game makes: lazy_view for any seat, and (if the game has one) the view
    its bots get, acting_view, for a seat that may act (it refuses the others)."""
    module = views_module(game)
    acting = getattr(module, "acting_view", None)

    def made(state, seat):
        yield module.lazy_view(state, seat)
        if acting is not None and seat in game.expected_seats(state):
            yield acting(state, seat)

    return made


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_lazy_view_holds_exactly_the_full_view_at_every_state(game):
    made = lazy_views(game)
    for players, variants in SETUPS[game.name]:
        for seed in range(3):
            for state in states(game, players, variants, seed):
                for seat in range(players):
                    full = game.view(state, seat)
                    for lazy in made(state, seat):
                        assert list(lazy) == list(full) and len(lazy) == len(full)
                        assert list(lazy["me"]) == list(full["me"])
                        assert plain(lazy) == full
                        assert lazy == full  # Mapping equality, as a bot's dict checks see it


def test_the_bots_view_of_inside_job_refuses_a_seat_that_may_not_act():
    game = get_game("insidejob")
    acting_view = views_module(game).acting_view
    for players, variants in SETUPS["insidejob"]:
        for state in states(game, players, variants, seed=4):
            for seat in range(players):
                if seat in game.expected_seats(state):
                    continue
                with pytest.raises(IllegalAction) as refused:
                    acting_view(state, seat)
                assert refused.value.code == "not_your_turn"
            with pytest.raises(MalformedAction):
                acting_view(state, players)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_seat_view_is_the_public_board_with_the_seat_part_set(game):
    """The host encodes the public board once and adds each seat's part to it: that is the
    seat's view only if the part names every key by which the two differ."""
    for players, variants in SETUPS[game.name]:
        for state in states(game, players, variants, seed=2):
            public = game.view(state, None)
            for seat in range(players):
                part = game.seat_part(state, seat)
                assert {**public, **part} == game.view(state, seat)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_keys_read_in_any_order_give_the_same_values(game):
    lazy_view = views_module(game).lazy_view
    state = None
    for state in states(game, game.max_players, [], 1):
        if len(state.log) > 12:  # well into the game
            break
    seat = min(game.expected_seats(state))
    full = game.view(state, seat)
    for order in (list(full), list(reversed(full))):
        lazy = lazy_view(state, seat)
        assert {key: plain(lazy[key]) for key in order} == full
        me_keys = list(full["me"])
        assert {key: lazy["me"][key] for key in reversed(me_keys)} == full["me"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_lazy_view_has_no_other_key_and_is_read_only(game):
    state = game.new_game(game.make_config(players=game.min_players), 0)
    lazy = views_module(game).lazy_view(state, 0)
    with pytest.raises(KeyError):
        lazy["state"]
    with pytest.raises(KeyError):
        lazy["me"]["hands"]
    assert lazy.get("nothing") is None and "me" in lazy
    with pytest.raises(TypeError):
        lazy["phase"] = "over"  # type: ignore[index]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_bot_reads_a_lazy_view_that_closes_when_it_returns(game):
    kept = []
    random_bot = importlib.import_module(f"engine.{game.name}.bots").BOTS["random"]

    def keeping(view, rng):
        kept.append((view, view["phase"], view["me"]))
        return random_bot(view, rng)

    bots = seat_bots(
        views_module(game).lazy_view,
        game.expected_seats,
        lambda state, seat: seat in game.expected_seats(state),
        {"keeping": keeping},
    )
    state = game.new_game(game.make_config(players=game.min_players), 0)
    seat = min(game.expected_seats(state))
    action = bots["keeping"](state, seat, Rng(3))
    assert action == random_bot(game.view(state, seat), Rng(3))
    view, phase, me = kept[0]
    assert type(view) is LazyView and view["phase"] == phase  # what was read stays
    with pytest.raises(RuntimeError):
        view["result"]  # read by no random bot
    with pytest.raises(RuntimeError):
        me["hand"]


@pytest.mark.parametrize("bot_name", ["random", "smart"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_bots_play_the_same_game_from_full_and_lazy_views(game, bot_name):
    """The same moves whether the bot reads the full view or the lazy one."""
    bot = importlib.import_module(f"engine.{game.name}.bots").BOTS[bot_name]
    for seed, (players, variants) in enumerate(SETUPS[game.name]):
        config = game.make_config(players=players, variants=variants)
        logs = []
        for read in (game.view, views_module(game).lazy_view):
            state, rng = game.new_game(config, seed), Rng(seed)
            while not game.is_over(state):
                seat = sorted(game.expected_seats(state))[-1]
                game.apply(state, seat, bot(read(state, seat), rng))
            logs.append(state.log)
        assert logs[0] == logs[1]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_lazy_view_copied_or_serialised_is_the_whole_view(game):
    """A lazy view is a dict holding only the keys read so far: every way of copying, comparing
    or serialising it must still see every key (dict's own C paths would see the held ones)."""
    lazy_view = views_module(game).lazy_view
    state = next(s for s in states(game, game.max_players, [], 2) if len(s.log) > 8)
    seat = min(game.expected_seats(state))
    full = game.view(state, seat)
    for copied in (
        lambda v: dict(v),
        lambda v: {**v},
        lambda v: v.copy(),
        lambda v: dict(v.items()),
        lambda v: json.loads(json.dumps(v)),
        lambda v: copy.deepcopy(v),
        lambda v: v | {},
    ):
        lazy = lazy_view(state, seat)
        assert copied(lazy) == full
    lazy = lazy_view(state, seat)
    assert list(lazy.keys()) == list(full) and list(lazy.values()) == list(full.values())
    assert lazy != {"phase": full["phase"]} and {"phase": full["phase"]} != lazy
    assert sorted(lazy) == sorted(full) and list(reversed(lazy)) == list(reversed(full))
    with pytest.raises(TypeError):
        lazy.update({"phase": "over"})
    with pytest.raises(TypeError):
        lazy.pop("phase")
