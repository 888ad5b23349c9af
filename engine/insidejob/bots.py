"""Bots: ``random`` (any legal action) and ``smart`` (plays its role with intent).

A bot here is ``bot(view, rng) -> action``: it is given only the view of the seat it plays
(``view(state, seat)``, see ``engine.registry.seat_bots``), so it cannot use a secret that seat
does not hold. ``rng`` is anything with ``below``, ``choice`` and ``sample`` (``engine.rng.Rng``).

The smart bot judges a card without simulating the other hands: the mission is read on the
cards so far plus this one (exact for the last player), and the chance the card wins from the
unseen cards that would beat it. Each role weighs "the mission holds" and "I win the trick"
its own way (see ``_weights``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.insidejob.missions import OBJECTIVES
from engine.insidejob.rules import finished_trick, trick_winner
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    AGENT_SIDE_ROLES,
    AT_RISK,
    CARD_BY_NAME,
    CARD_NAMES,
    DECK_SIZE,
    DECOY,
    INSIDER,
    MICROPHONE,
    PHASE_ACCOMPLICE,
    PHASE_MISSION,
    PHASE_PLAY,
    PHASE_VOTE,
    PHASE_WAGER,
    PROFESSIONAL,
    SLEEPING,
    SUIT_SIZE,
    SUITS,
    TIM_SHADY,
    suit_of,
    value_of,
)

Action = dict[str, Any]
View = Mapping[str, Any]  # the seat's view: a dict, or the lazy view seat_bots passes

_BOOLS = (False, True)
_EXPOSURE = 0.6  # what the traitor gives up by showing it ignores the led suit
_SUIT_INDEX = {name: index for index, name in enumerate(SUITS)}


def _any(options: list[Any], rng: Any) -> Any:
    # A draw costs more than the rest of a move: none for a forced one (a suit's last card).
    return options[0] if len(options) == 1 else options[rng.below(len(options))]


def random_bot(view: View, rng: Any) -> Action:
    """A uniformly random legal action (for a Paranoid voter, a random legal pair); a forced
    one without a draw."""
    phase = view["phase"]
    if phase == PHASE_WAGER:
        return {"type": "wager", "wager": _BOOLS[rng.below(2)]}  # rng.choice's draw, inline
    me = view["me"]
    if phase == PHASE_PLAY:  # most moves: _any inline
        playable = me["playable"]
        count = len(playable)
        return {"type": "play", "card": playable[rng.below(count) if count > 1 else 0]}
    if phase == PHASE_MISSION:
        forced = me["must_keep"]
        return {"type": "choose_mission", "keep": forced if forced is not None else rng.below(2)}
    if phase == PHASE_ACCOMPLICE:
        return {"type": "accomplice_pick", "seat": _any(me["pick_from"], rng)}
    vote = me["vote"]
    candidates = vote["candidates"]
    if vote["votes"] == 1:
        return {"type": "vote", "seat": _any(candidates, rng)}
    if vote["same_allowed"]:
        return {"type": "vote", "seats": sorted([_any(candidates, rng), _any(candidates, rng)])}
    return {"type": "vote", "seats": sorted(rng.sample(candidates, 2))}


# ----------------------------------------------------------------------------------- the smart


def _ids(names: list[str]) -> list[int]:
    return [CARD_BY_NAME[name] for name in names]


def _suspicion(view: View) -> list[float]:
    """How traitor-like each player looks on the public record: playing off the led suit and
    later showing that suit is proof; failed missions and Intel are hints."""
    n = view["players"]
    score = [0.0] * n
    voided: list[set[int]] = [set() for _ in range(n)]
    for entry in view["tricks"]:
        plays = entry["cards"]
        led = suit_of(CARD_BY_NAME[plays[0]["card"]])
        failed = not entry["completed"]
        for play in plays[1:]:
            seat, suit = play["seat"], suit_of(CARD_BY_NAME[play["card"]])
            if suit in voided[seat]:
                score[seat] += 100.0  # played a suit it had shown it lacked
            if suit != led:
                voided[seat].add(led)
            if failed:
                score[seat] += 0.5
        if failed:
            score[entry["winner"]] += 0.5
    for seat, intel in enumerate(view["intel"]):
        score[seat] += intel * 0.8
    return score


def _right_looks_guilty(view: View) -> bool:
    """Tim Shady's reading: is the player to his right the likeliest traitor at the table?"""
    me, seat = view["me"], view["seat"]
    score = _suspicion(view)
    others = [s for s in range(view["players"]) if s != seat and view["revealed"][s] is None]
    return bool(others) and me["right"] == max(others, key=lambda s: score[s])


def _wants_missions(view: View) -> bool:
    """Whether this seat is better off when missions hold."""
    me = view["me"]
    role = me["role"]
    if role == ACCOMPLICE:
        partner = me["knows"].get("role")
        return partner in AGENT_SIDE_ROLES and partner != SLEEPING
    if role == TIM_SHADY:
        return _right_looks_guilty(view)
    return bool(me["side"] == "agents")


