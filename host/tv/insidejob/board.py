"""The Inside Job board: the mission in play, the trick as it is played, every player's Intel,
hand size and revealed role, whose turn it is, and the vote as it fills up.

Drawn from the public view only; a card only appears once it is on the table. A card just
played slides in from below (the scene notes when each card first appeared, as the lobby notes
arrivals).
"""

from __future__ import annotations

from typing import Any

from engine.insidejob.vocabulary import (
    PHASE_ACCOMPLICE,
    PHASE_MISSION,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_VOTE,
    PHASE_WAGER,
)
from host.tv import absent, checklist, corner, strip, theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.insidejob.pieces import (
    TOKEN,
    counts_as_trump,
    draw_card,
    empty_slot,
    fitted_wrapped,
    intel_pips,
    mission_line,
    role_colour,
    suit_label,
    suit_name,
)
from host.tv.scene import Scene

SLIDE_SECONDS = 0.45
NAME_SIZE = 34  # of a seat's shape and name under its place in the trick
WAGER_UNDER_TWO_LINES = 80  # the wager's word under a name in two lines, from the card's bottom
LEFT_X, LEFT_W = 40, 600
TABLE_X, TABLE_W = 670, 1210
TOP, MIDDLE_BOTTOM = 100, 700
MISSION_H = 290
STRIP_TOP, STRIP_BOTTOM = 720, 1046


