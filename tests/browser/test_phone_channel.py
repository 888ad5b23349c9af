"""The private channel in real Chromium, seen from the Wi-Fi: a recording relay between the phones
and the host (what a laptop with the party's Wi-Fi password could capture).

Whole games of Mole in the Crew and Inside Job are played through the page over the relay: no
token, name, role, card or Getaway mark crosses readable, and every frame from a phone has one
length. A byte flipped either way closes that socket and the phone comes back by itself; a frame
sent twice is refused and the socket stays. The relay reads the phone WebSockets frame by frame
(RFC 6455, client frames unmasked) and takes the compression offer out of the upgrade request, so
what is checked is what the channel made of each frame, not what deflate made of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from host.channel import HELLO_BYTES, OVERHEAD, REPLY_BYTES, TAMPERED, key_text
from host.server import FINGERPRINT_KEY, HOST_KEY

TEXT, BINARY, CLOSE = 1, 2, 8
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# Long enough that no ciphertext holds one by chance (three letters would, now and then).
NAMES = ["Anabela", "Bartolomeu", "Cristiano", "Dorotea", "Estevao"]
PHONE_FRAME = 256 + OVERHEAD  # every message the page sends, padded, then sealed


@dataclass
class Link:
    """One TCP connection through the relay; for a phone WebSocket, its frames both ways."""

    request: str = ""
    websocket: bool = False
    up: list[tuple[int, bytes]] = field(default_factory=list)  # (opcode, payload) phone -> host
    down: list[tuple[int, bytes]] = field(default_factory=list)  # host -> phone
    closed: bool = False
    # Armed by the test thread, done by the relay's loop: on the next data frame that way.
    flip_up: bool = False
    flip_down: bool = False
    replay_up: bool = False

    def data(self, way: str) -> list[bytes]:
        return [payload for op, payload in getattr(self, way) if op in (TEXT, BINARY)]

    def close_code(self, way: str) -> int | None:
        codes = [int.from_bytes(p[:2], "big") for op, p in getattr(self, way) if op == CLOSE and p]
        return codes[0] if codes else None


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.links: list[Link] = []
        self.server: asyncio.AbstractServer | None = None
        self.port = 0
        self.tasks: set[asyncio.Task[None]] = set()

    @property
    def phone_links(self) -> list[Link]:
        return [link for link in self.links if link.websocket]

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _serve(self, phone_r: asyncio.StreamReader, phone_w: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        host_r, host_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        link = Link()
        self.links.append(link)
        try:
            await asyncio.gather(
                self._pipe(phone_r, host_w, link, "up"), self._pipe(host_r, phone_w, link, "down")
            )
        finally:
            link.closed = True
            for writer in (phone_w, host_w):
                writer.close()

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link, way: str
    ) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            if way == "up":
                link.request = head.split(b"\r\n", 1)[0].decode("latin-1")
                link.websocket = link.request.startswith("GET /ws ")
                if link.websocket:
                    head = b"".join(
                        line
                        for line in head.splitlines(keepends=True)
                        if not line.lower().startswith(b"sec-websocket-extensions:")
                    )
            writer.write(head)
            if not link.websocket:  # the page's files: passed on as they come
                while chunk := await reader.read(65536):
                    writer.write(chunk)
                    await writer.drain()
                return
            while True:
                raw, opcode, payload = await _read_frame(reader)
                getattr(link, way).append((opcode, payload))
                data = opcode in (TEXT, BINARY)
                if data and getattr(link, f"flip_{way}"):
                    setattr(link, f"flip_{way}", False)
                    raw = raw[:-1] + bytes([raw[-1] ^ 0x01])
                writer.write(raw)
                if data and way == "up" and link.replay_up:
                    link.replay_up = False
                    writer.write(raw)  # the very same bytes again, as an attacker would
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()


async def _read_frame(reader: asyncio.StreamReader) -> tuple[bytes, int, bytes]:
    head = await reader.readexactly(2)
    opcode, masked, length = head[0] & 0x0F, head[1] & 0x80, head[1] & 0x7F
    extended = b""
    if length == 126:
        extended = await reader.readexactly(2)
    elif length == 127:
        extended = await reader.readexactly(8)
    if extended:
        length = int.from_bytes(extended, "big")
    mask = await reader.readexactly(4) if masked else b""
    body = await reader.readexactly(length)
    payload = bytes(b ^ mask[i % 4] for i, b in enumerate(body)) if masked else body
    return head + extended + mask + body, opcode, payload


# ------------------------------------------------------------------------ fixtures


class Wifi:
    """The relay in front of the host, and phones that open the page through it."""

    def __init__(self, browser: Any, host: Any, relay: Relay) -> None:
        self.browser, self.host, self.relay = browser, host, relay
        self.contexts: list[Any] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.relay.port}/"

    @property
    def qr_fragment(self) -> str:
        return f"#k={key_text(self.host.app[HOST_KEY].public)}"

    def phone(self, fragment: str | None = None, online: bool = True) -> tuple[Page, Link]:
        """A phone on the page from the QR code (the host key in the fragment; ``fragment=""``
        for a typed address) and, once it is online, its socket through the relay."""
        context = self.browser.new_context(**PHONE, locale="en")
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        before = len(self.relay.phone_links)
        page.goto(self.url + (self.qr_fragment if fragment is None else fragment))
        if not online:
            return page, Link()
        expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
        return page, self.relay.phone_links[before]

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def wifi(browser: Any, host: Any) -> Iterator[Wifi]:
    relay = Relay(host.port)
    asyncio.run_coroutine_threadsafe(relay.start(), host.loop).result(timeout=10)
    running = Wifi(browser, host, relay)
    try:
        yield running
    finally:
        running.close()
        asyncio.run_coroutine_threadsafe(relay.stop(), host.loop).result(timeout=10)


# ------------------------------------------------------------------------ what crossed


def assert_nothing_readable(wifi: Wifi, words: list[str]) -> None:
    """No token, name or game word in any phone frame either way; each frame's shape right."""
    tokens = wifi.host.call(lambda room: [player.token for player in room.players])
    secrets = [token.encode() for token in tokens]
    secrets += [json.dumps(word).encode() for word in words]  # as JSON would carry them
    links = wifi.relay.phone_links
    assert links, "the phones' sockets went through the relay"
    public = wifi.host.app[HOST_KEY].public
    for link in links:
        up, down = link.data("up"), link.data("down")
        assert all(op != TEXT for op, _ in link.up + link.down), "no frame is plain text"
        assert len(up[0]) == HELLO_BYTES and up[0][0] == 1
        assert len(down[0]) == REPLY_BYTES and down[0][1:33] == public
        everything = b"".join(up + down)
        for secret in secrets:
            assert secret not in everything, f"{secret!r} crossed readable"
        lengths = {len(frame) for frame in up[1:]}
        assert lengths <= {PHONE_FRAME}, f"phone frames of lengths {lengths}"
    assert sum(len(link.data("up")) for link in links) > 20, "the phones did send their moves"


