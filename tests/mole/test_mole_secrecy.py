"""Secrecy: what a seat cannot know never changes what it sees.

For each seat, a second game differs only in what that seat may not know: the deal among the
others (any deal that gives this seat the same role and the same knowledge), the others' cards
(the same number of Sabotages, played by other members), and the others' Getaway marks. Both
games get the same actions otherwise; the seat's view must be identical at every step until the
end-of-game reveal.
"""

import pytest

from engine.mole import GAME
from engine.mole.rules import may_sabotage
from engine.mole.state import UNMARKED, State
from engine.rng import Rng

MOLES = ("mole", "snitch")
CONFIGS = [(5, []), (5, ["snitch"]), (6, []), (7, []), (8, []), (9, ["vault"]), (10, [])]


def alternative_deal(state, seat, rng):
    """Another deal this seat cannot tell from the real one."""
    roles, n = state.roles, state.n
    mine = roles[seat]
    others = [s for s in range(n) if s != seat]
    if mine in MOLES:  # knows the plain Moles; its tally counts every Mole: keep the Moles
        groups = [[s for s in others if roles[s] not in MOLES]]
    elif mine == "contact":  # knows the set, not who in it is the decoy
        suspects = set(state.suspects)
        groups = [[s for s in others if s in suspects], [s for s in others if s not in suspects]]
    elif mine == "double":
        groups = [[s for s in others if roles[s] != "contact"]]
    else:
        groups = [others]
    new = list(roles)
    for group in groups:
        dealt = [roles[s] for s in group]
        rng.shuffle(dealt)
        for s, role in zip(group, dealt, strict=True):
            new[s] = role
    if state.decoy is None:
        decoy = None
    elif mine == "contact":
        decoy = next(s for s in state.suspects if new[s] not in MOLES)
    else:
        decoy = rng.choice([s for s in range(n) if new[s] not in MOLES and new[s] != "contact"])
    if mine == "contact":
        suspects = list(state.suspects)
    else:
        suspects = [s for s in range(n) if new[s] in MOLES] + ([decoy] if decoy is not None else [])
        rng.shuffle(suspects)
    return State(state.config, state.seed, state.rng.copy(), new, decoy, suspects, state.first_boss)


def choose_saboteurs(states, seat, rng):
    """Per game, who sabotages this lock: the same count everywhere, this seat's own card the
    same, and for the Lookout (whose alibi names a Clean player) the very same players."""
    team = states[0].team
    own = all(may_sabotage(s, seat) for s in states) and seat in team and rng.below(2) == 1
    eligible = [[m for m in team if m != seat and may_sabotage(s, m)] for s in states]
    if states[0].roles[seat] == "lookout":
        common = [m for m in eligible[0] if all(m in e for e in eligible)]
        chosen = set(rng.sample(common, rng.below(len(common) + 1)))
        plans = [chosen] * len(states)
    else:
        count = rng.below(min(len(e) for e in eligible) + 1)
        plans = [set(rng.sample(e, count)) for e in eligible]
    return [plan | ({seat} if own else set()) for plan in plans]


def play_side_by_side(states, seat, rng):
    """Drive every game with the same actions except what ``seat`` may not know; return how
    many steps the seat's view was compared."""
    first = states[0]
    plans, compared = None, 0
    is_mole = first.roles[seat] in MOLES
    while not GAME.is_over(first):
        views = [GAME.view(s, seat) for s in states]
        assert all(v == views[0] for v in views[1:]), f"seat {seat} tells the games apart"
        compared += 1
        expected = sorted(GAME.expected_seats(first))
        assert all(sorted(GAME.expected_seats(s)) == expected for s in states)
        actor = expected[rng.below(len(expected))]
        phase = first.phase
        if phase == "cards":
            if first.card_count == 0 and plans is None:
                plans = choose_saboteurs(states, seat, rng)
            actions = [
                {"type": "play", "card": "sabotage" if actor in plan else "clean"} for plan in plans
            ]
        elif phase == "getaway":
            if first.marks[actor] != UNMARKED and rng.below(3) == 0:
                actions = [{"type": "confirm"}] * len(states)
            elif actor == seat or (is_mole and first.roles[actor] in MOLES):
                target = rng.choice([*range(first.n), None])
                actions = [{"type": "mark", "target": target}] * len(states)
            else:
                actions = [
                    {"type": "mark", "target": rng.choice([*range(first.n), None])} for _ in states
                ]
        else:
            plans = None
            actions = [GAME.bots["random"](first, actor, rng)] * len(states)
        for state, action in zip(states, actions, strict=True):
            GAME.apply(state, actor, action)
    return compared


@pytest.mark.parametrize(("players", "variants"), CONFIGS)
def test_a_seat_cannot_tell_apart_games_that_differ_only_in_its_unknowns(players, variants):
    config = GAME.make_config(players=players, variants=variants)
    rng = Rng(players * 31 + len(variants))
    differing_deals = 0
    for seed in range(2):
        for seat in range(players):
            real = GAME.new_game(config, seed)
            other = alternative_deal(real, seat, rng)
            differing_deals += other.roles != real.roles
            assert GAME.view(other, seat)["me"]["knows"] == GAME.view(real, seat)["me"]["knows"]
            assert play_side_by_side([real, other], seat, rng) > 10
    assert differing_deals >= players  # the alternatives really are different deals


def test_the_end_of_game_reveal_shows_every_secret_to_everyone(new_table):
    table = new_table("seven")
    table.run_lock([1, 0], saboteurs=[1])
    table.open_locks(3)
    table.mark_all({1: 0, 3: 0, 6: 2}, default=None)
    views = [table.view(seat) for seat in [None, *range(7)]]
    assert all(view["result"] == views[0]["result"] for view in views)
    result = views[0]["result"]
    assert result["roles"] == table.state.roles
    assert result["plays"][0] == {"lock": 0, "cards": {"0": "clean", "1": "sabotage"}}
    assert result["alibis"] == [{"lock": 0, "seat": 0}]
    assert result["marks"] == [None, 0, None, 0, None, None, 2]
