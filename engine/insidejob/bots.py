"""Bots: ``random`` (any legal action, sampled straight from the state) and ``smart``.

A bot is ``(state, seat, rng) -> action``; rng is anything with ``choice`` and ``sample``
(``engine.rng.Rng`` or ``random.Random``). Bots read the state only for what their seat may know
(their hand, role and the public board) and never mutate it.
"""

from __future__ import annotations

from typing import Any

from engine.insidejob import outcome, rules
from engine.insidejob.missions import MISSIONS, FinishedTrick
from engine.insidejob.state import State
from engine.insidejob.vocabulary import (
    CARD_BY_NAME,
    CARD_NAMES,
    FREE_PLAYERS,
    MICROPHONE,
    PHASE_ACCOMPLICE,
    PHASE_MISSION,
    PHASE_PLAY,
    PHASE_WAGER,
    PROFESSIONAL,
    SIDE_AGENTS,
    TRAITORS,
)

_BOOLS = (False, True)


def random_bot(state: State, seat: int, rng: Any) -> dict[str, Any]:
    """A uniformly random legal action (for a Paranoid voter, a random legal pair)."""
    phase = state.phase
    if phase == PHASE_PLAY:
        hand = state.hands[seat]
        trick = state.trick_cards
        if trick and state.roles[seat] not in FREE_PLAYERS:
            led = trick[0] // 13
            following = [c for c in hand if c // 13 == led]
            if following:
                hand = following
        return {"type": "play", "card": CARD_NAMES[rng.choice(hand)]}
    if phase == PHASE_WAGER:
        return {"type": "wager", "wager": rng.choice(_BOOLS)}
    if phase == PHASE_MISSION:
        forced = rules.must_keep(state)
        keep = forced if forced is not None else rng.choice((0, 1))
        return {"type": "choose_mission", "keep": keep}
    if phase == PHASE_ACCOMPLICE:
        others = [s for s in range(state.config.players) if s != seat]
        return {"type": "accomplice_pick", "seat": rng.choice(others)}
    return _random_vote(state, seat, rng)


def _random_vote(state: State, seat: int, rng: Any) -> dict[str, Any]:
    candidates = rules.vote_candidates(state, seat)
    if rules.votes_of(state, seat) == 1:
        return {"type": "vote", "seat": rng.choice(candidates)}
    if state.revealed[seat]:
        return {"type": "vote", "seats": [rng.choice(candidates), rng.choice(candidates)]}
    return {"type": "vote", "seats": sorted(rng.sample(candidates, 2))}


# ----------------------------------------------------------------------------------- sensible


def _unseen(state: State, seat: int) -> list[int]:
    """Cards seat cannot see: other hands and the set-aside cards."""
    seen = set(state.hands[seat]) | set(state.trick_cards)
    for entry in state.history:
        seen.update(_card_ids(entry["cards"]))
    return [c for c in range(52) if c not in seen]


def _card_ids(names: list[str]) -> list[int]:
    return [CARD_BY_NAME[name] for name in names]


def _wants_mission(state: State, seat: int) -> bool:
    """Whether this seat is better off when missions succeed."""
    return outcome.side_of(state, seat) == SIDE_AGENTS


def _estimate(state: State, seat: int, card: int, wager: bool, rng: Any, samples: int = 12):
    """(chance the mission holds, chance seat wins the trick) if seat plays card now, the rest of
    the trick filled with random unseen cards (a rough model of the other hands)."""
    mission = MISSIONS[state.mission]  # type: ignore[index]
    n = state.config.players
    # In the wager phase the card is already on the table: judge it as if played now.
    before = len(state.trick_cards) - (state.phase == PHASE_WAGER)
    cards = [*state.trick_cards[:before], card]
    wagered = [*state.trick_wagered[:before], wager]
    missing = n - len(cards)
    pool = _unseen(state, seat)
    holds = wins = 0
    for _ in range(samples if missing else 1):
        full = cards + (rng.sample(pool, missing) if missing else [])
        flags = wagered + [False] * missing
        best, _by = rules.trick_winner(full, flags, mission.trump)
        trick = FinishedTrick(
            values=tuple(c % 13 + 1 for c in full),
            suits=tuple(mission.trump if w else c // 13 for c, w in zip(full, flags, strict=True)),
            wagered=tuple(flags),
            trump=mission.trump,
            winner=best,
        )
        holds += mission.holds(trick)
        wins += best == before
    total = samples if missing else 1
    return holds / total, wins / total


def _card_score(state: State, seat: int, hold: float, win: float) -> float:
    role = state.roles[seat]
    if role in TRAITORS:
        # The Insider wants Intel and failed missions; the Professional must not reach the
        # reveal line, so it spoils missions and shuns Intel.
        return (1 - hold) + (win if role != PROFESSIONAL else -win)
    if role == MICROPHONE:
        return hold - 2 * win  # a second Intel hands the game to the Insider
    if _wants_mission(state, seat):
        # Winning a trick also keeps that Intel from the Insider.
        return hold + 0.7 * win
    return (1 - hold) + win * 0.5


def sensible_bot(state: State, seat: int, rng: Any) -> dict[str, Any]:
    """Plays for its side: Agents try to make missions hold, the Insider to break them and take
    Intel; votes for the player who most looks like the Insider."""
    phase = state.phase
    if phase == PHASE_PLAY:
        options = rules.legal_cards(state, seat)
        scored = []
        for card in options:
            hold, win = _estimate(state, seat, card, False, rng)
            scored.append((_card_score(state, seat, hold, win), -card % 13, card))
        best = max(scored)[2]
        return {"type": "play", "card": CARD_NAMES[best]}
    if phase == PHASE_WAGER:
        card = state.trick_cards[-1]
        plain = _card_score(state, seat, *_estimate(state, seat, card, False, rng))
        staked = _card_score(state, seat, *_estimate(state, seat, card, True, rng))
        # A token is worth something: wager only for a clear gain.
        return {"type": "wager", "wager": staked > plain + 0.25}
    if phase == PHASE_MISSION:
        forced = rules.must_keep(state)
        if forced is not None:
            return {"type": "choose_mission", "keep": forced}
        hand = state.hands[seat]
        scores = []
        for mission_id in state.drawn:
            mission = MISSIONS[mission_id]
            strength = sum(1 for c in hand if c // 13 == mission.trump)
            good = 0.0 if mission.risky else 1.0
            if not _wants_mission(state, seat):
                good = 1.0 - good
            scores.append(good * 10 + strength)
        return {"type": "choose_mission", "keep": 0 if scores[0] >= scores[1] else 1}
    if phase == PHASE_ACCOMPLICE:
        others = [s for s in range(state.config.players) if s != seat]
        # Look at a player who is not revealed: a hidden role is worth learning.
        hidden = [s for s in others if not state.revealed[s]] or others
        return {"type": "accomplice_pick", "seat": rng.choice(hidden)}
    return _sensible_vote(state, seat, rng)


def suspicion(state: State, seat: int) -> list[float]:
    """How Insider-like each player looks from seat's side of the table: playing off the led
    suit and later showing that suit is proof; failing missions and hoarding Intel are hints."""
    n = state.config.players
    score = [0.0] * n
    voided: list[set[int]] = [set() for _ in range(n)]
    for entry in state.history:
        cards = _card_ids(entry["cards"])
        led = cards[0] // 13
        for s, card in zip(entry["seats"][1:], cards[1:], strict=True):
            if card // 13 in voided[s]:
                score[s] += 100  # played a suit it had shown it lacked
            if card // 13 != led:
                voided[s].add(led)
            if not entry["completed"]:
                score[s] += 0.5
        if not entry["completed"]:
            score[entry["winner"]] += 0.5
    for s in range(n):
        score[s] += state.intel[s] * 0.8
    return score


def _sensible_vote(state: State, seat: int, rng: Any) -> dict[str, Any]:
    candidates = rules.vote_candidates(state, seat)
    score = suspicion(state, seat)
    # Everyone names whoever looks most like the Insider to them; the Insider, never a
    # candidate for itself, thereby points at the likeliest-looking innocent.
    ranked = sorted(candidates, key=lambda s: (-score[s], rng.choice((0, 1))))
    if rules.votes_of(state, seat) == 1:
        return {"type": "vote", "seat": ranked[0]}
    if state.revealed[seat]:
        return {"type": "vote", "seats": [ranked[0], ranked[0]]}
    return {"type": "vote", "seats": sorted(ranked[:2])}


BOTS = {"random": random_bot, "smart": sensible_bot}
