"""The words of Mole in the Crew: roles, sides, phases, cards, endings.

Plain strings rather than enums: they go straight into JSON views and records, and string
comparison keeps the simulator's hot path cheap.
"""

from __future__ import annotations

GAME_NAME = "mole"

# Roles, as they appear in views and records.
MOLE = "mole"
SNITCH = "snitch"
CONTACT = "contact"
DOUBLE = "double"
LOOKOUT = "lookout"
DRIVER = "driver"
CREW = "crew"
ROLES = (MOLE, SNITCH, CONTACT, DOUBLE, LOOKOUT, DRIVER, CREW)

# Sides (the winner of a game is a side).
CREW_SIDE = "crew"
MOLES_SIDE = "moles"
SIDES = (CREW_SIDE, MOLES_SIDE)
MOLE_ROLES = frozenset((MOLE, SNITCH))


def side_of(role: str) -> str:
    return MOLES_SIDE if role in MOLE_ROLES else CREW_SIDE


# Phases of play.
PROPOSE = "propose"
VOTE = "vote"
CARDS = "cards"
GETAWAY = "getaway"
OVER = "over"
PHASES = (PROPOSE, VOTE, CARDS, GETAWAY, OVER)

# Cards a team member plays.
CLEAN = "clean"
SABOTAGE = "sabotage"
CARDS_IN_HAND = (CLEAN, SABOTAGE)

# How a lock was resolved.
OPEN = "open"
BLOWN = "blown"
BY_CARDS = "cards"
BY_PATROL = "patrol"

# How a game ended.
LOCKS_BLOWN = "locks_blown"  # the Moles blew enough locks
CONTACT_FOUND = "contact_found"  # the Moles named the Contact in the Getaway
ESCAPE = "escape"  # the Moles named someone else, or nobody
VOID = "void"  # the Moles named the player the Driver protected
ENDINGS = (LOCKS_BLOWN, CONTACT_FOUND, ESCAPE, VOID)

# Action types.
PROPOSE_ACTION = "propose"
VOTE_ACTION = "vote"
PLAY_ACTION = "play"
MARK_ACTION = "mark"
CONFIRM_ACTION = "confirm"
ACTION_TYPES = (PROPOSE_ACTION, VOTE_ACTION, PLAY_ACTION, MARK_ACTION, CONFIRM_ACTION)

# Variants, in the order a lobby shows them.
QUICK = "quick"
VAULT = "vault"
SNITCH_VARIANT = "snitch"
VARIANTS = (QUICK, VAULT, SNITCH_VARIANT)

# Key of the "nobody" count in a Mole's Getaway tally.
NOBODY = "nobody"
