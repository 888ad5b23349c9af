"""The `molecrew` command: host a game (the default) or simulate games with bots.

Hosting runs the aiohttp server on an asyncio loop and the TV window with pygame. With a window,
the server's loop runs in a background thread and the window in a process of its own
(host/tv/remote.py), fed the public frames; its host keys come back as lines that reach the Room
through ``loop.call_soon_threadsafe``, and the main thread relays them. With ``--headless``
there is no window: the loop runs on the main thread and the terminal shows the address and a
QR code.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import locale
import os
import queue
import shutil
import signal
import socket
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_PORT = 8080


@dataclass
class Plan:
    """Everything decided before the server starts."""

    bind: str
    port: int
    join_url: str
    local_url: str
    lang: str
    state_dir: Path | None
    resume: bool
    mdns: bool
    mdns_interfaces: list[str]
    headless: bool
    fullscreen: bool
    seed: int | None
    demo: str | None = None  # --demo GAME: bots play it on the TV, game after game
    reduced_motion: bool = False  # simple cuts instead of movement on the TV (key A toggles)
    max_sockets: int = 400  # sockets at once: the audience's size
    # Already listening (see netaddr.listening_socket); the server serves on it.
    sock: socket.socket | None = field(default=None, repr=False)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="molecrew",
        description=(
            "Host a hidden-role party game on this screen. Players join from their phones on the "
            "same Wi-Fi by scanning the QR code (or typing the address shown); each phone shows "
            "only that player's secrets."
        ),
        epilog=(
            "Host keys in the window: S start, P pause, R continue an interrupted game, "
            "T how to play, Y / N let in or refuse someone claiming a seat, the arrow keys step "
            "the grand reveal, B let bots play for absent players, A reduced motion, M mute, "
            "F11 full screen, H help, Esc twice to quit. "
            "Also: `molecrew simulate --help` plays games with bots."
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port to serve on (default {DEFAULT_PORT}; the next free one if taken; 0: any)",
    )
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument(
        "--windowed",
        action="store_true",
        help="open a window instead of filling the screen (F11 toggles either way)",
    )
    screen.add_argument("--fullscreen", action="store_true", help="fill the screen (the default)")
    parser.add_argument(
        "--lang", help="language of the big screen: en, es or pt (default: this computer's)"
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no window: print the join address and a QR code here (for machines with no screen)",
    )
    parser.add_argument(
        "--resume", action="store_true", help="continue the last unfinished game at once"
    )
    parser.add_argument(
        "--state-dir",
        type=Path,
        metavar="DIR",
        help="where game journals are kept (default: ~/.local/state/molecrew)",
    )
    parser.add_argument(
        "--bind",
        default="0.0.0.0",
        metavar="ADDR",
        help="address to listen on (default 0.0.0.0: every interface)",
    )
    parser.add_argument(
        "--mdns-interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="announce over mDNS on this interface address only (repeatable; default: all)",
    )
    parser.add_argument(
        "--no-mdns", action="store_true", help="do not announce on the network (tests, benchmarks)"
    )
    parser.add_argument(
        "--demo",
        nargs="?",
        const="",
        default=None,
        metavar="GAME",
        help="bots play whole games on the TV to show what it looks like (GAME: a game's name, "
        "default the first one)",
    )
    parser.add_argument(
        "--max-sockets",
        type=int,
        default=400,
        metavar="N",
        help="phones, board pages and audience at once (default 400; a seat always gets in)",
    )
    parser.add_argument(
        "--reduced-motion",
        action="store_true",
        help="the TV cuts instead of moving (moments last as long); key A toggles it",
    )
    parser.add_argument("--seed", type=int, help=argparse.SUPPRESS)  # fixed deals for tests
    return parser


def system_language() -> str:
    from host.i18n import normalise_language

    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        if os.environ.get(name):
            return normalise_language(os.environ[name])
    with contextlib.suppress(ValueError):
        return normalise_language(locale.getlocale()[0])
    return normalise_language(None)


def chosen_language(args: argparse.Namespace) -> str:
    """``--lang`` if given, else this computer's language."""
    from host.i18n import normalise_language

    return normalise_language(args.lang) if args.lang else system_language()


def say(text: str) -> None:
    """Tell the person at the keyboard (flushed: the terminal may be a pipe)."""
    print(text, flush=True)


