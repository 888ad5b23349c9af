"""The rules of Inside Job: legal actions, and apply (validate fully, then mutate).

A trick: the start player keeps one of two drawn missions, leads, the others follow clockwise
(each may wager right after playing), the winner takes Intel, the mission is kept or failed,
then the checks run in the rules' order. At the final hand size everyone who may votes at once.

``apply`` (built by ``engine.actions.checked_apply``) first makes the checks every game shares
(``game_over``, ``not_a_seat``, ``not_your_turn``, ``bad_field``, ``unknown_action``); each
handler then checks its fields, the phase (``wrong_phase``) and its own rules before it changes
anything.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from engine.actions import NO_TURN, checked_apply_by_turn, wrong_phase
from engine.errors import IllegalAction, MalformedAction
from engine.frozen import FrozenDict, FrozenList
from engine.insidejob import outcome
from engine.insidejob.config import MAX_PLAYERS
from engine.insidejob.missions import MISSION_VIEWS, MISSIONS, FinishedTrick
from engine.insidejob.state import Hand, State, begin_trick
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    AT_RISK,
    CARD_BY_NAME,
    CARD_NAMES,
    CARD_SUIT,
    CARD_VALUE,
    CHOSE_NOT,
    COULD_NOT,
    DECK_SIZE,
    END_ALL_REVEALED,
    END_AT_RISK,
    END_INTEL,
    END_MICROPHONE,
    END_MISSIONS,
    END_PROFESSIONAL_REVEALED,
    FOLLOW_LED,
    FOLLOWED,
    FREE_PLAYERS,
    OUTCOME_AGENTS,
    OUTCOME_TRAITOR,
    PARANOID,
    PHASE_ACCOMPLICE,
    PHASE_MISSION,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_VOTE,
    PHASE_WAGER,
    PROFESSIONAL,
    SLEEPING,
    SUITS,
    TIM_SHADY,
)

Action = dict[str, Any]

# ------------------------------------------------------------------------------------- queries


# The seat on turn alone, by seat: made once (expected_seats is asked before every action).
_ALONE = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
_NOBODY: frozenset[int] = frozenset()


def expected_seats(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == PHASE_OVER:
        return _NOBODY
    if phase == PHASE_VOTE:
        return frozenset([s for s in state.voters if s not in state.ballots])
    return _ALONE[state.turn]


def may_act(state: State, seat: int) -> bool:
    """``seat in expected_seats(state)``, without building the set."""
    phase = state.phase
    if phase == PHASE_VOTE:
        return seat in state.voters and seat not in state.ballots
    return phase != PHASE_OVER and seat == state.turn


def is_over(state: State) -> bool:
    return state.phase == PHASE_OVER


def legal_cards(state: State, seat: int) -> list[int]:
    """The cards of seat's hand it may play if it were on turn now."""
    if state.roles[seat] in FREE_PLAYERS:
        return list(state.hands[seat])
    return follow_suit_cards(state, seat)


def follow_suit_cards(state: State, seat: int) -> list[int]:
    """The cards the Agents' rule allows from seat's hand now: the led suit if it holds any,
    else the whole hand. Phones mark these for every role (see views)."""
    hand = state.hands[seat]
    if not state.trick_cards:
        return list(hand)
    led = CARD_SUIT[state.trick_cards[0]]
    following = [c for c in hand if CARD_SUIT[c] == led]
    return following or list(hand)


def wager_refusal(state: State, seat: int) -> str | None:
    """Why seat may not wager on the card it just played (None: it may)."""
    if not state.config.wagers:
        return "option_off"
    if state.roles[seat] == ACCOMPLICE:
        return "accomplice"
    if state.revealed[seat]:
        return "revealed"
    if seat == state.start:
        return "start_player"
    if state.intel[seat] < 1:
        return "no_intel"
    return None


def must_keep(state: State) -> int | None:
    """With the Agent at Risk: the index of the one Risky mission drawn, which must be kept."""
    if not state.config.forced_risky or len(state.drawn) != 2:
        return None
    risky = [MISSIONS[m].risky for m in state.drawn]
    if risky[0] != risky[1]:
        return 0 if risky[0] else 1
    return None


def vote_candidates(state: State, seat: int) -> list[int]:
    """Nobody votes for themselves or for a revealed player."""
    return [s for s in range(state.config.players) if s != seat and not state.revealed[s]]


def vote_refusal(state: State, seat: int) -> str | None:
    """Why seat has no say in the vote (None: it votes)."""
    role = state.roles[seat]
    if role == ACCOMPLICE:
        return "accomplice"
    if state.revealed[seat] and (state.config.professional or role in (TIM_SHADY, SLEEPING)):
        return "revealed"
    if not vote_candidates(state, seat):
        return "no_candidates"
    return None


