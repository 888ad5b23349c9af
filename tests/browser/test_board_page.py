"""The board page (/board) in real Chromium: whole seeded games of both games played by bots
through the protocol, watched by board pages at 1920x1080 and 1280x720. Every scene and moment is
screenshotted (into pytest's temporary folder, as artifacts), checked for text that does not fit
or an untranslated key, and every frame the page received is checked to be public.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.registry import get_game
from engine.rng import Rng
from host.i18n import LANGUAGES, catalog
from host.seats import Connection
from host.tv.frame import Frame
from host.tv.insidejob.reveal import winners_line

BOARD_VIEWPORT = {"width": 1920, "height": 1080}
SMALL_VIEWPORT = {"width": 1280, "height": 720}
# A catalog key that reached the screen untranslated.
RAW_KEY = re.compile(r"\b(?:board|tv|mole|insidejob|phone)\.[a-z_]+(?:\.[a-z_]+)*\b")


class FakePhone(Connection):
    """A phone as the Room sees it, on the host's loop: it keeps every frame it was sent."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def messages(self, kind: str) -> list[dict[str, Any]]:
        found = [json.loads(text) for text in self.texts]
        room = None
        for message in found:  # a state frame without a room part has the one before
            if message.get("type") == "state":
                room = message.setdefault("room", room)
        return [message for message in found if message.get("type") == kind]


class Table:
    """Seated phones and audience phones driven through the Room's protocol (``handle_text``),
    always on the host's loop thread (``host.call``)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.players: list[FakePhone] = []
        self.watchers: dict[str, FakePhone] = {}
        self.rng = Rng(20261201)

    def send(self, phone: FakePhone, message: dict[str, Any]) -> None:
        self.host.call(lambda room: room.handle_text(phone, json.dumps(message)))

    def phone(self) -> FakePhone:
        phone = FakePhone()
        self.host.call(lambda room: room.connect(phone))
        return phone

    def join(self, *names: str) -> None:
        for name in names:
            phone = self.phone()
            self.send(phone, {"type": "join", "name": name})
            assert phone.messages("welcome"), phone.texts[-1]
            self.players.append(phone)

    def leader(self, message: dict[str, Any]) -> None:
        self.send(self.players[0], message)
        errors = self.players[0].messages("error")
        assert not errors, errors

    def watch(self, name: str) -> FakePhone:
        phone = self.phone()
        self.send(phone, {"type": "audience", "name": name})
        assert phone.messages("audience"), phone.texts[-1]
        self.watchers[name] = phone
        return phone

    def suspect(self, name: str, seats: list[int]) -> None:
        self.send(self.watchers[name], {"type": "suspect", "seats": seats})

    def tokens(self) -> list[str]:
        return [m["token"] for p in self.players for m in p.messages("welcome")]

    def public_view(self) -> Any:
        return self.host.call(lambda room: room.public_view())

    def over(self) -> bool:
        return self.host.call(lambda room: room.phase == "over")

    def step(self) -> None:
        """The next move, chosen by the engine's smart bot for the first seat it waits on, sent
        by that seat's phone as an action."""

        def choose(room: Any) -> tuple[int, Any]:
            rules = get_game(room.game_name)
            seat = min(rules.expected_seats(room.state))
            return seat, rules.bots["smart"](room.state, seat, self.rng)

        seat, action = self.host.call(choose)
        self.send(self.players[seat], {"type": "action", "action": action})

    def hidden_seats(self) -> list[int]:
        return self.host.call(lambda room: sorted(room.match.rules.hidden_seats(room.state)))


def expected_moments(old: dict[str, Any] | None, new: dict[str, Any] | None) -> list[str]:
    """The moments a board plays between two public views (the TV's rules, by label)."""
    if not old or not new or old.get("game") != new.get("game"):
        return []
    labels: list[str] = []
    if new["game"] == "mole":
        labels += ["votes_reveal"] * (len(new["proposals"]) - len(old["proposals"]))
        for index, lock in enumerate(new["locks"]):
            if lock["result"] and not old["locks"][index]["result"]:
                labels.append("patrol" if lock["by"] == "patrol" else "cards_reveal")
        if (new["result"] or {}).get("marks") and not old["result"]:
            labels.append("accusation")  # the Getaway's end
    else:
        labels += ["trick_done"] * (len(new["tricks"]) - len(old["tricks"]))
        if new["vote"] and not old["vote"]:
            labels.append("vote_count")
    return labels


