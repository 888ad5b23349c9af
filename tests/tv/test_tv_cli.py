"""The command line: ports, addresses, help, and the window mode's clean shutdown."""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from tv_phones import killed_at_the_end, start_molecrew, stops_cleanly

from host.cli import build_parser, main, make_plan
from host.i18n import translate
from host.netaddr import free_port, lan_address

ROOT = Path(__file__).resolve().parents[2]


def test_a_taken_port_moves_to_the_next_free_one_and_says_so():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        said = []
        plan = make_plan(
            build_parser().parse_args(["--bind", "127.0.0.1", "--port", str(port), "--lang", "es"]),
            said.append,
        )
    assert plan.port > port
    assert plan.join_url == f"http://127.0.0.1:{plan.port}/"
    # Said in the host's language, from the catalog.
    assert said == [translate("es", "cli.port_moved", asked=port, port=plan.port)]
    assert said[0].startswith(f"El puerto {port}")


def test_the_join_address_is_a_usable_ipv4_address():
    address = ipaddress.IPv4Address(lan_address())
    assert not address.is_link_local and not address.is_multicast
    plan = make_plan(build_parser().parse_args(["--port", "0", "--lang", "pt-BR"]))
    assert plan.join_url == f"http://{address}:{plan.port}/" and plan.lang == "pt"
    assert free_port("127.0.0.1", 0) > 0


def test_help_reads_well(capsys):
    try:
        main(["--help"])
    except SystemExit as stop:
        assert stop.code == 0
    text = capsys.readouterr().out
    for option in (
        "--port",
        "--fullscreen",
        "--lang",
        "--headless",
        "--resume",
        "--state-dir",
        "--bind",
        "--mdns-interface",
        "--no-mdns",
        "simulate",
    ):
        assert option in text


def test_help_names_every_host_key_the_readme_does(capsys):
    """QA: --help named seven of the window's keys, the README twelve."""
    try:
        main(["--help"])
    except SystemExit as stop:
        assert stop.code == 0
    help_text = " ".join(capsys.readouterr().out.split())
    readme = " ".join((ROOT / "README.md").read_text().split())
    keys = readme.split("Host keys in the window: ", 1)[1].split(". ", 1)[0]
    for key in keys.split(", "):
        assert key in help_text, key


async def test_window_mode_serves_and_stops_cleanly_on_ctrl_c(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    process, url, _banner = await start_molecrew(tmp_path, headless=False, env=env)
    async with killed_at_the_end(process):
        async with aiohttp.ClientSession() as http, http.get(url + "healthz") as health:
            assert (await health.json())["phase"] == "lobby"
        await stops_cleanly(process, signal.SIGINT)


def test_simulate_is_still_dispatched():
    done = subprocess.run(
        [sys.executable, "-m", "host.cli", "simulate", "--help"], cwd=ROOT, capture_output=True,
        text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 0 and "--games" in done.stdout


def test_python_dash_m_host_is_the_molecrew_command():
    done = subprocess.run(
        [sys.executable, "-m", "host", "--help"], cwd=ROOT, capture_output=True, text=True,
        timeout=30,
    )  # fmt: skip
    assert done.returncode == 0 and done.stdout.startswith("usage: molecrew")


@pytest.mark.parametrize(
    ("headless", "key"), [(True, "cli.unfinished_headless"), (False, "cli.unfinished")]
)
def test_the_terminal_says_who_can_continue_a_saved_game(headless, key):
    """A host with no window has no R key to name (QA)."""
    from types import SimpleNamespace

    from host.cli import banner
    from host.server import FINGERPRINT_KEY, ROOM_KEY

    args = ["--port", "0", "--no-mdns"] + (["--headless"] if headless else [])
    plan = make_plan(build_parser().parse_args(args))
    room = SimpleNamespace(phase="lobby", saved=object(), join_url=plan.join_url)
    text = banner(plan, {ROOM_KEY: room, FINGERPRINT_KEY: "ABCD"})
    assert translate("en", key) in text
    assert ("press R" in text) is not headless
