"""Real Chromium phones against the real host server, on loopback only.

The server runs in this process on its own event-loop thread (a fixed seed, a temporary journal
folder, a free port on 127.0.0.1). Chromium is Debian's headless shell, driven by Playwright's sync
API; it keeps its cache and config in a temporary folder. Without it these tests skip, except in
CI (``CI=true``), where a missing browser is a failure.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from aiohttp import web
from fake_clock import FakeClock
from playwright.sync_api import Page, expect

from host.server import ROOM_KEY, HostConfig, create_app

# Debian's build of Chromium's own headless shell (package chromium-headless-shell): the same
# Blink, V8 and network stack as /usr/bin/chromium without the browser's window and UI layers,
# which the tests never show; the suite is bound by Chromium's CPU, and this takes a fifth less.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
# On a loaded CI machine (two workers, each with its browsers) a page can take seconds to catch
# up with a burst of frames: expectations wait as long as the pages' own actions do. A failing
# test then takes longer to say so; a passing one is never slower.
expect.set_options(timeout=15_000)
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SEED = 20261130


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "host_config(fake_clock=False, **fields): HostConfig fields for the host fixture; "
        "fake_clock=True gives the Room a FakeClock (host.clock) the test advances",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


class Host:
    """The real host on its own event-loop thread, on a free port of 127.0.0.1.

    ``restart()`` stops it (sockets closed, journal flushed) and starts a new app on the same
    port and journal folder, as when the host program is started again."""

    def __init__(self, state_dir: Path, fake_clock: bool = False, **fields: Any) -> None:
        self.state_dir = state_dir
        # Turn timers and bot pauses run on this clock when given: moved only by advance().
        self.clock = FakeClock() if fake_clock else None
        self.fields = {**fields, **({"scheduler": self.clock} if self.clock else {})}
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="host", daemon=True)
        self.thread.start()
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.start(resume=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def app(self) -> web.Application:
        assert self.runner is not None
        return self.runner.app

    def _on_loop(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=20)

    def start(self, resume: bool) -> None:
        async def start() -> web.AppRunner:
            config = HostConfig(
                join_url="http://127.0.0.1/",
                state_dir=self.state_dir,
                seed=SEED,
                resume=resume,
                **self.fields,
            )
            runner = web.AppRunner(create_app(config))
            await runner.setup()
            await web.TCPSite(runner, "127.0.0.1", self.port).start()
            return runner

        self.runner = self._on_loop(start())
        self.port = self.runner.addresses[0][1]

    def stop(self) -> None:
        if self.runner is not None:
            self._on_loop(self.runner.cleanup())
            self.runner = None

    def restart(self, resume: bool = True) -> None:
        self.stop()
        self.start(resume=resume)

    def close(self) -> None:
        self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()

    def call(self, function: Any) -> Any:
        """Run ``function(room)`` on the server's loop thread and return its result."""

        async def run() -> Any:
            return function(self.app[ROOM_KEY])

        return self._on_loop(run())

    def wait_for(self, predicate: Any, timeout: float = 10.0) -> None:
        """Block until ``predicate(room)`` holds, checked again after every change the Room
        announces (no polling: it listens like the TV does)."""

        async def wait() -> None:
            room = self.app[ROOM_KEY]
            changed = asyncio.Event()
            unsubscribe = room.subscribe_public(lambda _message: changed.set())
            try:
                while not predicate(room):
                    changed.clear()
                    await asyncio.wait_for(changed.wait(), timeout)
            finally:
                unsubscribe()

        self._on_loop(wait())

    def advance(self, seconds: float) -> None:
        """Move the fake clock on, on the server's loop (what falls due acts on the Room)."""
        clock = self.clock
        assert clock is not None, "mark the test host_config(fake_clock=True)"
        self.call(lambda _room: clock.advance(seconds))

    def run(self, coroutine_function: Any) -> Any:
        """Await ``coroutine_function(app)`` on the server's loop and return its result."""
        return self._on_loop(coroutine_function(self.app))


@pytest.fixture
def host(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Host]:
    marker = request.node.get_closest_marker("host_config")
    running = Host(tmp_path / "state", **(marker.kwargs if marker else {}))
    try:
        yield running
    finally:
        running.close()


# Module scope, not session: Playwright's sync API leaves its loop marked as running on the main
# thread, so while it is alive every later asyncio test in the run (tests/host...) cannot start.
@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install it (apt-get install -y chromium-headless-shell)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true and {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    # Chromium, Mesa and the Playwright driver leave their caches here, not in the home folder.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(home / "cache"))
        patch.setenv("XDG_CONFIG_HOME", str(home / "config"))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=LAUNCH_ARGS, env=dict(os.environ)
            )
            try:
                yield browser
            finally:
                browser.close()