def scene_of(view: dict[str, Any] | None, phase: str) -> str:
    if view is None or phase == "lobby":
        return "lobby"
    if view["game"] == "mole":
        if view["phase"] == "over":
            return "mole.reveal"
        return "mole.getaway" if view["phase"] == "getaway" else "mole.board"
    return "insidejob.reveal" if view["phase"] == "over" else "insidejob.board"


class BoardPage:
    """One board page, with every WebSocket it opened and every frame it received (CDP)."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int], label: str) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.context.set_default_timeout(15_000)
        self.requests: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.sockets: list[str] = []
        self.frames: list[str] = []
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.on("Network.webSocketCreated", lambda event: self.sockets.append(event["url"]))
        self.cdp.on(
            "Network.webSocketFrameReceived",
            lambda event: self.frames.append(event["response"]["payloadData"]),
        )
        self.cdp.send("Network.enable")
        self.label = label
        self.shots: set[str] = set()
        # Playwright's clock, running in real time until a test stops it (see held).
        self.page.clock.install()
        self.page.goto(url)

    def close(self) -> None:
        self.context.close()

    def scene(self, name: str, phase: str | None = None) -> None:
        scene = self.page.get_by_test_id("scene")
        expect(scene).to_have_attribute("data-scene", name)
        if phase is not None:
            expect(scene).to_have_attribute("data-phase", phase)

    @contextmanager
    def held(self, name: str) -> Iterator[None]:
        """The page's clock stopped on ``name``, one of the end's turns between the reveal and the
        audience (``?cycle=1`` turns every second): what the test reads inside is that scene,
        however slow the machine. The page's timers run on in real time after."""
        self.scene(name)
        clock = self.page.clock
        # Paused a little ahead of now (it cannot go back), then stepped to the scene's turn;
        # Playwright's Python takes the time in seconds.
        clock.pause_at((self.page.evaluate("Date.now()") + 5_000) / 1000)
        scene = self.page.get_by_test_id("scene")
        for _ in range(10):
            if scene.get_attribute("data-scene") == name:
                break
            clock.run_for(500)
        else:
            raise AssertionError(f"the board did not come back to {name}")
        try:
            yield
        finally:
            clock.resume()

    def settle(self) -> None:
        """Every finite animation played to its end: the picture as it stands after a moment's
        steps (the page's own timing is tested apart)."""
        self.page.evaluate(
            """() => { for (const a of document.getAnimations()) {
                 if (a.effect.getComputedTiming().endTime !== Infinity) a.finish(); } }"""
        )

    def snapshot(self, name: str, folder: Path) -> None:
        """The first time: a screenshot into the artifacts folder, and the checks every screen
        passes (nothing overflows its box or the stage, no catalog key shows)."""
        assert not self.errors, self.errors
        if name in self.shots:
            return
        self.shots.add(name)
        self.settle()
        assert_fits(self.page, name)
        self.page.screenshot(path=str(folder / f"{self.label}-{name}.png"))

    def moment(self, label: str, folder: Path) -> None:
        moment = self.page.get_by_test_id("moment")
        expect(moment).to_have_attribute("data-label", label)
        expect(moment).to_be_visible()
        self.snapshot(f"moment-{label}", folder)
        self.page.keyboard.press("Space")  # the host skips it, as on the TV

    def no_moment(self) -> None:
        expect(self.page.get_by_test_id("moment")).to_be_hidden()

    def skip_moments(self) -> None:
        """The moments still queued (the last moves'), skipped as the host does on the TV."""
        moment = self.page.get_by_test_id("moment")
        for _ in range(10):
            if moment.is_hidden():
                break
            self.page.keyboard.press("Space")
        self.no_moment()

    def assert_only_public_frames(self, tokens: list[str]) -> None:
        """The page opened the public socket only, and every frame was a public message with
        no seat's view (no "me"), no token, nobody's token anywhere."""
        assert self.sockets, "the page opened no socket"
        assert all(url.endswith("/ws/public") for url in self.sockets), self.sockets
        assert self.frames
        for text in self.frames:
            message = json.loads(text)
            assert message["type"] == "public", text[:200]
            assert "me" not in (message.get("view") or {}), text[:200]
            assert "token" not in keys_of(message), text[:200]
            assert not any(token in text for token in tokens), "a token reached the board"

    def assert_host_only(self, origin: str) -> None:
        foreign = [url for url in self.requests if not url.startswith((origin, "data:"))]
        assert not foreign, foreign