def words(lang: str, key: str, **facts: Any) -> str:
    """A sentence for the terminal, from the catalog like every other word players read."""
    from host.i18n import translate

    return translate(lang, key, **facts)


def make_plan(args: argparse.Namespace, say: Callable[[str], None] = say) -> Plan:
    """Listen on the port, choose the join address and the language.

    The port is bound and listening from here on, before the server's modules are even imported,
    so phones reconnecting to a restarting host wait in the kernel's queue rather than being
    refused. Raises OSError if no port is free.
    """
    from host.netaddr import join_host, listening_socket

    sock = listening_socket(args.bind, args.port)
    port = sock.getsockname()[1]
    from host.mdns import local_url

    lang = chosen_language(args)
    if args.port and port != args.port:
        say(words(lang, "cli.port_moved", asked=args.port, port=port))
    address = join_host(args.bind)
    return Plan(
        bind=args.bind,
        port=port,
        join_url=f"http://{address}:{port}/",
        local_url=local_url(port),
        lang=lang,
        state_dir=args.state_dir,
        resume=args.resume,
        mdns=not args.no_mdns,
        mdns_interfaces=list(args.mdns_interface),
        headless=args.headless,
        fullscreen=not args.windowed,
        seed=args.seed,
        demo=args.demo,
        reduced_motion=args.reduced_motion,
        max_sockets=max(8, args.max_sockets),
        sock=sock,
    )


def build_app(plan: Plan, say: Callable[[str], None] = say) -> Any:
    from host.server import HostConfig, create_app, default_state_dir

    # A demo keeps its journals apart: it must not replace the room a real evening left. It
    # keeps the host's key, so its QR code and host code are the evening's.
    demo_dir = Path(tempfile.mkdtemp(prefix="molecrew-demo-")) if plan.demo else None
    config = HostConfig(
        join_url=plan.join_url,
        screen_lang=plan.lang,
        state_dir=demo_dir or plan.state_dir,
        resume=plan.resume and not plan.demo,
        seed=plan.seed,
        demo=plan.demo,
        max_sockets=plan.max_sockets,
        key_dir=(plan.state_dir or default_state_dir()) if plan.demo else None,
    )
    app = create_app(config)
    if demo_dir is not None:

        async def forget_the_demo(_app: Any) -> None:
            shutil.rmtree(demo_dir, ignore_errors=True)  # after the Room's last save

        app.on_cleanup.append(forget_the_demo)
    if plan.mdns:
        from host.mdns import Announcement, cleanup_context
        from host.netaddr import interface_addresses, lan_address

        interfaces = plan.mdns_interfaces or None
        if interfaces is None and plan.bind not in ("", "0.0.0.0"):
            interfaces = [plan.bind]  # served on one address: announce there only
        addresses = interfaces or interface_addresses() or [lan_address()]
        announcement = Announcement(
            port=plan.port, addresses=addresses, interfaces=interfaces, game=config.game
        )
        app.cleanup_ctx.append(cleanup_context(announcement, say, lang=plan.lang))
    return app


def banner(plan: Plan, app: Any = None) -> str:
    from host.qr import qr_text
    from host.server import FINGERPRINT_KEY, ROOM_KEY, default_state_dir

    lang = plan.lang
    lines = [words(lang, "cli.hosting"), words(lang, "cli.join_url", url=plan.join_url)]
    if plan.mdns:
        lines.append(words(lang, "cli.also_local", url=plan.local_url))
    board = plan.join_url.split("#", 1)[0] + "board"  # the public board for any other screen
    lines.append(words(lang, "board.another_screen", url=f"{board}?lang={lang}"))
    folder = plan.state_dir or default_state_dir()
    lines.append(words(lang, "cli.saved_in", folder=folder))
    room = app[ROOM_KEY] if app is not None else None
    if room is not None and room.phase == "lobby" and room.saved is not None:
        # No window, no R key to name.
        lines.append(words(lang, "cli.unfinished_headless" if plan.headless else "cli.unfinished"))
    if app is not None:  # the QR code carries the host key; the code lets phones compare it
        lines.append(words(lang, "channel.tv_code", code=app[FINGERPRINT_KEY]))
    qr_url = room.join_url if room is not None else plan.join_url
    lines += ["", qr_text(qr_url), "", words(lang, "cli.press_ctrl_c")]
    return "\n".join(lines)


