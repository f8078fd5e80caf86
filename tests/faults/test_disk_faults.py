"""The logger on a full disk (issue #12 item 8: it left a torn record). Two ways to fill a disk:
- a file size limit (RLIMIT_FSIZE, as `ulimit -f`): writes past it fail with EFBIG; no privileges needed, so it
  runs everywhere, in `make test` too;
- a real full filesystem: a 256 KB tmpfs, writes fail with ENOSPC; needs root (mount), so `make faults` only.
Both must leave only whole JSON lines, count every lost line, and keep the logger running."""

from __future__ import annotations

import json
import os
import pathlib
import resource
import signal
import subprocess
import time

import pytest

from conftest import envelope, heartbeat_counters, publisher, support, wait_for

PAYLOAD = {"seconds": 42, "padding": "x" * 200}


def run_logger(endpoints, directory: pathlib.Path, file_size_limit: int | None) -> subprocess.Popen:
    def limit():
        if file_size_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    return subprocess.Popen(
        [str(support.bin_dir() / "navbus-logger"), "--dir", str(directory), "--max-bytes", "64M"],
        env={**os.environ, **endpoints.environment}, stderr=subprocess.PIPE, text=True, preexec_fn=limit)


def fill_and_check(endpoints, context, directory: pathlib.Path, logger: subprocess.Popen) -> dict:
    wait_for(lambda: heartbeat_counters(context, endpoints, "navbus-logger"), 10, "no logger heartbeat")
    pub = publisher(context, endpoints)
    sent = 3_000
    for sequence in range(1, sent + 1):
        message = envelope("nav.remaining_time.v1", PAYLOAD, "disk", sequence)
        pub.send_multipart([b"nav.remaining_time.v1", json.dumps(message).encode()])
    last = {}

    def settled():
        last.update(heartbeat_counters(context, endpoints, "navbus-logger"))
        received = [last.get("written", 0) + last.get("writeErrors", 0) + last.get("dropped", 0)]
        return last.get("diskFull", 0) >= 1 and received[0] >= sent

    wait_for(settled, 30, f"the logger did not account for every line: {last}")
    assert logger.poll() is None, "the logger died on a full disk"
    lines = [line for path in directory.glob("*.jsonl") for line in path.read_bytes().split(b"\n")]
    assert lines[-1] == b"", "the file does not end with a whole line"
    records = [json.loads(line) for line in lines if line and not line.startswith(b'{"topic":"sys.')]
    assert all(record["topic"] in ("nav.remaining_time.v1", "navbus.logger.gap") for record in records)
    written = sum(1 for record in records if record["topic"] == "nav.remaining_time.v1")
    assert 0 < written < sent
    assert last["writeErrors"] > 0
    logger.send_signal(signal.SIGTERM)
    assert logger.wait(timeout=15) == 0, logger.stderr.read()
    warnings = logger.stderr.read().splitlines()
    assert len(warnings) < 20, "\n".join(warnings)
    return last


def test_a_file_size_limit_leaves_whole_lines_and_counts_the_rest(endpoints, proxy, context, tmp_path):
    directory = tmp_path / "log"
    logger = run_logger(endpoints, directory, file_size_limit=64 * 1024)
    fill_and_check(endpoints, context, directory, logger)


@pytest.mark.slow
def test_a_full_filesystem_leaves_whole_lines_and_counts_the_rest(endpoints, proxy, context, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root; the RLIMIT_FSIZE case covers the same code")
    directory = tmp_path / "small"
    directory.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(directory)], check=True)
    try:
        logger = run_logger(endpoints, directory, file_size_limit=None)
        fill_and_check(endpoints, context, directory, logger)
    finally:
        subprocess.run(["umount", "-l", str(directory)], check=False)