def game_words(host: Any) -> list[str]:
    roles = host.call(lambda room: sorted(set(room.state.roles)))
    keys = ["type", "token", "role", "hand", "card", "mark", "target", "action", "state", "view"]
    return [*NAMES, *roles, *keys, "clean", "sabotage", "welcome"]


# ------------------------------------------------------------------------ whole games


def phase_of(page: Page) -> str:
    return page.get_by_test_id("step").get_attribute("data-phase") or ""


def all_left(pages: list[Page], phase: str) -> None:
    for page in pages:
        expect(page.get_by_test_id("step")).not_to_have_attribute("data-phase", phase)


def play_mole(pages: list[Page], host: Any, kit: Any) -> None:
    """Every proposal approved; the first Mole on a team sabotages once; marks under the flap."""
    by_seat = {kit.seat_of(page): page for page in pages}
    roles = host.call(lambda room: list(room.state.roles))
    sabotaged = False
    for _ in range(40):
        phase = phase_of(pages[0])
        if phase == "over":
            return
        view = host.call(lambda room: room.public_view())
        if phase == "propose":
            size = view["locks"][view["lock"]]["team_size"]
            kit.propose(kit.the_boss(pages), list(range(size)))
            kit.all_at(pages, "vote")
        elif phase == "vote":
            kit.vote_all(pages, approve=True)
            all_left(pages, "vote")
        elif phase == "cards":
            for seat in view["team"]:
                mole = roles[seat] in ("mole", "snitch")
                card = "card-sabotage" if mole and not sabotaged else "card-clean"
                kit.in_flap(by_seat[seat], card)
                sabotaged = sabotaged or mole
            all_left(pages, "cards")
        elif phase == "getaway":
            for seat, page in sorted(by_seat.items()):
                cdp = kit.hold_flap(page)
                choice = f"mark-{(seat + 1) % len(pages)}"
                kit.tap_held(page, cdp, choice)
                expect(page.get_by_test_id(choice)).to_have_attribute("aria-pressed", "true")
                kit.tap_held(page, cdp, "mark-confirm")
                kit.release_flap(cdp)
            kit.all_at(pages, "over")
        else:
            raise AssertionError(f"unexpected phase {phase}")
    raise AssertionError("the game did not end")