async def _start(app: Any, plan: Plan) -> Any:
    from aiohttp import web

    from host.door import DoorSite, raise_open_files_limit

    raise_open_files_limit()
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    if plan.sock is not None:
        site: web.BaseSite = DoorSite(runner, plan.sock)
    else:
        site = web.TCPSite(runner, plan.bind, plan.port)
    await site.start()
    return runner


async def serve_headless(plan: Plan) -> int:
    """Serve until SIGINT/SIGTERM, then close sockets, mDNS and the journal."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    from host.server import ROOM_KEY
    from host.tv.tutorial.offscreen import OffscreenTutorial

    app = build_app(plan)
    runner = await _start(app, plan)
    # No window plays the tutorial's chapters: they play here, for the phones and board pages.
    tutorial = OffscreenTutorial(app[ROOM_KEY], plan.lang, say)
    print(banner(plan, app), flush=True)
    try:
        await stop.wait()
    finally:
        say(words(plan.lang, "cli.stopping"))
        tutorial.close()
        await runner.cleanup()
    say(words(plan.lang, "cli.stopped"))
    return 0


class ServerThread:
    """The aiohttp app on its own asyncio loop in a background thread (the window keeps main)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="molecrew-server", daemon=True)
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.app: Any = None
        self.runner: Any = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.runner = self.loop.run_until_complete(self._build_and_start())
        except BaseException as error:
            self.error = error
            self.ready.set()
            return
        self.ready.set()
        self.loop.run_forever()

    async def _build_and_start(self) -> Any:
        # Built on the running loop, as --headless builds it: what the Room schedules while it
        # is made (a demo's first bot pauses, a resumed game's turn clock) needs a loop to wait
        # on, and without one it would act at once (host/clock.py).
        self.app = build_app(self.plan)
        return await _start(self.app, self.plan)

    def start(self) -> None:
        """Start serving; raises what the server raised while starting."""
        self.thread.start()
        self.ready.wait()
        if self.error is not None:
            raise self.error

    def call(self, function: Callable[[], None]) -> None:
        """Run ``function`` on the server's loop (from any thread)."""
        self.loop.call_soon_threadsafe(function)

    def stop(self) -> None:
        if self.runner is not None:
            future = asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop)
            with contextlib.suppress(Exception):
                future.result(timeout=15)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=15)


def host_keys(server: ServerThread, notify: Callable[[str], None], lang: str) -> Any:
    """The window's host keys, each run on the server's loop; refusals shown on the TV."""
    from engine.errors import EngineError
    from host.i18n import translate
    from host.room import RoomError
    from host.server import FINGERPRINT_KEY, ROOM_KEY
    from host.tv.tutorial.keys import room_teacher
    from host.tv.window import HostKeys

    room = server.app[ROOM_KEY]

    def on_loop(method: str, *args: Any) -> Callable[[], None]:
        def run() -> None:
            try:
                getattr(room, method)(*args)
            except (RoomError, EngineError) as error:
                notify(translate(lang, f"error.{error.code}", **error.facts))

        return lambda: server.call(run)

    def bots_for_absent() -> None:
        try:
            names = room.cover_absent_seats()
        except (RoomError, EngineError) as error:
            notify(translate(lang, f"error.{error.code}", **error.facts))
            return
        if names:
            notify(translate(lang, "tv.bots.on", names=", ".join(names)))
        else:
            notify(translate(lang, "tv.bots.none"))

    return HostKeys(
        start=on_loop("start"),
        pause=on_loop("pause"),
        unpause=on_loop("unpause"),
        resume_saved=on_loop("resume_saved"),
        bots=lambda: server.call(bots_for_absent),
        teach=room_teacher(room, server.call, notify, lang),
        # Y / N: the oldest claim on a seat; the arrows: the grand reveal's step.
        claim=lambda approve: on_loop("decide_claim", approve)(),
        replay=lambda step: on_loop("show_replay_step", step)(),
        fingerprint=server.app.get(FINGERPRINT_KEY, ""),
    )


# How many times a window that crashed is opened again before the host goes on without one.
WINDOW_REOPENS = 2


