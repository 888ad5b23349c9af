"""What every game's scenario table does: name seats by role, act, and prove a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import EngineError
from engine.registry import GameRules


class RiggedTable:
    """A game whose deal a scenario chose; subclasses set ``game`` and build ``state``."""

    game: GameRules
    state: Any

    def seat_of(self, role: str) -> int:
        return self.state.roles.index(role)

    def act(self, seat: int, action: dict[str, Any]) -> None:
        self.game.apply(self.state, seat, action)

    def refuse(self, seat: Any, action: Any, code: str) -> EngineError:
        """Assert the action is refused with this code and changes nothing."""
        before = self.game.snapshot(self.state)
        with pytest.raises(EngineError) as caught:
            self.game.apply(self.state, seat, action)
        assert caught.value.code == code, caught.value
        assert self.game.snapshot(self.state) == before
        return caught.value
