"""Every error code the host can send has its text in all three languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from host.i18n import LANGUAGES, catalog

HOST = Path(__file__).resolve().parents[2] / "host"
RAISED = re.compile(r'(?:RoomError|ProtocolError)\(\s*"(\w+)"|refuse\(\s*[\w.]+,\s*"(\w+)"')


def host_codes() -> set[str]:
    """Every code raised or refused anywhere in the host's own modules (the TV sends none)."""
    codes = set()
    for path in sorted(HOST.glob("*.py")):
        for match in RAISED.finditer(path.read_text(encoding="utf-8")):
            codes.add(match.group(1) or match.group(2))
    return codes


def test_the_scan_finds_the_codes():
    expected = {"bad_json", "too_big", "rate_limited", "name_taken", "not_leader", "claim_refused"}
    expected |= {"not_in_audience", "no_tutorial", "phone_held", "seat_removed"}
    assert expected <= host_codes()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_host_error_code_has_a_text(lang):
    missing = sorted(code for code in host_codes() if f"error.{code}" not in catalog(lang))
    assert missing == []


async def test_the_phone_asks_only_for_the_words_a_phone_shows(host):
    whole = await (await host.client.get("/i18n/es.json")).json()
    phone = await (await host.client.get("/i18n/es.json?for=phone")).json()
    # Fetched later: the rules' long texts (the How-to page, a tutorial) and each game's words
    # (with its module).
    later = {
        part: await (await host.client.get(f"/i18n/es.json?for=phone-{part}")).json()
        for part in ("rules", "audience", "lobby", "evening", "late", "mole", "insidejob")
    }
    assert any(key.startswith("tv.") for key in whole)
    seen = set(phone)
    for words in later.values():
        assert not any(key.split(".")[0] in ("tv", "cli", "board") for key in words)
        assert not seen & set(words), "no word is downloaded twice"
        seen |= set(words)
    assert not any(key.split(".")[0] in ("tv", "cli", "board") for key in phone)
    assert "phone.howto.open" in phone and "phone.howto.mole.1.title" in later["rules"]
    assert "tutorial.mole.flap" in later["rules"] and "phone.tutorial.start" in phone
    # The lobby names the table's game and its options before a game module is fetched.
    assert {"mole.name", "insidejob.name", "mole.variant.quick"} <= set(phone)
    assert "mole.role.mole" in later["mole"] and "phone.insidejob.card" in later["insidejob"]
    # An audience member's words come with its screen; the offer to join it is on the first.
    assert "phone.audience.result.title" in later["audience"]
    assert "phone.audience.join.button" in phone
    # The lobby's options are named on the first screen and explained with the seated lobby.
    assert "mole.variant.vault" in phone and "mole.variant.vault.about" in later["lobby"]
    # The seated lobby's, the evening's and a latecomer's words come with their screens; the
    # first screen keeps the list of players' and a saved game's.
    assert "phone.lobby.start" in later["lobby"] and "phone.lobby.leader" in phone
    assert "phone.rematch" in later["evening"] and "phone.paused" in phone
    assert "phone.late.button" in later["late"] and "phone.reclaim.button" in phone
    # Refusals come worded by the host: a phone never looks up an error's text.
    assert not any(key.startswith("error.") for key in seen)
    shown = {key for key in whole if key.startswith(("phone.", "tutorial.", "mole.", "channel."))}
    assert shown <= seen
    assert {key: whole[key] for key in seen} == {
        **phone,
        **later["rules"],
        **later["audience"],
        **later["lobby"],
        **later["evening"],
        **later["late"],
        **later["mole"],
        **later["insidejob"],
    }


async def test_a_part_of_the_catalog_is_revalidated_like_the_rest(host):
    first = await host.client.get("/i18n/pt.json?for=phone-rules")
    etag = first.headers["ETag"]
    again = await host.client.get("/i18n/pt.json?for=phone-rules", headers={"If-None-Match": etag})
    assert again.status == 304
    other = await host.client.get("/i18n/pt.json?for=phone")
    assert other.headers["ETag"] != etag