def _weights(view: View, gain: int) -> tuple[float, float]:
    """(weight of "the mission holds", weight of "I win the trick") for this seat's role, when
    winning would bring it ``gain`` Intel."""
    me = view["me"]
    role = me["role"]
    seat = view["seat"]
    intel = view["intel"][seat] + gain
    reveal_at = view["targets"]["reveal_at"]
    reaches_line = not me["revealed"] and intel >= reveal_at
    professional = PROFESSIONAL in view["special_roles"]
    if role == INSIDER:
        target = view["targets"]["intel"]
        return -1.0, 3.0 if target is not None and intel >= target else 1.0
    if role == PROFESSIONAL:  # reaching the line loses at once: it shuns Intel
        return -1.0, -4.0 if reaches_line else -0.6
    if role == MICROPHONE:  # a second Intel hands the game to the Insider
        return 1.0, -5.0
    if role == AT_RISK:  # its reveal wins the game for the Agents: it hunts Intel
        return 1.0, 3.0 if reaches_line else 1.0
    if role == SLEEPING:
        if me["revealed"]:
            return -1.0, 0.3
        return 1.0, -3.0 if reaches_line else 0.3
    if role == DECOY:  # looks guilty (breaks missions, takes Intel) but must stay votable
        return -1.0, -3.0 if reaches_line else 2.0
    if role == ACCOMPLICE:  # its win costs the partner an Intel
        partner = me["knows"].get("role")
        wants_less = partner in (MICROPHONE, PROFESSIONAL, SLEEPING)
        return (1.0 if _wants_missions(view) else -1.0), 0.6 if wants_less else -0.8
    if role == TIM_SHADY:
        return (1.0 if _wants_missions(view) else -1.0), 0.5
    # A plain or Paranoid Agent: winning keeps Intel from the Insider, unless the reveal line
    # only feeds the Professional's "everyone revealed" win.
    if professional:
        return 1.0, -1.0 if reaches_line else 0.2
    return 1.0, 0.5


class _Table:
    """What the smart bot reads from the view once per decision about a card."""

    __slots__ = (
        "card_ids",
        "cards",
        "flags",
        "hand_left",
        "mic_at",
        "mic_weight",
        "missing",
        "mission",
        "objective",
        "tokens",
        "trump",
        "unseen",
        "unseen_cards",
        "view",
        "weights",
    )

    def __init__(self, view: View) -> None:
        mission = view["mission"]
        self.mission = mission
        self.objective = OBJECTIVES[mission["objective"]]
        self.trump = _SUIT_INDEX[mission["trump"]]
        me = view["me"]
        trick = view["trick"]
        if view["phase"] == PHASE_WAGER:
            trick = trick[:-1]  # judge the card just played as if about to be played
        self.view = view
        self.cards = [(CARD_BY_NAME[p["card"]], p["wagered"]) for p in trick]
        # The trick so far as judge passes it on, and the Intel tokens on it: the same for
        # every card this decision weighs.
        self.card_ids = [c for c, _ in self.cards]
        self.flags = [w for _, w in self.cards]
        self.tokens: int = sum(1 for wagered in self.flags if wagered)
        self.missing = view["players"] - len(self.cards) - 1
        self.weights: dict[int, tuple[float, float]] = {}
        # The Agent with a Microphone holding Intel loses the game for the Agents by winning a
        # trick: where its card lies in this trick, and how much this seat wants that.
        mic = view["revealed"].index(MICROPHONE) if MICROPHONE in view["revealed"] else None
        self.mic_at = next((i for i, p in enumerate(trick) if p["seat"] == mic), None)
        self.mic_weight = 0.0
        if mic is not None and mic != view["seat"] and view["intel"][mic] >= 1:
            self.mic_weight = -3.0 if _wants_missions(view) or me["role"] == DECOY else 3.0
        unseen = [True] * DECK_SIZE
        for name in me["hand"]:
            unseen[CARD_BY_NAME[name]] = False
        for play in view["trick"]:
            unseen[CARD_BY_NAME[play["card"]]] = False
        for entry in view["tricks"]:
            for play in entry["cards"]:
                unseen[CARD_BY_NAME[play["card"]]] = False
        self.unseen_cards = unseen
        self.hand_left = max(1, len(me["hand"]) - 1)
        self.unseen = sum(unseen)

    def above(self, suit: int, value: int) -> int:
        """Unseen cards of that suit higher than value (0: the whole suit)."""
        first = suit * SUIT_SIZE
        return sum(self.unseen_cards[first + value : first + SUIT_SIZE])

    def weights_for(self, gain: int) -> tuple[float, float]:
        if gain not in self.weights:
            self.weights[gain] = _weights(self.view, gain)
        return self.weights[gain]

    def judge(self, card: int, wagered: bool) -> tuple[float, float, float]:
        """(the mission holds, this card wins, the Microphone's card wins): exact when it is the
        trick's last card."""
        cards = [*self.card_ids, card]
        flags = [*self.flags, wagered]
        best, _by = trick_winner(cards, flags, self.trump)
        holds = float(self.objective(finished_trick(cards, flags, self.trump, best)))
        me = len(cards) - 1
        if best != me:
            mic_wins = 0.0 if best != self.mic_at else 0.6 if self.missing else 1.0
            return holds, 0.0, mic_wins
        if not self.missing:
            return holds, 1.0, 0.0
        value = value_of(card)
        trump_now = wagered or suit_of(card) == self.trump
        beaters = (
            self.above(self.trump, value)
            if trump_now
            else self.above(suit_of(card), value) + self.above(self.trump, 0)
        )
        safe = 1.0 - beaters / max(1, self.unseen)
        return holds, safe ** (self.hand_left * self.missing), 0.0


