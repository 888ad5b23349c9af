"""The lobby: the QR code and address to join, the players as they arrive, the games they can
play, the options chosen, and an interrupted game on offer.

Each game's player counts come from the engine's registry; who is a bot, who shares a phone and
who was removed come from the public room part, like everything else here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.registry import get_game
from host.qr import qr_matrix
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene


@lru_cache(maxsize=4)
def _matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(row) for row in qr_matrix(url))


GLOW_SECONDS = 1.5  # a newcomer's row lights up, then fades
ROW_TOP, ROW_STEP = 290, 82  # the players' rows, five to a column


@lru_cache(maxsize=8)
def player_range(game: str) -> tuple[int, int] | None:
    """The fewest and most players a game takes (None for a game this engine does not know)."""
    try:
        rules = get_game(game)
    except Exception:  # an unknown name: the lobby lists only what it can describe
        return None
    return int(rules.min_players), int(rules.max_players)


def seat_tags(frame: Frame, entry: dict[str, Any]) -> list[str]:
    """The words under a lobby name: leader, bot, shared phone, removed, offline."""
    tags = []
    if entry.get("leader"):
        tags.append(frame.t("tv.lobby.leader"))
    if entry.get("bot_seat"):
        tags.append(frame.t("tv.seat.bot_seat"))
    if entry.get("phone") is not None:
        tags.append(frame.t("tv.lobby.phone", number=entry["phone"]))
    if entry.get("removed"):
        tags.append(frame.t("tv.seat.removed"))
    elif not entry.get("connected", True) and not entry.get("bot_seat"):
        tags.append(frame.t("tv.offline"))
    return tags


class LobbyScene(Scene):
    def __init__(self) -> None:
        self.known: set[str] | None = None  # names seen so far; None before the first message
        self.arrived: dict[str, float] = {}  # name -> when it first appeared

    def receive(self, frame: Frame) -> None:
        names = {str(s.get("name", "")) for s in frame.seats()}
        if self.known is not None:
            for name in names - self.known:
                self.arrived[name] = frame.now
        self.known = names

    def animating(self, frame: Frame) -> bool:
        # True until the glow is over, also when still: the frame after it must be drawn.
        return any(frame.now - at < GLOW_SECONDS for at in self.arrived.values())

    def draw(self, canvas: Canvas, frame: Frame) -> None:
        room = frame.room
        canvas.text(frame.t(f"{frame.game}.name"), 80, 44, 72, theme.ACCENT, max_width=1100)
        canvas.text(frame.t("tv.tagline"), 1840, 70, 34, theme.MUTED, "topright", max_width=700)
        self._join(canvas, frame, str(room.get("join_url") or ""))
        self._players(canvas, frame)
        if room.get("resumable"):
            self._resumable(canvas, frame, room["resumable"])
        else:
            self._games(canvas, frame)
            self._status(canvas, frame)

    def _join(self, canvas: Canvas, frame: Frame, url: str) -> None:
        canvas.panel(80, 170, 820, 870, theme.PANEL, radius=32)
        canvas.text(frame.t("tv.lobby.scan"), 490, 190, 48, anchor="midtop", max_width=760)
        if url:
            canvas.panel(200, 254, 580, 580, theme.WHITE, radius=18)
            canvas.qr([list(row) for row in _matrix(url)], 214, 268, 552)
        # The QR code carries the host key in the fragment; a typed address never does (too
        # long to type: the page then shows the host code to compare with the one below).
        address = url.split("#", 1)[0].removeprefix("http://")
        canvas.text(frame.t("tv.lobby.or_type"), 490, 846, 28, theme.MUTED, "midtop", 780)
        canvas.text(address, 490, 880, 50, theme.TEXT, "midtop", 780)
        y = 942
        if frame.local_url:
            local = frame.local_url.removeprefix("http://")
            canvas.text(
                frame.t("tv.lobby.local", url=local), 490, y, 26, theme.MUTED, "midtop", 780
            )
            y += 36
        if address:
            board = frame.t("tv.lobby.board", url=address)
            canvas.text(board, 490, y, 28, theme.ACCENT, "midtop", 780)
            canvas.element("board_url", canvas.rect(100, y, 780, 34))
        if frame.fingerprint:
            code = frame.t("tv.lobby.fingerprint", code=frame.fingerprint)
            canvas.text(code, 490, 1046, 26, theme.MUTED, "midtop", 780)
            canvas.element("fingerprint", canvas.rect(100, 1046, 780, 30))

    def _players(self, canvas: Canvas, frame: Frame) -> None:
        room = frame.room
        seats = frame.seats()
        most = int(room.get("max_players") or 10)
        canvas.panel(960, 170, 880, 870, theme.PANEL, radius=32)
        canvas.text(
            frame.t("tv.lobby.players", count=len(seats), max=most), 1000, 190, 44, max_width=510
        )
        watching = []
        spectators = int(room.get("spectators") or 0)
        if spectators:
            watching.append(frame.t("tv.lobby.spectators", count=spectators))
        audience = int(room.get("audience") or 0)
        if audience:
            watching.append(frame.t("tv.lobby.audience", count=audience))
        for line, words in enumerate(watching):  # one line each: they never crowd the count
            canvas.text(words, 1810, 186 + line * 32, 26, theme.MUTED, "topright", 290)
        if not seats:
            canvas.text(frame.t("tv.lobby.nobody"), 1400, 420, 40, theme.MUTED, "midtop", 800)
        for index, entry in enumerate(seats[:10]):
            column, row = divmod(index, 5)
            x, y = 1000 + column * 420, ROW_TOP + row * ROW_STEP
            seat = int(entry.get("seat", index))
            present = entry.get("connected", True) or entry.get("bot_seat")
            arrived = self.arrived.get(str(entry.get("name", "")))
            since = GLOW_SECONDS if arrived is None else frame.now - arrived
            if since < GLOW_SECONDS:
                fading = 0.0 if frame.still else since / GLOW_SECONDS
                glow = theme.mix(theme.ACCENT, theme.PANEL, fading)
                canvas.panel(x - 14, y - 34, 404, 70, glow, radius=18)
                canvas.element(f"arrived:{seat}", canvas.rect(x - 14, y - 34, 404, 70))
            canvas.seat_badge(
                seat,
                str(entry.get("name", "")),
                x,
                y,
                50,
                theme.TEXT if present and not entry.get("removed") else theme.FAINT,
                max_width=390,
            )
            tags = seat_tags(frame, entry)
            if tags:
                canvas.text(" · ".join(tags), x + 66, y + 24, 24, theme.ACCENT, max_width=320)
                canvas.element(f"tags:{seat}:{','.join(tags)}", canvas.rect(x, y, 390, 40))

    def _games(self, canvas: Canvas, frame: Frame) -> None:
        """Both games with the players each needs, and which the table can play now."""
        room = frame.room
        count = len(frame.seats())
        ready = []
        y = 712
        for name in room.get("games") or []:
            span = player_range(str(name))
            if span is None:
                continue
            least, most = span
            chosen = name == room.get("game")
            title = frame.t(f"{name}.name")
            if least <= count <= most:
                state, colour = frame.t("tv.lobby.game_ready"), theme.GOOD
                ready.append(title)
            elif count < least:
                missing = least - count
                key = "tv.lobby.game_needs_one" if missing == 1 else "tv.lobby.game_needs"
                state, colour = frame.t(key, count=missing), theme.MUTED
            else:
                state, colour = frame.t("tv.lobby.game_too_many", max=most), theme.MUTED
            players = frame.t("tv.lobby.game_range", min=least, max=most)
            mark = "▶ " if chosen else "   "
            canvas.text(
                f"{mark}{title} · {players}", 1000, y, 30, theme.TEXT if chosen else theme.MUTED,
                max_width=560,
            )  # fmt: skip
            canvas.text(state, 1810, y, 30, colour, "topright", 230)
            canvas.element(f"game:{name}:{'ready' if colour == theme.GOOD else 'not'}",
                           canvas.rect(1000, y, 810, 36))  # fmt: skip
            y += 42
        if len(ready) > 1:
            line = frame.t("tv.lobby.ready_all")
        elif ready:
            line = frame.t("tv.lobby.ready_one", game=ready[0])
        else:
            line = ""
        if line:
            canvas.text(line, 1000, y + 2, 28, theme.GOOD, max_width=810)

    def _status(self, canvas: Canvas, frame: Frame) -> None:
        room = frame.room
        seats = frame.seats()
        most = int(room.get("max_players") or 10)
        least = int(room.get("min_players") or 5)
        variants = [frame.t(f"{frame.game}.variant.{v}") for v in room.get("variants") or []]
        options = ", ".join(variants) if variants else frame.t("tv.lobby.classic")
        canvas.text(
            frame.t("tv.lobby.options", options=options), 1000, 842, 28, theme.MUTED, max_width=810
        )
        missing = least - len(seats)
        can_start = bool(room.get("can_start"))
        if can_start:
            leader = next((s.get("name", "") for s in seats if s.get("leader")), "")
            status, colour = frame.t("tv.lobby.can_start", name=leader), theme.ACCENT
        elif missing > 0:
            key = "tv.lobby.waiting_one" if missing == 1 else "tv.lobby.waiting"
            status, colour = frame.t(key, count=missing), theme.TEXT
        elif len(seats) > most:
            status, colour = frame.t("tv.lobby.too_many", max=most), theme.BAD
        elif misfit := room.get("misfit"):  # the count suits the game, not this option
            option = frame.t(f"{frame.game}.variant.{misfit['variant']}")
            words = frame.t("tv.lobby.option_misfit", option=option, **misfit)
            status, colour = words, theme.BAD
        else:  # nor the options chosen together
            status, colour = frame.t("tv.lobby.options_misfit"), theme.BAD
        canvas.wrapped(status, 1000, 884, 40, 810, colour, max_lines=2)
        if can_start:
            canvas.text(frame.t("tv.lobby.host_start"), 1000, 994, 26, theme.MUTED, max_width=810)

    def _resumable(self, canvas: Canvas, frame: Frame, saved: dict[str, Any]) -> None:
        """An interrupted game on offer: said in large type where the games and status go."""
        canvas.panel(980, 700, 840, 320, theme.PANEL_LIGHT, radius=24, border=theme.ACCENT)
        bottom = canvas.wrapped(
            frame.t("tv.lobby.interrupted"), 1010, 724, 52, 780, theme.ACCENT, max_lines=3
        )
        names = ", ".join(str(name) for name in saved.get("names") or [])
        game = frame.t(f"{saved.get('game') or frame.game}.name")
        canvas.wrapped(
            frame.t("tv.lobby.interrupted_with", game=game, names=names),
            1010,
            bottom + 10,
            30,
            780,
            theme.TEXT,
            max_lines=2,
        )
        canvas.element("resumable", canvas.rect(980, 700, 840, 320))
