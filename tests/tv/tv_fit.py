"""Whether every text of a drawn frame is shown whole: none shortened with "…" or missing lines
(the canvas records that), and no two texts drawn over each other."""

from __future__ import annotations

from host.tv.draw import Canvas

SLACK = 3  # screen pixels two lines' boxes may share (a font's box is taller than its glyphs)


def cut_texts(canvas: Canvas) -> list[str]:
    return [d.label for d in canvas.drawn if d.kind == "text" and d.cut]


def overlapping_texts(canvas: Canvas) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes cross by more than SLACK pixels each way."""
    texts = [d for d in canvas.drawn if d.kind == "text" and not d.sentence and d.label.strip()]
    pairs = []
    for index, first in enumerate(texts):
        for second in texts[index + 1 :]:
            both = first.rect.clip(second.rect)
            if both.width > SLACK and both.height > SLACK:
                pairs.append((first.label, second.label))
    return pairs


def misfits(canvas: Canvas) -> list[str]:
    cut = [f"cut: {label}" for label in cut_texts(canvas)]
    return cut + [f"over: {a!r} / {b!r}" for a, b in overlapping_texts(canvas)]