def _gain(view: View, table: _Table, wagered: bool) -> int:
    """The Intel this seat would take by winning the trick (its own token comes back)."""
    taken = 2 if table.mission["risky"] else 1
    return taken + table.tokens + (1 if wagered else 0)


def _score(view: View, table: _Table, card: int, wagered: bool) -> float:
    holds, wins, mic_wins = table.judge(card, wagered)
    hold_weight, win_weight = table.weights_for(_gain(view, table, wagered))
    score = hold_weight * holds + win_weight * wins + table.mic_weight * mic_wins
    if wagered:
        score -= 0.25 + 0.5 * (1.0 - wins)  # a token is worth something; a lost one more
    return score


def smart_bot(view: View, rng: Any) -> Action:
    """Plays for its role: Agents make missions hold, the Insider breaks them and takes Intel,
    the roles with their own goal follow it (see ``_weights``); votes for the player who looks
    most like the traitor, or away from it when that suits the role."""
    phase = view["phase"]
    me = view["me"]
    if phase == PHASE_PLAY:
        table = _Table(view)
        options = _ids(me["playable"])
        # Between cards that do as well now, one who wants tricks keeps its high cards for later;
        # one who shuns them (a win costs it the game) sheds them while they lose.
        shed = 1 if table.weights_for(_gain(view, table, False))[1] < 0 else -1
        # Playing off the led suit while holding it is proof once the suit shows up later: the
        # traitor, who may, does it only when it pays.
        follow = set(_ids(me["follow_suit"]))
        exposed = {c: 0.0 if c in follow else _EXPOSURE for c in options}
        best = max(
            options,
            key=lambda c: (_score(view, table, c, False) - exposed[c], shed * value_of(c)),
        )
        return {"type": "play", "card": CARD_NAMES[best]}
    if phase == PHASE_WAGER:
        table = _Table(view)
        card = CARD_BY_NAME[view["trick"][-1]["card"]]
        staked = _score(view, table, card, True) > _score(view, table, card, False)
        return {"type": "wager", "wager": staked}
    if phase == PHASE_MISSION:
        return {"type": "choose_mission", "keep": _keep(view)}
    if phase == PHASE_ACCOMPLICE:
        # Look at a player who is not revealed: a hidden role is worth learning.
        hidden = [s for s in me["pick_from"] if view["revealed"][s] is None]
        return {"type": "accomplice_pick", "seat": rng.choice(hidden or me["pick_from"])}
    if phase == PHASE_VOTE:
        return _vote(view, rng)
    raise AssertionError(f"no bot move in phase {phase}")  # seat_bots only asks an actor


def _keep(view: View) -> int:
    me = view["me"]
    if me["must_keep"] is not None:
        return int(me["must_keep"])
    hand = _ids(me["hand"])
    wants = _wants_missions(view)
    scores = []
    for mission in me["missions"]:
        trump = _SUIT_INDEX[mission["trump"]]
        strength = sum(1 for c in hand if suit_of(c) == trump)
        good = 0.0 if mission["risky"] else 1.0
        scores.append((good if wants else 1.0 - good) * 10 + strength)
    return 0 if scores[0] >= scores[1] else 1


def _vote(view: View, rng: Any) -> Action:
    me = view["me"]
    vote = me["vote"]
    candidates = vote["candidates"]
    score = _suspicion(view)
    role = me["role"]
    # Most roles name whoever looks most like the traitor (the traitor, never a candidate for
    # itself, thereby points at the likeliest-looking innocent). The Decoy, and Tim Shady when
    # his right-hand neighbour looks innocent, name the least suspicious instead: the Decoy to
    # stay alone on top, Tim so that the traitor escapes.
    away = role == DECOY or (role == TIM_SHADY and not _right_looks_guilty(view))
    if role == TIM_SHADY and not away and me["right"] in candidates:
        score[me["right"]] += 1000.0
    sign = 1.0 if away else -1.0
    ranked = sorted(candidates, key=lambda s: (sign * score[s], rng.below(2)))
    if vote["votes"] == 1:
        return {"type": "vote", "seat": ranked[0]}
    if vote["same_allowed"]:
        return {"type": "vote", "seats": [ranked[0], ranked[0]]}
    return {"type": "vote", "seats": sorted(ranked[:2])}


BOTS = {"random": random_bot, "smart": smart_bot}
