"""Fixtures of the fault-injection suite: the interop suite's (real executables on private ipc endpoints, pyzmq
clients) plus helpers to call JSON-RPC methods, read heartbeat counters, and start the navigator on the sample map.

Cases marked `slow` run only under `make faults`; the others also run in `make test`.
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import time

import pytest
import zmq

_spec = importlib.util.spec_from_file_location(
    "navbus_interop_support", pathlib.Path(__file__).resolve().parents[1] / "interop" / "conftest.py"
)
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)

endpoints = support.endpoints
Endpoints = support.Endpoints
start = support.start
proxy = support.proxy
context = support.context
envelope = support.envelope
subscribe = support.subscribe
receive = support.receive
now_rfc3339 = support.now_rfc3339
ROOT = support.ROOT
MAP = ROOT / "maps" / "helsinki.osm.pbf"


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: fault cases that take long; run by make faults only")


def rpc(context: zmq.Context, endpoint: str, method: str, params=None, timeout: float = 10.0, raw: bytes | None = None):
    """One JSON-RPC call on a fresh REQ socket; returns the parsed reply (result or error)."""
    socket = context.socket(zmq.REQ)
    socket.setsockopt(zmq.LINGER, 0)
    socket.connect(endpoint)
    try:
        body = raw if raw is not None else json.dumps(
            {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}).encode()
        socket.send(body)
        assert socket.poll(int(timeout * 1000)), f"no reply to {method} within {timeout} s"
        return json.loads(socket.recv())
    finally:
        socket.close()


def publisher(context: zmq.Context, endpoints) -> zmq.Socket:
    socket = context.socket(zmq.PUB)
    socket.setsockopt(zmq.LINGER, 1000)
    socket.setsockopt(zmq.SNDHWM, 0)
    socket.connect(endpoints.publisher)
    time.sleep(0.3)
    return socket


def heartbeat_counters(context: zmq.Context, endpoints, process: str, timeout: float = 5.0) -> dict:
    """The counters of the next live heartbeat of `process` (cached ones from the snapshot are skipped)."""
    socket = subscribe(context, endpoints.subscriber, "sys.heartbeat.")
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not socket.poll(100):
                continue
            frames = socket.recv_multipart()
            if frames[0] != b"sys.heartbeat.v1":
                continue
            message = json.loads(frames[1])
            if message["data"]["process"] == process:
                return message["data"]["counters"]
        raise AssertionError(f"no heartbeat of {process} within {timeout} s")
    finally:
        socket.close()


def wait_for(predicate, timeout: float, message: str, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(message)


def fix(latitude=60.1712, longitude=24.9433, timestamp: str | None = None, **extra) -> dict:
    data = {"latitude": latitude, "longitude": longitude, "timestamp": timestamp or now_rfc3339(), "source": "test"}
    data.update(extra)
    return data


@pytest.fixture
def navigator(start, endpoints, proxy, context, tmp_path):
    """A navigator on the Helsinki map with a state directory, serving."""
    assert MAP.is_file(), f"{MAP} is missing; run scripts/fetch-maps.sh"
    process = start("navbus-navigator", "--map", str(MAP), "--state-dir", str(tmp_path / "state"),
                    env=endpoints.environment)
    wait_for(lambda: _answers(context, endpoints), 60, f"the navigator did not answer: {process.errors()}")
    time.sleep(0.3)
    return process


def _answers(context, endpoints) -> bool:
    try:
        return "result" in rpc(context, endpoints.navigator, "navigator.getState", timeout=1)
    except AssertionError:
        return False
