"""What starting the journal line's write-back early would save (a what-if, not built).

Today an action's line is written and fdatasync'ed, and only then are the eleven frames made
(about 0.2 ms of CPU). Linux's ``sync_file_range(SYNC_FILE_RANGE_WRITE)`` starts writing the
line's page without waiting; the frames could be made meanwhile and the fdatasync called just
before the first frame leaves, so every action is still on disk before anyone hears of it. This
measures that on the journal's own disk, with the frames stood in for by a busy loop, three ways
in turns: synced in line then the work (today), write-back started then the work then the sync,
and the work then the sync (the sync merely moved).

    python3 bench/journal_sync.py                       # 3 rounds of 2,000 lines, 220 µs of work
    python3 bench/journal_sync.py --work-us 150 --dir /path/on/the/disk
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import statistics
import tempfile
import time

LINE = b'{"kind":"action","seat":3,"action":{"type":"vote","approve":true}}\n'
SYNC_FILE_RANGE_WRITE = 2  # linux/fs.h


def sync_file_range() -> ctypes._CFuncPtr:
    call = ctypes.CDLL(None, use_errno=True).sync_file_range
    call.argtypes = [ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint]
    return call


def busy(microseconds: float) -> None:
    until = time.perf_counter() + microseconds / 1e6
    while time.perf_counter() < until:
        pass


def run(way: str, folder: str, lines: int, work_us: float) -> dict[str, float]:
    start_writeback = sync_file_range()
    fd = os.open(os.path.join(folder, f"{way}.jsonl"), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    whole, syncs = [], []
    try:
        for _ in range(lines):
            began = time.perf_counter()
            offset = os.lseek(fd, 0, os.SEEK_END)
            os.write(fd, LINE)
            if way == "overlapped":
                start_writeback(fd, offset, len(LINE), SYNC_FILE_RANGE_WRITE)
            if way != "in line":
                busy(work_us)
            sync_began = time.perf_counter()
            os.fdatasync(fd)
            syncs.append(time.perf_counter() - sync_began)
            if way == "in line":
                busy(work_us)
            whole.append(time.perf_counter() - began)
            time.sleep(0.0005)  # a phone's next action is never at once
    finally:
        os.close(fd)
    whole.sort()
    return {
        "whole_p50_us": round(statistics.median(whole) * 1e6),
        "whole_p99_us": round(whole[int(len(whole) * 0.99)] * 1e6),
        "fdatasync_p50_us": round(statistics.median(syncs) * 1e6),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--work-us", type=float, default=220.0)
    parser.add_argument("--dir", default=None, help="a folder on the disk to measure (default: ~)")
    args = parser.parse_args()
    results: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(dir=args.dir or os.path.expanduser("~")) as folder:
        for _ in range(args.rounds):
            for way in ("in line", "overlapped", "moved"):
                results.setdefault(way, []).append(run(way, folder, args.lines, args.work_us))
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
