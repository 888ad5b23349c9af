"""The phone page's files themselves: text never goes in as markup, nothing is fetched from
outside the host, and every catalog key the page uses exists (and every key it owns is used)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "phoneclient"
SOURCES = sorted(path for path in PAGE.iterdir() if path.suffix in (".js", ".html", ".css", ".svg"))
SCRIPTS = [path for path in SOURCES if path.suffix == ".js"]
# The only URL written in the page: the XML namespace inside the inline SVG icon.
ALLOWED_URLS = {"http://www.w3.org/2000/svg"}


def catalog(lang: str, area: str) -> dict[str, str]:
    return json.loads((ROOT / "assets" / "i18n" / lang / f"{area}.json").read_text("utf-8"))


def phone_catalog(lang: str) -> dict[str, str]:
    """Every area the phone page owns: phone.json and its siblings (phone_shared.json...)."""
    merged: dict[str, str] = {}
    for path in sorted((ROOT / "assets" / "i18n" / lang).glob("phone*.json")):
        merged.update(json.loads(path.read_text("utf-8")))
    return merged


def used_keys(prefix: str) -> tuple[set[str], set[str]]:
    """Literal keys with this prefix in the scripts, and the prefixes of keys built at run time."""
    literal: set[str] = set()
    built: set[str] = set()
    for path in SCRIPTS:
        text = path.read_text("utf-8")
        literal |= set(re.findall(rf'"({re.escape(prefix)}[a-z_.]*[a-z_])"', text))
        built |= set(re.findall(rf"`({re.escape(prefix)}[a-z_.]*)\$\{{", text))
    return literal, built


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_scripts_never_write_markup(path: Path) -> None:
    text = path.read_text("utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in text, f"{path.name} uses {sink}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_nothing_is_fetched_from_outside_the_host(path: Path) -> None:
    text = path.read_text("utf-8")
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"')]*", text))
    assert urls <= ALLOWED_URLS, f"{path.name} names outside addresses: {urls - ALLOWED_URLS}"
    assert "@import" not in text


def test_every_phone_key_the_page_uses_exists_and_every_one_is_used() -> None:
    phone = phone_catalog("en")
    literal, built = used_keys("phone.")
    assert literal, "the scripts use catalog keys"
    # The tutorial's chapter summaries are named by the chapter ids the TV reports.
    tutorial_literal, tutorial_built = used_keys("tutorial.")
    literal, built = literal | tutorial_literal, built | tutorial_built
    assert sorted(literal - set(phone)) == []
    unused = [
        key for key in phone if key not in literal and not any(key.startswith(p) for p in built)
    ]
    assert unused == []


def test_the_page_never_looks_up_an_error_text() -> None:
    """The phone's catalog has no ``error.*`` texts (host/i18n.py): the host words each refusal
    in the phone's language, and the page shows that message as it is."""
    literal, built = used_keys("error.")
    assert (literal, built) == (set(), set())
    from host.i18n import catalog as served

    assert not any(key.startswith("error.") for key in served("en", "phone"))


def test_every_game_key_the_page_names_exists() -> None:
    mole = catalog("en", "mole")
    literal, _ = used_keys("mole.")
    assert literal, "the Mole screens use the game's catalog"
    assert sorted(literal - set(mole)) == []


def test_every_game_module_exports_the_same_interface() -> None:
    """app.js knows a game only through these names: a new game's module brings the same ones."""
    exported = {}
    for game in ("mole", "insidejob"):
        text = (PAGE / f"{game}.js").read_text("utf-8")
        exported[game] = set(re.findall(r"^export (?:function|const) (\w+)", text, re.M))
    assert exported["mole"] == exported["insidejob"]
    assert exported["mole"] == {
        "renderSeat",
        "renderPublic",
        "turnKey",
        "announcement",
        "secretCodes",
    }
    # Only app.js's registry names the games; no other shared file switches on a game's name.
    shared = [path for path in SCRIPTS if path.stem not in exported and path.stem != "channel"]
    for path in shared:
        text = path.read_text("utf-8")
        if path.name == "app.js":
            text = re.sub(r'(\w+): \(\) => import\("\./\1\.js"\)', "", text)
        for game in exported:
            assert not re.search(rf'"{game}"|\b{game}\.', text), f"{path.name} names {game}"


def test_every_tutorial_chapter_has_a_summary_and_every_game_its_rules_in_every_language() -> None:
    from engine.registry import game_names
    from host.tv.tutorial.scripts import SCRIPTS

    for game, script in SCRIPTS.items():
        variants = list(load_rules_variants(game))
        ids = {c.id for c in script({"variants": variants, "seats": []})}
        ids |= {c.id for c in script({"variants": [], "seats": []})}
        assert "flap" in ids, f"{game}'s tutorial has the practice flap chapter"
        for lang in ("en", "es", "pt"):
            phone = catalog(lang, "phone")
            missing = sorted(i for i in ids if f"tutorial.{game}.{i}" not in phone)
            assert missing == [], f"{lang}: {game} chapters without a phone summary: {missing}"
    for game in game_names():
        sections = {
            lang: [k for k in catalog(lang, "phone") if k.startswith(f"phone.howto.{game}.")]
            for lang in ("en", "es", "pt")
        }
        assert len(sections["en"]) >= 10, f"the rules of {game} are on the phone"
        assert sorted(sections["es"]) == sorted(sections["en"]) == sorted(sections["pt"])


def load_rules_variants(game: str) -> tuple[str, ...]:
    from host.match import load_rules

    rules = load_rules(game)
    assert rules is not None
    return tuple(rules.variants)
