"""Inside Job pieces shared by its board, moments and reveal: suits, cards, roles, Intel pips.

A suit is never told by colour alone: each has its own shape (Blue ●, Red ▲, Green ■, Yellow ★)
drawn on the card and beside its name. Every card drawn is recorded as ``card:<name>`` so tests
can check the TV only ever shows cards the public view has made public.
"""

from __future__ import annotations

import math
from typing import Any

from engine.insidejob.vocabulary import AGENT_SIDE_ROLES, SLEEPING, SUIT_LETTERS, SUITS, TRAITORS
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.theme import Colour

SUIT_OF_LETTER = dict(zip(SUIT_LETTERS, SUITS, strict=True))
# In the engine's suit order: blue, red, green, yellow.
SUIT_COLOURS: dict[str, Colour] = dict(
    zip(SUITS, [(40, 110, 220), (214, 50, 48), (26, 140, 80), (240, 196, 30)], strict=True)
)
SUIT_SHAPES = dict(zip(SUITS, ["circle", "triangle", "square", "star"], strict=True))
TOKEN: Colour = (250, 214, 90)  # an Intel token, on a wagered card and in the pips


def card_suit(card: str) -> str:
    return SUIT_OF_LETTER.get(card[:1], SUITS[0])


def card_value(card: str) -> str:
    return card[1:]


def role_colour(role: str, turned: bool = False) -> Colour:
    """Agents blue, the Insider's side vermillion, players on their own side gold. A Sleeping
    Agent revealed by Intel (``turned``) has changed to the Insider's side."""
    if role == SLEEPING and turned:
        return theme.BAD
    if role in AGENT_SIDE_ROLES:
        return theme.GOOD
    if role in TRAITORS:
        return theme.BAD
    return theme.ACCENT


def suit_name(frame: Frame, suit: str | None) -> str:
    return frame.t(f"insidejob.suit.{suit}") if suit else ""


def suit_mark(
    canvas: Canvas, suit: str, x: float, y: float, r: float, colour: Colour | None = None
) -> None:
    """The suit's own shape centred on (x, y); in the suit colour unless told otherwise."""
    paint = colour or SUIT_COLOURS.get(suit, theme.TEXT)
    shape = SUIT_SHAPES.get(suit, "circle")
    if shape == "circle":
        canvas.circle(x, y, r, paint)
    elif shape == "square":
        side = r * 1.7
        canvas.panel(x - side / 2, y - side / 2, side, side, paint, radius=r * 0.12)
    elif shape == "triangle":
        canvas.polygon(
            [(x, y - r), (x + r * 1.05, y + r * 0.8), (x - r * 1.05, y + r * 0.8)], paint
        )
    else:
        points = []
        for i in range(10):
            radius = r * 1.12 if i % 2 == 0 else r * 0.48
            angle = math.radians(-90 + i * 36)
            points.append((x + radius * math.cos(angle), y + r * 0.08 + radius * math.sin(angle)))
        canvas.polygon(points, paint)
    canvas.element(f"suit:{suit}", canvas.rect(x - r, y - r, 2 * r, 2 * r))


def suit_label(
    canvas: Canvas,
    frame: Frame,
    suit: str,
    text: str,
    x: float,
    y: float,
    size: float,
    max_width: float,
    colour: Colour = theme.TEXT,
) -> None:
    """The suit's shape in a light chip, then a text naming it; vertically centred on y."""
    r = size * 0.55
    canvas.circle(x + r, y, r * 1.25, theme.PANEL_LIGHT)
    suit_mark(canvas, suit, x + r, y, r * 0.8)
    canvas.text(text, x + r * 2 + size * 0.4, y, size, colour, "midleft", max_width - r * 2.5)


