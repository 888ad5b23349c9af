"""The errors an engine raises, as values a phone can explain.

Every error carries a stable ``code`` (the key a client translates) and ``facts`` (the inputs and
state needed to explain it, JSON-ready). ``str(error)`` is an English sentence for developers
that names the facts; players read the catalog text for ``error.<code>`` filled in with them.

``CodedError`` is the one base of every coded refusal in molecrew: the engine's errors derive
from it here, and the host's own refusals derive from it too, so one ``except CodedError``
answers any of them with a code.
"""

from __future__ import annotations

import json
from typing import Any

# An input echoed in a fact is cut to this length: enough to recognise, never a payload.
FACT_TEXT_LIMIT = 40


class CodedError(ValueError):
    """A refusal with a stable ``code`` and JSON-ready ``facts``."""

    def __init__(self, code: str, detail: str = "", **facts: Any) -> None:
        self.code = code
        self.detail = detail
        self.facts = {key: _json_fact(value) for key, value in facts.items()}
        super().__init__(code)

    def __str__(self) -> str:
        text = f"{self.code}: {self.detail}" if self.detail else self.code
        if self.facts:
            text += " " + json.dumps(self.facts, sort_keys=True, default=repr)
        return text

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "facts": self.facts}


class EngineError(CodedError):
    """Base of every error the engines raise on purpose."""


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


def _json_fact(value: Any) -> Any:
    """A fact as JSON can carry it, whatever a caller put in it (a number too long to print
    included)."""
    kind = type(value)
    if value is None or kind in (bool, str, float):
        return value
    if kind is int:
        return input_fact(value)
    if kind in (list, tuple):
        return [_json_fact(item) for item in value]
    if kind is dict:
        return {str(key): _json_fact(item) for key, item in value.items()}
    return input_fact(value)


def input_fact(value: Any) -> Any:
    """Something a sender gave, as a fact: a JSON scalar as it is (text cut to
    ``FACT_TEXT_LIMIT``, a huge integer described), anything else as the start of its ``repr``."""
    if value is None or type(value) is bool:
        return value
    if type(value) is int:
        # A number too long to print (Python refuses past 4,300 digits) is described instead.
        return value if value.bit_length() <= 64 else f"an integer of {value.bit_length()} bits"
    if type(value) is str:
        return value[:FACT_TEXT_LIMIT]
    try:
        return repr(value)[:FACT_TEXT_LIMIT]
    except (ValueError, RecursionError):  # a huge integer or a deep nest inside
        return f"a {type(value).__name__}"
