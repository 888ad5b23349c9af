"""The words of Inside Job: suits, cards, roles, sides, phases, endings.

Cards are ints 0..51 inside the engine (fast to compare) and short strings outside: the suit's
letter then the value, ``"B1"`` .. ``"Y13"`` (Blue, Red, Green, Yellow). Seats run clockwise, so
the player to your right is the previous seat.
"""

from __future__ import annotations

GAME_NAME = "insidejob"

SUITS = ("blue", "red", "green", "yellow")
SUIT_LETTERS = ("B", "R", "G", "Y")
SUIT_SIZE = 13
DECK_SIZE = 52
INTEL_TOKENS = 14


def suit_of(card: int) -> int:
    """The suit index (into SUITS) of a card 0..51."""
    return card // SUIT_SIZE


def value_of(card: int) -> int:
    """The printed value, 1..13, of a card 0..51."""
    return card % SUIT_SIZE + 1


# suit_of and value_of of every card, for the loops that judge tricks (an index is cheaper
# than a call).
CARD_SUIT: tuple[int, ...] = tuple(suit_of(c) for c in range(DECK_SIZE))
CARD_VALUE: tuple[int, ...] = tuple(value_of(c) for c in range(DECK_SIZE))

CARD_NAMES: tuple[str, ...] = tuple(
    f"{SUIT_LETTERS[suit_of(c)]}{value_of(c)}" for c in range(DECK_SIZE)
)
CARD_BY_NAME: dict[str, int] = {name: card for card, name in enumerate(CARD_NAMES)}

# Roles. The traitor is the Insider, or the Professional who replaces it.
INSIDER = "insider"
AGENT = "agent"
MICROPHONE = "microphone"
PARANOID = "paranoid"
AT_RISK = "at_risk"
DECOY = "decoy"
ACCOMPLICE = "accomplice"
TIM_SHADY = "tim_shady"
SLEEPING = "sleeping"
PROFESSIONAL = "professional"

SPECIAL_ROLES = (
    MICROPHONE,
    PARANOID,
    AT_RISK,
    DECOY,
    ACCOMPLICE,
    TIM_SHADY,
    SLEEPING,
    PROFESSIONAL,
)
ROLES = (INSIDER, AGENT, *SPECIAL_ROLES)
TRAITORS = frozenset({INSIDER, PROFESSIONAL})
# Roles that may play any card, even holding the led suit.
FREE_PLAYERS = TRAITORS

# Sides: who wins together. The Sleeping Agent is on the Agents' side while hidden and on the
# Insider's side once revealed; the rest of the special roles with their own goal are alone.
SIDE_AGENTS = "agents"
SIDE_INSIDER = "insider"
AGENT_SIDE_ROLES = frozenset({AGENT, MICROPHONE, PARANOID, AT_RISK, SLEEPING})
# What a result's ``winners`` may hold, in the order it lists them and the screens name them:
# the sides before the roles that win alone.
WINNER_LABELS = (SIDE_AGENTS, SIDE_INSIDER, PROFESSIONAL, SLEEPING, DECOY, ACCOMPLICE, TIM_SHADY)

# Options a lobby may offer, in display order.
WAGERS = "wagers"
RISKY = "risky"
VARIANTS = (WAGERS, RISKY, *SPECIAL_ROLES)

# Phases.
PHASE_ACCOMPLICE = "accomplice"  # the Accomplice picks whose role card to look at
PHASE_MISSION = "mission"  # the start player keeps one of two drawn missions
PHASE_PLAY = "play"  # the player on turn plays a card
PHASE_WAGER = "wager"  # the player who just played may put an Intel token on the card
PHASE_VOTE = "vote"  # everyone who may vote names the Insider, all at once
PHASE_OVER = "over"
PHASES = (PHASE_ACCOMPLICE, PHASE_MISSION, PHASE_PLAY, PHASE_WAGER, PHASE_VOTE, PHASE_OVER)

# Outcomes of a game, before each seat's own result is worked out.
OUTCOME_AGENTS = "agents"
OUTCOME_TRAITOR = "traitor"
OUTCOME_DECOY = "decoy"  # the Decoy alone had the most votes
OUTCOME_DECOY_TIE = "decoy_tie"  # the Decoy and the traitor shared the most votes

# Endings: why the game ended.
# How each card of a finished trick answered the led suit (the result's ``follow``).
FOLLOW_LED = "led"  # the trick's first card
FOLLOWED = "followed"  # the led suit
COULD_NOT = "could_not"  # another suit, with none of the led suit in hand
CHOSE_NOT = "chose_not"  # another suit while holding the led one: only a traitor may
FOLLOWS = (FOLLOW_LED, FOLLOWED, COULD_NOT, CHOSE_NOT)

END_INTEL = "intel"  # the Insider reached the Intel target
END_MICROPHONE = "microphone"  # the Agent with a Microphone held more than one Intel
END_MISSIONS = "missions"  # the Agents completed enough missions
END_AT_RISK = "at_risk"  # the Agent at Risk was revealed
END_PROFESSIONAL_REVEALED = "professional_revealed"  # the Professional reached the reveal line
END_ALL_REVEALED = "all_revealed"  # every player but the Professional is revealed
END_CAUGHT = "caught"  # the vote: the traitor had strictly the most votes
END_MISSED = "missed"  # the vote: the traitor did not have strictly the most votes
END_DECOY = "decoy"  # the vote: the Decoy alone had the most votes
END_DECOY_TIE = "decoy_tie"  # the vote: the Decoy and the traitor shared the most votes
ENDINGS = (
    END_INTEL,
    END_MICROPHONE,
    END_MISSIONS,
    END_AT_RISK,
    END_PROFESSIONAL_REVEALED,
    END_ALL_REVEALED,
    END_CAUGHT,
    END_MISSED,
    END_DECOY,
    END_DECOY_TIE,
)
