"""The phone page loads light (host/static.py): text files and catalogs gzip-compressed, a file
the phone already holds revalidated with 304 and no body, nothing outside the page's folder."""

from __future__ import annotations

import asyncio
import os
import re

import pytest
from aiohttp import web

from host.netaddr import listening_socket
from host.server import PHONECLIENT_DIR, HostConfig, create_app
from host.static import StaticFolder


@pytest.fixture
async def page_host(make_host, tmp_path):
    folder = tmp_path / "phoneclient"
    folder.mkdir()
    (folder / "index.html").write_text("<!doctype html><title>t</title>" + "<p>x</p>" * 100)
    (folder / "app.js").write_text("export const words = " + repr("word " * 2000) + ";\n")
    (folder / "tiny.js").write_text("1;\n")
    (folder / ".secret").write_text("hidden")
    (folder / "__init__.py").write_text("")  # the page folder is a Python package too
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "x.js").write_text("1;\n")
    (tmp_path / "outside.txt").write_text("not the page's")
    (folder / "link.txt").symlink_to(tmp_path / "outside.txt")
    host = await make_host(phoneclient_dir=folder)
    host.folder = folder
    return host


async def test_text_files_are_gzipped_for_a_phone_that_accepts_it(page_host):
    source = (page_host.folder / "app.js").read_bytes()
    zipped = await page_host.client.get("/static/app.js", headers={"Accept-Encoding": "gzip"})
    assert zipped.status == 200
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert zipped.headers["Content-Type"].startswith("text/javascript")
    assert int(zipped.headers["Content-Length"]) < len(source) / 10
    assert await zipped.read() == source  # the client undoes the gzip: the very file
    assert zipped.headers["Vary"] == "Accept-Encoding"
    assert zipped.headers["Cache-Control"] == "no-cache"
    plain = await page_host.client.get("/static/app.js", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and await plain.read() == source
    tiny = await page_host.client.get("/static/tiny.js", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in tiny.headers  # gzip would make it bigger


async def test_a_file_the_phone_holds_is_not_sent_again_until_it_changes(page_host):
    first = await page_host.client.get("/static/app.js")
    etag = first.headers["ETag"]
    again = await page_host.client.get("/static/app.js", headers={"If-None-Match": etag})
    assert again.status == 304 and await again.read() == b""
    assert again.headers["ETag"] == etag
    weak = await page_host.client.get("/static/app.js", headers={"If-None-Match": f"W/{etag}"})
    assert weak.status == 304
    path = page_host.folder / "app.js"
    path.write_text("export const words = 'new';\n")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    changed = await page_host.client.get("/static/app.js", headers={"If-None-Match": etag})
    assert changed.status == 200 and changed.headers["ETag"] != etag
    assert await changed.text() == "export const words = 'new';\n"


async def test_the_page_keeps_its_security_headers_and_revalidates(page_host):
    page = await page_host.client.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.status == 200 and page.headers["Content-Encoding"] == "gzip"
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["Content-Type"].startswith("text/html")
    again = await page_host.client.get("/", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status == 304
    assert "default-src 'self'" in again.headers["Content-Security-Policy"]


async def test_catalogs_are_gzipped_and_revalidated(host):
    first = await host.client.get("/i18n/es.json", headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    words = await first.json()
    assert words["error.bad_json"].startswith("El teléfono")
    assert int(first.headers["Content-Length"]) < len(await first.read()) / 2
    again = await host.client.get("/i18n/es.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status == 304
    other = await host.client.get("/i18n/pt.json", headers={"If-None-Match": first.headers["ETag"]})
    assert other.status == 200


@pytest.mark.parametrize(
    "path",
    [
        "/static/.secret",
        "/static/link.txt",
        "/static/%2e%2e/outside.txt",
        "/static/../outside.txt",
        "/static/missing.js",
        "/static/",
        "/static/sub/../../outside.txt",
        "/static/app.js%00.png",
        "/static/%00",
        "/sounds/%00.ogg",
        "/i18n/en%00.json",
        "/static/__init__.py",
        "/static/__pycache__/x.js",
    ],
)
async def test_nothing_outside_the_page_folder_is_served(page_host, path):
    response = await page_host.client.get(path)
    assert response.status == 404


def test_the_default_config_serves_the_real_page_folder():
    assert (HostConfig().phoneclient_dir / "index.html").is_file()


async def test_no_response_names_the_python_or_aiohttp_version(page_host):
    for path in ("/", "/static/app.js", "/board", "/health", "/static/missing.js"):
        response = await page_host.client.get(path)
        assert response.headers["Server"] == "molecrew", path
        told = " ".join(f"{name}: {value}" for name, value in response.headers.items())
        assert "aiohttp" not in told and "Python" not in told, (path, told)


async def test_even_the_parsers_own_refusals_name_no_version(tmp_path):
    # QA: a garbage request line got aiohttp's 400 with "Server: Python/3.11 aiohttp/3.x".
    sock = listening_socket("127.0.0.1", 0)
    runner = web.AppRunner(create_app(HostConfig(state_dir=tmp_path, heartbeat=None)))
    await runner.setup()
    await web.SockSite(runner, sock).start()
    try:
        for request in (b"NOT HTTP AT ALL\r\n\r\n", b"GET / HTTP/9.9\r\nHost: x\r\n\r\n"):
            reader, writer = await asyncio.open_connection(*sock.getsockname()[:2])
            writer.write(request)
            answer = await asyncio.wait_for(reader.read(), timeout=10)
            writer.close()
            assert answer.split(b"\r\n", 1)[0].endswith(b" 400 Bad Request"), answer[:40]
            assert b"Server: molecrew\r\n" in answer and b"aiohttp" not in answer, answer
    finally:
        await runner.cleanup()


async def test_a_style_sheet_is_served_without_its_comments(page_host):
    """Comments are the source's, not the phone's; a "/*" inside a string stays, and a comment
    between two tokens still separates them."""
    (page_host.folder / "look.css").write_text(
        "/* the page's look */\n"
        'a::before { content: "/* not a comment */"; }\n'
        "/* it's\n   two lines */\n"
        "b { margin: 0/**/auto; font-family: 'x /* y'; }\n"
    )
    served = await page_host.client.get("/static/look.css")
    assert served.status == 200
    assert await served.text() == (
        'a::before { content: "/* not a comment */"; }\n'
        "b { margin: 0 auto; font-family: 'x /* y'; }\n"
    )


def test_the_phones_own_sheet_loses_only_its_comments():
    """The real sheet: every rule is still there, token for token, once comments are gone."""
    source = (PHONECLIENT_DIR / "style.css").read_text()
    asset = StaticFolder(PHONECLIENT_DIR).find("style.css")
    assert asset is not None
    served = asset.body.decode()
    assert "/*" not in served and len(served) < len(source) * 0.8
    tokens = re.compile(r"\s+")
    assert tokens.sub("", re.sub(r"/\*.*?\*/", "", source, flags=re.S)) == tokens.sub("", served)
