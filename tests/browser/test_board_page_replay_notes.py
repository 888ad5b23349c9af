"""The grand reveal of Inside Job on the board page, in real Chromium: the note under a replayed
trick's card (who led, who could not or chose not to follow, who wagered) stands centred under
its card, at 1920x1080 and 1280x720, whatever its length."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table
from tests.browser.test_board_page_replay import play_to_the_end

# Each note under a card: its box and its letters against the card's slot (screen pixels).
NOTES = """() => {
  const notes = document.querySelectorAll("[data-testid=replay-trick] .replay-note");
  return [...notes].map((note) => {
  const slot = note.closest(".slot").getBoundingClientRect();
  const box = note.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(note);
  const letters = range.getBoundingClientRect();
  return {
    kind: note.dataset.kind, text: note.textContent,
    slot: [slot.left, slot.right], box: [box.left, box.right],
    letters: [letters.left, letters.right],
  };
  });
}"""


def centre(edges: list[float]) -> float:
    return (edges[0] + edges[1]) / 2


def test_every_note_under_a_replayed_trick_is_centred_under_its_card(
    browser: Any, host: Any, tmp_path: Path
) -> None:
    big = BoardPage(browser, f"{host.url}board", BOARD_VIEWPORT, "big")
    small = BoardPage(browser, f"{host.url}board?lang=es", SMALL_VIEWPORT, "small")
    try:
        table = Table(host)
        table.join("Ana", "Bruno", "Maximiliano Ruiz", "Hannah-Charlotte", "Eli")
        # With this seed these options play every trick, with cards that did not follow.
        table.leader(
            {"type": "options", "game": "insidejob", "variants": ["wagers", "risky", "accomplice"]}
        )
        table.leader({"type": "start"})
        play_to_the_end(table)
        tricks = len(table.public_view()["tricks"])
        kinds: set[str] = set()
        for step in range(tricks):
            table.leader({"type": "replay", "step": step})
            for board in (big, small):
                expect(board.page.get_by_test_id("replay-trick")).to_have_attribute(
                    "data-trick", str(step)
                )
                board.snapshot(f"replay-notes-{step}", tmp_path)
                for note in board.page.evaluate(NOTES):
                    kinds.add(note["kind"])
                    where = f"{board.label}, trick {step + 1}: {note}"
                    assert note["slot"][0] - 0.5 <= note["box"][0], where
                    assert note["box"][1] <= note["slot"][1] + 0.5, where
                    assert abs(centre(note["box"]) - centre(note["slot"])) <= 1, where
                    assert abs(centre(note["letters"]) - centre(note["slot"])) <= 1, where
        # The short one-word note and the longer ones that wrap were both measured.
        assert "led" in kinds and kinds & {"could_not", "chose_not"}, kinds
    finally:
        big.close()
        small.close()
