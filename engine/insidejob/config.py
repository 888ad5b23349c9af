"""The options of one Inside Job game, validated: player count, Wagers, Risky, special roles."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import InvalidConfig, input_fact
from engine.insidejob.vocabulary import (
    AT_RISK,
    PROFESSIONAL,
    RISKY,
    SPECIAL_ROLES,
    VARIANTS,
    WAGERS,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 5
SPECIAL_ROLE_PLAYERS = (4, 5)
# The deal table: players -> (hand size, set aside, missions to win, Intel to win, final hand,
# most tricks).
DEAL_TABLE = {
    3: (13, 13, 9, 6, 2, 11),
    4: (12, 4, 7, 5, 2, 10),
    5: (10, 2, 6, 4, 1, 9),
}
# With the Professional, every player reveals their role at this many Intel.
PROFESSIONAL_REVEAL_AT = {4: 4, 5: 3}


@dataclass(frozen=True)
class Config:
    players: int
    variants: tuple[str, ...]  # in VARIANTS order, no repeats
    # Derived from the two above by make_config.
    hand_size: int = field(compare=False)
    set_aside: int = field(compare=False)
    mission_target: int = field(compare=False)
    intel_target: int = field(compare=False)  # the Insider wins here; 0 with the Professional
    reveal_at: int = field(compare=False)  # other players reveal their role here
    final_hand: int = field(compare=False)
    max_tricks: int = field(compare=False)
    wagers: bool = field(compare=False)
    risky_in_deck: bool = field(compare=False)
    special_roles: tuple[str, ...] = field(compare=False)

    @property
    def professional(self) -> bool:
        return PROFESSIONAL in self.special_roles

    @property
    def forced_risky(self) -> bool:
        """The Agent at Risk's rule: a drawn Risky mission must be kept."""
        return AT_RISK in self.special_roles

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variants": list(self.variants)}


def make_config(players: int = 5, variants: list[str] | tuple[str, ...] = ()) -> Config:
    """A validated config.

    Raises InvalidConfig: ``bad_field`` (players not an int, variants not a list of names),
    ``player_count`` (not 3-5), ``unknown_variant``, ``duplicate_variant``, ``variant_players``
    (a special role with 3 players), ``too_many_roles`` (more special roles than Agent seats).
    """
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidConfig("bad_field", "players must be an integer", field="players")
    if not isinstance(variants, list | tuple) or not all(isinstance(v, str) for v in variants):
        raise InvalidConfig("bad_field", "variants must be a list of names", field="variants")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidConfig(
            "player_count",
            "not a player count Inside Job allows",
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            players=players,
        )
    for variant in variants:
        if variant not in VARIANTS:
            raise InvalidConfig("unknown_variant", "no such option", variant=input_fact(variant))
        if variants.count(variant) > 1:
            raise InvalidConfig("duplicate_variant", "an option named twice", variant=variant)
    chosen = set(variants)
    special = tuple(role for role in SPECIAL_ROLES if role in chosen)
    if special and players not in SPECIAL_ROLE_PLAYERS:
        raise InvalidConfig(
            "variant_players",
            f"special role {special[0]!r} needs 4 or 5 players",
            variant=special[0],
            min=min(SPECIAL_ROLE_PLAYERS),
            max=max(SPECIAL_ROLE_PLAYERS),
        )
    # The Professional takes the Insider's seat; every other special role takes an Agent's seat.
    agent_seat_roles = [role for role in special if role != PROFESSIONAL]
    if len(agent_seat_roles) > players - 1:
        raise InvalidConfig(
            "too_many_roles",
            f"{len(agent_seat_roles)} special roles but only {players - 1} Agent seats",
            roles=len(agent_seat_roles),
            seats=players - 1,
        )
    hand, aside, missions, intel, final, tricks = DEAL_TABLE[players]
    professional = PROFESSIONAL in chosen
    return Config(
        players=players,
        variants=tuple(v for v in VARIANTS if v in chosen),
        hand_size=hand,
        set_aside=aside,
        mission_target=missions,
        intel_target=0 if professional else intel,
        reveal_at=PROFESSIONAL_REVEAL_AT[players] if professional else intel,
        final_hand=final,
        max_tricks=tricks,
        wagers=WAGERS in chosen,
        risky_in_deck=RISKY in chosen or AT_RISK in chosen,
        special_roles=special,
    )


def config_from_json(data: dict[str, Any]) -> Config:
    """Raises InvalidConfig (see make_config), ``bad_field`` if data is not a config object."""
    if not isinstance(data, dict) or "players" not in data:
        raise InvalidConfig("bad_field", "a config needs players", field="players")
    return make_config(players=data["players"], variants=data.get("variants", []))
