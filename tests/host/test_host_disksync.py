"""host/disksync.py: a sync begun while the caller works, then waited for; its failures come out
of ``wait``, and a system without glibc's AIO gets the same answers from a sync made at once."""

from __future__ import annotations

import errno
import os
import sys

import pytest

from host import disksync
from host.journal import GameJournal, JournalError, read_journal


def test_on_linux_with_glibc_the_sync_runs_beside_the_caller():
    if sys.platform != "linux":
        pytest.skip("glibc's AIO is a Linux matter")
    assert disksync.overlaps()


@pytest.mark.parametrize("aio", [True, False], ids=["aio", "at-once"])
def test_a_sync_is_waited_for_and_a_failure_comes_out_of_wait(tmp_path, monkeypatch, aio):
    if not aio:
        monkeypatch.setattr(disksync, "_aio", None)
    path = tmp_path / "file"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        os.write(fd, b"line\n")
        pending = disksync.begin(fd)
        pending.wait()
        pending.wait()  # a second wait has nothing more to say
        assert path.read_bytes() == b"line\n"
        assert disksync._in_flight == {}  # glibc's record of the request is given back
    finally:
        os.close(fd)
    bad = disksync.begin(fd)  # closed now
    with pytest.raises(OSError) as raised:
        bad.wait()
    assert raised.value.errno == errno.EBADF


def test_a_journal_line_left_syncing_is_kept_once_settled_and_cut_off_if_the_disk_fails(
    tmp_path, monkeypatch
):
    path = tmp_path / "game.jsonl"
    journal = GameJournal(path)
    journal._write({"kind": "header", "game": "mole", "config": {}, "seed": 1, "seats": []})
    header = path.stat().st_size
    journal.append_action(0, {"type": "propose", "team": [0, 1]}, settle=False)
    journal.settle()
    kept = path.stat().st_size
    assert kept > header
    monkeypatch.setattr(
        disksync, "begin", lambda fd: disksync.Pending(None, OSError(errno.EIO, "I/O error"))
    )
    journal.append_action(1, {"type": "vote", "vote": "yes"}, settle=False)
    with pytest.raises(JournalError):
        journal.settle()
    assert path.stat().st_size == kept  # the line the disk could not keep is gone
    monkeypatch.undo()
    journal.append_action(2, {"type": "vote", "vote": "no"}, settle=False)
    journal.close()  # closing waits for the sync under way
    assert [entry["seat"] for entry in read_journal(path).log] == [0, 2]
