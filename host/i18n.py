"""Message catalogs: every word a player reads comes from here.

Catalogs live in ``assets/i18n/<lang>/<area>.json`` (flat ``key -> text`` maps, ``{fact}``
placeholders). Areas split the catalog by owner (errors, phone, tv, one per game) so each part of
the product edits its own file; a language is the union of its areas. English is the reference:
a missing key falls back to English, then to the key itself, so a gap shows up instead of crashing.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

CATALOG_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
LANGUAGES = ("en", "es", "pt")
DEFAULT_LANGUAGE = "en"
# The areas a surface never shows: the phone page reads neither the TV's, the terminal's nor the
# board page's words.
SURFACES: dict[str, frozenset[str]] = {"phone": frozenset({"tv", "cli", "board"})}


def normalise_language(lang: str | None) -> str:
    """'pt-BR' -> 'pt'; anything unknown -> English."""
    code = (lang or "").strip().lower()[:2]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalog(lang: str, surface: str | None = None) -> dict[str, str]:
    """The catalog of one language, every area merged; for a ``surface`` (see SURFACES) only
    the areas that screen shows, so a phone does not download the TV's words."""
    skipped = SURFACES.get(surface or "", frozenset())
    merged: dict[str, str] = {}
    for path in sorted((CATALOG_DIR / lang).glob("*.json")):
        if path.stem not in skipped:
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def translate(lang: str, key: str, **facts: Any) -> str:
    lang = normalise_language(lang)
    text = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    try:
        return text.format(**facts)
    except (KeyError, IndexError, ValueError):
        return text
