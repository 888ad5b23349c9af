"""An fdatasync that runs while the caller goes on working, for the journal's action lines.

An accepted action must be on disk before any frame tells anyone of it, and the disk's flush is
the largest single cost of an action (about 0.2 ms here, as long as making all its frames). The
two can overlap: the journal starts the sync of the line just written, the Room makes the new
moment's frames meanwhile, then waits for the disk, and only then sends (``Room._on_action``).

A Python thread cannot do the syncing: it would first need the interpreter lock, which the
caller holds while it makes the frames, so the sync would start only when they are done. glibc's
POSIX AIO runs ``fdatasync`` on a C thread of its own that needs no lock (``aio_fsync`` with
``O_DSYNC``). Where that is missing (not Linux with glibc, not 64-bit, a failed request), ``begin``
syncs at once and keeps the outcome for ``wait``: the same answers, only without the overlap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import platform
import sys
from typing import Any

_sync_data = getattr(os, "fdatasync", os.fsync)

# struct aiocb as glibc lays it out on 64-bit Linux (x86_64 and aarch64 alike): the descriptor
# at 0, the notification wanted at 44 (aio_sigevent at 32, its sigev_notify 12 bytes in). The
# buffer is larger than the struct (168 bytes); the rest stays zero: no buffer, no offset.
_AIOCB_BYTES = 256
_FILDES_AT = 0
_NOTIFY_AT = 44
_SIGEV_NONE = 1  # tell nobody: the waiter asks
_IDLE_SECONDS = 3600


def _load_aio() -> Any:
    if sys.platform != "linux" or platform.libc_ver()[0] != "glibc":
        return None
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    for name in (None, ctypes.util.find_library("rt")):  # libc since glibc 2.34, librt before
        try:
            lib = ctypes.CDLL(name, use_errno=True)
        except OSError:
            continue
        if not hasattr(lib, "aio_fsync"):
            continue
        lib.aio_fsync.argtypes = [ctypes.c_int, ctypes.c_void_p]
        lib.aio_error.argtypes = [ctypes.c_void_p]
        lib.aio_return.argtypes = [ctypes.c_void_p]
        lib.aio_return.restype = ctypes.c_ssize_t
        lib.aio_suspend.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
        # One syncing thread, kept while the table thinks: by default glibc ends an idle one
        # after a second, and the next action's aio_fsync would start a thread (0.1 ms here).
        # struct aioinit: aio_threads, aio_num, then aio_idle_time is the seventh int.
        lib.aio_init.argtypes = [ctypes.c_void_p]
        lib.aio_init((ctypes.c_int * 8)(1, 1, 0, 0, 0, 0, _IDLE_SECONDS, 0))
        return lib
    return None


_aio = _load_aio()
# Control blocks the C thread may still write to, by address: kept alive until their request
# is over, even if their Pending were dropped unwaited.
_in_flight: dict[int, Any] = {}


class Pending:
    """One sync begun by :func:`begin`. ``wait`` must be called once before the descriptor is
    closed or written again."""

    __slots__ = ("_block", "_error")

    def __init__(self, block: Any, error: OSError | None) -> None:
        self._block = block  # the aiocb of a request in flight, or None (synced at once)
        self._error = error  # the outcome of a sync made at once

    def wait(self) -> None:
        """Return once the data is on disk; raises the sync's OSError."""
        block, self._block = self._block, None
        if block is not None:
            self._error = _finish(block)
        if self._error is not None:
            raise self._error


def begin(fd: int) -> Pending:
    """Start making durable every byte written to ``fd`` so far."""
    if _aio is not None:
        block = ctypes.create_string_buffer(_AIOCB_BYTES)
        ctypes.c_int.from_buffer(block, _FILDES_AT).value = fd
        ctypes.c_int.from_buffer(block, _NOTIFY_AT).value = _SIGEV_NONE
        if _aio.aio_fsync(os.O_DSYNC, block) == 0:
            _in_flight[ctypes.addressof(block)] = block
            return Pending(block, None)
        # Refused (no thread to be had, a descriptor AIO cannot sync): sync here instead.
    try:
        _sync_data(fd)
    except OSError as error:
        return Pending(None, error)
    return Pending(None, None)


def _finish(block: Any) -> OSError | None:
    assert _aio is not None
    waiting = (ctypes.c_void_p * 1)(ctypes.addressof(block))
    while (code := _aio.aio_error(block)) == errno.EINPROGRESS:
        _aio.aio_suspend(waiting, 1, None)  # releases the interpreter lock; EINTR: ask again
    _aio.aio_return(block)  # once per request: frees glibc's record of it
    del _in_flight[ctypes.addressof(block)]
    if code == 0:
        return None
    if code < 0:  # aio_error itself failed: the block is not a request glibc knows
        code = ctypes.get_errno() or errno.EIO
    return OSError(code, os.strerror(code))


def overlaps() -> bool:
    """Whether syncs run beside the caller on this system."""
    return _aio is not None