def play_inside_job(pages: list[Page]) -> None:
    """Whoever's phone says it may act: the first mission, the last card it may play, a vote."""
    for _ in range(200):
        phase = phase_of(pages[0])
        if phase == "over":
            return
        acting = [
            p for p in pages if p.get_by_test_id("step").get_attribute("data-can-act") == "true"
        ]
        assert acting, f"someone has something to do in phase {phase}"
        page = acting[0]
        before = page.get_by_test_id("step").get_attribute("data-progress") or ""
        if phase == "mission":
            page.get_by_test_id("mission-0").click()
        elif phase == "play":
            card = page.get_by_test_id("hand").locator('button[data-playable="true"]').last
            card.evaluate("(node) => node.scrollIntoView({block: 'center'})")
            card.click(force=True)
        elif phase == "vote":
            page.get_by_test_id("vote-picker-0").locator("button").first.click()
            page.get_by_test_id("vote-submit").click()
        else:
            raise AssertionError(f"unexpected phase {phase}")
        expect(page.get_by_test_id("step")).not_to_have_attribute("data-progress", before)
        # Every phone has the new step before anyone's "may act" is read (the acting phone's
        # frame can arrive before the others').
        after = page.get_by_test_id("step").get_attribute("data-progress") or ""
        if phase_of(page) != "over":
            for other in pages:
                expect(other.get_by_test_id("step")).to_have_attribute("data-progress", after)
    raise AssertionError("the game did not end")


def test_a_whole_mole_game_crosses_unreadable(wifi: Wifi, host: Any, kit: Any) -> None:
    pages = [wifi.phone()[0] for _ in range(4)] + [wifi.phone(fragment="")[0]]  # one typed in
    kit.join(pages, NAMES)
    pages[0].get_by_test_id("start").click()
    kit.all_at(pages, "propose", 0)
    words = game_words(host)
    play_mole(pages, host, kit)
    assert_nothing_readable(wifi, words)


def test_a_whole_inside_job_game_crosses_unreadable(wifi: Wifi, host: Any, kit: Any) -> None:
    pages = [wifi.phone()[0] for _ in range(3)]
    kit.join(pages, NAMES[:3])
    pages[0].get_by_test_id("game-insidejob").click()
    expect(pages[0].get_by_test_id("game-insidejob")).to_have_attribute("aria-pressed", "true")
    pages[0].get_by_test_id("start").click()
    for page in pages:
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "game")
    words = [*game_words(host), "insidejob", "led_suit", "trick"]
    play_inside_job(pages)
    assert_nothing_readable(wifi, words)


