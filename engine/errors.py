"""The errors an engine raises, as values a phone can explain.

Every error carries a stable ``code`` (the key a client translates) and ``facts`` (the inputs and
state needed to explain it, JSON-ready). ``str(error)`` is an English sentence for developers;
players read the catalog text for ``error.<code>`` filled in with the facts.
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error the engines raise on purpose."""

    def __init__(self, code: str, detail: str = "", **facts: Any) -> None:
        self.code = code
        self.facts = facts
        super().__init__(f"{code}: {detail}" if detail else code)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "facts": self.facts}


class InvalidConfig(EngineError):
    """The game cannot start with these options (player count, variant combination...)."""


class MalformedAction(EngineError):
    """The action is not well formed: unknown type, a missing or wrong-typed field, a bad seat."""


class IllegalAction(EngineError):
    """The action is well formed but not allowed now (out of turn, wrong phase, rule broken)."""


class GameOver(IllegalAction):
    """The game has ended; no action is allowed any more."""

    def __init__(self) -> None:
        super().__init__("game_over", "the game has ended")
