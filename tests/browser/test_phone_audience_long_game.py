"""The audience's result on a phone after a long game, in real Chromium at 360x640: an Inside
Job of ten rounds watched by twelve people. The result was one line per round per watcher (some
130 lines, many screens of scrolling); the phone now shows its own marks round by round beside
the truth, its own score and place, who read the table best, and the others in a line (the TV and
the board show the full table)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from host.i18n import translate
from tests.browser.test_board_page import Table
from tests.browser.test_phone_qa_fixes import ARTIFACTS

PLAYERS = ["Maximiliano Ruiz", "Guadalupe Ximena", "Wenceslau Wagner", "Ana", "Bo"]
WATCHERS = [f"Espectador {number:02d}" for number in range(1, 12)]
# The tallest the whole result may be on a 360x640 phone: two screens, with this test's watcher
# naming up to every player in a round (it was over eight screens).
MOST_PX = 1280

SIZES_JS = """() => {
  const result = document.querySelector('[data-testid=audience-result]');
  const wider = [...result.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > result.getBoundingClientRect().right + 1)
    .map((el) => el.dataset.testid || el.className || el.tagName);
  return {height: result.getBoundingClientRect().height, wider,
          page: document.documentElement.scrollWidth, width: innerWidth};
}"""


def marks_for(number: int, round_no: int, seats: int) -> list[int]:
    """A watcher's guess in a round: each its own, and a new one every round."""
    return sorted({(number + round_no) % seats, (number * 3 + round_no * 2) % seats})


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_ten_round_result_with_twelve_watchers_fits_a_small_phone(
    phones: Any, host: Any, lang: str
) -> None:
    table = Table(host)
    table.join(*PLAYERS)
    table.leader({"type": "options", "game": "insidejob", "variants": []})
    (zoe,) = phones(1, lang=lang, width=360)
    zoe.set_viewport_size({"width": 360, "height": 640})
    zoe.get_by_test_id("audience-name").fill("Zoe")
    zoe.get_by_test_id("audience-submit").click()
    expect(zoe.get_by_test_id("audience-wait")).to_be_visible()
    for name in WATCHERS:
        table.watch(name)
    table.leader({"type": "start"})
    truth = table.hidden_seats()

    round_no = -1
    while not table.over():
        now = host.call(lambda room: room.match.rules.round_of(room.match.state))
        if now != round_no:
            round_no = now
            for number, name in enumerate(WATCHERS):
                table.suspect(name, marks_for(number, round_no, len(PLAYERS)))
            # One tap a round (the host takes a burst of a dozen changes, then two a second).
            button = zoe.get_by_test_id(f"suspect-{round_no % len(PLAYERS)}")
            pressed = button.get_attribute("aria-pressed") == "true"
            button.click()
            expect(button).to_have_attribute("aria-pressed", "false" if pressed else "true")
        table.step()

    result = host.call(lambda room: room.public_message()["room"]["audience_result"])
    rounds = len(result["members"][0]["rounds"])
    assert rounds >= 9, rounds
    assert len(result["members"]) == 12
    expect(zoe.get_by_test_id("audience-result")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    zoe.get_by_test_id("audience-result").screenshot(
        path=ARTIFACTS / f"audience-long-game-360-{lang}.png"
    )
    sizes = zoe.evaluate(SIZES_JS)
    assert sizes["wider"] == [] and sizes["page"] <= sizes["width"], sizes
    assert sizes["height"] <= MOST_PX, sizes

    # Zoe's own marks, round by round, each name said right or wrong.
    mine = next(row for row in result["members"] if row["name"] == "Zoe")
    rows = zoe.get_by_test_id("audience-own").locator("tbody tr")
    expect(rows).to_have_count(rounds)
    names = host.call(lambda room: [player.name for player in room.players])
    for index, marks in enumerate(mine["rounds"]):
        cells = rows.nth(index).locator("td [data-seat]")
        expect(cells).to_have_count(len(marks or []))
        for cell, seat in enumerate(marks or []):
            expect(cells.nth(cell)).to_have_attribute("data-right", str(seat in truth).lower())
            expect(cells.nth(cell)).to_contain_text(names[seat])
    place = 1 + sum(1 for row in result["members"] if row["score"] > mine["score"])
    expect(zoe.get_by_test_id("audience-yours")).to_have_text(
        translate(
            lang,
            "phone.audience.result.yours",
            score=round(100 * mine["score"]),
            place=place,
            count=len(result["members"]),
        )
    )
    # The other watchers in one line, not a row each.
    expect(zoe.get_by_test_id("audience-member")).to_have_count(0)
    expect(zoe.get_by_test_id("audience-others")).to_be_visible()


def test_a_member_past_the_best_rows_still_sees_its_own_marks_and_place(
    phones: Any, host: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room's result carries the best rows (24; 2 here, for fewer sockets); a member past
    them gets its own row from the host and its phone shows its table and place (it said only
    "your marks come after the 24 best")."""
    best_rows = 2
    monkeypatch.setattr("host.audience.RESULT_ROWS", best_rows)

    table = Table(host)
    table.join(*PLAYERS)
    table.leader({"type": "options", "game": "insidejob", "variants": []})
    (zoe,) = phones(1, width=360)
    zoe.get_by_test_id("audience-name").fill("Zoe")
    zoe.get_by_test_id("audience-submit").click()
    expect(zoe.get_by_test_id("audience-wait")).to_be_visible()
    watchers = [f"W{number}" for number in range(best_rows + 1)]
    for name in watchers:
        table.watch(name)
    table.leader({"type": "start"})
    truth = table.hidden_seats()
    for name in watchers:
        table.suspect(name, truth)
    wrong = next(seat for seat in range(len(PLAYERS)) if seat not in truth)
    button = zoe.get_by_test_id(f"suspect-{wrong}")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    while not table.over():
        table.step()

    result = host.call(lambda room: room.public_message()["room"]["audience_result"])
    assert "Zoe" not in [row["name"] for row in result["members"]] and result["more"] == 2
    rounds = len(result["members"][0]["rounds"])
    rows = zoe.get_by_test_id("audience-own").locator("tbody tr")
    expect(rows).to_have_count(rounds)
    first = rows.nth(0).locator("td [data-seat]")
    expect(first).to_have_attribute("data-right", "false")
    expect(first).to_contain_text(PLAYERS[wrong])
    count = best_rows + 2
    expect(zoe.get_by_test_id("audience-yours")).to_have_text(
        translate("en", "phone.audience.result.yours", score=0, place=count, count=count)
    )
