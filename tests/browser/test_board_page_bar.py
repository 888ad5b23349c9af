"""The board page's bottom bar in real Chromium, with everything on it at once: ten players in
a vote (the clock waits on all of them), a bot standing in, latecomers and an audience. Nothing
may run under the buttons, and the audience's count and the latecomers stay whole."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.test_board_page import BOARD_VIEWPORT, SMALL_VIEWPORT, BoardPage, Table

LONG_NAMES = [
    "Maximiliano Wolf",
    "WWWWWWWWWWWWWWWW",
    "Guadalupe Ximena",
    "Bartholomew Mmmm",
    "Anastasia Wójcik",
    "Mmmmmmmmmmmmmmmm",
    "Joãozinho Mendes",
    "Wenceslau Wagner",
    "Gwendolyn Moore",
    "Đorđe Šćepanović",
]

# What is wrong with the bar now: a part under the buttons or outside the bar, or one that must
# stay whole cut by an ellipsis. The bar is drawn again whenever the clock or the sound button
# changes, so the test waits for it to be right rather than reading it once.
BAR_PROBLEMS = """() => {
  const extra = document.getElementById("bar-extra");
  const room = extra.getBoundingClientRect();
  const buttons = [...document.querySelectorAll("#bar button:not([hidden]), #bar select")];
  const firstButton = Math.min(...buttons.map((b) => b.getBoundingClientRect().left));
  const problems = [];
  if (room.right > firstButton + 0.5) problems.push(`the bar reaches ${room.right}`);
  for (const node of extra.querySelectorAll("[data-testid]")) {
    const text = node.querySelector(".bar-text") || node;
    const box = node.getBoundingClientRect();
    const what = `${node.dataset.testid} "${node.textContent}"`;
    const out = box.right > room.right + 0.5 || box.bottom > room.bottom + 0.5;
    if (out || box.top < room.top - 0.5) {
      problems.push(`${what} leaves the bar`);
    }
    const whole = ["audience-count", "next-game", "clock"].includes(node.dataset.testid);
    if (whole && text.scrollWidth > text.clientWidth + 1) problems.push(`${what} is cut`);
  }
  return problems;
}"""


def crowded_vote(host: Any) -> Table:
    table = Table(host)
    table.join(*LONG_NAMES)
    table.leader({"type": "options", "timer": "fast"})
    table.leader({"type": "start"})
    table.step()  # the Boss proposes: now all ten vote, and the clock waits on every one
    away = table.players[3]
    host.call(lambda room: room.disconnect(away))
    table.leader({"type": "bot", "seat": 3, "on": True})
    for name in ("Carla Latecomer", "Rosalind Pereira"):
        table.send(table.phone(), {"type": "join", "name": name})
    for name in ("Zoe", "Yan", "Espectador Nº01"):
        table.watch(name)
    return table


@pytest.mark.host_config(fake_clock=True)  # no bot votes, no clock runs out: the bar stands
@pytest.mark.parametrize(
    ("viewport", "lang", "waiting", "late", "audience"),
    [
        (BOARD_VIEWPORT, "en", "Waiting for 10 players", "Next game: Carla", "Audience: 3"),
        (SMALL_VIEWPORT, "es", "Esperando a 10 jugadores", "Próxima partida: Carla", "Público: 3"),
        (BOARD_VIEWPORT, "pt", "Esperando 10 jogadores", "Próxima partida: Carla", "Plateia: 3"),
    ],
)
def test_the_bar_fits_beside_its_buttons(
    browser: Any,
    host: Any,
    viewport: dict[str, int],
    lang: str,
    waiting: str,
    late: str,
    audience: str,
    tmp_path: Any,
) -> None:
    board = BoardPage(browser, f"{host.url}board?lang={lang}", viewport, lang)
    try:
        crowded_vote(host)
        page = board.page
        expect(page.get_by_test_id("scene")).to_have_attribute("data-phase", "vote")
        expect(page.get_by_test_id("audience-count")).to_have_text(audience)
        expect(page.get_by_test_id("covered")).to_be_visible()
        # A list of ten names is summarised as a count.
        expect(page.get_by_test_id("clock")).to_contain_text(waiting)
        expect(page.get_by_test_id("next-game")).to_contain_text(late)
        try:
            page.wait_for_function(f"() => ({BAR_PROBLEMS})().length === 0", timeout=5_000)
        except PlaywrightTimeout:
            raise AssertionError(page.evaluate(BAR_PROBLEMS)) from None
        finally:
            page.screenshot(path=str(tmp_path / f"bar-{lang}.png"))
        assert not board.errors, board.errors
    finally:
        board.close()
