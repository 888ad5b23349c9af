"""The lobby: the QR code and address to join, the players as they arrive, the options chosen."""

from __future__ import annotations

from functools import lru_cache

from host.qr import qr_matrix
from host.tv import theme
from host.tv.draw import Canvas
from host.tv.frame import Frame
from host.tv.scene import Scene


@lru_cache(maxsize=4)
def _matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(row) for row in qr_matrix(url))


GLOW_SECONDS = 1.5  # a newcomer's row lights up, then fades


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

    def _join(self, canvas: Canvas, frame: Frame, url: str) -> None:
        canvas.panel(80, 170, 820, 870, theme.PANEL, radius=32)
        canvas.text(frame.t("tv.lobby.scan"), 490, 196, 52, anchor="midtop", max_width=760)
        if url:
            canvas.panel(175, 280, 630, 630, theme.WHITE, radius=18)
            canvas.qr([list(row) for row in _matrix(url)], 190, 295, 600)
        canvas.text(frame.t("tv.lobby.or_type"), 490, 922, 30, theme.MUTED, "midtop", 760)
        canvas.text(url.removeprefix("http://"), 490, 962, 54, theme.TEXT, "midtop", 780)
        if frame.local_url:
            canvas.text(
                frame.t("tv.lobby.local", url=frame.local_url.removeprefix("http://")),
                490,
                1048,
                26,
                theme.FAINT,
                "midtop",
                780,
            )

    def _players(self, canvas: Canvas, frame: Frame) -> None:
        room = frame.room
        seats = frame.seats()
        most = int(room.get("max_players") or 10)
        least = int(room.get("min_players") or 5)
        canvas.panel(960, 170, 880, 870, theme.PANEL, radius=32)
        canvas.text(
            frame.t("tv.lobby.players", count=len(seats), max=most), 1000, 196, 48, max_width=800
        )
        if not seats:
            canvas.text(frame.t("tv.lobby.nobody"), 1400, 420, 40, theme.MUTED, "midtop", 800)
        for index, entry in enumerate(seats[:10]):
            column, row = divmod(index, 5)
            x, y = 1000 + column * 420, 310 + row * 86
            seat = int(entry.get("seat", index))
            connected = entry.get("connected", True)
            arrived = self.arrived.get(str(entry.get("name", "")))
            since = GLOW_SECONDS if arrived is None else frame.now - arrived
            if since < GLOW_SECONDS:
                fading = 0.0 if frame.still else since / GLOW_SECONDS
                glow = theme.mix(theme.ACCENT, theme.PANEL, fading)
                canvas.panel(x - 14, y - 36, 404, 72, glow, radius=18)
                canvas.element(f"arrived:{seat}", canvas.rect(x - 14, y - 36, 404, 72))
            canvas.seat_badge(
                seat,
                str(entry.get("name", "")),
                x,
                y,
                52,
                theme.TEXT if connected else theme.FAINT,
                max_width=390,
            )
            tags = []
            if entry.get("leader"):
                tags.append(frame.t("tv.lobby.leader"))
            if not connected:
                tags.append(frame.t("tv.offline"))
            if tags:
                canvas.text(" · ".join(tags), x + 68, y + 26, 24, theme.ACCENT, max_width=320)
        variants = [frame.t(f"{frame.game}.variant.{v}") for v in room.get("variants") or []]
        options = ", ".join(variants) if variants else frame.t("tv.lobby.classic")
        canvas.text(
            frame.t("tv.lobby.options", options=options), 1000, 760, 34, theme.MUTED, max_width=800
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
        else:  # the count is fine for the game but not for the options chosen
            status, colour = frame.t("tv.lobby.options_misfit"), theme.BAD
        canvas.wrapped(status, 1000, 830, 46, 800, colour, max_lines=2)
        if can_start:
            canvas.text(frame.t("tv.lobby.host_start"), 1000, 960, 28, theme.MUTED, max_width=800)
        spectators = int(room.get("spectators") or 0)
        if spectators:
            canvas.text(
                frame.t("tv.lobby.spectators", count=spectators),
                1800,
                200,
                28,
                theme.MUTED,
                "topright",
                400,
            )
