"""What a scene draws from: the last public message, the host's language, and the clock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from host.i18n import translate
from host.tv import motion


@dataclass
class Frame:
    """One public message, read the way every scene needs it.

    ``message`` is exactly what the Room publishes: ``{"type": "public", "room": {...},
    "view": <engine public view or null>}``; the TV never sees anything else.
    """

    message: dict[str, Any]
    lang: str
    now: float = 0.0
    local_url: str | None = None  # the .local address, shown beside the IP one
    still: bool = False  # reduced motion: movements are cuts
    fingerprint: str | None = None  # the host key's short code, for phones to compare
    muted: bool = False  # the host turned the sound off (the corner hint says so)

    def ease(self, x: float) -> float:
        """How far a movement ``x`` of the way through has got (a cut when ``still``)."""
        return motion.ease(x, self.still)

    @property
    def room(self) -> dict[str, Any]:
        return self.message.get("room") or {}

    @property
    def view(self) -> dict[str, Any] | None:
        return self.message.get("view")

    @property
    def game(self) -> str:
        return str((self.view or {}).get("game") or self.room.get("game") or "")

    def t(self, key: str, **facts: Any) -> str:
        return translate(self.lang, key, **facts)

    def seats(self) -> list[dict[str, Any]]:
        return list(self.room.get("seats") or [])

    def looks(self) -> list[int]:
        """Each seat's colour and shape, which a player keeps all evening (host/seats.py)."""
        return [int(entry.get("look", seat)) for seat, entry in enumerate(self.seats())]

    def name(self, seat: int | None) -> str:
        if seat is None:
            return self.t("tv.nobody")
        for entry in self.seats():
            if entry.get("seat") == seat:
                return str(entry.get("name", ""))
        return self.t("tv.seat", number=seat + 1)

    def connected(self, seat: int) -> bool:
        return any(s.get("seat") == seat and s.get("connected", True) for s in self.seats())

    def player_count(self) -> int:
        view = self.view
        if view and isinstance(view.get("players"), int):
            return int(view["players"])
        return len(self.seats())
