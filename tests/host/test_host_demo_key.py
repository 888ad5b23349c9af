"""A demo is the same host as the evening: its journals are kept apart, its key is not."""

from __future__ import annotations

from pathlib import Path

from host import cli
from host.channel import KEY_FILE
from host.server import CONFIG_KEY, FINGERPRINT_KEY, HOST_KEY

QUIET = ["--headless", "--no-mdns", "--port", "0", "--bind", "127.0.0.1", "--lang", "en"]


def app_for(state_dir: Path, *extra: str):
    args = cli.build_parser().parse_args([*QUIET, "--state-dir", str(state_dir), *extra])
    plan = cli.make_plan(args)
    try:
        return cli.build_app(plan)
    finally:
        plan.sock.close()


def test_a_demo_shows_the_evenings_host_code_and_leaves_its_room_alone(tmp_path):
    # Phones that joined the demo's audience keep the host's key from its QR code: when the
    # real evening starts on the same laptop they reconnect by themselves, no new scan.
    demo = app_for(tmp_path, "--demo", "mole")
    evening = app_for(tmp_path)
    assert demo[HOST_KEY].public == evening[HOST_KEY].public
    assert demo[FINGERPRINT_KEY] == evening[FINGERPRINT_KEY]
    assert demo[CONFIG_KEY].journal_dir() != tmp_path
    assert sorted(path.name for path in tmp_path.iterdir()) == [KEY_FILE]


def test_a_first_demo_makes_the_key_the_evening_then_keeps(tmp_path):
    demo = app_for(tmp_path, "--demo", "insidejob")
    assert (tmp_path / KEY_FILE).read_bytes() != b""
    assert app_for(tmp_path)[HOST_KEY].public == demo[HOST_KEY].public


async def test_a_demo_leaves_no_journals_behind(tmp_path):
    from aiohttp import web

    demo = app_for(tmp_path, "--demo", "mole")
    runner = web.AppRunner(demo)
    await runner.setup()
    journals = demo[CONFIG_KEY].journal_dir()
    assert journals.is_dir()
    await runner.cleanup()
    assert not journals.exists()
    assert (tmp_path / KEY_FILE).exists()
