"""How an Inside Job game ends: counting the vote, and who wins seat by seat.

Several players can win. When the Decoy wins (alone, or tied with the traitor) everyone else
loses, whatever they depend on. Otherwise the Agents' side and the traitor's side (the Insider
or the Professional, and a revealed Sleeping Agent) win by the game's outcome, and the
Accomplice and Tim Shady are judged last, from the result of the player they depend on.
"""

from __future__ import annotations

from engine.actions import NO_TURN
from engine.frozen import FrozenDict, FrozenList
from engine.insidejob.state import State
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    AGENT_SIDE_ROLES,
    DECOY,
    END_CAUGHT,
    END_DECOY,
    END_DECOY_TIE,
    END_MISSED,
    INSIDER,
    OUTCOME_AGENTS,
    OUTCOME_DECOY,
    OUTCOME_DECOY_TIE,
    OUTCOME_TRAITOR,
    PHASE_OVER,
    SIDE_AGENTS,
    SIDE_INSIDER,
    SLEEPING,
    TIM_SHADY,
    TRAITORS,
    WINNER_LABELS,
)


def count_votes(state: State) -> None:
    """Count the ballots and end the game: the traitor is caught only with strictly the most
    votes; the Decoy wins alone with the most votes alone, and ties with the traitor."""
    n = state.config.players
    tally = [0] * n
    for targets in state.ballots.values():
        for target in targets:
            tally[target] += 1
    top = max(tally)
    leaders = [s for s in range(n) if tally[s] == top] if top > 0 else []
    decoy = state.roles.index(DECOY) if DECOY in state.roles else None
    traitor = state.traitor
    if decoy is not None and leaders == [decoy]:
        outcome, ending = OUTCOME_DECOY, END_DECOY
    elif decoy is not None and decoy in leaders and traitor in leaders:
        outcome, ending = OUTCOME_DECOY_TIE, END_DECOY_TIE
    elif leaders == [traitor]:
        outcome, ending = OUTCOME_AGENTS, END_CAUGHT
    else:
        outcome, ending = OUTCOME_TRAITOR, END_MISSED
    # Frozen as made (what frozen() of the plain form gives, without its walk): views share it.
    state.vote = FrozenDict(
        ballots=FrozenDict({str(s): FrozenList(t) for s, t in sorted(state.ballots.items())}),
        tally=FrozenList(tally),
        leaders=FrozenList(leaders),
    )
    finish(state, outcome, ending)


def seat_results(state: State, outcome: str) -> list[bool]:
    """Who wins, seat by seat. The Decoy's win (alone, or tied with the traitor) leaves
    everyone else a loser: the Agents, a revealed Sleeping Agent, Tim Shady whatever happens to
    his right-hand neighbour. Otherwise Tim Shady is judged from his neighbour's result. The
    Accomplice always wins exactly when its partner does (settled here: with a winning Decoy
    too). In the one loop (the Accomplice looks at Tim Shady to his right) both lose."""
    n = state.config.players
    decoy_won = outcome in (OUTCOME_DECOY, OUTCOME_DECOY_TIE)
    results: list[bool | None] = [None] * n
    for seat, role in enumerate(state.roles):
        turned = role == SLEEPING and state.revealed[seat]
        if role == ACCOMPLICE or (role == TIM_SHADY and not decoy_won):
            continue
        if outcome == OUTCOME_DECOY:
            results[seat] = role == DECOY
        elif outcome == OUTCOME_DECOY_TIE:
            results[seat] = role == DECOY or role in TRAITORS
        elif outcome == OUTCOME_AGENTS:
            results[seat] = role in AGENT_SIDE_ROLES and not turned
        else:
            results[seat] = role in TRAITORS or turned
    changed = True
    while changed:
        changed = False
        for seat, role in enumerate(state.roles):
            if results[seat] is not None:
                continue
            if role == ACCOMPLICE:
                # Unpicked only when the game ends before its look (it never does): a loss.
                picked = state.accomplice_of
                depends = results[picked] if picked is not None else False
                if depends is not None:
                    results[seat] = depends
                    changed = True
            elif role == TIM_SHADY:
                depends = results[(seat - 1) % n]
                if depends is not None:
                    results[seat] = not depends
                    changed = True
    return [bool(r) for r in results]


def winner_label(state: State, seat: int) -> str:
    """What a winning seat counts as in the statistics: its side, or its role if it plays alone."""
    role = state.roles[seat]
    if role == SLEEPING and state.revealed[seat]:
        return SLEEPING
    if role in AGENT_SIDE_ROLES:
        return SIDE_AGENTS
    if role == INSIDER:
        return SIDE_INSIDER
    return role


def side_of(state: State, seat: int) -> str:
    role = state.roles[seat]
    if role == SLEEPING:
        return SIDE_INSIDER if state.revealed[seat] else SIDE_AGENTS
    if role in AGENT_SIDE_ROLES:
        return SIDE_AGENTS
    if role in TRAITORS:
        return SIDE_INSIDER
    return role


def follows(state: State) -> FrozenList:
    """For each finished trick, card by card as in its ``cards``: ``led``, ``followed``,
    ``could_not`` (no card of the led suit in hand) or ``chose_not`` (one held: only a traitor
    may). Known to the player alone during the game, so it is shown only in the result. Noted
    as each card is played (``State.follow``, see rules._play), when its hand is at hand."""
    return FrozenList(state.follow)


def finish(state: State, outcome: str, ending: str) -> None:
    results = seat_results(state, outcome)
    winning = [s for s in range(state.config.players) if results[s]]
    labels = {winner_label(state, s) for s in winning}
    # The header every game's result starts with, then Inside Job's own fields.
    state.result = FrozenDict(
        winners=FrozenList(label for label in WINNER_LABELS if label in labels),
        ending=ending,
        winning_seats=FrozenList(winning),
        outcome=outcome,
        roles=FrozenList(state.roles),
        follow=follows(state),
    )
    state.phase = PHASE_OVER
    state.turn = NO_TURN
    state.drawn = []
    state.trick_seats, state.trick_cards, state.trick_wagered = [], [], []