def keys_of(value: Any) -> set[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys_of(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_of(item) for item in value))
    return set()


FITS_SCRIPT = """() => {
  const stage = document.getElementById("stage");
  const box = stage.getBoundingClientRect();
  const bad = [];
  for (const el of stage.querySelectorAll("*")) {
    if (el.closest("[hidden], .visually-hidden, svg, select")) continue;
    if (!el.getClientRects().length || getComputedStyle(el).display === "inline") continue;
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text && !el.classList.contains("fit")) continue;
    const r = el.getBoundingClientRect();
    const what = `${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 40)}"`;
    // Design pixels of the 1920x1080 stage (the TV's rule: nothing under 24 px from the sofa;
    // a player's name, to be read whole, down to 18 px).
    const size = parseFloat(getComputedStyle(el).fontSize);
    const least = el.classList.contains("name") ? 17.5 : 23.5;
    if (text && size < least) bad.push(`${what} is ${size} px`);
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      const inside = `${el.clientWidth}x${el.clientHeight}`;
      bad.push(`${what} overflows: ${el.scrollWidth}x${el.scrollHeight} in ${inside}`);
    }
    // Letters cut at the top or the bottom (an accent on a capital, "Ú", under a tight line
    // height): the text's own boxes must stay inside a box that clips.
    if (text && getComputedStyle(el).overflow !== "visible") {
      for (const node of el.childNodes) {
        if (node.nodeType !== 3 || !node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          if (line.top < r.top - 0.5 || line.bottom > r.bottom + 0.5) {
            const where = `${line.top}-${line.bottom} in ${r.top}-${r.bottom}`;
            bad.push(`${what} clips its letters (${where})`);
            break;
          }
        }
      }
    }
    const out = r.left < box.left - 1 || r.right > box.right + 1
      || r.top < box.top - 1 || r.bottom > box.bottom + 1;
    if (r.width && out) {
      bad.push(`${what} leaves the stage`);
    }
  }
  const words = stage.innerText;
  return { bad, words };
}"""


def assert_fits(page: Page, name: str) -> None:
    found = page.evaluate(FITS_SCRIPT)
    assert not found["bad"], f"{name}: {found['bad'][:5]}"
    raw = RAW_KEY.findall(found["words"])
    assert not raw, f"{name}: untranslated keys {raw}"


# ---------------------------------------------------------------- the tests

