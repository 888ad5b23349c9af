"""The phone protocol's incoming messages: parsing and shape checks, before the Room sees them.

Every check failure raises :class:`ProtocolError` with a stable code (the catalog key is
``error.<code>``) and the facts that explain it. The Room decides what a well-formed message
means; this module only decides whether it is well formed. ``docs/protocol.md`` describes it all.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

from engine.errors import CodedError

MAX_NAME_LENGTH = 16
# Every phone pads its frames with this field (so their sizes tell nothing); it means nothing.
PAD_FIELD = "pad"


class ProtocolError(CodedError):
    """A message the host refuses, with its ``code`` and ``facts`` for the sender's language."""

    def __init__(self, code: str, **facts: Any) -> None:
        super().__init__(code, **facts)


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
    "hello": {"token": (_OPT_STR, False), "tokens": (_STR_LIST, False), "lang": (_OPT_STR, False)},
    "join": {"name": (_STR, True)},
    "lang": {"lang": (_STR, True)},
    "action": {"action": (_OBJ, True), "seat": (_OPT_INT, False)},
    "options": {
        "game": (_STR, False),
        "variants": (_STR_LIST, False),
        "timer": (_OPT_STR, False),
        "first_game": (_BOOL, False),
    },
    "reorder": {"order": (_INT_LIST, True)},
    "remove": {"seat": (_INT, True)},
    "bot": {"seat": (_INT, True), "on": (_BOOL, False)},
    "start": {},
    "rematch": {},
    "leave": {},
    "claim": {"id": (_INT, True), "approve": (_BOOL, True)},
    "add_seat": {"name": (_STR, True)},
    "hold": {"seat": (_INT, True)},
    "hide": {},
    "audience": {"name": (_STR, True), "token": (_OPT_STR, False)},
    "suspect": {"seats": (_INT_LIST, True)},
    "tutorial": {"command": (_STR, True), "game": (_STR, False)},
    "tried_flap": {},
    "pause": {"on": (_BOOL, False)},
    "end": {},
    "lobby": {},
    "add_bot": {},
    "replay": {"step": (_OPT_INT, False)},
    "resume_saved": {},
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
    """The message as a dict of known shape, without the phone's ``pad`` field.

    Raises ProtocolError: ``bad_json`` (not JSON, not an object, a number beyond what JSON
    can carry here: more than 4,300 digits, NaN or infinite; or a string holding a lone UTF-16
    surrogate, which no frame could carry back), ``unknown_type`` (no or an unknown ``type``),
    ``bad_field`` (a field missing or of the wrong type; facts: field, expected).

    A lone surrogate in ``hello``'s token is not refused: the token becomes one that no seat can
    have (U+FFFD in place of each surrogate), so the Room answers ``token_unknown`` as for any
    stale token and the phone forgets it.
    """
    try:
        message = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except (ValueError, RecursionError):  # JSONDecodeError, int digit limit, NaN/Infinity
        raise ProtocolError("bad_json") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_json")
    message.pop(PAD_FIELD, None)
    if message.get("type") == "hello" and isinstance(message.get("token"), str):
        message["token"] = _without_surrogates(message["token"])
    # Only a \u escape (or a str that did not come from a frame) can hold a lone surrogate.
    if not (text.isascii() and "\\u" not in text) and _holds_surrogate(message):
        raise ProtocolError("bad_json")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        # Named as the phone wrote it (JSON, not Python's repr), without control characters.
        shown = kind if isinstance(kind, str) else json.dumps(kind, ensure_ascii=False)
        raise ProtocolError("unknown_type", type="".join(filter(str.isprintable, shown))[:40])
    for name, (expected, required) in SCHEMAS[kind].items():
        if name not in message:
            if required:
                raise ProtocolError("bad_field", field=name, expected=expected)
            continue
        if not _fits(expected, message[name]):
            raise ProtocolError("bad_field", field=name, expected=expected)
    return message


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):  # 1e400 would come back to phones as the non-JSON `Infinity`
        raise ValueError("number out of range")
    return value


def _is_surrogate(char: str) -> bool:
    return "\ud800" <= char <= "\udfff"


def _without_surrogates(text: str) -> str:
    return "".join("\ufffd" if _is_surrogate(char) else char for char in text)


def _holds_surrogate(value: Any) -> bool:
    """Whether any key or string anywhere in the parsed value holds a lone surrogate.

    Iterative: a frame of 8 KiB can nest deeper than Python's recursion limit.
    """
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not item.isascii() and any(_is_surrogate(char) for char in item):
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


# Characters that draw nothing although Unicode counts most of them as letters or marks: the
# Hangul fillers, the blank Braille cell, the grapheme joiner, Khmer inherent vowels, Mongolian
# variation selectors. A name made of them shows as a blank on the TV.
_BLANK_LOOKING = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
)
_REFUSED_CATEGORIES = ("Cc", "Cf", "Co", "Cs", "Cn")
# A name needs one of these: a letter or a digit. Modifier letters (Lm: ˈ, ʼ, the Arabic tatweel,
# Lisu tone marks) draw as punctuation or a line, so a name of them reads as nothing (QA).
_READABLE = frozenset(("Lu", "Ll", "Lt", "Lo", "Nd", "Nl", "No"))
_ZWJ, _KEYCAP = "\u200d", "\u20e3"
_SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")


def _joins_emoji(name: str, index: int) -> bool:
    """Whether the joiner at ``index`` makes one emoji of two (👩‍💻, 🏳️‍🌈, 👨🏽‍💻): allowed there, a
    joiner anywhere else is invisible and refused."""
    before = index - 1
    while before >= 0 and (
        _is_variation_selector(name[before]) or _SKIN_TONES[0] <= name[before] <= _SKIN_TONES[1]
    ):
        before -= 1
    after = index + 1
    return (
        before >= 0
        and after < len(name)
        and unicodedata.category(name[before]) == "So"
        and unicodedata.category(name[after]) == "So"
    )