def serve_with_window(plan: Plan) -> int:
    """Serve on a thread of this process and show the TV in a process of its own
    (host/tv/remote.py): the window's drawing never takes the server's turn."""
    from host.server import FINGERPRINT_KEY, ROOM_KEY
    from host.tv.remote import WindowProcess, WindowSettings, call_key

    # Ctrl+C and SIGTERM end the host (checked at most 0.2 s apart) rather than raising
    # KeyboardInterrupt wherever the main thread happens to be.
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    # The server starts before the window: opening pygame's display takes about a second, and a
    # restarting host's phones are served meanwhile.
    server = ServerThread(plan)
    try:
        server.start()
    except OSError as error:
        address = f"{plan.bind}:{plan.port}"
        print(words(plan.lang, "cli.cannot_serve", address=address, error=error), file=sys.stderr)
        return 2
    settings = WindowSettings(
        lang=plan.lang,
        fullscreen=plan.fullscreen,
        local_url=plan.local_url if plan.mdns else None,  # a .local name only if we announce it
        reduced_motion=plan.reduced_motion,
        fingerprint=server.app.get(FINGERPRINT_KEY, ""),
    )
    lines: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
    room = server.app[ROOM_KEY]
    unsubscribe: list[Callable[[], None]] = []

    def open_window() -> tuple[Any, Any]:
        window = WindowProcess(settings, on_line=lines.put)
        feed = window.post_text
        server.call(lambda: unsubscribe.append(room.subscribe_public(feed, as_text=True)))
        return window, host_keys(server, window.notify, plan.lang)

    window, keys = open_window()
    reopened = 0
    try:
        while not stop.is_set():
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            event = line.get("event")
            if event == "ended":
                code = window.wait(10)
                if code == 0:  # the window was closed: the host stops with it
                    break
                # The window crashed: the table plays on, and the TV comes back showing it.
                server.call(lambda: unsubscribe.pop(0)())
                if reopened < WINDOW_REOPENS:
                    reopened += 1
                    window, keys = open_window()
                    say(words(plan.lang, "cli.window_reopened", code=code))
                    continue
                say(words(plan.lang, "cli.window_lost", code=code))
                print(banner(plan, server.app), flush=True)
                while not stop.wait(0.2):
                    pass
            elif event == "first_frame":  # the terminal says the address once the lobby shows
                if reopened == 0:
                    print(banner(plan, server.app), flush=True)
            elif event == "no_window":  # no display, no video driver: served as headless
                reason = line.get("error", "")
                print(words(plan.lang, "cli.no_window", error=reason), file=sys.stderr)
                print(banner(plan, server.app), flush=True)
                while not stop.wait(0.2):
                    pass
            else:
                call_key(keys, line)
    finally:
        window.stop()
        say(words(plan.lang, "cli.stopping"))
        server.stop()
        say(words(plan.lang, "cli.stopped"))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["simulate"]:
        from host.simulate import main as simulate_main

        return simulate_main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        plan = make_plan(args)
    except OSError as error:
        lang = chosen_language(args)
        print(words(lang, "cli.cannot_listen", address=args.bind, error=error), file=sys.stderr)
        return 2
    if plan.demo is not None:
        from engine.registry import DEFAULT_GAME, game_names

        plan.demo = plan.demo or DEFAULT_GAME
        if plan.demo not in game_names():
            build_parser().error(f"--demo: choose one of {', '.join(game_names())}")
    if not plan.headless and not screen_present():
        say(words(plan.lang, "cli.no_screen"))
        plan.headless = True
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # headless plays the tutorial too
    if plan.headless:
        return asyncio.run(serve_headless(plan))
    if not sound_present():
        # Without a sound card SDL's ALSA backend prints a screenful of errors: play nothing.
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return serve_with_window(plan)


def screen_present() -> bool:
    """Whether a window can be shown: on Linux and the BSDs an X or Wayland display must be
    named (or SDL told to use another driver); elsewhere there is always a screen."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return True
    names = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    return any(os.environ.get(name) for name in names)


def sound_present() -> bool:
    """Whether this machine has a sound card SDL can open (Linux: ALSA's device nodes)."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_AUDIODRIVER"):
        return True
    return os.path.isdir("/dev/snd") and any(n.startswith("pcm") for n in os.listdir("/dev/snd"))


if __name__ == "__main__":
    raise SystemExit(main())
