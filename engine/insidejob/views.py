"""What each seat may see, and the public board: the only place that decides it.

Secrets: hands, roles (until revealed or the game ends), the two missions being chosen from
(only the start player sees them), the mission put aside unseen each trick, the set-aside cards,
the order of the mission deck, and how each player voted until the vote is counted.
"""

from __future__ import annotations

from typing import Any

from engine.actions import check_seat, not_your_turn
from engine.frozen import frozen
from engine.insidejob import outcome, rules
from engine.insidejob.config import Config
from engine.insidejob.missions import MISSION_VIEWS
from engine.insidejob.state import Hand, State
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    AT_RISK,
    CARD_NAMES,
    CARD_SUIT,
    DECOY,
    END_ALL_REVEALED,
    END_AT_RISK,
    END_CAUGHT,
    END_DECOY,
    END_DECOY_TIE,
    END_INTEL,
    END_MICROPHONE,
    END_MISSED,
    END_MISSIONS,
    END_PROFESSIONAL_REVEALED,
    FREE_PLAYERS,
    GAME_NAME,
    MICROPHONE,
    PHASE_ACCOMPLICE,
    PHASE_MISSION,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_VOTE,
    PHASE_WAGER,
    PROFESSIONAL,
    SIDE_AGENTS,
    SIDE_INSIDER,
    SLEEPING,
    SUITS,
    TIM_SHADY,
    TRAITORS,
    suit_of,
)
from engine.lazyview import LazyView, Nested, Parts, build, open_view


def _mission(mission_id: str) -> dict[str, Any]:
    return MISSION_VIEWS[mission_id]


# id(config) -> (config, its table). By identity: three parts of every view ask, and hashing a
# config (a dataclass of a dozen fields) each time cost more than the rest of those parts. The
# config is kept with its table, so its id cannot be reused while the entry exists.
_TABLES: dict[int, tuple[Config, dict[str, Any]]] = {}


def _table(config: Config) -> dict[str, Any]:
    """What the board shows of the options, the same all game: made once per config."""
    kept = _TABLES.get(id(config))
    if kept is not None and kept[0] is config:
        return kept[1]
    if len(_TABLES) >= 64:
        _TABLES.clear()
    table: dict[str, Any] = frozen(
        {
            "variants": list(config.variants),
            "special_roles": list(config.special_roles),
            "targets": {
                "missions": config.mission_target,
                "intel": config.intel_target or None,
                "reveal_at": config.reveal_at,
                "final_hand": config.final_hand,
                "tricks": config.max_tricks,
            },
        }
    )
    _TABLES[id(config)] = (config, table)
    return table


def _trick_on(state: State) -> bool:
    return state.phase in (PHASE_PLAY, PHASE_WAGER)


def _trick(state: State, _seat: Any) -> list[dict[str, Any]]:
    if not _trick_on(state):
        return []
    return [
        {"seat": s, "card": CARD_NAMES[c], "wagered": w}
        for s, c, w in zip(state.trick_seats, state.trick_cards, state.trick_wagered, strict=True)
    ]


def _led_suit(state: State, _seat: Any) -> str | None:
    if _trick_on(state) and state.trick_cards:
        return SUITS[suit_of(state.trick_cards[0])]
    return None


def _trick_number(state: State, _seat: Any) -> int:
    done = state.phase == PHASE_OVER or state.phase == PHASE_VOTE
    return len(state.history) + (0 if done else 1)


def _turn(state: State, _seat: Any) -> int | None:
    return None if state.phase == PHASE_OVER or state.phase == PHASE_VOTE else state.turn


def _revealed(state: State, _seat: Any) -> list[str | None]:
    over = state.phase == PHASE_OVER
    roles, revealed = state.roles, state.revealed
    return [roles[s] if revealed[s] or over else None for s in range(state.config.players)]


def _accomplice(state: State, _seat: Any) -> dict[str, Any] | None:
    if state.accomplice is None:
        return None
    return {"seat": state.accomplice, "picked": state.accomplice_of}