def votes_of(state: State, seat: int) -> int:
    """How many seats this voter names: the Paranoid Agent two (different ones unless revealed,
    and only one if a single player can be named)."""
    if state.roles[seat] != PARANOID:
        return 1
    if not state.revealed[seat] and len(vote_candidates(state, seat)) < 2:
        return 1
    return 2


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Every action seat may take now (empty when it has nothing to do)."""
    if not may_act(state, seat):
        return []
    phase = state.phase
    if phase == PHASE_PLAY:
        return [{"type": "play", "card": CARD_NAMES[c]} for c in legal_cards(state, seat)]
    if phase == PHASE_WAGER:
        return [{"type": "wager", "wager": False}, {"type": "wager", "wager": True}]
    if phase == PHASE_MISSION:
        forced = must_keep(state)
        keeps = [forced] if forced is not None else [0, 1]
        return [{"type": "choose_mission", "keep": k} for k in keeps]
    if phase == PHASE_ACCOMPLICE:
        others = [s for s in range(state.config.players) if s != seat]
        return [{"type": "accomplice_pick", "seat": s} for s in others]
    # The vote.
    candidates = vote_candidates(state, seat)
    if votes_of(state, seat) == 1:
        return [{"type": "vote", "seat": s} for s in candidates]
    same_allowed = state.revealed[seat]
    return [
        {"type": "vote", "seats": [a, b]}
        for i, a in enumerate(candidates)
        for b in candidates[i if same_allowed else i + 1 :]
    ]


# --------------------------------------------------------------------------------------- apply


def _seat_field(value: Any, field: str, n: int) -> int:
    if type(value) is not int:
        raise MalformedAction("bad_field", f"{field} must be a seat number", field=field)
    if not 0 <= value < n:
        raise MalformedAction("not_a_seat", "no such seat at this table", seat=value)
    return value


def _in_phase(state: State, phase: str, kind: str) -> None:
    if state.phase != phase:
        raise wrong_phase(state.phase, kind)


def _accomplice_pick(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Raises bad_field, not_a_seat, wrong_phase, cannot_pick_self."""
    target = _seat_field(action.get("seat"), "seat", state.config.players)
    _in_phase(state, PHASE_ACCOMPLICE, "accomplice_pick")
    if target == seat:
        raise IllegalAction("cannot_pick_self", "look at another player's role", seat=target)
    state.accomplice_of = target
    begin_trick(state)
    return {"type": "accomplice_pick", "seat": target}


