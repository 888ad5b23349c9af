"""The room around the game, drawn over every scene: the turn clock, who takes a shared phone,
latecomers waiting for the next game, a seat claimed by name, and a seat taken back.

Everything comes from the public room part, so the TV shows nothing a phone could not see.
The clock is counted down here from the moment its message arrived (``left`` is seconds at
send time), the same clock for everyone; the taken-back notice shows for a few seconds after
its ``id`` changes. Both are stamped in :meth:`RoomBar.receive`; ``draw`` reads only that
state and the frame's clock.
"""

from __future__ import annotations

import math
from typing import Any

from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame

NOTICE_SECONDS = 5.0
CLOCK_FPS = 4  # enough for a countdown in whole seconds to change on time
HURRY_SECONDS = 10  # the clock turns vermillion from here on
TOP, HEIGHT = 10, 60  # the bar sits over the boards' title line, right of the game's name
RIGHT = 1900
GAP = 16  # between the bar's boxes, and left of the first
STRIP_BOTTOM = TOP + HEIGHT + 18  # the strip the bar blanks behind it
COVER_LEFT = 760  # the bar never reaches the game's name at the left (under 600 in every language)
BAR_SIZE, BAR_PADDING = 32, 48  # the bar's words, and the room its box leaves around them
# The claim's panel at the bottom, left and width: its keys line, with others waiting after it,
# takes 1368 at 34 in pt (1276 in en), whole in 1540.
CLAIM_PANEL, CLAIM_KEYS_SIZE = (160, 1600), 34
NOTICE_KINDS = ("seat_taken_back", "game_ended")  # the notices this screen has words for


def clock_text(seconds: float) -> str:
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def waiting(frame: Frame) -> list[str]:
    """The latecomers waiting for the next game, as the room names them."""
    if frame.room.get("phase") == "lobby":
        return []
    return [str(name) for name in frame.room.get("next_game") or []]


def top_parts(frame: Frame, named: int | None = None) -> list[str]:
    """The words of the bar at the top right, most urgent first (empty: no bar). ``named``:
    how many latecomers are named, the rest counted after them ('and 2 more'); None: all."""
    room = frame.room
    parts = []
    if room.get("phase") != "lobby":
        takers = [s for s in frame.seats() if s.get("takes_phone")]
        if takers:
            names = ", ".join(str(s.get("name", "")) for s in takers)
            parts.append(frame.t("tv.room.take_phone", name=names))
        late = waiting(frame)
        if late:
            shown = late if named is None else late[: max(1, named)]
            names = ", ".join(shown)
            if len(shown) < len(late):
                names = f"{names} {frame.t('tv.audience.more', count=len(late) - len(shown))}"
            parts.append(frame.t("tv.room.next_game", names=names))
    return parts


def fitted_text(canvas: Canvas, frame: Frame, room: float) -> str:
    """The bar's words whole at its size within ``room`` (design units): every latecomer named
    if they fit, else as many as fit and the rest counted (QA: three 16-letter names were cut
    short with '…'). An empty string: no bar."""
    pixels = max(6, round(BAR_SIZE * canvas.scale))
    named = len(waiting(frame))
    text = "  ·  ".join(top_parts(frame))
    while named > 1 and canvas.fonts.size(text, pixels)[0] / canvas.scale > room:
        named -= 1
        text = "  ·  ".join(top_parts(frame, named))
    return text


def boxes(canvas: Canvas, frame: Frame) -> list[tuple[str, float, str]]:
    """The bar's boxes from the room part alone, right to left: (kind, left x, text), the
    clock's text as at its message. Its box keeps that width while it counts down (the font's
    digits are all as wide, and fewer digits only narrow the text), so what a board lays out
    clear of the bar for one message stays clear for as long as that message lasts."""
    widgets: list[tuple[str, float, str]] = []
    clock = frame.room.get("clock") or {}
    right = float(RIGHT)
    if clock.get("left") is not None:
        text = frame.t("tv.room.clock", time=clock_text(float(clock["left"])))
        width = canvas.fonts.size(text, max(6, round(40 * canvas.scale)))[0] / canvas.scale
        width = min(300.0, width + 48)
        widgets.append(("clock", right - width, text))
        right -= width + GAP
    text = fitted_text(canvas, frame, right - COVER_LEFT - BAR_PADDING)
    if text:
        width = canvas.fonts.size(text, max(6, round(BAR_SIZE * canvas.scale)))[0] / canvas.scale
        widgets.append(("room_bar", right - min(right - COVER_LEFT, width + BAR_PADDING), text))
    return widgets


def bar_left(canvas: Canvas, frame: Frame) -> float | None:
    """Where the bar at the top begins (None: no bar), from the room part alone."""
    widgets = boxes(canvas, frame)
    return widgets[-1][1] if widgets else None


