"""Two defects QA found on the phone page, each checked where it showed.

A phone opened after the leader picked Inside Job never downloads Mole's words, so a Mole key on
an Inside Job screen showed as the raw key (the reveal table's "Role" header). And the audience's
results listed the Inside Job vote as a round after the last trick ("Round 11"): the host counts
the vote as one round past the last trick (engine/insidejob/views.py, round_of).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.i18n import catalog, translate

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "phone"
PHONE_JS = sorted((ROOT / "phoneclient").glob("*.js"))
# What a raw key looks like on a screen: an area, a dot, a lowercase word (a sentence's full stop
# is followed by a space, never by a letter).
RAW_KEY = re.compile(r"\b(?:phone|board|tv|cli|mole|insidejob|error|tutorial|channel)\.[a-z_]+")
# The catalog parts (host/i18n.py, SURFACES) loaded whenever a module's screens show: the first
# screen's always; a game's with its module (app.js, gameModule); the rules' with the How-to page
# (app.js) and with a tutorial (modulesWanted); the others with their modules (app.js, PARTS).
EXTRA_PART = {"mole.js": "mole", "insidejob.js": "insidejob", "howto.js": "rules",
              "teaching.js": "rules", "audience.js": "audience", "lobby.js": "lobby",
              "evening.js": "evening", "late.js": "late"}  # fmt: skip
QUOTED_KEY = re.compile(
    r"""(["'`])((?:phone|board|tv|cli|mole|insidejob|error|tutorial|channel)\.[A-Za-z0-9_.]*)"""
    r"""(\$\{|\1)"""
)


def loaded_keys(module: str) -> set[str]:
    surfaces = ["phone"] + ([f"phone-{EXTRA_PART[module]}"] if module in EXTRA_PART else [])
    return {key for surface in surfaces for key in catalog("en", surface)}


@pytest.mark.parametrize("path", PHONE_JS, ids=lambda path: path.name)
def test_every_key_a_phone_module_names_is_in_a_part_its_screens_load(path: Path) -> None:
    keys = loaded_keys(path.name)
    text = path.read_text("utf-8")
    missing = []
    for match in QUOTED_KEY.finditer(text):
        key, built = match.group(2), match.group(3) == "${"
        found = any(k.startswith(key) for k in keys) if built else key in keys
        if not found:
            missing.append(f"{key}{'${…}' if built else ''}")
    assert missing == [], f"{path.name} names keys its screens' catalog parts lack"


def test_the_audit_catches_a_mole_key_on_an_inside_job_screen() -> None:
    # The defect itself: Mole's header is not in the parts an Inside Job screen loads.
    assert "phone.mole.reveal.role" not in loaded_keys("insidejob.js")
    assert "phone.mole.reveal.role" in loaded_keys("mole.js")


def raw_keys_shown(page: Page) -> list[str]:
    # innerText: only what is rendered (the closed flap's contents are not).
    return RAW_KEY.findall(page.evaluate("document.body.innerText"))


def catalog_parts_fetched(page: Page) -> list[str]:
    names = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    return sorted({name.split("for=")[1] for name in names if "/i18n/" in name and "for=" in name})


def play_one_move(page: Page) -> None:
    """Whatever this seat has to do, done the plainest way: first choice, a playable card, no
    wager, the first candidate."""
    step = page.get_by_test_id("step")
    phase, before = step.get_attribute("data-phase"), step.get_attribute("data-progress")
    if phase == "accomplice":
        page.get_by_test_id("accomplice-picker").locator("button").first.click()
    elif phase == "mission":
        page.get_by_test_id("mission-0").click()
    elif phase == "play":
        card = page.get_by_test_id("hand").locator('button[data-playable="true"]').last
        card.evaluate("(node) => node.scrollIntoView({block: 'center'})")
        card.click(force=True)  # clear of the flap's handle, as a finger would tap it
    elif phase == "wager":
        page.get_by_test_id("wager-no").click()
    elif phase == "vote":
        page.get_by_test_id("vote-picker-0").locator("button").first.click()
        page.get_by_test_id("vote-submit").click()
        expect(page.get_by_test_id("step")).not_to_have_attribute("data-can-act", "true")
        return
    else:
        raise AssertionError(f"unexpected phase {phase}")
    expect(step).not_to_have_attribute("data-progress", before or "")


def test_phones_opened_after_inside_job_is_chosen_show_no_raw_key_and_name_the_vote(
    phones: Any, host: Any, kit: Any
) -> None:
    host.call(lambda room: setattr(room, "bot_pause", 0.0))  # the bots play at once
    (ana,) = phones(1)
    kit.join([ana], ["Ana"])
    ana.get_by_test_id("game-insidejob").click()
    expect(ana.get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    # Both open the page only now: neither ever had a reason to fetch Mole's words.
    bea, zoe = phones(1, lang="pt-BR") + phones(1, lang="pt-BR")
    kit.join([bea], ["Bea"])
    zoe.get_by_test_id("audience-name").fill("Zoe")
    zoe.get_by_test_id("audience-submit").click()
    expect(zoe.get_by_test_id("audience-wait")).to_be_visible()
    for count in range(3, 5):
        ana.get_by_test_id("add-bot").click()
        expect(ana.get_by_test_id("players").locator("li")).to_have_count(count)
    ana.get_by_test_id("start").click()
    expect(bea.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    expect(zoe.get_by_test_id("screen")).to_have_attribute("data-screen", "audience")
    # Ana's phone goes and a bot takes her seat: Bea plays hers through the page.
    ana.close()
    host.wait_for(lambda room: not room.players[0].connected)
    host.call(lambda room: room.cover_absent_seats())
    zoe.get_by_test_id("suspect-1").click()
    expect(zoe.get_by_test_id("suspect-1")).to_have_attribute("aria-pressed", "true")

    cdp = kit.hold_flap(bea)  # the role under the flap, in words
    expect(bea.get_by_test_id("role")).to_be_visible()
    assert raw_keys_shown(bea) == []
    kit.release_flap(cdp)
    screens = 0
    for _ in range(100):
        for page in (bea, zoe):
            assert raw_keys_shown(page) == [], page.get_by_test_id("step").get_attribute(
                "data-progress"
            )
        screens += 1
        if host.call(lambda room: room.phase) == "over":
            break
        step = bea.get_by_test_id("step")
        if step.get_attribute("data-can-act") == "true":
            play_one_move(bea)
        else:
            # The bots move at once; wait for Bea's next moment (or the end). Her turn may come
            # between the two reads above, with the same progress: that is a moment too.
            progress = step.get_attribute("data-progress") or ""
            bea.wait_for_function(
                """(before) => {
                    const step = document.querySelector('[data-testid="step"]');
                    return !step || step.dataset.progress !== before
                        || step.dataset.canAct === "true";
                }""",
                arg=progress,
            )
    else:
        raise AssertionError("the game did not end")
    assert screens > 10, "the game was played screen by screen"

    view = host.call(lambda room: room.public_view())
    # With the conftest's seed and these moves the game reaches the vote (no early ending).
    assert view["vote"] is not None, view["result"]["ending"]
    for page in (bea, zoe):
        expect(page.get_by_test_id("reveal")).to_be_visible()
        expect(page.get_by_test_id("reveal").locator("th").nth(1)).to_have_text(
            translate("pt", "phone.insidejob.role")
        )
        assert raw_keys_shown(page) == []
        assert "mole" not in catalog_parts_fetched(page), catalog_parts_fetched(page)
    # The audience's words came with its screen; the watcher's game's with its module, the
    # evening's (the end of a game) with evening.js.
    assert catalog_parts_fetched(zoe) == [
        "phone",
        "phone-audience",
        "phone-evening",
        "phone-insidejob",
    ]

    # The audience's rounds: one per trick, then the vote, named as such.
    tricks = len(view["tricks"])
    rounds = zoe.get_by_test_id("audience-own").locator("tbody tr")
    expect(rounds).to_have_count(tricks + 1)
    last = rounds.nth(tricks)
    expect(last).to_have_attribute("data-round", "vote")
    names = host.call(lambda room: [player.name for player in room.players])
    expect(last.locator("th")).to_have_text(
        translate("pt", "phone.audience.result.round.insidejob.vote")
    )
    expect(last.locator("td")).to_contain_text(names[1])
    expect(rounds.nth(tricks - 1).locator("th")).to_have_text(str(tricks))
    expect(rounds.nth(tricks - 1).locator("td")).to_contain_text(names[1])
    labels = rounds.locator("th").all_inner_texts()
    assert str(tricks + 1) not in labels, labels
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    zoe.screenshot(path=ARTIFACTS / "fixes-audience-end-pt.png", full_page=True)


RENDER_ROUNDS = """async ([game, vote]) => {
  const [{ audienceResult }, { t, has, addPart }] = await Promise.all(
    [import("/static/audience.js"), import("/static/i18n.js")]);
  await addPart("audience");
  const member = { name: "Zoe", rounds: [[1], [1], [0, 1]], final: [0, 1], score: 0.5 };
  const ctx = {
    room: { game, audience_result: { truth: [0], members: [member], best: "Zoe", tally: {} } },
    view: { game, vote, tricks: [{}, {}] }, names: new Map([[0, "Ana"], [1, "Bea"]]), t, has,
    you: { audience: "Zoe" },
  };
  return [...audienceResult(ctx).querySelectorAll("[data-testid=audience-own] tbody tr")]
    .map((row) => [row.dataset.round, row.querySelector("th").textContent,
      [...row.querySelectorAll("td [data-seat]")].map((cell) => cell.dataset.right)]);
}"""


@pytest.mark.parametrize(
    ("game", "vote", "last"),
    [
        ("insidejob", {"tally": [1, 0]}, ("vote", "phone.audience.result.round.insidejob.vote")),
        ("insidejob", None, ("end", "phone.audience.result.round.insidejob.end")),
        ("mole", {"tally": [1, 0]}, ("3", None)),
    ],
)
def test_the_round_past_the_last_trick_is_named_the_vote_or_the_end(
    phones: Any, game: str, vote: Any, last: tuple[str, str | None]
) -> None:
    (page,) = phones(1)
    expect(page.get_by_test_id("join-form")).to_be_visible()  # the first words are here
    rows = page.evaluate(RENDER_ROUNDS, [game, vote])
    assert rows[:2] == [["1", "1", ["false"]], ["2", "2", ["false"]]]
    label = translate("en", last[1]) if last[1] else "3"
    assert rows[2] == [last[0], label, ["true", "false"]]
