"""Every word of Inside Job a player reads is in the catalogs, in English, Spanish, Portuguese."""

import re
from pathlib import Path

import pytest

import engine.insidejob as package
from engine.insidejob.missions import OBJECTIVES
from engine.insidejob.views import possible_winners
from engine.insidejob.vocabulary import ENDINGS, PHASES, ROLES, SUITS, VARIANTS
from host.i18n import LANGUAGES, catalog, translate

# The game's own codes, and those the shared checks (engine/actions.py) raise for every game.
HERE = Path(package.__file__).parent
SOURCE = "\n".join(p.read_text() for p in [*HERE.glob("*.py"), *HERE.parent.glob("*.py")])
RAISED = set(re.findall(r'(?:IllegalAction|MalformedAction|InvalidConfig)\(\s*"(\w+)"', SOURCE))


def test_the_engine_raises_the_codes_the_contract_promises():
    promised = {"must_follow_suit", "cannot_wager", "not_your_turn", "not_a_card_in_hand",
                "cannot_vote_for_self", "cannot_vote_for_revealed",
                "must_choose_risky"}  # fmt: skip
    assert promised <= RAISED


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_code_has_a_message(lang):
    texts = catalog(lang)
    missing = [code for code in RAISED | {"game_over"} if f"error.{code}" not in texts]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_role_suit_objective_ending_phase_and_winner_has_words(lang):
    texts = catalog(lang)
    from engine.insidejob.config import make_config

    every_role = make_config(players=5, variants=["professional", "sleeping", "decoy",
                                                  "accomplice", "tim_shady"])  # fmt: skip
    keys = [f"insidejob.role.{r}" for r in ROLES] + [f"insidejob.about.{r}" for r in ROLES]
    keys += [f"insidejob.suit.{s}" for s in SUITS]
    keys += [f"insidejob.objective.{o}" for o in OBJECTIVES]
    keys += [f"insidejob.ending.{e}" for e in ENDINGS]
    keys += [f"insidejob.phase.{p}" for p in PHASES]
    winners = [*possible_winners(every_role), "insider"]
    keys += [f"insidejob.winner.{w}" for w in winners] + [f"insidejob.won.{w}" for w in winners]
    keys += [f"insidejob.variant.{v}" for v in VARIANTS]  # the lobby's option names
    keys += [f"insidejob.variant.{v}.about" for v in VARIANTS]
    keys += ["insidejob.name"]
    assert [k for k in keys if k not in texts] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_role_descriptions_are_of_similar_length_so_their_size_tells_nothing(lang):
    lengths = [len(catalog(lang)[f"insidejob.about.{r}"]) for r in ROLES]
    assert max(lengths) <= 1.25 * min(lengths)


def test_error_facts_fill_the_text():
    assert translate("es", "error.vote_count", expected=2) == "Nombra exactamente a 2 jugadores."
    # A player reads no raw card codes such as "G7".
    assert "G7" not in translate("pt", "error.must_follow_suit", card="G7", suit="green")