def draw_card(
    canvas: Canvas,
    card: str,
    x: float,
    y: float,
    w: float,
    h: float,
    wagered: bool = False,
    glow: Colour | None = None,
    trump_label: str = "",
) -> None:
    """One face-up card: suit colour, big value, the suit's shape; a token when wagered; a
    ribbon saying so when it counts as trump."""
    suit = card_suit(card)
    colour = SUIT_COLOURS[suit]
    ink = theme.ink_on(colour)
    if glow is not None:
        pad = w * 0.06
        canvas.panel(x - pad, y - pad, w + 2 * pad, h + 2 * pad, glow, radius=w * 0.14)
    canvas.panel(x, y, w, h, theme.WHITE, radius=w * 0.1)
    canvas.panel(x + w * 0.05, y + w * 0.05, w * 0.9, h - w * 0.1, colour, radius=w * 0.08)
    canvas.text(card_value(card), x + w / 2, y + h * 0.36, w * 0.5, ink, "center", w * 0.84)
    suit_mark(canvas, suit, x + w / 2, y + h * 0.72, w * 0.17, ink)
    canvas.element(f"card:{card}", canvas.rect(x, y, w, h))
    if trump_label:
        # A ribbon across the foot of the card: this card counts as trump (its suit or a token).
        canvas.panel(x - w * 0.04, y + h - w * 0.16, w * 1.08, w * 0.24, theme.ACCENT, w * 0.06)
        canvas.text(
            trump_label, x + w / 2, y + h - w * 0.04, w * 0.14, theme.BACKGROUND, "center", w
        )
        canvas.element(f"trump_card:{card}", canvas.rect(x, y, w, h))
    if wagered:
        # The Intel token sits on the card: gold disc with a dark ring, like the real token.
        cx, cy, r = x + w * 0.86, y + w * 0.14, w * 0.2
        canvas.circle(cx, cy, r, theme.BACKGROUND)
        canvas.circle(cx, cy, r * 0.82, TOKEN)
        canvas.circle(cx, cy, r * 0.4, theme.BACKGROUND, width=max(2.0, r * 0.12))
        canvas.element(f"wager:{card}", canvas.rect(cx - r, cy - r, 2 * r, 2 * r))


def empty_slot(canvas: Canvas, x: float, y: float, w: float, h: float, now: bool) -> None:
    """Where a card is still to come; the player on turn's slot is outlined in gold."""
    canvas.panel(
        x,
        y,
        w,
        h,
        theme.PANEL_LIGHT if now else theme.PANEL,
        radius=w * 0.1,
        border=theme.ACCENT if now else theme.FAINT,
        border_width=6 if now else 3,
    )


def intel_pips(
    canvas: Canvas, count: int, target: int, x: float, y: float, r: float, width: float
) -> None:
    """``count`` gold tokens over ``target`` empty rings, in one row that fits ``width``."""
    slots = max(count, target)
    if slots <= 0:
        return
    step = min(r * 2.6, width / slots)
    r = min(r, step / 2.4)
    for index in range(slots):
        cx = x + r + index * step
        if index < count:
            canvas.circle(cx, y, r, TOKEN)
            canvas.circle(cx, y, r * 0.42, theme.BACKGROUND, width=max(1.5, r * 0.14))
        else:
            canvas.circle(cx, y, r, theme.FAINT, width=max(2.0, r * 0.18))
        if index == target - 1:
            # The target itself is marked so the row reads "how far from the goal".
            canvas.line(cx + step / 2, y - r * 1.4, cx + step / 2, y + r * 1.4, theme.BAD, 3)


def mission_line(frame: Frame, mission: dict[str, Any]) -> str:
    return frame.t(f"insidejob.objective.{mission.get('objective')}")


def names(frame: Frame, seats: list[int]) -> str:
    return ", ".join(frame.name(seat) for seat in seats)


def counts_as_trump(play: dict[str, Any], trump: str | None) -> bool:
    """A card of the trump suit, or any card carrying a wagered token."""
    return bool(play.get("wagered")) or (
        trump is not None and card_suit(str(play["card"])) == trump
    )


def fitted_wrapped(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    size: float,
    width: float,
    max_lines: int,
    colour: Colour = theme.TEXT,
    centred: bool = False,
) -> float:
    """Wrapped text that shrinks (down to 70 %) rather than lose a line; returns the y below."""
    smallest = max(size * 0.7, min(size, theme.MIN_TEXT))
    while size > smallest and len(canvas.wrap(text, size, width)) > max_lines:
        size -= 2
    return canvas.wrapped(text, x, y, size, width, colour, max_lines=max_lines, centred=centred)
