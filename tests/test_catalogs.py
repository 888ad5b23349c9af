"""Every language is complete: each catalog area has the same keys and placeholders as English."""

import json
import re

import pytest

from host.i18n import CATALOG_DIR, LANGUAGES, translate

PLACEHOLDER = re.compile(r"\{(\w+)\}")
AREAS = sorted(p.name for p in (CATALOG_DIR / "en").glob("*.json"))


def load(lang, area):
    return json.loads((CATALOG_DIR / lang / area).read_text(encoding="utf-8"))


@pytest.mark.parametrize("area", AREAS)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_language_has_every_english_key_with_the_same_placeholders(lang, area):
    english, other = load("en", area), load(lang, area)
    assert sorted(other) == sorted(english)
    for key, text in english.items():
        assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), key
        assert other[key].strip(), key


def test_translate_fills_facts_and_falls_back_to_english():
    assert translate("xx", "no.such.key") == "no.such.key"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_defined_by_two_areas(lang):
    owner = {}
    for area in AREAS:
        for key in load(lang, area):
            assert key not in owner, f"{key} is in both {owner[key]} and {area}"
            owner[key] = area


@pytest.mark.parametrize("area", AREAS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_written_twice_in_one_file(lang, area):
    # JSON keeps the last of two: a new key that already named a column header overwrote it.
    def once(pairs):
        keys = [key for key, _ in pairs]
        assert len(keys) == len(set(keys)), sorted({k for k in keys if keys.count(k) > 1})
        return dict(pairs)

    json.loads((CATALOG_DIR / lang / area).read_text(encoding="utf-8"), object_pairs_hook=once)


def test_engine_error_facts_fill_the_catalog_text():
    assert translate("es", "error.player_count", min=5, max=10, players=4) == (
        "Este juego necesita de 5 a 10 jugadores; hay 4."
    )
