"""Message catalogs: every word a player reads comes from here.

Catalogs live in ``assets/i18n/<lang>/<area>.json`` (flat ``key -> text`` maps, ``{fact}``
placeholders). Areas split the catalog by owner (errors, phone, tv, one per game) so each part of
the product edits its own file; a language is the union of its areas. English is the reference:
a missing key falls back to English, then to the key itself, so a gap shows up instead of crashing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CATALOG_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
LANGUAGES = ("en", "es", "pt")
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Surface:
    """The part of a catalog one page downloads: the areas it never shows are skipped, and of
    the rest only the keys ``keeps`` says yes to."""

    skipped_areas: frozenset[str]
    keeps: Callable[[str], bool]


def is_rules_text(key: str) -> bool:
    """The rules' long texts: the How-to page's sections (``phone.howto.<game>.<n>.title``, the
    flap's section) and the tutorial's chapter summaries. A phone needs them only when the How-to
    page opens or a tutorial runs, so they are a second download (issue #15)."""
    return key.startswith("tutorial.") or (key.startswith("phone.howto.") and key.count(".") >= 3)


def is_audience_text(key: str) -> bool:
    """An audience member's screen: its marks and the result. Only a phone in the audience needs
    them; the join form's offer to join it (``phone.audience.join.*``) is on the first screen."""
    return key.startswith("phone.audience.") and not key.startswith("phone.audience.join.")


def is_evening_text(key: str) -> bool:
    """The evening around the games (phoneclient/evening.js, fetched with it): the leader's lobby
    settings and controls in a game, a pause, the end of a game and the grand reveal, the
    latecomer's wait. A phone joining the lobby never reads them."""
    return key.startswith(_EVENING)


_EVENING = (
    "phone.bot.",
    "phone.first_game",
    "phone.game.players.",
    "phone.leader.",
    "phone.next_game",
    "phone.paused.",
    "phone.rematch",
    "phone.replay.",
    "phone.timer.",
    "phone.to_lobby",
)


def is_late_text(key: str) -> bool:
    """A phone without a seat once a game is dealt (phoneclient/late.js): the watcher's banner and
    the offer to play the next game, fetched with that screen. The seats-away line and its button
    are the full lobby's too: they stay on the first screen."""
    return key.startswith(
        ("phone.spectator.", "phone.late.", "phone.join.late", "phone.join.running")
    )


# Words under phone.lobby.* read outside the seated lobby: the first screen's list of players and
# a saved game on offer, and removing a player (the leader's controls in a game too).
_LOBBY_ELSEWHERE = (
    "phone.lobby.leader",
    "phone.lobby.you",
    "phone.lobby.offline",
    "phone.lobby.resum",
    "phone.lobby.remove",
)


def is_lobby_text(key: str) -> bool:
    """The seated lobby's own words (lobby.js, fetched with them), and what each option of a game
    does, said beside its switch there only (the first screen names the options)."""
    if key.startswith("phone.lobby.") and not key.startswith(_LOBBY_ELSEWHERE):
        return True
    game, _, rest = key.partition(".variant.")
    return bool(rest) and rest.endswith(".about") and game in _game_names()


def game_text_of(key: str) -> str | None:
    """The game whose own words these are (its screens during a game: roles, phases, cards,
    the phone's ``phone.<game>.*``), fetched with its module; None for the rest. A game's name and
    its variants stay on the first screen: the lobby names the table's game and its options."""
    for game in _game_names():
        if key.startswith(f"{game}.") or key.startswith(f"phone.{game}."):
            if key == f"{game}.name" or key.startswith(f"{game}.variant."):
                return None
            return game
    return None


def _on_first_screen(key: str) -> bool:
    # Refusals reach the phone already worded in its language by the host (never by code), so
    # the phone has no use for the error texts; the rules', the audience's and the seated
    # lobby's words come with their screens.
    later = (
        is_rules_text(key)
        or is_audience_text(key)
        or is_lobby_text(key)
        or is_evening_text(key)
        or is_late_text(key)
    )
    return not key.startswith("error.") and not later and game_text_of(key) is None


def _game_words(game: str) -> Callable[[str], bool]:
    return lambda key: not key.startswith("error.") and game_text_of(key) == game


@cache
def _game_names() -> tuple[str, ...]:
    # Imported when a catalog is first made, not with this module: the command line opens its
    # port before importing the engine (tests/host/test_host_edge_startup.py).
    from engine.registry import game_names

    return tuple(game_names())


# The phone page reads neither the TV's, the terminal's nor the board page's words.
_NOT_ON_PHONE = frozenset({"tv", "cli", "board"})


class _Surfaces(Mapping[str, Surface]):
    """The surfaces by name: ``phone`` (the first screen), ``phone-rules``, ``phone-audience``,
    ``phone-lobby``, ``phone-evening``, ``phone-late`` and one per game, ``phone-<game>``, made
    the first time one is looked up."""

    @staticmethod
    @cache
    def _all() -> dict[str, Surface]:
        games = {
            f"phone-{name}": Surface(_NOT_ON_PHONE, _game_words(name)) for name in _game_names()
        }
        return {
            "phone": Surface(_NOT_ON_PHONE, _on_first_screen),
            "phone-rules": Surface(_NOT_ON_PHONE, is_rules_text),
            "phone-audience": Surface(_NOT_ON_PHONE, is_audience_text),
            "phone-lobby": Surface(_NOT_ON_PHONE, is_lobby_text),
            "phone-evening": Surface(_NOT_ON_PHONE, is_evening_text),
            "phone-late": Surface(_NOT_ON_PHONE, is_late_text),
            **games,
        }

    def __getitem__(self, name: str) -> Surface:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


SURFACES: Mapping[str, Surface] = _Surfaces()


def normalise_language(lang: str | None) -> str:
    """'pt-BR' -> 'pt'; anything unknown -> English."""
    code = (lang or "").strip().lower()[:2]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalog(lang: str, surface: str | None = None) -> dict[str, str]:
    """The catalog of one language, every area merged; for a ``surface`` (see SURFACES) only
    the words that page shows, so a phone does not download the TV's words."""
    chosen = SURFACES.get(surface or "")
    merged: dict[str, str] = {}
    for path in sorted((CATALOG_DIR / lang).glob("*.json")):
        if chosen is None or path.stem not in chosen.skipped_areas:
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    if chosen is None:
        return merged
    return {key: text for key, text in merged.items() if chosen.keeps(key)}


def translate(lang: str, key: str, **facts: Any) -> str:
    lang = normalise_language(lang)
    text = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    try:
        return text.format(**facts)
    except (KeyError, IndexError, ValueError):
        return text
