"""The host's own refusals: requests the Room turns down, with a stable code and the facts.

The code is the catalog key ``error.<code>``; the facts fill in its sentence in the sender's
language. (The engine's errors and the protocol's shape errors carry the same two things.)
"""

from __future__ import annotations

from typing import Any


class RoomError(Exception):
    """A request the Room refuses: ``code`` (catalog key ``error.<code>``) and ``facts``."""

    def __init__(self, code: str, **facts: Any) -> None:
        self.code = code
        self.facts = facts
        super().__init__(f"{code} {facts}" if facts else code)
