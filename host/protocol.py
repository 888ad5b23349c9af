"""The phone protocol's incoming messages: parsing and shape checks, before the Room sees them.

Every check failure raises :class:`ProtocolError` with a stable code (the catalog key is
``error.<code>``) and the facts that explain it. The Room decides what a well-formed message
means; this module only decides whether it is well formed. ``docs/protocol.md`` describes it all.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

MAX_NAME_LENGTH = 16


class ProtocolError(Exception):
    """A message the host refuses, with its ``code`` and ``facts`` for the sender's language."""

    def __init__(self, code: str, **facts: Any) -> None:
        self.code = code
        self.facts = facts
        super().__init__(code)


# Field kinds: what each message type must (or may) carry.
_STR, _OPT_STR, _INT, _OBJ, _STR_LIST, _INT_LIST, _OPT_INT, _BOOL = (
    "string",
    "string or null",
    "integer",
    "object",
    "list of strings",
    "list of integers",
    "integer or null",
    "true or false",
)

# type -> {field: (kind, required)}
SCHEMAS: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"token": (_OPT_STR, False), "lang": (_OPT_STR, False)},
    "join": {"name": (_STR, True)},
    "lang": {"lang": (_STR, True)},
    "action": {"action": (_OBJ, True), "seat": (_OPT_INT, False)},
    "options": {"game": (_STR, False), "variants": (_STR_LIST, False)},
    "reorder": {"order": (_INT_LIST, True)},
    "remove": {"seat": (_INT, True)},
    "bot": {"seat": (_INT, True), "on": (_BOOL, False)},
    "start": {},
    "rematch": {},
    "leave": {},
    "ping": {},
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(kind: str, value: Any) -> bool:
    if kind == _STR:
        return isinstance(value, str)
    if kind == _OPT_STR:
        return value is None or isinstance(value, str)
    if kind == _INT:
        return _is_int(value)
    if kind == _OPT_INT:
        return value is None or _is_int(value)
    if kind == _BOOL:
        return isinstance(value, bool)
    if kind == _OBJ:
        return isinstance(value, dict)
    if kind == _STR_LIST:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if kind == _INT_LIST:
        return isinstance(value, list) and all(_is_int(item) for item in value)
    raise AssertionError(kind)


def parse_message(text: str) -> dict[str, Any]:
    """The message as a dict of known shape.

    Raises ProtocolError: ``bad_json`` (not JSON, or not an object), ``unknown_type`` (no or an
    unknown ``type``), ``bad_field`` (a field missing or of the wrong type; facts: field, expected).
    """
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_json")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError("unknown_type", type=str(kind)[:40])
    for name, (expected, required) in SCHEMAS[kind].items():
        if name not in message:
            if required:
                raise ProtocolError("bad_field", field=name, expected=expected)
            continue
        if not _fits(expected, message[name]):
            raise ProtocolError("bad_field", field=name, expected=expected)
    return message


def clean_name(raw: str) -> str:
    """The name a player typed, trimmed and with inner whitespace runs made single spaces.

    Raises ProtocolError: ``name_length`` (not 1-16 characters once trimmed; facts: min, max),
    ``name_chars`` (control or invisible formatting characters).
    """
    name = " ".join(raw.split())
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise ProtocolError("name_length", min=1, max=MAX_NAME_LENGTH)
    if any(unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs", "Cn") for char in name):
        raise ProtocolError("name_chars")
    return name
