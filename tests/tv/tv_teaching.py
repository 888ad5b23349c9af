"""Helpers of the tutorial tests: a real Room in the lobby whose tutorial the TV window plays,
the TV's reports run on the Room at once (the real binding, ``room_teacher``, with a direct call
instead of the server loop's ``call_soon_threadsafe``), and a fake clock."""

from __future__ import annotations

from collections.abc import Iterator

from host import teaching
from host.room import Room
from host.seats import Connection, Player, new_token
from host.tv.tutorial.keys import room_teacher
from host.tv.window import HostKeys, TvWindow

LONG_NAMES = [
    "Ana",
    "Bruno Maximiliano",
    "Carla",
    "Diego Alejandro",
    "Élodie",
    "Fátima Guadalupe",
    "João",
    "Ñuño Bartolomé",
    "Zoë",
    "Kwame Nkrumah Jr",
]


class FakeClock:
    """Time for the window: ``sleep`` moves it on at once, so minutes of play take no time."""

    def __init__(self) -> None:
        self.time = 1000.0

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += seconds


class Phone(Connection):
    """A phone that keeps what it is sent (the tests only need it to exist)."""

    def __init__(self) -> None:
        super().__init__("en")
        self.frames: list[str] = []

    def send_text(self, text: str) -> None:
        self.frames.append(text)


def lobby_room(game: str = "mole", variants: list[str] | None = None, players: int = 0) -> Room:
    room = Room(game=game, variants=list(variants or []))
    for name in LONG_NAMES[:players]:
        phone = Phone()
        player = Player(name=name, token=new_token(), conn=phone)
        phone.seats, phone.player = [player], player
        room.players.append(player)
    return room


def tried_flap(room: Room, seat: int) -> None:
    """The seat's phone says its player tried the practice flap (the host's own handler)."""
    player = room.players[seat]
    assert player.conn is not None
    teaching.on_tried_flap(room, player.conn, {"type": "tried_flap"})


def tutorial_window(
    room: Room, clock: FakeClock, lang: str = "en", size: tuple[int, int] = (640, 360)
) -> TvWindow:
    """A window on the dummy driver following ``room``, its reports and keys bound to it."""
    window = TvWindow(lang, size=size, sound=False, now=clock.now, sleep=clock.sleep)
    notices: list[str] = []
    window.keys = HostKeys(teach=room_teacher(room, lambda work: work(), notices.append, lang))
    window.refusals = notices  # type: ignore[attr-defined]
    room.subscribe_public(window.post)
    return window


def through_beats(room: Room, window: TvWindow, chapters: list, moments) -> Iterator[tuple]:
    """Show each chapter on ``window`` in turn, the director's clock moved to each of
    ``moments(start, beat)`` (seconds into the chapter) of every beat; yields ``(index,
    chapter, number, beat, last)`` at each, ``last`` at a beat's last moment."""
    for index, chapter in enumerate(chapters):
        room.tutorial.index = index
        room.broadcast()
        window.drain()
        window.director.update(0.0)
        at = 0.0
        for number, beat in enumerate(chapter.beats):
            times = moments(chapter.beat_start(number), beat)
            for count, t in enumerate(times, start=1):
                window.director.update(t - at)
                at = t
                yield index, chapter, number, beat, count == len(times)
