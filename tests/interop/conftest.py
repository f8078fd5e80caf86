"""Shared fixtures of the interop tests: real navbus executables on private endpoints, real pyzmq clients.

NAVBUS_BIN must name the directory holding the built executables (`make test` sets it); a test that needs
them fails, rather than skips, without it.
"""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import tempfile
import time
import uuid
from datetime import datetime, timezone

import pytest
import zmq

ROOT = pathlib.Path(__file__).resolve().parents[2]


def bin_dir() -> pathlib.Path:
    value = os.environ.get("NAVBUS_BIN")
    assert value, "NAVBUS_BIN is not set: run the interop tests through 'make test' (or set it to .build/debug)"
    path = pathlib.Path(value)
    if not path.is_absolute():
        path = ROOT / path
    assert (path / "navbus-proxy").is_file(), f"{path} has no navbus-proxy; run 'swift build' first"
    return path


class Endpoints:
    """ipc:// endpoints private to one test."""

    def __init__(self) -> None:
        base = f"ipc://{tempfile.gettempdir()}/navbus-py-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.publisher = base + "-pub"
        self.subscriber = base + "-sub"
        self.navigator = base + "-nav"
        self.feeder = base + "-feed"

    @property
    def environment(self) -> dict[str, str]:
        return {
            "NAVBUS_PUB_ENDPOINT": self.publisher,
            "NAVBUS_SUB_ENDPOINT": self.subscriber,
            "NAVBUS_NAVIGATOR_ENDPOINT": self.navigator,
            "NAVBUS_FEEDER_ENDPOINT": self.feeder,
        }


class NavbusProcess:
    """A navbus executable started for a test; stopping it checks that it exits 0 on SIGTERM."""

    def __init__(self, name: str, args: list[str], env: dict[str, str]) -> None:
        self.name = name
        self.stderr = tempfile.NamedTemporaryFile(prefix=f"{name}-", suffix=".stderr", delete=False)
        merged = dict(os.environ)
        merged.update(env)
        self.process = subprocess.Popen(
            [str(bin_dir() / name), *args], env=merged, stdout=subprocess.PIPE, stderr=self.stderr
        )

    def errors(self) -> str:
        return pathlib.Path(self.stderr.name).read_text(encoding="utf-8", errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 5.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"{self.name} did not exit within {timeout} s of SIGTERM:\n{self.errors()}")


@pytest.fixture
def endpoints() -> Endpoints:
    return Endpoints()


@pytest.fixture
def start():
    """start(name, *args, env=...) runs a navbus executable; every one is stopped and checked at the end."""
    started: list[NavbusProcess] = []

    def launch(name: str, *args: str, env: dict[str, str] | None = None) -> NavbusProcess:
        process = NavbusProcess(name, list(args), env or {})
        started.append(process)
        return process

    yield launch
    failures = []
    for process in reversed(started):
        if process.process.poll() is None:
            code = process.stop()
            if code != 0:
                failures.append(f"{process.name} exited {code} on SIGTERM:\n{process.errors()}")
    assert not failures, "\n".join(failures)


@pytest.fixture
def proxy(start, endpoints):
    process = start("navbus-proxy", env=endpoints.environment)
    time.sleep(0.2)
    assert process.alive(), process.errors()
    return process


@pytest.fixture
def context():
    ctx = zmq.Context()
    yield ctx
    ctx.destroy(linger=0)


def now_rfc3339() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def envelope(topic: str, data: dict, subject: str = "default", sequence: int = 1, source: str | None = None) -> dict:
    """A CloudEvents 1.0 envelope as a foreign publisher would build it."""
    return {
        "specversion": "1.0",
        "id": f"py-{uuid.uuid4().hex[:8]}-{sequence}",
        "source": source or f"navbus://python/{os.getpid()}",
        "type": f"navbus.{topic}",
        "time": now_rfc3339(),
        "subject": subject,
        "datacontenttype": "application/json",
        "dataschema": f"topics/{topic}.schema.json",
        "sequence": sequence,
        "data": data,
    }


def subscribe(context: zmq.Context, endpoint: str, *prefixes: str) -> zmq.Socket:
    socket = context.socket(zmq.SUB)
    socket.setsockopt(zmq.LINGER, 0)
    for prefix in prefixes or ("",):
        socket.setsockopt(zmq.SUBSCRIBE, prefix.encode())
    socket.connect(endpoint)
    return socket


def receive(socket: zmq.Socket, timeout: float = 5.0, topic: str | None = None) -> tuple[str, dict]:
    """The next two-frame message (optionally of one topic), decoded."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no message{' on ' + topic if topic else ''} within {timeout} s"
        if socket.poll(int(left * 1000)) == 0:
            continue
        frames = socket.recv_multipart()
        assert len(frames) == 2, f"expected two frames, got {len(frames)}"
        name = frames[0].decode("ascii")
        if topic is None or name == topic:
            return name, json.loads(frames[1])
