"""Who sits at the table: players, their secret tokens, the phones holding them, and the claims of
phones that want a disconnected seat back by its name.

A seat belongs to its player. A phone gets it with the seat's token; a phone that lost its token
may ask for it by name, and the table (the leader's phone or a host key) decides.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from host.i18n import normalise_language
from host.outgoing import encode, private_text

TOKEN_BYTES = 32  # secrets.token_urlsafe(32): 43 characters, 256 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Connection:
    """One phone WebSocket as the Room sees it. The server subclasses it to really send."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = normalise_language(lang)
        # Every seat this phone holds, in seat order: one for a personal phone, several for a
        # phone passed around the table.
        self.seats: list[Player] = []
        # The seat it shows and acts for now: a personal phone's seat; on a shared phone the one
        # holding it (None while the "pass the phone" curtain is up).
        self.player: Player | None = None
        self.claim: Claim | None = None  # this phone asks for a seat by name
        self.waiting_for: Player | None = None  # its token's seat is held by another phone
        self.waiting_tokens: list[str] = []  # a shared phone waiting: all the tokens it keeps
        self.member: Any = None  # its place in the audience (host.audience.Member), if any
        self.address = ""  # where it connects from (the server sets it): limits by device
        self.kept_seat = False  # its token is a seat of the interrupted game on offer
        # The room part of the last state frame it was sent: a frame whose room part is that
        # very text may leave it out (host/outgoing.py, Change).
        self.room_seen: str | None = None

    @property
    def shared(self) -> bool:
        return len(self.seats) > 1

    @property
    def stranger(self) -> bool:
        """A phone that holds no seat (it watches; over a limit it is the first to go)."""
        return not self.seats

    def send_text(self, text: str) -> None:
        """Queue one text frame; never blocks, never raises."""
        raise NotImplementedError

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_private(self, message: dict[str, Any]) -> None:
        """A frame for this phone alone, padded so its size tells nothing (see outgoing.py)."""
        self.send_text(private_text(message))

    def probe(self) -> None:
        """Check that the phone is still there; a dead one is disconnected soon after.
        (The server pings it; the base class has nobody to ask.)"""


@dataclass(eq=False)
class Player:
    name: str
    token: str
    lang: str = "en"
    conn: Connection | None = None
    bot: bool = False  # the host lets a bot play this seat while it is disconnected
    bot_seat: bool = False  # nobody's: a bot the leader added to fill the table
    removed: bool = False  # the leader removed the player mid-game: a bot ends the game
    idle: bool = False  # ran out of time twice in a row: a bot plays until the player acts
    timeouts: int = 0  # the clock ran out on this seat this many steps in a row
    seen_deal: bool = False  # on a shared phone: has held it since the deal (to read the role)
    look: int | None = None  # its colour and shape on the screens, kept all evening (give_looks)
    # A latecomer's device (its phone's address when it joined or last came back; "" after a
    # restart, not kept): one device has only a few latecomers waiting (host/seating.py).
    address: str = ""

    @property
    def connected(self) -> bool:
        return self.conn is not None

    @property
    def covered(self) -> bool:
        """Whether a bot plays this seat now."""
        return self.bot_seat or self.removed or self.idle or (self.bot and not self.connected)

    def to_json(self) -> dict[str, Any]:
        """What the room file keeps of the seat (never sent to a phone: it holds the token)."""
        return {
            "name": self.name,
            "token": self.token,
            "lang": self.lang,
            "bot": self.bot,
            "bot_seat": self.bot_seat,
            "removed": self.removed,
            "idle": self.idle,
            "look": self.look,
        }

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Player:
        return cls(
            name=str(record["name"]),
            token=str(record["token"]),
            lang=normalise_language(record.get("lang")),
            bot=bool(record.get("bot", False)),
            bot_seat=bool(record.get("bot_seat", False)),
            removed=bool(record.get("removed", False)),
            idle=bool(record.get("idle", False)),
            look=record["look"] if isinstance(record.get("look"), int) else None,
        )


# As many colour-and-shape pairs as the screens have (host/tv/theme.py, board/pieces.js).
LOOKS = 10


def give_looks(players: list[Player]) -> None:
    """Every seated player a look of its own, kept while it stays seated: a seat that leaves
    between games frees its look, and the players after it keep theirs as their seat numbers
    move up. Newcomers take the first free look (a room file from before looks: seat order)."""
    taken: set[int] = set()
    for player in players:
        if player.look is not None and 0 <= player.look < LOOKS and player.look not in taken:
            taken.add(player.look)
        else:
            player.look = None
    free = iter([look for look in range(LOOKS) if look not in taken])
    for seat, player in enumerate(players):
        if player.look is None:
            player.look = next(free, seat % LOOKS)


@dataclass(eq=False)
class Claim:
    """A phone asking for ``player``'s seat by name; nothing of the seat reaches it until the
    table approves."""

    id: int
    player: Player
    conn: Connection = field(repr=False)
    # Shown large on the claimant's phone and beside the claim on every screen: the table lets
    # in the claim whose phone shows it (two claims on one seat look alike otherwise; QA).
    code: int = 0


# Names for the bots a leader adds to fill seats: short, friendly, unlike anyone's real name.
BOT_NAMES = ("Robo", "Beep", "Chip", "Dot", "Widget", "Gizmo", "Pixel", "Sprocket", "Bolt", "Zip")


def find_by_token(players: list[Player], token: str) -> Player | None:
    """The seat holding ``token``. Every seat is compared, each in constant time, so the time
    taken tells nothing about any token."""
    found = None
    probe = token.encode("utf-8", "surrogatepass")
    for player in players:
        if secrets.compare_digest(player.token.encode(), probe):
            found = player
    return found
