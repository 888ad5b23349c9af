"""The host's own refusals: requests the Room turns down, with a stable code and the facts.

The code is the catalog key ``error.<code>``; the facts fill in its sentence in the sender's
language. Like the engine's errors and the protocol's shape errors, it is a ``CodedError``.
"""

from __future__ import annotations

from typing import Any

from engine.errors import CodedError


class RoomError(CodedError):
    """A request the Room refuses: ``code`` (catalog key ``error.<code>``) and ``facts``."""

    def __init__(self, code: str, **facts: Any) -> None:
        super().__init__(code, **facts)