def _choose_mission(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Raises bad_field, wrong_phase, must_choose_risky."""
    keep = action.get("keep")
    if type(keep) is not int or keep not in (0, 1):
        raise MalformedAction("bad_field", "keep is 0 or 1", field="keep")
    _in_phase(state, PHASE_MISSION, "choose_mission")
    forced = must_keep(state)
    if forced is not None and keep != forced:
        raise IllegalAction("must_choose_risky", "a drawn Risky mission must be kept", keep=forced)
    state.mission = state.drawn[keep]
    state.discarded.append(state.drawn[1 - keep])
    state.drawn = []
    state.phase = PHASE_PLAY
    state.turn = state.start
    return {"type": "choose_mission", "keep": keep}


def _play(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Raises bad_field, wrong_phase, not_a_card_in_hand, must_follow_suit."""
    name = action.get("card")
    card = CARD_BY_NAME.get(name) if type(name) is str else None
    if card is None:
        raise MalformedAction("bad_field", "not a card", field="card")
    if state.phase != PHASE_PLAY:
        raise wrong_phase(state.phase, "play")
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction("not_a_card_in_hand", "the card is not in the hand", card=name)
    trick = state.trick_cards
    if not trick:
        how = FOLLOW_LED
    else:
        led = CARD_SUIT[trick[0]]
        if CARD_SUIT[card] == led:
            how = FOLLOWED
        else:
            if type(hand) is Hand:
                holds_led = bool(hand.by_suit[led])
            else:
                holds_led = any(CARD_SUIT[held] == led for held in hand)
            if holds_led and state.roles[seat] not in FREE_PLAYERS:
                raise IllegalAction(
                    "must_follow_suit", "the led suit is held", card=name, suit=SUITS[led]
                )
            how = CHOSE_NOT if holds_led else COULD_NOT
    hand.remove(card)
    if type(hand) is Hand:
        hand.by_suit[CARD_SUIT[card]].remove(CARD_NAMES[card])
    state.trick_follow.append(how)
    state.trick_seats.append(seat)
    trick.append(card)
    state.trick_wagered.append(False)
    players = state.config.players
    # Without the Wagers option nobody wagers: no call to wager_refusal (it would say so).
    if state.config.wagers and wager_refusal(state, seat) is None:
        state.phase = PHASE_WAGER
    elif len(trick) == players:  # _next_player, inline: every card of every trick
        _finish_trick(state)
    else:
        state.turn = (state.turn + 1) % players
    return {"type": "play", "card": name}


def _wager(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Raises bad_field, cannot_wager (facts: reason)."""
    choice = action.get("wager")
    if type(choice) is not bool:
        raise MalformedAction("bad_field", "wager is true or false", field="wager")
    if state.phase != PHASE_WAGER:
        reason = wager_refusal(state, seat) or "not_now"
        raise IllegalAction("cannot_wager", f"no wager: {reason}", reason=reason)
    if choice:
        state.intel[seat] -= 1
        state.trick_wagered[-1] = True
    _next_player(state)
    return {"type": "wager", "wager": choice}


def _vote(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Raises bad_field, not_a_seat, wrong_phase, vote_count, cannot_vote_for_self,
    cannot_vote_for_revealed, votes_must_differ. (A seat with no vote, or one that has voted,
    is not among the expected seats: the wrapper answered not_your_turn.)"""
    n = state.config.players
    if "seats" in action:
        raw = action["seats"]
        if type(raw) is not list or not raw:
            raise MalformedAction("bad_field", "seats is a list of seats", field="seats")
        targets = [_seat_field(v, "seats", n) for v in raw]
    else:
        targets = [_seat_field(action.get("seat"), "seat", n)]
    _in_phase(state, PHASE_VOTE, "vote")
    needed = votes_of(state, seat)
    if len(targets) != needed:
        raise IllegalAction("vote_count", f"name {needed} players", expected=needed)
    for target in targets:
        if target == seat:
            raise IllegalAction("cannot_vote_for_self", "vote for someone else", seat=target)
        if state.revealed[target]:
            raise IllegalAction("cannot_vote_for_revealed", "revealed", seat=target)
    if needed == 2 and targets[0] == targets[1] and not state.revealed[seat]:
        raise IllegalAction("votes_must_differ", "two different players", seat=targets[0])
    targets.sort()
    state.ballots[seat] = targets
    if len(state.ballots) == len(state.voters):
        outcome.count_votes(state)
    if needed == 1:
        return {"type": "vote", "seat": targets[0]}
    return {"type": "vote", "seats": list(targets)}


_HANDLERS = {
    "accomplice_pick": _accomplice_pick,
    "choose_mission": _choose_mission,
    "play": _play,
    "wager": _wager,
    "vote": _vote,
}


# ------------------------------------------------------------------------------- trick and end


def _next_player(state: State) -> None:
    if len(state.trick_cards) == state.config.players:
        _finish_trick(state)
    else:
        state.turn = (state.turn + 1) % state.config.players
        state.phase = PHASE_PLAY


def trick_winner(cards: list[int], wagered: list[bool], trump: int) -> tuple[int, str]:
    """(index of the winning card, "trump" or "led_suit"). A wagered card counts as trump; on
    equal trump values the later card wins."""
    best = -1
    best_value = 0
    for i, card in enumerate(cards):
        if wagered[i] or CARD_SUIT[card] == trump:
            value = CARD_VALUE[card]
            if value >= best_value:
                best, best_value = i, value
    if best >= 0:
        return best, "trump"
    led = CARD_SUIT[cards[0]]
    for i, card in enumerate(cards):
        if CARD_SUIT[card] == led and CARD_VALUE[card] > best_value:
            best, best_value = i, CARD_VALUE[card]
    return best, "led_suit"


# FinishedTrick's own __new__ is a Python function; tuple's takes the fields as they are. Made
# at the end of every trick and for every card the smart bot weighs.
_new_trick = tuple.__new__


def finished_trick(cards: list[int], wagered: list[bool], trump: int, winner: int) -> FinishedTrick:
    """The facts a mission's objective reads: a wagered card counts as the trump suit."""
    if len(cards) > 1:  # itemgetter of one index gives the item itself, not a tuple
        pick = itemgetter(*cards)
        values, suits = pick(CARD_VALUE), pick(CARD_SUIT)
    else:
        values, suits = (CARD_VALUE[cards[0]],), (CARD_SUIT[cards[0]],)
    if True in wagered:
        suits = tuple([trump if w else suit for suit, w in zip(suits, wagered, strict=True)])
    return _new_trick(FinishedTrick, (values, suits, tuple(wagered), trump, winner))


def _finish_trick(state: State) -> None:
    assert state.mission is not None  # a trick is played under its kept mission
    mission = MISSIONS[state.mission]
    trump = mission.trump
    cards, wagered, seats = state.trick_cards, state.trick_wagered, state.trick_seats
    best, by = trick_winner(cards, wagered, trump)
    winner = seats[best]
    tokens = sum(wagered)
    intel = state.intel
    lost_by = None
    if winner == state.accomplice:
        # No Intel is taken: wagered tokens go back to the supply, and the Accomplice's chosen
        # player loses one to the supply.
        taken = 0
        state.supply += tokens
        chosen = state.accomplice_of
        if chosen is not None and intel[chosen] > 0:
            intel[chosen] -= 1
            state.supply += 1
            lost_by = chosen
    else:
        # Settled here: when the supply runs short the winner takes what is left.
        taken = min(2 if mission.risky else 1, state.supply)
        state.supply -= taken
        intel[winner] += taken + tokens
    completed = mission.holds(finished_trick(cards, wagered, trump, best))
    (state.completed if completed else state.failed).append(mission.id)
    # The public form of the trick, made once: views share it (see State.history). The cards
    # are frozen as made; the rest once the checks have filled in the reveals.
    entry: dict[str, Any] = {
        "number": len(state.history) + 1,
        "start": state.start,
        "mission": MISSION_VIEWS[mission.id],
        "cards": FrozenList(
            [_played(s, c, w) for s, c, w in zip(seats, cards, wagered, strict=True)]
        ),
        "winner": winner,
        "by": by,
        "taken": taken,
        "tokens": tokens,
        "lost_by": lost_by,
        "completed": completed,
        "revealed": [],
        "tim_took_from": None,
    }
    state.history.append(entry)
    state.follow.append(FrozenList(state.trick_follow))
    state.mission = None
    _checks(state, entry, winner)
    # Complete now: frozen (its parts are scalars, and the mission's view is frozen already),
    # views share it from here on.
    entry["revealed"] = FrozenList(entry["revealed"])
    state.history[-1] = FrozenDict(entry)


# Each (seat, card, wagered) as a finished trick shows it, made the first time it is played and
# shared from then on, by every game: it is frozen, and a trick's five cost a fifth of its end.
_PLAYED: list[FrozenDict | None] = [None] * (MAX_PLAYERS * DECK_SIZE * 2)


def _played(seat: int, card: int, wagered: bool) -> FrozenDict:
    index = (seat * DECK_SIZE + card) * 2 + wagered
    play = _PLAYED[index]
    if play is None:
        play = _PLAYED[index] = FrozenDict(seat=seat, card=CARD_NAMES[card], wagered=wagered)
    return play


def _checks(state: State, entry: dict[str, Any], winner: int) -> None:
    """The checks after a trick, in the rules' order."""
    config = state.config
    n = config.players
    intel = state.intel
    if not config.professional and intel[state.traitor] >= config.intel_target:
        return outcome.finish(state, OUTCOME_TRAITOR, END_INTEL)
    if state.microphone is not None and intel[state.microphone] > 1:
        return outcome.finish(state, OUTCOME_TRAITOR, END_MICROPHONE)
    if len(state.completed) >= config.mission_target:
        return outcome.finish(state, OUTCOME_AGENTS, END_MISSIONS)
    for seat in range(n):
        if state.revealed[seat] or intel[seat] < config.reveal_at:
            continue
        if seat == state.traitor and not config.professional:
            continue
        state.revealed[seat] = True
        entry["revealed"].append(seat)
        role = state.roles[seat]
        if role == TIM_SHADY:
            right = (seat - 1) % n
            if intel[right] > 0:
                intel[right] -= 1
                intel[seat] += 1
                entry["tim_took_from"] = right
        elif role == AT_RISK:
            return outcome.finish(state, OUTCOME_AGENTS, END_AT_RISK)
        elif role == PROFESSIONAL:
            return outcome.finish(state, OUTCOME_AGENTS, END_PROFESSIONAL_REVEALED)
    if config.professional and all(state.revealed[s] for s in range(n) if s != state.traitor):
        return outcome.finish(state, OUTCOME_TRAITOR, END_ALL_REVEALED)
    state.start = winner
    if len(state.hands[0]) == config.final_hand:
        _begin_vote(state)
    else:
        begin_trick(state)
    return None


def _begin_vote(state: State) -> None:
    state.trick_seats, state.trick_cards, state.trick_wagered = [], [], []
    state.phase = PHASE_VOTE
    state.turn = NO_TURN  # everyone who may votes at once
    state.voters = [s for s in range(state.config.players) if vote_refusal(state, s) is None]
    state.ballots = {}
    if not state.voters:
        outcome.count_votes(state)


def _players(state: State) -> int:
    return state.config.players


apply = checked_apply_by_turn(
    _players, expected_seats, may_act, _HANDLERS, with_lists=frozenset(("vote",))
)
apply.__doc__ = """Apply one action and return it as accepted, or raise an EngineError and leave
the state exactly as it was (codes in docs/engine-contract.md)."""