# ------------------------------------------------------------------------ tampering and replays


def test_a_flipped_byte_closes_the_socket_and_the_phone_comes_back(
    wifi: Wifi, host: Any, kit: Any
) -> None:
    (ana, ana_link), (bruno, bruno_link) = wifi.phone(), wifi.phone()
    kit.join([ana, bruno], NAMES[:2])
    # Towards the phone: the page cannot open the frame, closes the socket, comes back by itself.
    ana_link.flip_down = True
    cris, _ = wifi.phone()
    kit.join([cris], NAMES[2:3])  # a change: every phone gets a frame, Ana's is flipped
    host.wait_for(lambda room: ana_link.closed)
    assert ana_link.close_code("up") == TAMPERED, "the page closed it, saying why"
    expect(ana.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    expect(ana.get_by_test_id("me-name")).to_have_text(NAMES[0])
    # Towards the host: it cannot open the frame and closes the socket; the phone comes back.
    bruno_link.flip_up = True
    bruno.get_by_test_id("lang").select_option("es")  # the page tells the host: one frame
    host.wait_for(lambda room: bruno_link.closed)
    assert bruno_link.close_code("down") == TAMPERED, "the host closed it, saying why"
    expect(bruno.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    expect(bruno.get_by_test_id("me-name")).to_have_text(NAMES[1])
    host.wait_for(lambda room: all(player.conn is not None for player in room.players))
    open_links = [link for link in wifi.relay.phone_links if not link.closed]
    assert len(open_links) == 3, "each phone has one socket again"


def test_a_replayed_frame_is_refused_and_the_socket_stays(
    wifi: Wifi, host: Any, kit: Any, caplog: pytest.LogCaptureFixture
) -> None:
    phones = [wifi.phone() for _ in range(5)]
    pages = [page for page, _ in phones]
    kit.join(pages, NAMES)
    leader, link = phones[0]
    caplog.set_level(logging.WARNING, logger="molecrew.channel")
    link.replay_up = True
    leader.get_by_test_id("start").click()  # sent twice by the relay: a second start is refused
    kit.all_at(pages, "propose", 0)
    host.wait_for(lambda room: any("replayed" in r.getMessage() for r in caplog.records))
    expect(leader.get_by_test_id("error")).to_be_hidden()  # the host never answered it
    assert not link.closed and sum(1 for other in wifi.relay.phone_links if not other.closed) == 5
    # The channel goes on: the next frames from that phone still count.
    kit.propose(kit.the_boss(pages), [0, 1])
    kit.all_at(pages, "vote", 1)


# ------------------------------------------------------------------------ the host code


def test_every_phone_shows_the_host_code_the_tv_shows(wifi: Wifi, host: Any) -> None:
    code = host.app[FINGERPRINT_KEY]
    for fragment in (None, ""):  # from the QR code, then typed (trusted on first use)
        page, _ = wifi.phone(fragment)
        element = page.get_by_test_id("host-code")
        expect(element).to_have_attribute("data-state", "ok")
        expect(element).to_have_attribute("data-code", code)
        expect(element).to_contain_text(code)


def test_another_hosts_key_is_not_trusted(wifi: Wifi, host: Any, tmp_path: Any) -> None:
    from host.channel import HostKey

    other = HostKey.load_or_create(tmp_path / "elsewhere")
    page, _ = wifi.phone(f"#k={key_text(other.public)}", online=False)
    element = page.get_by_test_id("host-code")
    expect(element).to_have_attribute("data-state", "wrong_host")
    expect(element).to_contain_text(host.app[FINGERPRINT_KEY])  # the code it did present
    expect(page.get_by_test_id("join-form")).to_have_count(0)
    assert host.call(lambda room: room.players) == []
    assert all(link.close_code("up") == 4002 for link in wifi.relay.phone_links if link.closed)
