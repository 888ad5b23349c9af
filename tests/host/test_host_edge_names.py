"""Names as players type them (host/protocol.py): NFKC, something visible, and a skeleton under
which names that look alike on the TV are one."""

from __future__ import annotations

import pytest

from host.protocol import ProtocolError, clean_name, name_key


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ana  ", "Ana"),
        ("Ana   Maria", "Ana Maria"),
        ("Ａｎａ", "Ana"),  # full-width forms become plain letters
        ("ﬁona", "fiona"),  # the ligature is two letters
        ("Jose\u0301", "José"),  # a combining accent is composed
        ("Ana 🙂", "Ana 🙂"),
        ("李雷", "李雷"),
        ("R2", "R2"),
        ("7", "7"),
        ("Ｘ" * 16, "X" * 16),
        ("สมศักดิ์", "สมศักดิ์"),  # Thai: a vowel and a tone mark on one letter
        ("श्रीदेवी", "श्रीदेवी"),
        ("Zq\u0330\u0331\u0332", "Zq\u0330\u0331\u0332"),  # three marks: still a name
    ],
)
def test_names_are_normalised(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    "blank",
    ["\u3164", "\u115f", "\u1160", "\u2800", "\u17b4", "\uffa0", "\u034f", "\u3164\u3164 \u2800"],
)
def test_names_that_show_as_a_blank_are_refused(blank):
    with pytest.raises(ProtocolError) as refused:
        clean_name(blank)
    assert refused.value.code == "name_chars"


@pytest.mark.parametrize(
    "hidden",
    ["An\u3164a", "Ana\u2800", "A\u034fna", "Ana\u200b", "Ana\u202e", "Ana\x00", "Ana\ue000"],
)
def test_invisible_characters_inside_a_name_are_refused(hidden):
    with pytest.raises(ProtocolError) as refused:
        clean_name(hidden)
    assert refused.value.code == "name_chars"


@pytest.mark.parametrize("typed", ["Ana 👩\u200d💻", "Bo 👨🏽\u200d💻", "Lia 🏳️\u200d🌈", "1️⃣ Bo"])
def test_emoji_made_of_joined_emoji_are_kept(typed):
    """QA: a joiner was refused everywhere, so 'Ana 👩‍💻' was name_chars."""
    assert clean_name(typed) == typed


@pytest.mark.parametrize(
    "nothing", ["ˈ", "ʼʼ", "ˌˌ", "ـــــ", "ꓸꓸ", "ꜝ", "A҉҉҉B", "Ana\u200d", "\u200dAna", "🙂\u200dAna"]
)
def test_modifier_letters_enclosing_marks_and_stray_joiners_are_refused(nothing):
    """QA: names of modifier letters (drawn as an apostrophe, a line) read as nothing; enclosing
    marks draw rings over the names around them; a joiner outside an emoji is invisible."""
    with pytest.raises(ProtocolError) as refused:
        clean_name(nothing)
    assert refused.value.code == "name_chars"


@pytest.mark.parametrize(
    ("lookalike", "latin"),
    [("ꓮꓠꓮ", "ANA"), ("ꓜꓳꓰ", "Zoe"), ("ꓢꓮꓟ", "Sam"), ("ǀan", "Ian"), ("ⵏvo", "Ivo"),
     ("Տara", "Sara"), ("ɩris", "Iris")],
)  # fmt: skip
def test_lisu_tifinagh_and_latin_lookalikes_share_a_key(lookalike, latin):
    """QA: these passed for the Latin names, and the TV's own font draws them alike."""
    assert name_key(lookalike) == name_key(latin)


@pytest.mark.parametrize(
    "tower", ["Z" + "\u0336\u0301\u0308\u0330" * 3, "Ana\u0300\u0301\u0302\u0303\u0304"]
)
def test_marks_stacked_into_a_tower_are_refused(tower):
    """QA: "Z" with forty accents drew over the names above and below it on the TV."""
    with pytest.raises(ProtocolError) as refused:
        clean_name(tower)
    assert refused.value.code == "name_chars"


@pytest.mark.parametrize("nothing_to_read", ["🙂", "!!!", "-_-", "\u0301", "♥♥"])
def test_a_name_needs_a_letter_or_a_digit(nothing_to_read):
    with pytest.raises(ProtocolError) as refused:
        clean_name(nothing_to_read)
    assert refused.value.code == "name_chars"


@pytest.mark.parametrize("length", ["", "   ", "x" * 17, "ﷺ"])  # U+FDFA is 18 letters in NFKC
def test_the_length_is_counted_after_normalising(length):
    with pytest.raises(ProtocolError) as refused:
        clean_name(length)
    assert refused.value.code == "name_length"
    assert refused.value.facts == {"min": 1, "max": 16}


@pytest.mark.parametrize(
    "lookalike",
    [
        "Ana",
        "ANA",
        "ana",
        "\u0410na",  # Cyrillic capital A
        "\u0430na",  # Cyrillic small a
        "Ａna",  # full-width
        "\u0391na",  # Greek capital Alpha
        "Ana\ufe0f",  # a variation selector draws nothing
    ],
)
def test_names_that_look_alike_share_a_key(lookalike):
    assert name_key(lookalike) == name_key("Ana")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "Ann"),
        ("José", "Jose"),  # an accent is visible
        ("Ana", "Ana B"),
        ("Ana", "Anna"),
        ("李雷", "李电"),
    ],
)
def test_different_names_keep_different_keys(first, second):
    assert name_key(first) != name_key(second)


def test_cyrillic_and_greek_names_that_look_latin_are_caught_whole_words():
    assert name_key("Вос") == name_key("Boc")  # Cyrillic Ve, o, es
    assert name_key("Μοκα") == name_key("Moka")  # Greek Mu, omicron, kappa, alpha
    assert name_key("Ѕегё") == name_key("Serë")
    assert name_key("Ирина") != name_key("Irina")  # a Russian name stays itself


@pytest.mark.parametrize("lookalike", ["ᏴᎬᎪ", "ᏴEA", "BEᎪ", "ʙᴇᴀ", "Bea"])
def test_cherokee_and_small_capitals_that_look_latin_share_a_key(lookalike):
    # Found by a hostile guest: each drew as "BEA" on the TV beside a seat of that name.
    assert name_key(lookalike) == name_key("BEA")


def test_armenian_letters_that_look_latin_share_a_key():
    assert name_key("օlga") == name_key("Olga") and name_key("Ꮲaula") == name_key("Paula")


async def test_a_lookalike_of_a_connected_seat_is_told_it_is_a_lookalike(host):
    await host.player("Ana")
    stranger = await host.phone(label="stranger")
    error = await stranger.error({"type": "join", "name": "\u0410na"})
    assert error["code"] == "name_lookalike"
