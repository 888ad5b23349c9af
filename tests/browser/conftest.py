"""Real Chromium phones against the real host server, on loopback only.

The server runs in this process on its own event-loop thread (a fixed seed, a temporary journal
folder, a free port on 127.0.0.1). Chromium is Debian's, driven by Playwright's sync API; it keeps
its cache and config in a temporary folder. Without /usr/bin/chromium these tests skip, except in
CI (``CI=true``), where a missing browser is a failure.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from host.server import ROOM_KEY, HostConfig, create_app

CHROMIUM = Path("/usr/bin/chromium")
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@dataclass
class Host:
    """A running host: its base URL, and a way to run code on its loop (reading the Room)."""

    url: str
    app: web.Application
    loop: asyncio.AbstractEventLoop

    def call(self, function: Any) -> Any:
        """Run ``function(room)`` on the server's loop thread and return its result."""

        async def run() -> Any:
            return function(self.app[ROOM_KEY])

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=10)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="host-loop", daemon=True)
    thread.start()

    async def start() -> tuple[web.AppRunner, web.Application, int]:
        config = HostConfig(join_url="http://127.0.0.1/", state_dir=tmp_path / "state", seed=SEED)
        app = create_app(config)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        return runner, app, port

    runner, app, port = asyncio.run_coroutine_threadsafe(start(), loop).result(timeout=20)
    try:
        yield Host(url=f"http://127.0.0.1:{port}/", app=app, loop=loop)
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(timeout=20)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        loop.close()


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true and {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    env = {
        **os.environ,
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_CONFIG_HOME": str(home / "config"),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=LAUNCH_ARGS, env=env
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def phones(browser: Any, host: Host) -> Iterator[Any]:
    """``phones(n, lang="en")`` opens n phones (own context each: own storage) on the page."""
    contexts = []

    def open_phones(count: int, lang: str = "en") -> list[Any]:
        pages = []
        for _ in range(count):
            context = browser.new_context(**PHONE, locale=lang)
            context.set_default_timeout(10_000)
            contexts.append(context)
            page = context.new_page()
            page.goto(host.url)
            pages.append(page)
        return pages

    try:
        yield open_phones
    finally:
        for context in contexts:
            context.close()