# Marks stacked on one letter: Thai and the Indic scripts put two or three on a letter, more draw
# a tower that runs over the names above and below it on the TV (QA: "Z" with 40 accents).
_MOST_STACKED_MARKS = 3


def _marks_stack_too_high(name: str) -> bool:
    """Whether more than _MOST_STACKED_MARKS non-spacing marks follow one another."""
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if run > _MOST_STACKED_MARKS:
            return True
    return False


def _is_variation_selector(char: str) -> bool:
    return "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef"


# The ordinal indicators (Nº 7, 1ª, 2º): Spanish and Portuguese write them in names, and NFKC
# would make them plain letters ("Nº01" shown as "No01"). The shown name keeps them as typed;
# name_key and same_spelling fold them as NFKC does, so "Nº1" and "No1" are still one name.
_ORDINALS = "\u00ba\u00aa"  # º ª
_ORDINAL_SPLIT = re.compile(f"([{_ORDINALS}])")


def _nfkc_keeping_ordinals(text: str) -> str:
    """``text`` NFKC-normalised, except that º and ª stay as they are."""
    return "".join(
        part if part in _ORDINALS else unicodedata.normalize("NFKC", part)
        for part in _ORDINAL_SPLIT.split(text)
    )


def clean_name(raw: str) -> str:
    """The name a player typed: NFKC-normalised (but º and ª kept as typed), trimmed, inner
    whitespace runs made single spaces.

    Raises ProtocolError: ``name_length`` (not 1-16 characters once cleaned; facts: min, max),
    ``name_chars`` (control, invisible formatting or blank-looking characters, marks stacked
    more than three high, or no visible letter or digit at all).
    """
    name = " ".join(_nfkc_keeping_ordinals(raw).split())
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise ProtocolError("name_length", min=1, max=MAX_NAME_LENGTH)
    for index, char in enumerate(name):
        category = unicodedata.category(char)
        if char == _ZWJ and _joins_emoji(name, index):
            continue
        if char in _BLANK_LOOKING or category in _REFUSED_CATEGORIES:
            raise ProtocolError("name_chars")
        if category == "Me" and char != _KEYCAP:  # a ring or a sign drawn around a letter
            raise ProtocolError("name_chars")
    if not any(unicodedata.category(char) in _READABLE for char in name):
        raise ProtocolError("name_chars")
    if _marks_stack_too_high(name):
        raise ProtocolError("name_chars")
    return name


# Letters that are drawn like a Latin one (lower case, since the key is case-folded first):
# Cyrillic, Greek, Cherokee, Armenian, Lisu, Tifinagh and the small capitals, from Unicode's
# confusables list (the TV's DejaVu font draws every one of them like the Latin letter; QA),
# the ones a keyboard or a phone's symbol page offers. Where upper and lower case disagree
# (Greek Eta is H, eta looks like n), the capital wins: names start with one. Cherokee folds to
# its capitals, which are the ones listed.
_LOOKALIKES = (  # (letters, the Latin ones they are drawn like)
    ("авеһніјкӏмпорԛгѕстуүхԁԝɡьзѵ", "abehhijkimnopqrsctyyxdwgb3v"),  # Cyrillic
    ("αβεζηικμνορτυχϲϳ", "abezhikmnoptyxcj"),  # Greek
    ("ıȷɑɩǀ", "ijaii"),  # Latin ones that pass for others (iota, the dental click)
    ("ᎠᎡᎢᎥᎩᎪᎫᎬᎳᎷᎻᏀᏂᏃᏏᏒᏚᏞᏟᏢᏦᏴᏙ", "drtiyajewmhghzbrslcpkbv"),  # Cherokee
    ("օսհոցզտ", "ouhngqs"),  # Armenian (Տ, the capital, is an S)
    ("ꓐꓑꓓꓔꓖꓗꓙꓚꓜꓝꓟꓠꓡꓢꓣꓦꓧꓪꓫꓬꓮꓰꓲꓳꓴ", "bpdtgkjczfmnlsrvhwxyaeiou"),  # Lisu capitals
    ("ⵏⵔ", "io"),  # Tifinagh
    ("ᴀʙᴄᴅᴇɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ", "abcdeghijklmnoprstuvwyz"),  # small capitals
)
_LOOKS_LATIN = str.maketrans("".join(a for a, _ in _LOOKALIKES), "".join(b for _, b in _LOOKALIKES))


def name_key(name: str) -> str:
    """A skeleton of ``name``: two names with one key look alike on a screen.

    Case-folded and NFKC-normalised (so full-width "Ａna" is "ana", and "Nº1", shown with its º,
    is "no1"), letters of other scripts drawn like Latin ones replaced by those ("Аna" in
    Cyrillic is "ana", "ᏴᎬᎪ" in Cherokee is "bea"), accents kept ("José" is not "Jose"), and
    characters that draw nothing (variation selectors) dropped.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    decomposed = unicodedata.normalize("NFD", folded).translate(_LOOKS_LATIN)
    visible = "".join(
        char
        for char in decomposed
        if not _is_variation_selector(char) and char not in _BLANK_LOOKING
    )
    return unicodedata.normalize("NFC", " ".join(visible.split()))


def same_spelling(first: str, second: str) -> bool:
    """Whether two names are spelled alike, ignoring case and what NFKC folds: the same name
    ("Nº1" and "No1", "ANA" and "ana"), not a lookalike in another script (Cyrillic "Аna")."""
    return unicodedata.normalize("NFKC", first).casefold() == (
        unicodedata.normalize("NFKC", second).casefold()
    )
