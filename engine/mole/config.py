"""The table for a player count and the chosen variants, validated once before the deal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.errors import InvalidConfig, input_fact
from engine.mole.vocabulary import QUICK, SNITCH_VARIANT, VARIANTS, VAULT

MIN_PLAYERS = 5
MAX_PLAYERS = 10
PATROL_AT = 3  # the third rejection in a row blows the lock

# players -> (moles, snitch in the base game, doubles, decoy, team sizes of locks 1-5,
#             sabotages per Mole)
_TABLE: dict[int, tuple[int, bool, int, bool, tuple[int, ...], int]] = {
    5: (2, False, 0, False, (2, 2, 2, 3, 3), 2),
    6: (2, False, 1, False, (2, 3, 3, 3, 4), 2),
    7: (3, True, 1, False, (2, 2, 2, 3, 3), 1),
    8: (3, True, 1, True, (3, 3, 3, 3, 4), 1),
    9: (3, True, 1, True, (3, 4, 4, 4, 5), 1),
    10: (3, True, 1, True, (4, 5, 5, 5, 6), 1),
}

# variant -> the player counts it allows
_VARIANT_PLAYERS = {QUICK: (5, 10), VAULT: (7, 10), SNITCH_VARIANT: (5, 6)}
# Quick plays 3 locks and The Vault 7: they cannot both hold.
_CONFLICTS = ((QUICK, VAULT),)


@dataclass(frozen=True, slots=True)
class MoleConfig:
    """Everything the rules need to know about one table, derived from (players, variants)."""

    players: int
    variants: tuple[str, ...]
    moles: int  # Snitch included
    snitch: bool
    double: bool
    decoy: bool
    team_sizes: tuple[int, ...]  # one per lock
    to_open: int  # open locks that lead to the Getaway
    to_blow: int  # blown locks that win for the Moles
    sabotages_per_mole: int
    approvals_needed: int
    patrol_at: int = PATROL_AT

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variants": list(self.variants)}


def make_config(players: int, variants: Iterable[str] = ()) -> MoleConfig:
    """Validate the options and derive the table.

    Raises InvalidConfig: ``bad_field`` (players not an integer, variants not a list of names),
    ``player_count`` (not 5..10), ``unknown_variant``, ``variant_players`` (the variant does not
    allow this many players), ``variant_conflict`` (Quick with The Vault).
    """
    if type(players) is not int:
        raise InvalidConfig("bad_field", "players must be an integer", field="players")
    if isinstance(variants, str) or not isinstance(variants, Iterable):
        raise InvalidConfig("bad_field", "variants must be a list of names", field="variants")
    chosen = set()
    for variant in variants:
        if variant not in VARIANTS:
            raise InvalidConfig("unknown_variant", "no such variant", variant=input_fact(variant))
        chosen.add(variant)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidConfig(
            "player_count",
            "not a player count Mole allows",
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            players=players,
        )
    ordered = tuple(v for v in VARIANTS if v in chosen)
    for variant in ordered:
        low, high = _VARIANT_PLAYERS[variant]
        if not low <= players <= high:
            raise InvalidConfig(
                "variant_players",
                f"{variant} needs {low}-{high} players",
                variant=variant,
                min=low,
                max=high,
            )
    for first, second in _CONFLICTS:
        if first in chosen and second in chosen:
            raise InvalidConfig(
                "variant_conflict", f"{first} and {second}", first=first, second=second
            )

    moles, snitch, doubles, decoy, sizes, sabotages = _TABLE[players]
    to_open = to_blow = 3
    if QUICK in chosen:
        sizes = (sizes[0], sizes[2], sizes[4])
        to_open = to_blow = 2
    if VAULT in chosen:
        sizes = (*sizes, sizes[4], sizes[4])
        to_open = to_blow = 4
        sabotages = 2
    if SNITCH_VARIANT in chosen:
        snitch = True
    return MoleConfig(
        players=players,
        variants=ordered,
        moles=moles,
        snitch=snitch,
        double=doubles > 0,
        decoy=decoy,
        team_sizes=sizes,
        to_open=to_open,
        to_blow=to_blow,
        sabotages_per_mole=sabotages,
        approvals_needed=players // 2 + 1,
    )


def config_from_json(data: dict[str, Any]) -> MoleConfig:
    """The inverse of ``MoleConfig.to_json``. Raises InvalidConfig as ``make_config`` does."""
    if not isinstance(data, dict) or "players" not in data:
        raise InvalidConfig("bad_field", "a config needs players", field="players")
    variants = data.get("variants", [])
    if not isinstance(variants, list):
        raise InvalidConfig("bad_field", "variants must be a list of names", field="variants")
    return make_config(players=data["players"], variants=variants)