# The public board, one part per key (see engine.lazyview): full views and bots' lazy views are
# both made of these. Finished tricks, the vote and the result never change once made: shared,
# not copied (a view is read-only).
PUBLIC_PARTS: Parts = {
    "game": lambda state, _seat: GAME_NAME,
    "players": lambda state, _seat: state.config.players,
    "variants": lambda state, _seat: _table(state.config)["variants"],
    "special_roles": lambda state, _seat: _table(state.config)["special_roles"],
    "seat": lambda state, _seat: None,
    "phase": lambda state, _seat: state.phase,
    "targets": lambda state, _seat: _table(state.config)["targets"],
    "trick_number": _trick_number,
    "start": lambda state, _seat: state.start,
    "turn": _turn,
    "mission": lambda state, _seat: _mission(state.mission) if state.mission is not None else None,
    "missions_left": lambda state, _seat: len(state.deck),
    "trick": _trick,
    "led_suit": _led_suit,
    "intel": lambda state, _seat: list(state.intel),
    "supply": lambda state, _seat: state.supply,
    "hand_sizes": lambda state, _seat: [len(hand) for hand in state.hands],
    "completed": lambda state, _seat: [e["mission"] for e in state.history if e["completed"]],
    "failed": lambda state, _seat: [e["mission"] for e in state.history if not e["completed"]],
    "tricks": lambda state, _seat: list(state.history),
    "revealed": _revealed,
    "accomplice": _accomplice,
    "voters": lambda state, _seat: (
        list(state.voters) if state.phase == PHASE_VOTE or state.vote else []
    ),
    "voted": lambda state, _seat: sorted(state.ballots) if state.phase == PHASE_VOTE else [],
    "vote": lambda state, _seat: state.vote,
    "result": lambda state, _seat: state.result,
}


def public_view(state: State) -> dict[str, Any]:
    return build(PUBLIC_PARTS, state, None)


def _knows(state: State, seat: int) -> dict[str, Any]:
    if state.roles[seat] == ACCOMPLICE and state.accomplice_of is not None:
        return {"picked": state.accomplice_of, "role": state.roles[state.accomplice_of]}
    return {}


def _my_vote(state: State, seat: int) -> dict[str, Any] | None:
    phase = state.phase
    if phase != PHASE_VOTE and state.vote is None:
        return None
    # Each rule asked once (a bot's vote reads this): a voter's refusal is None, so it is asked
    # only of the others, in the vote.
    voting = phase == PHASE_VOTE and rules.may_act(state, seat)
    votes = rules.votes_of(state, seat) if voting else 0
    refused = phase == PHASE_VOTE and seat not in state.voters
    return {
        "candidates": rules.vote_candidates(state, seat) if voting else [],
        "votes": votes,
        "same_allowed": voting and votes == 2 and state.revealed[seat],
        "cast": list(state.ballots[seat]) if seat in state.ballots else None,
        "refusal": rules.vote_refusal(state, seat) if refused else None,
    }


def _on_turn_in(state: State, seat: int, phase: str) -> bool:
    # Outside the vote, the one seat that may act is the seat on turn (rules.may_act).
    return state.phase == phase and seat == state.turn


def _names(hand: list[int]) -> list[str]:
    """The hand's cards by name: the caller's own list."""
    if type(hand) is Hand:
        blue, red, green, yellow = hand.by_suit
        return blue + red + green + yellow
    return [CARD_NAMES[card] for card in hand]


def _playable(state: State, seat: int) -> list[str]:
    if state.phase != PHASE_PLAY or seat != state.turn:
        return []
    return _playable_on_turn(state, seat)


def _playable_on_turn(state: State, seat: int) -> list[str]:
    """rules.legal_cards, by name, for the seat on turn in a trick: every move of a bot in a
    trick reads it."""
    hand = state.hands[seat]
    trick = state.trick_cards
    if trick and state.roles[seat] not in FREE_PLAYERS:
        led = CARD_SUIT[trick[0]]
        if type(hand) is Hand:
            following = hand.by_suit[led]
            if following:
                return following[:]
        else:
            named = [CARD_NAMES[card] for card in hand if CARD_SUIT[card] == led]
            if named:
                return named
    return _names(hand)


def _follow_suit(state: State, seat: int) -> list[str]:
    # What a phone marks as playable: the Agents' rule for every role. Marking the Insider's
    # whole hand would tell a neighbour who glances at it who the Insider is; the Insider knows
    # they may play any card anyway (``playable``).
    if not _on_turn_in(state, seat, PHASE_PLAY):
        return []
    return [CARD_NAMES[card] for card in rules.follow_suit_cards(state, seat)]