class RoomBar:
    def __init__(self) -> None:
        self.clock: dict[str, Any] | None = None
        self.clock_at = 0.0  # when the clock's message arrived
        self.notice_id: Any = None
        self.notice_at: float | None = None

    def receive(self, frame: Frame) -> None:
        room = frame.room
        clock = room.get("clock")
        if clock != self.clock:
            self.clock, self.clock_at = clock, frame.now
        notice = room.get("notice") or {}
        if notice.get("kind") in NOTICE_KINDS and notice.get("id") != self.notice_id:
            self.notice_id, self.notice_at = notice.get("id"), frame.now

    # -- time --------------------------------------------------------------------------------
    def seconds_left(self, frame: Frame) -> float | None:
        clock = self.clock
        if not clock or clock.get("left") is None:
            return None
        left = float(clock["left"])
        if clock.get("running") and not frame.room.get("paused"):
            left -= frame.now - self.clock_at
        return max(0.0, left)

    def notice_showing(self, frame: Frame) -> bool:
        notice = frame.room.get("notice") or {}
        return (
            self.notice_at is not None
            and notice.get("id") == self.notice_id
            and frame.now - self.notice_at < NOTICE_SECONDS
        )

    def animating(self, frame: Frame) -> bool:
        # True up to the frame where the notice goes or the clock reaches 0, so that frame is drawn.
        left = self.seconds_left(frame)
        ticking = bool(self.clock and self.clock.get("running")) and left is not None and left > 0
        return (ticking and not frame.room.get("paused")) or self.notice_showing(frame)

    def picture_key(self, frame: Frame) -> tuple[Any, ...] | None:
        """What the bar draws, as a key (the same key, the same bar); None while it moves."""
        if self.animating(frame):
            return None
        claims = list(frame.room.get("claims") or [])
        first = (
            (str(claims[0].get("name", "")), claims[0].get("seat"), claims[0].get("code"))
            if claims
            else None
        )
        return self.seconds_left(frame), tuple(self.top_parts(frame)), first, len(claims)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: Canvas, frame: Frame, cover_from: float | None = None) -> None:
        """``cover_from``: where the blank strip behind the top bar begins (a hint band beside
        the bar ends there; None: just left of the bar)."""
        self._top(canvas, frame, cover_from)
        self._bottom(canvas, frame)

    def top_parts(self, frame: Frame) -> list[str]:
        return top_parts(frame)

    def top_widgets(self, canvas: Canvas, frame: Frame) -> list[tuple[str, float, str]]:
        """The bar's boxes at the top right, right to left: (kind, left x, text); each ends
        16 before the one to its right, the first at RIGHT. Empty: no bar."""
        left = self.seconds_left(frame)
        clock = frame.t("tv.room.clock", time=clock_text(left)) if left is not None else ""
        return [
            (kind, box_left, clock if kind == "clock" else text)
            for kind, box_left, text in boxes(canvas, frame)
        ]

    def top_left(self, canvas: Canvas, frame: Frame) -> float | None:
        """Where the bar at the top begins (None: no bar now)."""
        return bar_left(canvas, frame)

    def _top(self, canvas: Canvas, frame: Frame, cover_from: float | None) -> None:
        widgets = self.top_widgets(canvas, frame)
        if not widgets:
            return
        # The boards lay their lines in the strip clear of the bar (host/tv/strip.py); what a
        # moment drew there, or a board's line beside a hint band, is hidden whole, never
        # half-covered.
        if cover_from is None:
            cover_from = widgets[-1][1] - GAP
        canvas.panel(cover_from, 0, 1920 - cover_from, STRIP_BOTTOM, theme.BACKGROUND, 0)
        canvas.element("room_cover", canvas.rect(cover_from, 0, 1920 - cover_from, STRIP_BOTTOM))
        right = float(RIGHT)
        for kind, left, text in widgets:
            width = right - left
            if kind == "clock":
                seconds = self.seconds_left(frame) or 0.0
                colour = theme.BAD if seconds <= HURRY_SECONDS else theme.ACCENT
                canvas.panel(left, TOP, width, HEIGHT, theme.PANEL_LIGHT, 18, colour, 3)
                canvas.text(
                    text, left + width / 2, TOP + HEIGHT / 2, 40, colour, "center", width - 24
                )
            else:
                canvas.panel(left, TOP, width, HEIGHT, theme.PANEL_LIGHT, 18, theme.ACCENT, 3)
                middle = (left + width / 2, TOP + HEIGHT / 2)
                canvas.text(text, *middle, BAR_SIZE, theme.TEXT, "center", width - 32)
            canvas.element(kind, canvas.rect(left, TOP, width, HEIGHT))
            right = left - GAP

    def _bottom(self, canvas: Canvas, frame: Frame) -> None:
        claims = list(frame.room.get("claims") or [])
        if claims:
            claim = claims[0]  # the oldest: the one the host keys decide
            left, width = CLAIM_PANEL
            canvas.panel(left, 850, width, 170, theme.PANEL_LIGHT, 24, theme.BAD, 5)
            # With the code the claimant's phone shows: Y lets in the claim whose phone shows it.
            name, code = str(claim.get("name", "")), str(claim.get("code", ""))
            title = frame.t("tv.room.claim", name=name, code=code)
            canvas.text(title, 960, 872, 48, theme.TEXT, "midtop", width - 60)
            keys = frame.t("tv.room.claim_keys")
            if len(claims) > 1:
                keys = f"{keys}  ·  {frame.t('tv.room.claims_more', count=len(claims) - 1)}"
            canvas.text(keys, 960, 946, CLAIM_KEYS_SIZE, theme.ACCENT, "midtop", width - 60)
            canvas.element(f"claim:{claim.get('seat')}", canvas.rect(left, 850, width, 170))
        elif self.notice_showing(frame):
            notice = frame.room.get("notice") or {}
            text = frame.t(f"tv.room.{notice.get('kind')}", name=str(notice.get("name", "")))
            canvas.panel(360, 880, 1200, 110, theme.PANEL_LIGHT, 20, theme.ACCENT, 4)
            canvas.text(text, 960, 935, 40, theme.TEXT, "center", 1140)
            canvas.element(f"notice:{notice.get('kind')}", canvas.rect(360, 880, 1200, 110))
