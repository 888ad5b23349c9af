"""The phone page's weight on first load and on a reload: every request, its bytes, the total.

Starts the real host on 127.0.0.1 (a free port, a temporary journal folder), opens the page in
Debian's Chromium as a phone with an empty cache, waits until the page is ready to join (its
catalog loaded, its socket connected and its first state drawn), and counts what was fetched;
then reloads the page and counts again (the files it kept are revalidated: ``304`` and no body).
Bytes are as sent over the wire (response headers + body, compressed as sent) and the bodies
alone; the WebSocket's first frame is reported apart (it is data, not page: through the private
channel it is the host's 105-byte key-exchange reply).

    python3 bench/page_size.py [--lang en|es|pt|all] [--json]

``--lang all`` measures each language in turn and ends with one line per language against the
aims (issue #15: a first load at most 50,000 bytes on the wire, a reload at most 5,000).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aiohttp import web  # noqa: E402

from host.server import HostConfig, create_app  # noqa: E402

# The full browser if installed, else the headless shell the tests use (.ci/run installs it).
BROWSERS = ("/usr/bin/chromium", "/usr/bin/chromium-headless-shell")
CHROMIUM = next((path for path in BROWSERS if Path(path).exists()), BROWSERS[0])
LANGUAGES = ("en", "es", "pt")
FIRST_LOAD_AIM = 50_000  # bytes on the wire, headers included
RELOAD_AIM = 5_000
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def start_host(state_dir: Path) -> tuple[str, Any]:
    """The host on its own loop thread; returns (url, stop)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> tuple[web.AppRunner, int]:
        runner = web.AppRunner(create_app(HostConfig(state_dir=state_dir, seed=1)))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        return runner, runner.addresses[0][1]

    runner, port = asyncio.run_coroutine_threadsafe(start(), loop).result(timeout=20)

    def stop() -> None:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(timeout=20)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)

    return f"http://127.0.0.1:{port}/", stop


def measure(lang: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp:
        home = Path(temp)
        env = {**os.environ, "XDG_CACHE_HOME": str(home / "c"), "XDG_CONFIG_HOME": str(home / "f")}
        url, stop = start_host(home / "state")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=LAUNCH_ARGS, env=env
                )
                context = browser.new_context(
                    viewport={"width": 390, "height": 844},
                    is_mobile=True,
                    has_touch=True,
                    locale=lang,
                )
                page = context.new_page()
                finished: list[Any] = []
                frames: list[int] = []
                page.on("requestfinished", lambda request: finished.append(request))
                page.on(
                    "websocket",
                    lambda ws: ws.on("framereceived", lambda data: frames.append(len(data))),
                )
                page.goto(url)
                ready(page)
                first = rows_of(finished, url)
                finished.clear()
                page.reload()
                ready(page)
                again = rows_of(finished, url)
                browser.close()
        finally:
            stop()
    return {
        "lang": lang,
        **totals(first),
        "first_frame_bytes": frames[0] if frames else None,
        "files": first,
        "reload": {**totals(again), "files": again},
    }


def ready(page: Any) -> None:
    page.wait_for_selector('[data-testid="join-form"]')
    page.wait_for_function("() => document.readyState === 'complete'")


def rows_of(finished: list[Any], url: str) -> list[dict[str, Any]]:
    rows = []
    for request in finished:
        sizes = request.sizes()
        response = request.response()
        rows.append(
            {
                "path": request.url[len(url) - 1 :],
                "type": request.resource_type,
                "status": response.status if response else None,
                "body": sizes["responseBodySize"],
                "wire": sizes["responseBodySize"] + sizes["responseHeadersSize"],
            }
        )
    order = {"document": 0, "stylesheet": 1, "script": 2}
    rows.sort(key=lambda row: (order.get(row["type"], 3), row["path"]))
    return rows


def totals(rows: list[dict[str, Any]]) -> dict[str, int]:
    return {
        "requests": len(rows),
        "body_bytes": sum(row["body"] for row in rows),
        "wire_bytes": sum(row["wire"] for row in rows),
    }


def table(rows: list[dict[str, Any]], figures: dict[str, Any]) -> str:
    lines = [
        "| request | type | status | body bytes | bytes on the wire |",
        "|---|---|---|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| `{row['path']}` | {row['type']} | {row['status']} | {row['body']:,} "
            f"| {row['wire']:,} |"
        )
    lines.append(
        f"| **total: {figures['requests']} requests** | | | **{figures['body_bytes']:,}** | "
        f"**{figures['wire_bytes']:,}** |"
    )
    return "\n".join(lines)


def summary(results: list[dict[str, Any]]) -> str:
    lines = [
        "| language | first visit: requests | body bytes | bytes on the wire | reload: requests "
        "| bytes on the wire |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for result in results:
        again = result["reload"]
        lines.append(
            f"| {result['lang']} | {result['requests']} | {result['body_bytes']:,} "
            f"| **{result['wire_bytes']:,}** | {again['requests']} | **{again['wire_bytes']:,}** |"
        )
    return "\n".join(lines)


def within_aims(result: dict[str, Any]) -> bool:
    return result["wire_bytes"] <= FIRST_LOAD_AIM and result["reload"]["wire_bytes"] <= RELOAD_AIM


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=[*LANGUAGES, "all"])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install -y chromium", file=sys.stderr)
        return 2
    results = [measure(lang) for lang in (LANGUAGES if args.lang == "all" else [args.lang])]
    if args.json:
        print(json.dumps(results if args.lang == "all" else results[0], indent=1))
        return 0
    for result in results:
        print(f"First visit, empty cache ({result['lang']}):\n")
        print(table(result["files"], result))
        print(f"\nReload ({result['lang']}):\n")
        print(table(result["reload"]["files"], result["reload"]))
        print(f"\nFirst frame on the WebSocket: {result['first_frame_bytes']} bytes.\n")
    print(summary(results))
    met = all(within_aims(result) for result in results)
    print(
        f"\nAims: first visit <= {FIRST_LOAD_AIM:,} bytes, reload <= {RELOAD_AIM:,}: "
        + ("met" if met else "NOT met")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