def _missions(state: State, seat: int) -> list[dict[str, Any]] | None:
    if not _on_turn_in(state, seat, PHASE_MISSION):
        return None
    return [_mission(m) for m in state.drawn]


def _pick_from(state: State, seat: int) -> list[int]:
    if not _on_turn_in(state, seat, PHASE_ACCOMPLICE):
        return []
    return [s for s in range(state.config.players) if s != seat]


# What only this seat knows, one part per key.
PRIVATE_PARTS: Parts = {
    "role": lambda state, seat: state.roles[seat],
    "side": outcome.side_of,
    "revealed": lambda state, seat: state.revealed[seat],
    "knows": _knows,
    # Everyone is told their right-hand neighbour (Tim Shady's goal depends on it), so the
    # view's shape says nothing about the role.
    "right": lambda state, seat: (seat - 1) % state.config.players,
    "can_act": rules.may_act,
    "hand": lambda state, seat: _names(state.hands[seat]),
    "playable": _playable,
    "follow_suit": _follow_suit,
    "missions": _missions,
    "must_keep": lambda state, seat: (
        rules.must_keep(state) if _on_turn_in(state, seat, PHASE_MISSION) else None
    ),
    "can_wager": lambda state, seat: _on_turn_in(state, seat, PHASE_WAGER),
    "wager_refusal": lambda state, seat: (
        None if state.phase == PHASE_OVER else rules.wager_refusal(state, seat)
    ),
    "pick_from": _pick_from,
    "vote": _my_vote,
}

# What a seat's view adds to the public board (its number, and what only it knows): a seat's
# view is the public board with these keys set, which lets the host encode the board once.
SEAT_ONLY_PARTS: Parts = {
    "seat": lambda state, seat: seat,
    "me": Nested(PRIVATE_PARTS),
}
SEAT_PARTS: Parts = {**PUBLIC_PARTS, **SEAT_ONLY_PARTS}


def round_of(state: State) -> int:
    """The trick being played (0-based; the vote counts as one past the last trick)."""
    return len(state.history)


def hidden_seats(state: State) -> list[int]:
    """The traitors' seats (the Insider, the Professional): what an audience tries to find."""
    return [seat for seat, role in enumerate(state.roles) if role in TRAITORS]