# Ten players, the most a Mole table takes, with names as long as the host allows (16).
NAMES = [
    "Ana",
    "Bruno",
    "Maximiliano Ruiz",
    "Dara",
    "Eli",
    "Femi",
    "Gus",
    "Hannah-Charlotte",
    "Ivo",
    "Juno",
]


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this test's screenshots go (pytest's temporary folder, never the tracked tree)."""
    return tmp_path_factory.mktemp("board-shots")


@pytest.fixture
def boards(browser: Any, host: Any) -> Iterator[Any]:
    opened: list[BoardPage] = []

    def open_board(viewport: dict[str, int] = BOARD_VIEWPORT, query: str = "", label: str = "big"):
        board = BoardPage(browser, f"{host.url}board{query}", viewport, label)
        opened.append(board)
        return board

    try:
        yield open_board
    finally:
        for board in opened:
            board.close()
    for board in opened:
        board.assert_host_only(host.url)


def play_watching(table: Table, pages: list[BoardPage], shots: Path, limit: int = 2000) -> None:
    """Play the game to its end move by move; every page plays each moment the move made public
    (checked and screenshotted the first time), and shows each scene and phase as it comes."""
    before = table.public_view()
    for _ in range(limit):
        if table.over():
            break
        table.step()
        after = table.public_view()
        labels = expected_moments(before, after)
        for page in pages:
            for label in labels:
                page.moment(label, shots)
            if labels:
                page.no_moment()
                scene = scene_of(after, "playing")
                page.scene(scene, after["phase"])
                page.snapshot(f"{scene}-{after['phase']}", shots)
            elif after["phase"] != before["phase"]:
                page.scene(scene_of(after, "playing"), after["phase"])
                page.snapshot(f"{scene_of(after, 'playing')}-{after['phase']}", shots)
        before = after
    assert table.over(), "the game did not end"


def test_a_whole_mole_game_on_the_board_page(boards: Any, host: Any, shots: Path) -> None:
    big = boards()
    small = boards(SMALL_VIEWPORT, "?lang=es&cycle=1", label="small")
    for page in (big, small):
        page.scene("lobby")
        page.snapshot("lobby-empty", shots)
    table = Table(host)
    table.join(*NAMES)
    table.leader({"type": "remove", "seat": 9})
    table.players.pop(9)
    table.leader({"type": "add_bot"})
    expect(big.page.get_by_test_id("lobby-seat-9")).to_contain_text("bot")
    expect(big.page.get_by_test_id("tag-9")).to_have_attribute("data-status", "robot")
    expect(big.page.get_by_test_id("qr")).to_be_visible()
    expect(big.page.get_by_test_id("address")).to_have_text("127.0.0.1/")
    for page in (big, small):
        page.snapshot("lobby-full", shots)
    table.leader({"type": "remove", "seat": 9})
    table.join("Juno")
    table.watch("Zoe")
    table.watch("Yan")
    expect(big.page.get_by_test_id("audience-count")).to_have_text("Audience: 2")
    table.leader({"type": "start"})
    for page in (big, small):
        page.scene("mole.board", "propose")
        page.snapshot("mole.board-propose", shots)
    expect(small.page.get_by_test_id("phase-line")).to_contain_text("está eligiendo")
    moles = table.hidden_seats()
    table.suspect("Zoe", moles)
    table.suspect("Yan", [seat for seat in range(len(NAMES)) if seat not in moles][:2])
    play_watching(table, [big, small], shots)
    result = table.public_view()["result"]
    for page in (big, small):
        with page.held("mole.reveal"):
            page.snapshot("mole.reveal", shots)
            for seat, role in enumerate(result["roles"]):
                role_tag = page.page.get_by_test_id(f"role-{seat}")
                expect(role_tag).to_have_attribute("data-role", role)
    expect(big.page.get_by_test_id("winner")).to_have_text(
        re.compile("The Crew wins!|The Moles win!")
    )
    # The small page turns between the reveal and the audience every second (?cycle=1).
    with small.held("audience"):
        small.snapshot("audience", shots)
        members = small.page.get_by_test_id("audience-member")
        expect(members).to_have_count(2)
        expect(members.first).to_have_attribute("data-name", "Zoe")
        expect(small.page.get_by_test_id("audience-best")).to_contain_text("Zoe")
    for page in (big, small):
        page.assert_only_public_frames(table.tokens())
        assert not any("Zoe" in text for text in page.frames if '"phase":"over"' not in text)
    cues = int(big.page.evaluate("document.body.dataset.cues || 0"))
    assert cues > 10, "the moments played their sounds"


def test_a_whole_inside_job_game_on_the_board_page(boards: Any, host: Any, shots: Path) -> None:
    big = boards(query="?cycle=1")
    small = boards(SMALL_VIEWPORT, "?lang=pt", label="small")
    table = Table(host)
    table.join("Ana", "Bruno", "Maximiliano Ruiz", "Hannah-Charlotte", "Eli")
    # With this seed these options play every trick and end in the vote.
    table.leader(
        {"type": "options", "game": "insidejob", "variants": ["wagers", "risky", "accomplice"]}
    )
    for page in (big, small):
        expect(page.page.get_by_test_id("game-name")).not_to_have_text("Mole in the Crew")
        page.snapshot("insidejob-lobby", shots)
    table.watch("Zoe")
    table.leader({"type": "start"})
    insider = table.hidden_seats()
    table.suspect("Zoe", insider)
    first = table.public_view()["phase"]
    for page in (big, small):
        page.scene("insidejob.board", first)
        page.snapshot(f"insidejob.board-{first}", shots)
    play_watching(table, [big, small], shots)
    view = table.public_view()
    for page in (big, small):
        with page.held("insidejob.reveal"):
            page.snapshot("insidejob.reveal", shots)
            for seat, role in enumerate(view["result"]["roles"]):
                role_tag = page.page.get_by_test_id(f"role-{seat}")
                expect(role_tag).to_have_attribute("data-role", role)
            lang = page.page.evaluate("document.documentElement.lang")
            said = winners_line(Frame(message={}, lang=lang), list(view["result"]["winners"]))
            expect(page.page.get_by_test_id("winner").locator("h1")).to_have_text(said)
            for seat in range(5):
                won = seat in view["result"]["winning_seats"]
                outcome = page.page.get_by_test_id(f"outcome-{seat}")
                expect(outcome).to_have_attribute("data-won", str(won).lower())
    every = ("accomplice", "mission", "play", "wager", "vote")
    for label in [f"insidejob.board-{phase}" for phase in every] + [
        "moment-trick_done",
        "moment-vote_count",
    ]:
        assert label in big.shots, f"{label} was never on screen"
    with big.held("audience"):
        big.snapshot("insidejob-audience", shots)
        member = big.page.get_by_test_id("audience-member")
        expect(member).to_have_attribute("data-name", "Zoe")
        # The round one past the last trick is the vote, not a trick 11.
        tricks = len(view["tricks"])
        heads = big.page.locator(".audience-table thead th")
        expect(heads.nth(-3)).to_have_text("Vote")
        expect(heads.nth(-4)).to_have_text(f"T{tricks}")
        expect(big.page.locator(".audience-table thead")).not_to_contain_text(f"T{tricks + 1}")
    for page in (big, small):
        page.assert_only_public_frames(table.tokens())


def vote_everyone(table: Table, approve: bool) -> None:
    """The Boss proposes (its bot chooses), then every seat votes the same way."""
    table.step()
    for seat, phone in enumerate(table.players):
        table.send(phone, {"type": "action", "action": {"type": "vote", "approve": approve}})
        assert not phone.messages("error"), (seat, phone.messages("error"))


def test_the_board_shows_the_room_around_the_game(boards: Any, host: Any, shots: Path) -> None:
    """Clock, pause, an away seat and a bot standing in, a claim and its notice, a latecomer,
    the Patrol after three rejections, sounds and the language picker; then a host restart."""
    board = boards()
    table = Table(host)
    table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
    table.leader({"type": "options", "timer": "fast"})
    table.leader({"type": "start"})
    board.scene("mole.board", "propose")
    clock = board.page.get_by_test_id("clock")
    expect(clock).to_be_visible()
    boss = table.public_view()["boss"]
    expect(clock).to_contain_text(["Ana", "Bruno", "Chen", "Dara", "Eli"][boss])
    first = int(clock.get_attribute("data-left") or 0)
    assert 0 < first <= 30
    expect(clock).not_to_have_attribute("data-left", str(first))  # it counts down by itself
    # Three teams rejected in a row: the Patrol blows the lock.
    for rejection in range(3):
        vote_everyone(table, approve=False)
        board.moment("votes_reveal", shots)
        if rejection == 1:
            board.no_moment()
            expect(board.page.get_by_test_id("patrol-warning")).to_be_visible()
            board.snapshot("mole.board-patrol-warning", shots)
    # The Patrol's moment plays its sound at its time (0.3 s in), then ends by itself.
    expect(board.page.get_by_test_id("moment")).to_have_attribute("data-label", "patrol")
    expect(board.page.locator("body")).to_have_attribute("data-last-cue", "lock_blown")
    board.snapshot("moment-patrol", shots)
    board.no_moment()
    expect(board.page.get_by_test_id("lock-0")).to_have_attribute("data-state", "blown")
    # The leader pauses: every screen says who.
    table.leader({"type": "pause", "on": True})
    paused = board.page.get_by_test_id("paused")
    expect(paused).to_contain_text("Paused")
    expect(board.page.get_by_test_id("paused-text")).to_have_text(
        "Ana has paused the game. Take a breather!"
    )
    expect(paused).not_to_contain_text("The host has paused")  # not "Ana", then the host
    board.snapshot("paused", shots)
    table.leader({"type": "pause", "on": False})
    expect(board.page.get_by_test_id("paused")).to_have_count(0)
    # Paused from the host's keys: nobody's name, the host's line.
    host.call(lambda room: room.pause())
    expect(board.page.get_by_test_id("paused-text")).to_have_text(
        "The host has paused the game. Take a breather!"
    )
    host.call(lambda room: room.unpause())
    expect(board.page.get_by_test_id("paused")).to_have_count(0)
    # Bruno's phone goes away, a bot stands in; someone else asks for his seat.
    bruno = table.players[1]
    host.call(lambda room: room.disconnect(bruno))
    expect(board.page.get_by_test_id("away")).to_have_text("Away: Bruno")
    table.leader({"type": "bot", "seat": 1, "on": True})
    expect(board.page.get_by_test_id("covered")).to_have_text("A bot plays for Bruno")
    expect(board.page.get_by_test_id("away")).to_have_count(0)
    stranger = table.phone()
    table.send(stranger, {"type": "join", "name": "Bruno"})
    claim, code = host.call(lambda room: (room.claims[0].id, room.claims[0].code))
    # With the code the claimant's phone shows (the table lets in the claim showing it).
    expect(board.page.get_by_test_id(f"claim-{claim}")).to_have_text(
        catalog("en")["board.claim"].format(name="Bruno", code=code)
    )
    latecomer = table.phone()
    table.send(latecomer, {"type": "join", "name": "Zoe"})
    expect(board.page.get_by_test_id("next-game")).to_have_text("Next game: Zoe")
    board.snapshot("mole.board-room", shots)
    table.leader({"type": "claim", "id": claim, "approve": True})
    expect(board.page.get_by_test_id("notice")).to_have_text("Bruno's seat was taken back")
    # Sounds come from the host, named cues only.
    sound = board.page.request.get(f"{host.url}sounds/flip.wav")
    assert sound.ok and sound.headers["content-type"].startswith("audio/")
    assert board.page.request.get(f"{host.url}sounds/make_sounds.py").status == 404
    button = board.page.get_by_test_id("sound")
    button.click()
    expect(button).to_have_attribute("data-state", "off")
    # The language picker.
    board.page.get_by_test_id("lang").select_option("es")
    expect(board.page.get_by_test_id("conn")).to_have_text("En directo")
    # The host restarts: the page comes back by itself to the same game.
    host.restart(resume=True)
    expect(board.page.get_by_test_id("conn")).to_have_attribute("data-state", "online")
    board.scene("mole.board")
    assert len(board.sockets) >= 2
    board.assert_only_public_frames(table.tokens())


def test_reduced_motion_turns_movement_into_cuts(boards: Any, host: Any, shots: Path) -> None:
    board = boards()
    board.page.emulate_media(reduced_motion="reduce")
    table = Table(host)
    table.join("Ana", "Bruno", "Chen", "Dara", "Eli")
    table.leader({"type": "start"})
    board.scene("mole.board", "propose")
    vote_everyone(table, approve=False)
    moment = board.page.get_by_test_id("moment")
    expect(moment).to_have_attribute("data-label", "votes_reveal")
    face = board.page.locator(".vote-card .face").first
    # The cards still turn at their time, but as a cut.
    assert face.evaluate("(node) => getComputedStyle(node).animationDuration") == "0.001s"
    assert face.evaluate("(node) => getComputedStyle(node).animationDelay") != "0s"
    board.snapshot("reduced-votes", shots)


BOARD_DIR = Path(__file__).resolve().parents[2] / "phoneclient" / "board"


def test_every_word_the_board_page_names_is_in_every_catalog() -> None:
    used = set()
    for script in BOARD_DIR.glob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_.]+)["']""", script.read_text()))
    assert len(used) > 80
    for lang in LANGUAGES:
        missing = sorted(key for key in used if key not in catalog(lang))
        assert not missing, f"{lang}: {missing}"


def test_the_board_route_serves_the_page_with_the_phone_pages_protections(host: Any) -> None:
    with urllib.request.urlopen(f"{host.url}board") as response:
        body = response.read().decode()
        assert response.status == 200
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "/static/board/app.js" in body
    with urllib.request.urlopen(f"{host.url}sounds/siren.wav") as response:
        assert response.headers["Content-Type"].startswith("audio/")
    for wrong in ("sounds/nothing.wav", "sounds/Siren.wav", "sounds/make_sounds.py"):
        try:
            urllib.request.urlopen(f"{host.url}{wrong}")
        except urllib.error.HTTPError as error:
            assert error.code == 404, wrong
        else:
            raise AssertionError(f"{wrong} was served")