class InsideJobBoardScene(Scene):
    def __init__(self) -> None:
        self.seen: dict[tuple[int, int], float] = {}  # (trick number, card index) -> when

    def animating(self, frame: Frame) -> bool:
        if frame.still:
            return False
        return any(frame.now - at < SLIDE_SECONDS for at in self.seen.values())

    def still(self, frame: Frame) -> bool:
        # Every card has slid all the way in (a cut with reduced motion is at its end too).
        return all(frame.now - at >= SLIDE_SECONDS for at in self.seen.values())

    def receive(self, frame: Frame) -> None:
        """Note when each card of the trick first appeared, so it slides in from then."""
        view = frame.view or {}
        number = int(view.get("trick_number") or 0)
        if any(key[0] > number for key in self.seen):
            self.seen.clear()  # a new game (rematch) starts again from trick 1
        first_look = not self.seen
        for index in range(len(view.get("trick") or [])):
            # Cards already down when the board first appears do not slide.
            self.seen.setdefault((number, index), frame.now - (SLIDE_SECONDS if first_look else 0))
        for key in [k for k in self.seen if k[0] < number - 1]:
            del self.seen[key]

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        view = frame.view or {}
        self._title(canvas, frame, view)
        self._mission(canvas, frame, view)
        self._progress(canvas, frame, view)
        if view.get("phase") == PHASE_VOTE:
            self._vote(canvas, frame, view)
        else:
            self._table(canvas, frame, view)
        draw_players(canvas, frame, view)
        absent.draw_bottom_line(canvas, frame, 60, corner.BOTTOM)

    # -- header and left column --------------------------------------------------------------
    def _title(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        name = canvas.text(frame.t("insidejob.name"), 60, 26, 44, theme.ACCENT, max_width=560)
        name_right = (name.right - canvas.offset_x) / canvas.scale
        options = [frame.t(f"insidejob.variant.{v}") for v in view.get("variants") or []]
        if options:
            text = frame.t("tv.insidejob.options", options=" · ".join(options))
            strip.line(canvas, frame, text, name_right + 48, 52, 26, theme.MUTED)

    def _mission(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        canvas.panel(LEFT_X, TOP, LEFT_W, MISSION_H, theme.PANEL, radius=26)
        x = LEFT_X + 30
        canvas.text(frame.t("tv.insidejob.mission"), x, TOP + 20, 28, theme.MUTED, max_width=540)
        mission = view.get("mission")
        if not mission:
            key = {
                PHASE_ACCOMPLICE: "tv.insidejob.mission_after_accomplice",
                PHASE_MISSION: "tv.insidejob.mission_pending",
            }.get(str(view.get("phase")), "tv.insidejob.mission_none")
            canvas.wrapped(frame.t(key), x, TOP + 80, 38, 540, theme.FAINT)
            return
        fitted_wrapped(canvas, mission_line(frame, mission), x, TOP + 62, 40, 540, max_lines=2)
        trump = mission.get("trump")
        canvas.panel(x - 10, TOP + 198, 560, 76, theme.PANEL_LIGHT, radius=18)
        suit_label(
            canvas,
            frame,
            trump,
            frame.t("insidejob.trump", suit=suit_name(frame, trump)),
            x + 4,
            TOP + 236,
            40,
            530,
        )
        canvas.element(f"trump:{trump}", canvas.rect(x - 10, TOP + 198, 560, 76))
        canvas.element(f"mission:{mission.get('id')}", canvas.rect(LEFT_X, TOP, LEFT_W, MISSION_H))
        if mission.get("risky"):
            canvas.text(frame.t("tv.insidejob.risky"), x, TOP + 164, 24, theme.BAD, max_width=556)
            canvas.element("risky", canvas.rect(x, TOP + 164, 540, 28))

    def _progress(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        top = TOP + MISSION_H + 20
        canvas.panel(LEFT_X, top, LEFT_W, MIDDLE_BOTTOM - top, theme.PANEL, radius=26)
        x = LEFT_X + 30
        targets = view.get("targets") or {}
        goal = int(targets.get("missions") or 0)
        completed, failed = view.get("completed") or [], view.get("failed") or []
        canvas.text(
            frame.t("insidejob.missions_progress", completed=len(completed), target=goal),
            x,
            top + 18,
            32,
            max_width=540,
        )
        step = min(64, 540 / max(1, goal))
        for index in range(goal):
            cx = x + step / 2 + index * step
            if index < len(completed):
                canvas.check(cx, top + 84, step * 0.36)
            else:
                canvas.circle(cx, top + 84, step * 0.34, theme.FAINT, width=3)
        canvas.element(f"missions:{len(completed)}:{goal}", canvas.rect(x, top + 54, 540, 60))
        canvas.cross(x + 14, top + 136, 13)
        canvas.text(
            frame.t("tv.insidejob.failed", count=len(failed)),
            x + 40,
            top + 136,
            26,
            theme.MUTED,
            "midleft",
            500,
        )
        canvas.element(f"failed:{len(failed)}", canvas.rect(x, top + 122, 540, 30))
        lines = []
        if targets.get("intel"):
            lines.append(frame.t("insidejob.intel_target", count=targets["intel"]))
        if targets.get("reveal_at") and targets.get("reveal_at") != targets.get("intel"):
            lines.append(frame.t("tv.insidejob.reveal_at", count=targets["reveal_at"]))
        lines.append(frame.t("insidejob.supply", count=view.get("supply", 0)))
        accomplice = view.get("accomplice") or {}
        if accomplice.get("picked") is not None:
            # Public: whose role the Accomplice looked at (never what it saw).
            line = frame.t(
                "insidejob.accomplice_public",
                accomplice=frame.name(accomplice["seat"]),
                player=frame.name(accomplice["picked"]),
            )
            lines.append(line)
            canvas.element(
                f"picked:{accomplice['seat']}:{accomplice['picked']}", canvas.rect(x, top, 1, 1)
            )
        for index, line in enumerate(lines):
            canvas.text(line, x, top + 166 + index * 30, 24, theme.MUTED, max_width=540)

    # -- the middle: the trick, or the vote --------------------------------------------------
    def _table(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        canvas.panel(TABLE_X, TOP, TABLE_W, MIDDLE_BOTTOM - TOP, theme.PANEL, radius=26)
        x = TABLE_X + 30
        targets = view.get("targets") or {}
        canvas.text(
            frame.t(
                "insidejob.trick_number",
                number=view.get("trick_number", 0),
                total=targets.get("tricks", 0),
            ),
            x,
            TOP + 20,
            30,
            theme.MUTED,
            max_width=560,
        )
        led = view.get("led_suit")
        if led:
            suit_label(
                canvas,
                frame,
                led,
                frame.t("tv.insidejob.led", suit=suit_name(frame, led)),
                TABLE_X + TABLE_W - 420,
                TOP + 38,
                30,
                390,
            )
            canvas.element(f"led:{led}", canvas.rect(TABLE_X + TABLE_W - 420, TOP + 18, 390, 40))
        fitted_wrapped(canvas, status_line(frame, view), x, TOP + 72, 38, TABLE_W - 60, 2)
        players = frame.player_count()
        start = int(view.get("start") or 0)
        order = [(start + i) % players for i in range(players)] if players else []
        trick = list(view.get("trick") or [])
        card_w, gap = min(216, (TABLE_W - 60 - (players - 1) * 24) / max(1, players)), 24
        card_h = card_w * 1.4
        left = TABLE_X + TABLE_W / 2 - (players * card_w + (players - 1) * gap) / 2
        y = TOP + 180
        number = int(view.get("trick_number") or 0)
        phase = view.get("phase")
        trump = (view.get("mission") or {}).get("trump")
        for index, seat in enumerate(order):
            cx = left + index * (card_w + gap)
            two_lines = name_under_card(canvas, frame, seat, cx, y + card_h, card_w + gap - 4)
            if index < len(trick):
                play = trick[index]
                since = frame.now - self.seen.get((number, index), frame.now - SLIDE_SECONDS)
                rise = (1 - frame.ease(since / SLIDE_SECONDS)) * 260
                draw_card(
                    canvas,
                    str(play["card"]),
                    cx,
                    y + rise,
                    card_w,
                    card_h,
                    wagered=bool(play.get("wagered")),
                    trump_label=frame.t("tv.insidejob.trump_card")
                    if counts_as_trump(play, trump)
                    else "",
                )
                if play.get("wagered"):
                    canvas.text(
                        frame.t("insidejob.wagered"),
                        cx + card_w / 2,
                        y + card_h + (WAGER_UNDER_TWO_LINES if two_lines else 62),
                        theme.MIN_TEXT,
                        TOKEN,
                        "midtop",
                        card_w + gap,
                    )
            else:
                on_turn = seat == view.get("turn") and phase == PHASE_PLAY
                empty_slot(canvas, cx, y, card_w, card_h, on_turn)
                if on_turn:
                    canvas.element(f"slot_turn:{seat}", canvas.rect(cx, y, card_w, card_h))

    def _vote(self, canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
        canvas.panel(TABLE_X, TOP, TABLE_W, MIDDLE_BOTTOM - TOP, theme.PANEL, radius=26)
        x = TABLE_X + 40
        canvas.text(frame.t("insidejob.phase.vote"), x, TOP + 24, 64, theme.ACCENT, max_width=1100)
        canvas.wrapped(frame.t("tv.insidejob.vote_text"), x, TOP + 120, 34, TABLE_W - 80)
        voters = list(view.get("voters") or [])
        voted = set(view.get("voted") or [])
        canvas.text(
            frame.t("tv.insidejob.votes_in", count=len(voted), total=len(voters)),
            x,
            TOP + 250,
            40,
            max_width=TABLE_W - 80,
        )
        grid = checklist.Grid(x, TOP + 350, 3, 380, 80, 40)
        checklist.draw(canvas, frame, voters, voted, grid, "voted")
        silent = [s for s in range(frame.player_count()) if s not in voters]
        if silent:
            canvas.text(
                frame.t("tv.insidejob.no_vote", names=", ".join(frame.name(s) for s in silent)),
                x,
                MIDDLE_BOTTOM - 50,
                26,
                theme.MUTED,
                max_width=TABLE_W - 80,
            )


def status_line(frame: Frame, view: dict[str, Any]) -> str:
    """What the table is waiting for, in words."""
    phase = view.get("phase")
    turn = view.get("turn")
    who = frame.name(turn) if turn is not None else ""
    if phase == PHASE_ACCOMPLICE:
        return frame.t("tv.insidejob.status.accomplice", name=who)
    if phase == PHASE_MISSION:
        return frame.t("tv.insidejob.status.mission", name=who)
    if phase == PHASE_WAGER:
        return frame.t("tv.insidejob.status.wager", name=who)
    if phase == PHASE_PLAY:
        if not view.get("trick"):
            return frame.t("tv.insidejob.status.lead", name=who)
        return frame.t("tv.insidejob.status.play", name=who)
    return frame.t(f"insidejob.phase.{phase}") if phase else ""


def draw_players(canvas: Canvas, frame: Frame, view: dict[str, Any]) -> None:
    """One panel per player: name, Intel against the target, cards in hand, role if revealed,
    and what they are doing now."""
    players = frame.player_count()
    if not players:
        return
    gap = 20
    width = min(600, (1840 - gap * (players - 1)) / players)
    left0 = 960 - (players * width + gap * (players - 1)) / 2
    height = STRIP_BOTTOM - STRIP_TOP
    targets = view.get("targets") or {}
    target = int(targets.get("intel") or targets.get("reveal_at") or 0)
    intel = list(view.get("intel") or [])
    hands = list(view.get("hand_sizes") or [])
    revealed = list(view.get("revealed") or [])
    phase = view.get("phase")
    voted = set(view.get("voted") or [])
    voters = set(view.get("voters") or [])
    for seat in range(players):
        x, y = left0 + seat * (width + gap), STRIP_TOP
        on_turn = seat == view.get("turn") and phase not in (PHASE_VOTE, PHASE_OVER)
        canvas.panel(
            x,
            y,
            width,
            height,
            theme.PANEL_LIGHT if on_turn else theme.PANEL,
            radius=22,
            border=theme.ACCENT if on_turn else None,
            border_width=6,
        )
        canvas.element(f"player:{seat}", canvas.rect(x, y, width, height))
        inner = width - 40
        absent.badge(canvas, frame, seat, x + 20, y + 44, 46, max_width=inner)
        if on_turn:
            canvas.element(f"turn:{seat}", canvas.rect(x, y, width, height))
        # Intel: the count in words, then tokens against the Insider's target.
        count = intel[seat] if seat < len(intel) else 0
        canvas.text(
            frame.t("tv.insidejob.intel", count=count),
            x + 20,
            y + 100,
            30,
            TOKEN,
            "midleft",
            inner,
        )
        intel_pips(canvas, count, target, x + 20, y + 146, 15, inner)
        canvas.element(f"intel:{seat}:{count}", canvas.rect(x + 20, y + 80, inner, 84))
        # Cards in hand: a small stack of backs and the number.
        cards = hands[seat] if seat < len(hands) else 0
        for back in range(3):
            canvas.panel(
                x + 20 + back * 7, y + 186 - back * 4, 30, 42, theme.FAINT, 5, theme.BACKGROUND, 2
            )
        canvas.text(
            frame.t("tv.insidejob.one_card")
            if cards == 1
            else frame.t("insidejob.hand_size", count=cards),
            x + 76,
            y + 205,
            28,
            theme.TEXT,
            "midleft",
            inner - 60,
        )
        canvas.element(f"hand:{seat}:{cards}", canvas.rect(x + 20, y + 180, inner, 50))
        # Role, only once the public view shows it.
        role = revealed[seat] if seat < len(revealed) else None
        if role:
            canvas.panel(x + 14, y + 240, width - 28, 40, role_colour(role, turned=True), radius=12)
            canvas.text(
                frame.t(f"insidejob.role.{role}"),
                x + width / 2,
                y + 260,
                26,
                theme.ink_on(role_colour(role, turned=True)),
                "center",
                width - 40,
            )
            canvas.element(f"role:{seat}:{role}", canvas.rect(x + 14, y + 240, width - 28, 40))
        else:
            canvas.text(
                frame.t("tv.insidejob.hidden"), x + width / 2, y + 260, 24, theme.FAINT, "center"
            )
        # What they are doing now, or a standing fact about them.
        tag = ""
        if phase == PHASE_VOTE and seat in voters:
            tag = frame.t("tv.insidejob.tag.voted" if seat in voted else "tv.insidejob.tag.voting")
        elif on_turn:
            tag = status_short(frame, phase)
        elif seat == view.get("start") and phase in (PHASE_PLAY, PHASE_WAGER):
            tag = frame.t("tv.insidejob.tag.start")
        if tag:
            canvas.text(tag, x + width / 2, y + 304, 24, theme.ACCENT, "center", width - 30)


def status_short(frame: Frame, phase: str | None) -> str:
    return frame.t(f"tv.insidejob.tag.{phase}") if phase else ""


def name_under_card(
    canvas: Canvas, frame: Frame, seat: int, x: float, top: float, width: float
) -> bool:
    """The seat's shape and name under its place in the trick: one line, or, a long name
    that would be cut there (five players, sixteen letters), two at the smallest legible size.
    Returns whether it took two lines."""
    name = frame.name(seat)
    room = width - NAME_SIZE * 1.3
    pixels = canvas.px(theme.MIN_TEXT)
    if canvas.fonts.size(name, pixels)[0] <= room * canvas.scale or len(name) < 2:
        canvas.seat_badge(seat, name, x, top + 32, NAME_SIZE, max_width=width)
        return False
    canvas.seat_shape(seat, x + NAME_SIZE * 0.5, top + 46, NAME_SIZE * 0.5)
    for index, line in enumerate(two_lines(canvas, name, pixels, room * canvas.scale)):
        line_y = top + 32 + index * 28  # under a trump card's tag, as one line is
        canvas.text(line, x + NAME_SIZE * 1.3, line_y, theme.MIN_TEXT, theme.TEXT, "midleft", room)
    return True


def two_lines(canvas: Canvas, name: str, pixels: int, limit: float) -> tuple[str, str]:
    """A name in two lines: between its words (or after a hyphen) where the longer line is
    shortest; a word too long for a line is broken where the first line is full."""

    def widest(pair: tuple[str, str]) -> int:
        return max(canvas.fonts.size(part, pixels)[0] for part in pair)

    between = [(name[: i - 1], name[i:]) for i in range(1, len(name)) if name[i - 1] == " "]
    between += [(name[:i], name[i:]) for i in range(1, len(name)) if name[i - 1] == "-"]
    if between and widest(best := min(between, key=widest)) <= limit:
        return best
    cut = max(
        (i for i in range(1, len(name)) if canvas.fonts.size(name[:i], pixels)[0] <= limit),
        default=1,
    )
    return name[:cut], name[cut:].lstrip()
