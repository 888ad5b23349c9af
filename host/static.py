"""The phone page's files and catalogs, compressed and revalidated so a phone loads them light.

A first visit gets every text file gzip-compressed (``Content-Encoding: gzip``, made once per
version of the file and kept in memory); a reload sends each file's validator (``If-None-Match``
with its ``ETag``, a hash of its content) and gets ``304 Not Modified`` with no body for what has
not changed. Every response says ``Cache-Control: no-cache``: the phone may keep a copy but asks
each time, so a host that was updated is never shown with yesterday's scripts.

Files are looked up under one folder only (no ``..``, no hidden files, no symlink out of it) and
re-read when their size or modification time changes, so a file edited while the host runs is
served new.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from aiohttp import web

# Types worth compressing (images such as PNG are compressed already).
_TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")
_SMALLEST_WORTH_COMPRESSING = 256  # bytes: below this, gzip's own header costs more than it saves
_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css"}
# A style sheet's comments are for the next reader of the source, not for the phone: they were
# a third of the phone's sheet, gzipped. Strings are matched first so that a "/*" in one
# is kept; scanning left to right, a quote inside a comment is part of the comment.
_CSS_STRING_OR_COMMENT = re.compile(
    rb'("(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\')'  # a string, kept
    rb"|/\*.*?\*/\s*",  # a comment and the space after it
    re.S,
)


def without_css_comments(sheet: bytes) -> bytes:
    """The sheet with its comments dropped; one between two tokens leaves a space, as it
    separated them."""

    def kept(match: re.Match[bytes]) -> bytes:
        if match.group(1) is not None:
            return match.group(1)
        return b"" if match.group(0)[-1:].isspace() else b" "

    return _CSS_STRING_OR_COMMENT.sub(kept, sheet)


@dataclass(frozen=True)
class Asset:
    """One version of one file: its bytes, their gzip form (if smaller) and their validator."""

    body: bytes
    gzipped: bytes | None
    etag: str
    content_type: str

    @classmethod
    def of(cls, body: bytes, content_type: str) -> Asset:
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        gzipped = None
        if content_type.startswith(_TEXT_TYPES) and len(body) >= _SMALLEST_WORTH_COMPRESSING:
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            gzipped = packed if len(packed) < len(body) else None
        return cls(body, gzipped, etag, content_type)

    def response(self, request: web.Request, headers: dict[str, str]) -> web.Response:
        """200 with the body (gzipped if the phone accepts it), or 304 if it holds this one."""
        common = {**headers, "ETag": self.etag, "Vary": "Accept-Encoding"}
        if self.etag in _etags(request.headers.get("If-None-Match", "")):
            return web.Response(status=304, headers=common)
        accepts = request.headers.get("Accept-Encoding", "")
        if self.gzipped is not None and "gzip" in accepts.lower():
            response = web.Response(
                body=self.gzipped,
                headers={**common, "Content-Encoding": "gzip"},
                content_type=self.content_type,
            )
        else:
            response = web.Response(body=self.body, headers=common, content_type=self.content_type)
        if self.content_type.startswith("text/") or self.content_type.endswith(("json", "xml")):
            response.charset = "utf-8"
        return response


def _etags(header: str) -> set[str]:
    """The validators in an If-None-Match header (weak ones compare equal, as RFC 9110 says)."""
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def content_type_of(path: Path) -> str:
    return (
        _TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    )


class StaticFolder:
    """The files under ``root``, each kept as an :class:`Asset` until it changes on disk."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._assets: dict[Path, tuple[tuple[int, int], Asset]] = {}

    def find(self, relative: str) -> Asset | None:
        """The asset at ``relative`` (a URL path under the folder), or None if there is none."""
        parts = PurePosixPath(relative).parts
        if not parts or any(part in ("..", "") or part.startswith(".") for part in parts):
            return None
        if parts[-1].endswith((".py", ".pyc")) or "__pycache__" in parts:
            return None  # the folder is a Python package too: its own files are not the page's
        path = self.root.joinpath(*parts)
        try:
            real = path.resolve(strict=True)
            stat = real.stat()
        except (OSError, ValueError):  # ValueError: a NUL byte, which no file name holds
            return None
        if not real.is_file() or not real.is_relative_to(self.root):
            return None
        version = (stat.st_mtime_ns, stat.st_size)
        kept = self._assets.get(real)
        if kept is not None and kept[0] == version:
            return kept[1]
        body, content_type = real.read_bytes(), content_type_of(real)
        if content_type == "text/css":
            body = without_css_comments(body)
        asset = Asset.of(body, content_type)
        self._assets[real] = (version, asset)
        return asset


class MadeAssets:
    """Responses made by the host (the catalogs): compressed again only when their text changes."""

    def __init__(self) -> None:
        self._assets: dict[str, Asset] = {}

    def asset(self, key: str, body: bytes, content_type: str) -> Asset:
        kept = self._assets.get(key)
        if kept is None or kept.body != body:
            kept = self._assets[key] = Asset.of(body, content_type)
        return kept
