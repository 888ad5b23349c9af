"""The board page's own catalogs (assets/i18n/<lang>/board.json), read without a browser: the
Portuguese is Brazilian like every other pt catalog, and counted words have a singular."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "assets" / "i18n"

# European Portuguese where the other pt catalogs (tv, phone) say it the Brazilian way:
# ecrã (tela), telemóvel (celular), ronda (rodada), "a carregar" (carregando), "em pausa por"
# (pausado por), "ter som" (ativar o som), público for the audience (plateia).
EUROPEAN = [
    r"\becrã",
    r"\btelemóve",
    r"\bronda\b",
    r"\ba (?:carregar|ligar|jogar|esperar|aguardar|tentar)\b",
    r"\bem pausa por\b",
    r"\bter som\b",
    r"\bpúblico\b",
]


def board_words(lang: str) -> dict[str, str]:
    return json.loads((I18N / lang / "board.json").read_text(encoding="utf-8"))


def test_the_portuguese_board_speaks_brazilian() -> None:
    found = [
        (key, text)
        for key, text in board_words("pt").items()
        for pattern in EUROPEAN
        if re.search(pattern, text, re.IGNORECASE)
    ]
    assert not found, found
    # The words the other Brazilian catalogs use for the same things.
    words = board_words("pt")
    assert words["board.fullscreen"] == "Tela cheia"
    assert "Conectando" in words["board.conn.connecting"]
    assert "Carregando" in words["board.loading"]
    assert "rodada a rodada" in words["board.audience.subtitle"]


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_rest_of_the_audience_has_a_singular(lang: str) -> None:
    words = board_words(lang)
    assert "{count}" not in words["board.audience.more_one"]
    assert "{count}" in words["board.audience.more"]
