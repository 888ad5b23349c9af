"""Every word the Mole game shows a player is in the catalogs, in every language."""

import re
from pathlib import Path

import pytest

import engine.mole
from engine.errors import EngineError
from engine.mole import GAME
from host.i18n import LANGUAGES, catalog, translate

ENGINE_DIR = Path(engine.mole.__file__).parent
RAISED = re.compile(r'(?:IllegalAction|MalformedAction|InvalidConfig)\(\s*"(\w+)"', re.S)
ROLES = ("mole", "snitch", "contact", "double", "lookout", "driver", "crew")
REQUIRED = [
    "mole.name",
    *(f"mole.role.{r}" for r in ROLES),
    *(f"mole.role.{r}.about" for r in ROLES),
    "mole.side.crew",
    "mole.side.moles",
    *(f"mole.variant.{v}{s}" for v in ("quick", "vault", "snitch") for s in ("", ".about")),
    *(f"mole.ending.{e}" for e in ("locks_blown", "contact_found", "escape", "void")),
    "mole.winner.crew",
    "mole.winner.moles",
    *(
        f"mole.knows.{k}"
        for k in ("moles", "hidden_moles", "mole_count", "suspects", "decoy", "no_decoy")
    ),
    "mole.knows.contact",
    "mole.knows.nothing",
    "mole.file.alibi",
    "mole.file.nothing",
    "mole.card.clean",
    "mole.card.sabotage",
]


def engine_codes():
    codes = {"game_over"}
    # Mole's own codes, and those the shared checks (engine/*.py) raise for every game.
    for path in [*ENGINE_DIR.glob("*.py"), *ENGINE_DIR.parent.glob("*.py")]:
        codes |= set(RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_error_code_has_text(lang):
    codes = engine_codes()
    assert {"team_size", "crew_cannot_sabotage", "no_mark", "player_count"} <= codes
    missing = sorted(code for code in codes if f"error.{code}" not in catalog(lang))
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_required_keys_exist_with_their_placeholders(lang):
    texts = catalog(lang)
    assert [key for key in REQUIRED if key not in texts] == []
    assert "{names}" in texts["mole.knows.moles"] and "{names}" in texts["mole.knows.suspects"]
    assert "{name}" in texts["mole.knows.contact"]
    assert "{name}" in texts["mole.file.alibi"] and "{lock}" in texts["mole.file.alibi"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_role_texts_have_similar_lengths_so_length_betrays_nothing(lang):
    lengths = [len(catalog(lang)[f"mole.role.{role}.about"]) for role in ROLES]
    assert max(lengths) <= 1.2 * min(lengths), lengths


def test_refusals_read_as_full_sentences_with_their_facts(five):
    errors = []

    def refused(seat, action):
        try:
            GAME.apply(five.state, seat, action)
        except EngineError as error:
            errors.append(error)
        else:
            raise AssertionError(f"{action} was accepted")

    refused(0, {"type": "propose", "team": [0, 1, 2]})
    refused(0, {"type": "propose", "team": [1, 1]})
    refused(1, {"type": "propose", "team": [0, 1]})
    five.propose([0, 1])
    five.act(0, {"type": "vote", "approve": True})
    refused(0, {"type": "vote", "approve": True})
    for seat in range(1, 5):
        five.act(seat, {"type": "vote", "approve": True})
    refused(1, {"type": "play", "card": "sabotage"})
    refused(2, {"type": "play", "card": "clean"})
    for lang in LANGUAGES:
        for error in errors:
            text = translate(lang, f"error.{error.code}", **error.facts)
            assert "{" not in text and not text.startswith("error."), (lang, text)
