"""The private channel's pieces: the host key file, the fingerprint, the exchange, the frames."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

import pytest
from nacl.public import Box, PrivateKey, PublicKey

from host.channel import (
    BAD_HANDSHAKE,
    HELLO_BYTES,
    KEY_FILE,
    OUT_OF_ORDER,
    OVERHEAD,
    REPLY_BYTES,
    TAMPERED,
    VERSION,
    ChannelError,
    HostKey,
    HostKeyDamaged,
    PhoneHandshake,
    WrongHost,
    answer_hello,
    fingerprint,
    key_text,
    keyed_url,
)


def connected(host_key: HostKey, expected: bytes | None = None):
    phone = PhoneHandshake(expected)
    reply, host_side = answer_hello(host_key, phone.hello())
    return phone, phone.finish(reply), host_side, reply


@pytest.fixture
def host_key(tmp_path: Path) -> HostKey:
    return HostKey.load_or_create(tmp_path / "state")


# ------------------------------------------------------------------------ the key file


def test_the_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    folder = tmp_path / "state" / "deep"
    first = HostKey.load_or_create(folder)
    path = folder / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(path.read_bytes()) == 32
    assert HostKey.load_or_create(folder).public == first.public
    assert [p.name for p in folder.iterdir()] == [KEY_FILE]  # no draft left beside it


def test_a_key_file_others_could_read_is_made_private(tmp_path: Path) -> None:
    first = HostKey.load_or_create(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o644)
    assert HostKey.load_or_create(tmp_path).public == first.public
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600


def test_a_damaged_key_file_is_refused_not_replaced(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).write_bytes(b"half a key")
    os.chmod(tmp_path / KEY_FILE, 0o600)
    with pytest.raises(HostKeyDamaged, match="delete it"):
        HostKey.load_or_create(tmp_path)
    assert (tmp_path / KEY_FILE).read_bytes() == b"half a key"


def test_a_key_made_meanwhile_by_another_host_is_the_one_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    theirs = bytes(PrivateKey.generate())
    real_link = os.link

    def racing_link(source: str, target: str) -> None:
        Path(target).write_bytes(theirs)  # the other host got there first
        os.chmod(target, 0o600)
        real_link(source, target)

    monkeypatch.setattr(os, "link", racing_link)
    key = HostKey.load_or_create(tmp_path)
    assert bytes(key.private) == theirs
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]


# ------------------------------------------------------------------------ URL and fingerprint


def test_the_url_fragment_carries_the_key(host_key: HostKey) -> None:
    url = keyed_url("http://192.168.1.20:8080/", host_key.public)
    assert url.startswith("http://192.168.1.20:8080/#k=")
    text = url.split("#k=")[1]
    assert len(text) == 43 and text == key_text(host_key.public)
    assert "=" not in text and "+" not in text and "/" not in text
    assert keyed_url(url, host_key.public) == url  # an old fragment is replaced, not stacked


def test_the_fingerprint_is_twelve_digits_from_sha512() -> None:
    key = bytes(range(32))
    number = int.from_bytes(hashlib.sha512(key).digest()[:5], "big") % 10**12
    expected = f"{number:012d}"
    assert fingerprint(key) == f"{expected[:4]} {expected[4:8]} {expected[8:]}"
    assert fingerprint(key) != fingerprint(bytes(32))


# ------------------------------------------------------------------------ the key exchange


def test_both_sides_agree_and_frames_go_both_ways(host_key: HostKey) -> None:
    phone, phone_side, host_side, reply = connected(host_key, host_key.public)
    assert len(phone.hello()) == HELLO_BYTES and len(reply) == REPLY_BYTES
    assert reply[0] == VERSION and reply[1:33] == host_key.public
    assert phone.host_key == host_key.public
    for text in (b'{"type":"hello"}', b"", "ñandú".encode()):
        sealed = phone_side.seal(text)
        assert len(sealed) == len(text) + OVERHEAD
        assert host_side.open(sealed) == text
        assert phone_side.open(host_side.seal(text)) == text


def test_trust_on_first_use_learns_the_key(host_key: HostKey) -> None:
    phone, _, _, _ = connected(host_key, None)
    assert phone.host_key == host_key.public


def test_another_host_key_is_refused(host_key: HostKey, tmp_path: Path) -> None:
    other = HostKey.load_or_create(tmp_path / "other")
    phone = PhoneHandshake(expected=other.public)
    reply, _ = answer_hello(host_key, phone.hello())
    with pytest.raises(WrongHost):
        phone.finish(reply)


def test_a_reply_claiming_the_key_without_its_secret_is_refused(host_key: HostKey) -> None:
    phone = PhoneHandshake(expected=host_key.public)
    hello = phone.hello()
    # A man in the middle presents the real public key but can only box with his own secret.
    impostor = PrivateKey.generate()
    ephemeral = PrivateKey.generate()
    forged = Box(impostor, PublicKey(hello[1:])).encrypt(bytes(ephemeral.public_key))
    reply = bytes([VERSION]) + host_key.public + bytes(forged)
    with pytest.raises(ChannelError) as refused:
        phone.finish(reply)
    assert refused.value.code == BAD_HANDSHAKE
    assert phone.host_key is None


def test_each_connection_has_its_own_keys(host_key: HostKey) -> None:
    _, first_phone, _, _ = connected(host_key)
    _, _, second_host, _ = connected(host_key)
    with pytest.raises(ChannelError) as refused:
        second_host.open(first_phone.seal(b'{"type":"ping"}'))  # replayed into another session
    assert refused.value.code == TAMPERED


@pytest.mark.parametrize(
    "hello",
    [b"", bytes([VERSION]) + bytes(31), bytes([2]) + bytes(32), b'{"type":"hello"}'],
)
def test_a_malformed_hello_is_refused(host_key: HostKey, hello: bytes) -> None:
    with pytest.raises(ChannelError) as refused:
        answer_hello(host_key, hello)
    assert refused.value.code == BAD_HANDSHAKE


def test_a_low_order_phone_key_is_refused(host_key: HostKey) -> None:
    with pytest.raises(ChannelError) as refused:
        answer_hello(host_key, bytes([VERSION]) + bytes(32))  # the zero point: no shared key
    assert refused.value.code == BAD_HANDSHAKE


# ------------------------------------------------------------------------ the frames


def test_a_replayed_frame_is_refused_and_the_channel_goes_on(host_key: HostKey) -> None:
    _, phone, host, _ = connected(host_key)
    first = phone.seal(b"one")
    assert host.open(first) == b"one"
    assert host.open(first) is None
    assert host.open(phone.seal(b"two")) == b"two"
    assert host.received == 2


def test_a_frame_from_ahead_ends_the_channel(host_key: HostKey) -> None:
    _, phone, host, _ = connected(host_key)
    phone.seal(b"lost")
    with pytest.raises(ChannelError) as refused:
        host.open(phone.seal(b"after the lost one"))
    assert refused.value.code == OUT_OF_ORDER


@pytest.mark.parametrize("where", [0, 7, 8, 20, -1])
def test_any_flipped_byte_ends_the_channel(host_key: HostKey, where: int) -> None:
    _, phone, host, _ = connected(host_key)
    sealed = bytearray(phone.seal(b'{"type":"action"}'))
    sealed[where] ^= 0x01
    with pytest.raises(ChannelError) as refused:
        host.open(bytes(sealed))
    # A counter pushed back reads as a replay only if it is below the one due; 0 cannot go lower.
    assert refused.value.code in (TAMPERED, OUT_OF_ORDER)


def test_a_frame_reflected_back_does_not_open(host_key: HostKey) -> None:
    _, phone, _, _ = connected(host_key)
    with pytest.raises(ChannelError) as refused:
        phone.open(phone.seal(b"mine"))  # the directions use different nonces
    assert refused.value.code == TAMPERED


def test_a_truncated_frame_ends_the_channel(host_key: HostKey) -> None:
    _, _, host, _ = connected(host_key)
    with pytest.raises(ChannelError) as refused:
        host.open(bytes(OVERHEAD - 1))
    assert refused.value.code == TAMPERED
