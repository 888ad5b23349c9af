"""Who gets a WebSocket: the socket limit and the per-address churn guard, seats first.

A phone presenting the token of a seat always gets in, however many strangers are connected or
however fast one address opens and closes sockets; strangers wait or are refused first.

- Under both limits a socket enters at once (the Room sees it, it gets a ``state``).
- Over either, the socket is upgraded but held outside the Room until its first frame. A ``hello``
  with a seat's token enters at once, closing the oldest stranger (a phone without a seat, or a
  board) if the socket limit is full. Anything else is a stranger: with the socket limit full it is
  closed with 1013 (try again later); over the churn guard only, it waits for its address's turn
  (the bucket refills), and is closed with 1013 if none comes within ``admission_seconds``.
- Held sockets per address are few (``max_held_per_address``; more get 503 before the upgrade),
  so one address cannot hold the door shut for another.
- Strangers inside per address are capped too (``max_strangers_per_address``): past it a socket
  from that address is held like one over the limit (a seat's token still gets in). The churn
  guard only slows one guest device down; without this cap it could still fill every socket,
  and the next friend to arrive would find the door shut.

A socket that connects and closes again without entering never reaches the Room, so a flood of
connections does not become a flood of ``state`` messages on the seated phones.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import WSCloseCode, web

log = logging.getLogger("molecrew.gate")

TRY_AGAIN_LATER = WSCloseCode.TRY_AGAIN_LATER  # 1013: documented in docs/protocol.md
PRUNE_AT = 4096  # addresses remembered before the idle ones are forgotten


class TokenBucket:
    """``take()`` is False once the burst is spent; it refills at ``rate`` per second."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def refilled(self) -> bool:
        """Whether the whole burst is back (the bucket is then as good as a new one)."""
        self._refill()
        return self.tokens >= self.burst

    def seconds_to_next(self) -> float:
        self._refill()
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


def knows_token(room: Any, token: str) -> bool:
    """Whether ``token`` is a seat's, checked against every seat in constant time each."""
    own = getattr(room, "knows_token", None)
    if own is not None:
        return bool(own(token))
    wanted = token.encode("utf-8", "replace")
    found = False
    for player in room.players:
        found |= secrets.compare_digest(player.token.encode(), wanted)
    return found


class Gate:
    """The sockets that entered, oldest first, and the ones held at the door, per address."""

    def __init__(
        self,
        *,
        max_sockets: int,
        churn_rate: float,
        churn_burst: int,
        max_held_per_address: int,
        admission_seconds: float,
        max_strangers_per_address: int = 30,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_sockets = max_sockets
        self.churn_rate, self.churn_burst = churn_rate, churn_burst
        self.max_held_per_address = max_held_per_address
        self.admission_seconds = admission_seconds
        self.max_strangers_per_address = max_strangers_per_address
        self.clock = clock
        # socket -> its remote address, and a function telling whether it is a stranger (no
        # seat) right now
        self.inside: dict[web.WebSocketResponse, tuple[str, Callable[[], bool]]] = {}
        self.held: Counter[str] = Counter()
        self._closing: set[asyncio.Future[Any]] = set()  # closes under way (kept referenced)
        self._buckets: dict[str, TokenBucket] = {}
        self._prune_at = PRUNE_AT

    def _bucket(self, address: str) -> TokenBucket:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) > self._prune_at:  # forget addresses whose burst is back
                self._buckets = {a: b for a, b in self._buckets.items() if not b.refilled()}
                self._prune_at = max(PRUNE_AT, 2 * len(self._buckets))  # amortised: no rescans
            bucket = self._buckets[address] = TokenBucket(
                self.churn_rate, self.churn_burst, self.clock
            )
        return bucket

    def full(self) -> bool:
        return len(self.inside) >= self.max_sockets

    def crowded(self, address: str) -> bool:
        """Whether the address has as many strangers inside as it may."""
        limit = self.max_strangers_per_address
        count = 0
        for held_by, stranger in self.inside.values():
            if held_by == address and stranger():
                count += 1
                if count >= limit:
                    return True
        return False

    def may_enter_at_once(self, address: str) -> bool:
        """Under the socket limit, the address's share and the churn guard (spends one of the
        address's turns)."""
        return not self.full() and not self.crowded(address) and self._bucket(address).take()

    def may_hold(self, address: str) -> bool:
        return self.held[address] < self.max_held_per_address

    def hold(self, address: str) -> None:
        self.held[address] += 1

    def release(self, address: str) -> None:
        self.held[address] -= 1
        if self.held[address] <= 0:
            del self.held[address]

    async def let_in(self, address: str, seated: bool) -> bool:
        """May a held socket enter? A seat at once; a stranger when its address's turn comes."""
        if seated:
            self._bucket(address).take()  # counts toward the churn all the same
            if self.full():
                self._make_room()
            return True
        bucket = self._bucket(address)
        deadline = self.clock() + self.admission_seconds
        while not self.full() and not self.crowded(address):
            if bucket.take():
                return True
            wait = min(bucket.seconds_to_next(), deadline - self.clock())
            if wait <= 0:
                return False
            await asyncio.sleep(wait)
        return False

    def enter(
        self, ws: web.WebSocketResponse, address: str, is_stranger: Callable[[], bool]
    ) -> None:
        self.inside[ws] = address, is_stranger

    def leave(self, ws: web.WebSocketResponse) -> None:
        self.inside.pop(ws, None)

    def _make_room(self) -> None:
        oldest = next((ws for ws, (_, stranger) in self.inside.items() if stranger()), None)
        if oldest is None:
            return  # every socket is a seat's: a table is small, let this one in too
        log.info("closing the oldest socket without a seat to let a seated phone in")
        self.inside.pop(oldest)
        self.close_soon(oldest, TRY_AGAIN_LATER, b"room for a seat")

    def close_soon(self, ws: web.WebSocketResponse, code: int, message: bytes) -> None:
        """Close ``ws`` without waiting for it (the close is kept referenced until done)."""
        closing = asyncio.ensure_future(ws.close(code=code, message=message))
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)