@pytest.fixture
def phones(browser: Any, host: Host) -> Iterator[Any]:
    """``phones(n, lang="en", width=390, clock=False)`` opens n phones on the page, each its own
    context (own storage); with ``clock``, the page's timers run on Playwright's clock, in real
    time until a test moves it on (a held button's second, say). Every request any phone makes
    is checked at the end: all must go to the host."""
    contexts = []
    requests: list[str] = []

    def open_phones(
        count: int, lang: str = "en", width: int = 390, clock: bool = False
    ) -> list[Any]:
        pages = []
        for _ in range(count):
            context = browser.new_context(
                **{**PHONE, "viewport": {"width": width, "height": 844}}, locale=lang
            )
            context.set_default_timeout(10_000)
            context.on("request", lambda request: requests.append(request.url))
            contexts.append(context)
            page = context.new_page()
            if clock:
                page.clock.install()
            page.goto(host.url)
            pages.append(page)
        return pages

    try:
        yield open_phones
    finally:
        for context in contexts:
            context.close()
    origin = host.url.rstrip("/")
    foreign = [url for url in requests if not url.startswith((origin + "/", "data:"))]
    assert requests, "the phones made requests"
    assert not foreign, f"the page asked for something outside the host: {foreign}"


# ---------------------------------------------------------------- what a player does on a phone


def join(pages: list[Page], names: list[str]) -> None:
    for page, name in zip(pages, names, strict=True):
        page.get_by_test_id("join-name").fill(name)
        page.get_by_test_id("join-submit").click()
        expect(page.get_by_test_id("me-name")).to_have_text(name)
        expect(page.get_by_test_id("screen")).to_have_attribute("data-screen", "lobby")


def seat_of(page: Page) -> int:
    return int(page.get_by_test_id("screen").get_attribute("data-seat") or "")


def all_at(pages: list[Page], phase: str, proposals: int | None = None) -> None:
    """Wait until every phone shows this phase (after this many proposals)."""
    for page in pages:
        step = page.get_by_test_id("step")
        expect(step).to_have_attribute("data-phase", phase)
        if proposals is not None:
            expect(step).to_have_attribute("data-proposals", str(proposals))


def the_boss(pages: list[Page]) -> Page:
    bosses = [page for page in pages if page.get_by_test_id("propose-submit").count() == 1]
    assert len(bosses) == 1, "exactly one phone shows the Boss's controls"
    return bosses[0]


def propose(boss: Page, team: list[int]) -> None:
    for seat in team:
        boss.get_by_test_id(f"pick-{seat}").click()
        expect(boss.get_by_test_id(f"pick-{seat}")).to_have_attribute("aria-pressed", "true")
    boss.get_by_test_id("propose-submit").click()


def vote_all(pages: list[Page], approve: bool) -> None:
    """Every phone votes; each but the last then shows its vote as sent (the last one ends it)."""
    button = "vote-approve" if approve else "vote-reject"
    for index, page in enumerate(pages):
        page.get_by_test_id(button).click()
        if index < len(pages) - 1:
            expect(page.get_by_test_id("voted")).to_be_visible()


def hold_flap(page: Page) -> Any:
    """Touch the flap's handle and drag it up through CDP; returns the session to release it."""
    handle = page.get_by_test_id("flap-handle")
    box = handle.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    start = {"x": x, "y": y, "id": 0}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [start]})
    # A touch alone shows nothing at once: dragged up, the flap opens (held still, a moment later).
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()
    for step in range(1, 6):
        point = {"x": x, "y": y - 16 * step, "id": 0}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    return cdp


def release_flap(cdp: Any) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def tap_held(page: Page, cdp: Any, testid: str) -> None:
    """With the flap held (one finger on its handle), tap a control under it with a second
    finger: CDP's touchEnd with points lifts those fingers only."""
    handle = page.get_by_test_id("flap-handle").bounding_box()
    target = page.get_by_test_id("flap-panel").get_by_test_id(testid)
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert handle is not None and box is not None
    holding = {
        "x": handle["x"] + handle["width"] / 2,
        "y": handle["y"] + handle["height"] / 2 - 80,
        "id": 0,
    }
    finger = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 1}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [holding, finger]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [finger]})


def in_flap(page: Page, testid: str) -> None:
    """Hold the flap up, tap one control under it, let go: a secret choice, start to end."""
    cdp = hold_flap(page)
    expect(page.get_by_test_id("flap-panel")).to_be_visible()
    tap_held(page, cdp, testid)
    release_flap(cdp)
    expect(page.get_by_test_id("flap-panel")).to_be_hidden()


@pytest.fixture
def kit() -> SimpleNamespace:
    """The steps a player takes on a phone, shared by the browser tests."""
    return SimpleNamespace(
        join=join,
        seat_of=seat_of,
        all_at=all_at,
        the_boss=the_boss,
        propose=propose,
        vote_all=vote_all,
        hold_flap=hold_flap,
        release_flap=release_flap,
        tap_held=tap_held,
        in_flap=in_flap,
    )
