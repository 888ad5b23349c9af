"""The lobby's title never breaks inside a word, even with large text on a 320 px phone in
Portuguese (QA: "Toupeira / na / Quadrilh / a")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

# For each word of the title, how many line boxes it takes: 1 when it is whole.
WORD_LINES_JS = """() => {
  const title = document.querySelector('h1.title');
  const node = title.firstChild;
  const lines = [];
  let start = 0;
  for (const word of node.textContent.split(' ')) {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + word.length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    lines.push([word, tops.size]);
    start += word.length + 1;
  }
  return lines;
}"""


def test_the_title_breaks_between_words_only_at_large_text(phones: Any, kit: Any) -> None:
    (page,) = phones(1, lang="pt-BR", width=320)
    page.set_viewport_size({"width": 320, "height": 568})
    kit.join([page], ["Maria Fernanda L"])
    expect(page.locator("h1.title")).to_have_text("Toupeira na Quadrilha")
    page.get_by_test_id("text-size").click()
    expect(page.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    words = page.evaluate(WORD_LINES_JS)
    assert all(lines == 1 for _, lines in words), words
