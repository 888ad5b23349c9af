"""What each seat may see, and the public board: the only place that decides it.

Secrets: hands, roles (until revealed or the game ends), the two missions being chosen from
(only the start player sees them), the mission put aside unseen each trick, the set-aside cards,
the order of the mission deck, and how each player voted until the vote is counted.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.actions import check_seat
from engine.frozen import frozen
from engine.insidejob import outcome, rules
from engine.insidejob.config import Config
from engine.insidejob.missions import MISSION_VIEWS
from engine.insidejob.state import State
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    AT_RISK,
    CARD_NAMES,
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


def _mission(mission_id: str) -> dict[str, Any]:
    return MISSION_VIEWS[mission_id]


@lru_cache(maxsize=64)
def _table(config: Config) -> dict[str, Any]:
    """What the board shows of the options, the same all game: made once per config."""
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
    return table


def public_view(state: State) -> dict[str, Any]:
    config = state.config
    n = config.players
    over = state.phase == PHASE_OVER
    trick_on = state.phase in (PHASE_PLAY, PHASE_WAGER)
    trick = [
        {"seat": s, "card": CARD_NAMES[c], "wagered": w}
        for s, c, w in zip(state.trick_seats, state.trick_cards, state.trick_wagered, strict=True)
    ]
    # Finished tricks, the vote and the result are never changed once made: shared, not copied
    # (a view is read-only).
    history = state.history
    accomplice = None
    if state.accomplice is not None:
        accomplice = {"seat": state.accomplice, "picked": state.accomplice_of}
    table = _table(config)
    return {
        "game": GAME_NAME,
        "players": n,
        "variants": table["variants"],
        "special_roles": table["special_roles"],
        "seat": None,
        "phase": state.phase,
        "targets": table["targets"],
        "trick_number": len(state.history) + (0 if over or state.phase == PHASE_VOTE else 1),
        "start": state.start,
        "turn": state.turn if not over and state.phase != PHASE_VOTE else None,
        "mission": _mission(state.mission) if state.mission is not None else None,
        "missions_left": len(state.deck),
        "trick": trick if trick_on else [],
        "led_suit": (
            SUITS[suit_of(state.trick_cards[0])] if trick_on and state.trick_cards else None
        ),
        "intel": list(state.intel),
        "supply": state.supply,
        "hand_sizes": [len(hand) for hand in state.hands],
        "completed": [entry["mission"] for entry in history if entry["completed"]],
        "failed": [entry["mission"] for entry in history if not entry["completed"]],
        "tricks": list(history),
        "revealed": [state.roles[s] if state.revealed[s] or over else None for s in range(n)],
        "accomplice": accomplice,
        "voters": list(state.voters) if state.phase == PHASE_VOTE or state.vote else [],
        "voted": sorted(state.ballots) if state.phase == PHASE_VOTE else [],
        "vote": state.vote,
        "result": state.result,
    }


def seat_view(state: State, seat: int) -> dict[str, Any]:
    view = public_view(state)
    view["seat"] = seat
    phase = state.phase
    expected = rules.may_act(state, seat)
    role = state.roles[seat]
    knows: dict[str, Any] = {}
    if role == ACCOMPLICE and state.accomplice_of is not None:
        knows = {"picked": state.accomplice_of, "role": state.roles[state.accomplice_of]}
    choosing = phase == PHASE_MISSION and expected
    voting = phase == PHASE_VOTE and expected
    vote = None
    if phase == PHASE_VOTE or state.vote is not None:
        refusal = rules.vote_refusal(state, seat) if phase == PHASE_VOTE else None
        vote = {
            "candidates": rules.vote_candidates(state, seat) if voting else [],
            "votes": rules.votes_of(state, seat) if voting else 0,
            "same_allowed": voting and rules.votes_of(state, seat) == 2 and state.revealed[seat],
            "cast": list(state.ballots[seat]) if seat in state.ballots else None,
            "refusal": refusal if seat not in state.voters else None,
        }
    view["me"] = {
        "role": role,
        "side": outcome.side_of(state, seat),
        "revealed": state.revealed[seat],
        "knows": knows,
        # Everyone is told their right-hand neighbour (Tim Shady's goal depends on it), so the
        # view's shape says nothing about the role.
        "right": (seat - 1) % state.config.players,
        "can_act": expected,
        "hand": [CARD_NAMES[c] for c in state.hands[seat]],
        "playable": (
            [CARD_NAMES[c] for c in rules.legal_cards(state, seat)]
            if phase == PHASE_PLAY and expected
            else []
        ),
        # What a phone marks as playable: the Agents' rule for every role. Marking the Insider's
        # whole hand would tell a neighbour who glances at it who the Insider is; the Insider
        # knows they may play any card anyway (``playable``).
        "follow_suit": (
            [CARD_NAMES[c] for c in rules.follow_suit_cards(state, seat)]
            if phase == PHASE_PLAY and expected
            else []
        ),
        "missions": [_mission(m) for m in state.drawn] if choosing else None,
        "must_keep": rules.must_keep(state) if choosing else None,
        "can_wager": phase == PHASE_WAGER and expected,
        "wager_refusal": None if phase == PHASE_OVER else rules.wager_refusal(state, seat),
        "pick_from": (
            [s for s in range(state.config.players) if s != seat]
            if phase == PHASE_ACCOMPLICE and expected
            else []
        ),
        "vote": vote,
    }
    return view


def round_of(state: State) -> int:
    """The trick being played (0-based; the vote counts as one past the last trick)."""
    return len(state.history)


def hidden_seats(state: State) -> list[int]:
    """The traitors' seats (the Insider, the Professional): what an audience tries to find."""
    return [seat for seat, role in enumerate(state.roles) if role in TRAITORS]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The public board for None, else what that seat may know. Raises MalformedAction
    ``not_a_seat`` for a seat that is not at the table."""
    if seat is None:
        return public_view(state)
    return seat_view(state, check_seat(seat, state.config.players))


def record(state: State) -> dict[str, Any]:
    """The complete record of a game (secrets included), JSON-ready; meant for a finished game.
    Top-level ``winners`` (labels) and ``ending`` serve the simulator's statistics."""
    config = state.config
    tricks = [
        {
            "number": entry["number"],
            "start": entry["start"],
            "kept": dict(entry["mission"]),
            "discarded": dict(_mission(state.discarded[i])),
            "cards": [dict(play) for play in entry["cards"]],
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
        "actions": [{"seat": e["seat"], "action": dict(e["action"])} for e in state.log],
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