def replay_steps(board: dict[str, Any]) -> int:
    """Each trick played, then the vote."""
    return len(board.get("tricks") or []) + (1 if board.get("vote") else 0)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The public board for None, else what that seat may know. Raises MalformedAction
    ``not_a_seat`` for a seat that is not at the table."""
    if seat is None:
        return public_view(state)
    return build(SEAT_PARTS, state, check_seat(seat, state.config.players))


def seat_part(state: State, seat: int) -> dict[str, Any]:
    """The keys by which ``view(state, seat)`` differs from ``view(state, None)``. Raises
    MalformedAction ``not_a_seat``."""
    return build(SEAT_ONLY_PARTS, state, check_seat(seat, state.config.players))


def lazy_view(state: State, seat: int) -> LazyView:
    """``view(state, seat)`` read key by key (see engine.lazyview), for any seat. Raises
    MalformedAction ``not_a_seat``. The bots get ``acting_view``, made for a seat that acts."""
    return open_view(SEAT_PARTS, state, check_seat(seat, state.config.players))


def acting_view(state: State, seat: int) -> LazyView:
    """``lazy_view(state, seat)`` for a seat that may act now, the view the bots get (see
    ``engine.registry.acting_seat_bots``); raises MalformedAction ``not_a_seat``, then
    IllegalAction ``not_your_turn`` (``rules.may_act``'s test, made with the phase and turn the
    view reads anyway: one test of the turn a move). It opens the view and its ``me`` inline
    (tests compare them with ``view``)."""
    if type(seat) is not int or not 0 <= seat < state.config.players:
        check_seat(seat, state.config.players)
    phase = state.phase
    # What the bot reads next (``me``'s part for its move) known from the start, made inline:
    # a call less on every move.
    mine: dict[str, Any]
    if phase == PHASE_VOTE:
        if not rules.may_act(state, seat):
            raise not_your_turn(rules.expected_seats(state))
        mine = {"vote": _my_vote(state, seat)}
    elif seat != state.turn:  # outside the vote the seat on turn alone acts (NO_TURN once over)
        raise not_your_turn(rules.expected_seats(state))
    elif phase == PHASE_PLAY:
        mine = {"playable": _playable_on_turn(state, seat)}
    elif phase == PHASE_MISSION:
        mine = {"must_keep": rules.must_keep(state)}
    elif phase == PHASE_ACCOMPLICE:
        mine = {"pick_from": _pick_from(state, seat)}
    elif phase == PHASE_WAGER:  # the phase is all a bot reads to wager
        alone = LazyView(phase=phase)
        alone._parts = SEAT_PARTS
        alone._state = state
        alone._seat = seat
        alone._nested = None
        return alone
    else:
        raise not_your_turn(rules.expected_seats(state))
    # The view and its ``me`` opened inline (open_view's work): a call less on every move.
    me = LazyView(mine)
    me._parts = PRIVATE_PARTS
    me._state = state
    me._seat = seat
    me._nested = None
    view = LazyView(phase=phase, me=me)
    view._parts = SEAT_PARTS
    view._state = state
    view._seat = seat
    view._nested = me
    return view


def record(state: State) -> dict[str, Any]:
    """The complete record of a game (secrets included), JSON-ready; meant for a finished game.
    Top-level ``winners`` (labels) and ``ending`` serve the simulator's statistics."""
    config = state.config
    # Copies as {**d}: cheaper than dict(d) for the frozen history (a record is made per game).
    tricks = [
        {
            "number": entry["number"],
            "start": entry["start"],
            "kept": {**entry["mission"]},
            "discarded": {**MISSION_VIEWS[state.discarded[i]]},
            "cards": [{**play} for play in entry["cards"]],
            "winner": entry["winner"],
            "by": entry["by"],
            "taken": entry["taken"],
            "tokens": entry["tokens"],
            "lost_by": entry["lost_by"],
            "completed": entry["completed"],
            "revealed": list(entry["revealed"]),
            "tim_took_from": entry["tim_took_from"],
        }
        for i, entry in enumerate(state.history)
    ]
    result = state.result or {}
    return {
        "game": GAME_NAME,
        "config": config.to_json(),
        "seed": state.seed,
        "sides": possible_winners(config),
        "endings": possible_endings(config),
        "roles": list(state.roles),
        "deal": {
            "hands": [[CARD_NAMES[c] for c in hand] for hand in state.dealt],
            "set_aside": [CARD_NAMES[c] for c in state.set_aside],
            "first_start": state.first_start,
            "accomplice_picked": state.accomplice_of,
        },
        "tricks": tricks,
        "vote": _copied(state.vote),
        "intel": list(state.intel),
        "completed": len(state.completed),
        "failed": len(state.failed),
        "revealed": [s for s in range(config.players) if state.revealed[s]],
        "outcome": result.get("outcome"),
        "ending": result.get("ending"),
        "winners": list(result.get("winners", [])),
        "winning_seats": list(result.get("winning_seats", [])),
        "actions": [{"seat": e["seat"], "action": {**e["action"]}} for e in state.log],
    }


def possible_winners(config: Config) -> list[str]:
    """Every label ``winners`` can hold in games with this config, in display order."""
    labels = [SIDE_AGENTS, PROFESSIONAL if config.professional else SIDE_INSIDER]
    labels += [r for r in (SLEEPING, DECOY, ACCOMPLICE, TIM_SHADY) if r in config.special_roles]
    return labels


def possible_endings(config: Config) -> list[str]:
    """Every ending games with this config can have, in display order."""
    roles = config.special_roles
    endings = [END_MISSIONS] if config.professional else [END_INTEL, END_MISSIONS]
    if MICROPHONE in roles:
        endings.append(END_MICROPHONE)
    if AT_RISK in roles:
        endings.append(END_AT_RISK)
    if config.professional:
        endings += [END_PROFESSIONAL_REVEALED, END_ALL_REVEALED]
    endings += [END_CAUGHT, END_MISSED]
    if DECOY in roles:
        endings += [END_DECOY, END_DECOY_TIE]
    return endings


def _copied(value: Any) -> Any:
    """A deep copy of plain JSON data (a record shares nothing with the state)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value
