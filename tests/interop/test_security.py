"""The CURVE bus seen from foreign clients: pyzmq with and without keys against the real navbus-proxy,
navbus-navigator and navbus-feeder, all started with keys from `navbus keygen` and one ACL file.

Every role and every socket: the proxy's publisher side (a spoofed fix for a vehicle the key may not publish,
a fix under another client's `source`), its subscriber side and its vehicle-scoped side (a dashboard for one car
sees only that car), the navigator's and the feeder's control endpoints (methods and vehicles the key may not
call). A client with no key, a wrong server key or a key outside the ACL gets nothing, and the refusals are
counted in the heartbeats. Then the ACL changes under the running bus (SIGHUP) and a removed key loses access.
"""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time
import uuid

import pytest
import zmq

from jsonschema import Draft7Validator

from conftest import ROOT, bin_dir, now_rfc3339

MAP = ROOT / "maps" / "helsinki.osm.pbf"
EXAMPLES = ROOT / "examples" / "python"
NAMES = ["proxy", "navigator", "feeder", "tracker", "ops", "dash", "stranger"]


class SecureBus:
    """Keys, an ACL, and the three servers running with them on private ipc endpoints."""

    def __init__(self, directory: pathlib.Path) -> None:
        if not MAP.is_file():
            pytest.fail(f"{MAP} is missing; run scripts/fetch-maps.sh")
        self.directory = directory
        self.keys = directory / "keys"
        for name in NAMES:
            subprocess.run(
                [str(bin_dir() / "navbus"), "keygen", name, "--out", str(self.keys)], check=True, capture_output=True
            )
        self.acl = directory / "acl.json"
        self.write_acl(self.clients())
        base = f"ipc://{directory}/bus"
        self.endpoints = {
            "NAVBUS_PUB_ENDPOINT": base + "-pub",
            "NAVBUS_SUB_ENDPOINT": base + "-sub",
            "NAVBUS_VEHICLE_SUB_ENDPOINT": base + "-vsub",
            "NAVBUS_NAVIGATOR_ENDPOINT": base + "-nav",
            "NAVBUS_FEEDER_ENDPOINT": base + "-feed",
        }
        self.logs: dict[str, object] = {}
        self.processes: dict[str, subprocess.Popen] = {}
        self.launch("navbus-proxy", "proxy", [])
        self.launch("navbus-navigator", "navigator", ["--map", str(MAP)])
        self.launch("navbus-feeder", "feeder", [])
        self.context = zmq.Context()
        self.wait_until_serving()

    def public(self, name: str) -> str:
        return (self.keys / f"{name}.pub").read_text().strip()

    def clients(self) -> list[dict]:
        return [
            {"name": "navigator", "key": self.public("navigator"), "publish": ["nav.", "sys."],
             "subscribe": ["gps.", "traffic."]},
            {"name": "feeder", "key": self.public("feeder"), "publish": ["gps.", "sys."],
             "subscribe": ["nav.route_changed."]},
            {"name": "tracker", "key": self.public("tracker"), "publish": ["gps."], "vehicles": ["car-1"]},
            {"name": "ops", "key": self.public("ops"), "subscribe": ["nav.", "sys.", "gps."],
             "call": ["navigator.", "roadSnappedLocationProvider.", "locationSimulator."]},
            {"name": "dash", "key": self.public("dash"), "subscribe": ["nav.", "sys."], "vehicles": ["car-1"],
             "call": ["navigator.getState"]},
        ]

    def write_acl(self, clients: list[dict]) -> None:
        # Written beside and renamed, as an operator's tool would, so no reader sees half a file.
        partial = self.acl.with_suffix(".partial")
        partial.write_text(json.dumps({"clients": clients}, indent=2))
        partial.replace(self.acl)

    def launch(self, executable: str, name: str, arguments: list[str]) -> None:
        keys = ["--secret-key", str(self.keys / f"{name}.key")]
        if name != "proxy":
            keys += ["--server-key", str(self.keys / "proxy.pub")]
        log = open(self.directory / f"{name}.log", "w+")
        self.logs[name] = log
        self.processes[name] = subprocess.Popen(
            [str(bin_dir() / executable), *arguments, *keys, "--acl", str(self.acl)],
            env={**os.environ, **self.endpoints},
            stderr=log,
        )

    def log(self, name: str) -> str:
        log = self.logs[name]
        log.flush()
        log.seek(0)
        return log.read()[-3000:]

    # pyzmq clients

    def socket(self, kind: int, name: str | None, server: str = "proxy") -> zmq.Socket:
        socket = self.context.socket(kind)
        socket.setsockopt(zmq.LINGER, 0)
        if name is not None:
            secret = (self.keys / f"{name}.key").read_bytes().strip()
            socket.curve_secretkey = secret
            socket.curve_publickey = zmq.curve_public(secret)
            socket.curve_serverkey = self.public(server).encode()
        return socket

    def subscriber(self, name: str | None, endpoint: str = "NAVBUS_SUB_ENDPOINT", *prefixes: str) -> zmq.Socket:
        socket = self.socket(zmq.SUB, name)
        for prefix in prefixes or ("",):
            socket.setsockopt(zmq.SUBSCRIBE, prefix.encode())
        socket.connect(self.endpoints[endpoint])
        return socket

    def request(self, name: str | None, server: str, method: str, params: dict, timeout: float = 2.0) -> dict | None:
        """The reply to one call, or None when none came."""
        endpoint = self.endpoints["NAVBUS_NAVIGATOR_ENDPOINT" if server == "navigator" else "NAVBUS_FEEDER_ENDPOINT"]
        socket = self.socket(zmq.REQ, name, server=server)
        socket.connect(endpoint)
        try:
            socket.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode())
            if not socket.poll(int(timeout * 1000)):
                return None
            return json.loads(socket.recv())
        finally:
            socket.close()

    def wait_until_serving(self) -> None:
        deadline = time.time() + 90
        while time.time() < deadline:
            for name, process in self.processes.items():
                assert process.poll() is None, f"{name} exited early:\n{self.log(name)}"
            navigator = self.request("ops", "navigator", "navigator.getState", {}, timeout=1)
            feeder = self.request("ops", "feeder", "locationSimulator.configure", {}, timeout=1)
            if navigator is not None and feeder is not None:
                time.sleep(0.5)  # the servers' own bus sockets finish joining the proxy
                return
        pytest.fail(f"the servers did not answer ops within 90 s:\n{self.log('navigator')}\n{self.log('feeder')}")

    def drive(self, vehicle: str, first: int, count: int = 3, pause: float = 0.05) -> None:
        """Publishes `count` fixes for `vehicle` with the tracker's key on a connection of its own."""
        tracker = self.socket(zmq.PUB, "tracker")
        tracker.setsockopt(zmq.LINGER, 1000)
        tracker.connect(self.endpoints["NAVBUS_PUB_ENDPOINT"])
        time.sleep(0.7)
        for index in range(first, first + count):
            tracker.send_multipart(fix(vehicle, index))
            time.sleep(pause)
        tracker.close()

    def heartbeat(self, process: str, timeout: float = 4.0) -> dict:
        """The counters of the next heartbeat of `process`, as ops sees them."""
        socket = self.subscriber("ops", "NAVBUS_SUB_ENDPOINT", "sys.heartbeat.")
        try:
            return next_counters(socket, process, timeout)
        finally:
            socket.close()

    def close(self) -> None:
        for process in self.processes.values():
            process.send_signal(signal.SIGTERM)
        codes = {name: process.wait(timeout=10) for name, process in self.processes.items()}
        self.context.destroy(linger=0)
        assert set(codes.values()) == {0}, f"exit codes after SIGTERM: {codes}"


def next_counters(socket: zmq.Socket, process: str, timeout: float) -> dict:
    """Skips the cached heartbeat the proxy replays first: only a fresh one shows the counters of now."""
    started = time.time()
    deadline = started + timeout
    while time.time() < deadline:
        if socket.poll(100):
            _, body = socket.recv_multipart()
            envelope = json.loads(body)
            if envelope["data"]["process"] == process and time.time() - started > 0.05:
                return envelope["data"]["counters"]
    raise AssertionError(f"no heartbeat of {process} within {timeout} s")


def collect(socket: zmq.Socket, seconds: float) -> list[tuple[str, dict]]:
    messages = []
    deadline = time.time() + seconds
    while time.time() < deadline:
        if socket.poll(50):
            frame, body = socket.recv_multipart()
            messages.append((frame.decode(), json.loads(body)))
    return messages


def fix(vehicle: str, index: int, source: str = "navbus://tracker/py") -> list[bytes]:
    envelope = {
        "specversion": "1.0", "id": f"{uuid.uuid4().hex[:8]}-{index}", "source": source,
        "type": "navbus.gps.fix.v1", "time": now_rfc3339(), "subject": vehicle,
        "datacontenttype": "application/json", "dataschema": "topics/gps.fix.v1.schema.json", "sequence": index,
        "data": {"latitude": 60.1700 + index * 1e-5, "longitude": 24.9410, "speed": 5.0, "course": 0.0,
                 "horizontalAccuracy": 4.0, "timestamp": now_rfc3339(), "source": "pytest"},
    }
    return [b"gps.fix.v1", json.dumps(envelope).encode()]


@pytest.fixture(scope="module")
def bus(tmp_path_factory):
    running = SecureBus(tmp_path_factory.mktemp("secure"))
    yield running
    running.close()


def test_fixes_reach_the_navigator_only_for_the_vehicles_and_source_the_key_may_publish(bus):
    watcher = bus.subscriber("ops", "NAVBUS_SUB_ENDPOINT", "nav.location.", "gps.")
    tracker = bus.socket(zmq.PUB, "tracker")
    tracker.connect(bus.endpoints["NAVBUS_PUB_ENDPOINT"])
    plain = bus.socket(zmq.PUB, None)
    plain.connect(bus.endpoints["NAVBUS_PUB_ENDPOINT"])
    for vehicle in ("car-1", "car-2", "car-3"):
        started = bus.request("ops", "navigator", "roadSnappedLocationProvider.startUpdatingLocation", {"vehicle": vehicle})
        assert started is not None and "result" in started, started
    time.sleep(0.7)
    before = bus.heartbeat("navbus-navigator").get("fixesProcessed", 0)
    for index in range(1, 6):
        tracker.send_multipart(fix("car-1", index))
        tracker.send_multipart(fix("car-2", 100 + index))  # a vehicle the key may not publish
        tracker.send_multipart(fix("car-1", 200 + index, source="navbus://feeder/spoof"))  # someone else's source
        plain.send_multipart(fix("car-3", 300 + index))  # no key at all
        time.sleep(0.05)
    messages = collect(watcher, 2.0)
    subjects = {envelope["subject"] for _, envelope in messages}
    assert subjects == {"car-1"}, messages
    assert any(topic == "nav.location.v1" for topic, _ in messages)
    assert all(envelope["source"].startswith("navbus://tracker/") for topic, envelope in messages if topic == "gps.fix.v1")
    assert bus.heartbeat("navbus-navigator")["fixesProcessed"] - before == 5
    proxy = bus.heartbeat("navbus-proxy")
    assert proxy["publishDenied"] >= 5 and proxy["sourceRejected"] >= 5, proxy
    assert proxy["handshakeFailed"] >= 1, proxy
    for socket in (watcher, tracker, plain):
        socket.close()


def test_each_subscriber_key_gets_what_it_may_see_and_nothing_else(bus):
    denied_before = bus.heartbeat("navbus-proxy").get("authDenied", 0)
    ops = bus.subscriber("ops", "NAVBUS_SUB_ENDPOINT", "nav.location.")
    dash = bus.subscriber("dash", "NAVBUS_VEHICLE_SUB_ENDPOINT", "nav.")
    dash_on_the_open_side = bus.subscriber("dash", "NAVBUS_SUB_ENDPOINT", "nav.")
    stranger = bus.subscriber("stranger", "NAVBUS_SUB_ENDPOINT")
    unkeyed = bus.subscriber(None, "NAVBUS_SUB_ENDPOINT")
    wrong_server = bus.socket(zmq.SUB, "ops", server="navigator")  # the navigator's key, not the proxy's
    wrong_server.setsockopt(zmq.SUBSCRIBE, b"")
    wrong_server.connect(bus.endpoints["NAVBUS_SUB_ENDPOINT"])
    bus.drive("car-1", 401)
    seen_by_ops = collect(ops, 1.5)
    seen_by_dash = collect(dash, 0.5)
    assert {envelope["subject"] for _, envelope in seen_by_ops} >= {"car-1"}
    assert seen_by_dash, "the car-1 dashboard received nothing on the vehicle-scoped side"
    assert all(frame.endswith("[car-1]") and envelope["subject"] == "car-1" for frame, envelope in seen_by_dash)
    for socket in (dash_on_the_open_side, stranger, unkeyed, wrong_server):
        assert collect(socket, 0.3) == []
    counters = bus.heartbeat("navbus-proxy")
    assert counters["authDenied"] > denied_before, counters
    for socket in (ops, dash, dash_on_the_open_side, stranger, unkeyed, wrong_server):
        socket.close()


@pytest.mark.parametrize(
    "client, server, method, params, outcome",
    [
        ("ops", "navigator", "navigator.getState", {"vehicle": "car-2"}, "result"),
        ("dash", "navigator", "navigator.getState", {"vehicle": "car-1"}, "result"),
        ("dash", "navigator", "navigator.getState", {"vehicle": "car-2"}, -32010),
        ("dash", "navigator", "navigator.getState", {}, -32010),  # the default vehicle is not car-1
        ("dash", "navigator", "navigator.clearDestinations", {"vehicle": "car-1"}, -32010),
        ("dash", "navigator", "no.such.method", {"vehicle": "car-1"}, -32010),
        ("tracker", "navigator", "navigator.getState", {"vehicle": "car-1"}, None),  # no call patterns at all
        ("stranger", "navigator", "navigator.getState", {}, None),
        (None, "navigator", "navigator.getState", {}, None),
        ("ops", "feeder", "locationSimulator.configure", {"vehicle": "car-1"}, "result"),
        ("dash", "feeder", "locationSimulator.stopSimulation", {"vehicle": "car-1"}, -32010),
        ("stranger", "feeder", "locationSimulator.stopSimulation", {}, None),
        (None, "feeder", "locationSimulator.stopSimulation", {}, None),
    ],
)
def test_control_calls_are_answered_only_as_the_acl_allows(bus, client, server, method, params, outcome):
    reply = bus.request(client, server, method, params, timeout=1.0)
    if outcome is None:
        assert reply is None, f"{client} got a reply from the {server}: {reply}"
    elif outcome == "result":
        assert reply is not None and "result" in reply, reply
    else:
        assert reply is not None and reply["error"]["code"] == outcome, reply


def test_denied_calls_and_connections_are_counted_in_the_servers_heartbeats(bus):
    assert bus.request("dash", "navigator", "navigator.clearDestinations", {"vehicle": "car-1"})["error"]["code"] == -32010
    assert bus.request("stranger", "feeder", "locationSimulator.stopSimulation", {}, timeout=0.5) is None
    navigator = bus.heartbeat("navbus-navigator")
    feeder = bus.heartbeat("navbus-feeder")
    assert navigator["callDenied"] >= 1 and navigator["authDenied"] >= 1 and navigator["handshakeFailed"] >= 1
    assert feeder["authDenied"] >= 1 and feeder["handshakeFailed"] >= 1


def test_the_python_examples_work_with_the_right_key_and_get_nothing_without(bus):
    python = sys.executable
    keys = bus.keys
    subscriber = subprocess.Popen(
        [python, str(EXAMPLES / "secure_subscriber.py"), "--secret-key", str(keys / "dash.key"),
         "--server-key", str(keys / "proxy.pub"), "--endpoint", bus.endpoints["NAVBUS_VEHICLE_SUB_ENDPOINT"],
         "--prefix", "nav.", "--count", "1", "--timeout", "5"],
        stdout=subprocess.PIPE, text=True,
    )
    time.sleep(0.3)
    bus.drive("car-1", 501, pause=0.1)
    output, _ = subscriber.communicate(timeout=10)
    assert subscriber.returncode == 0 and output.startswith("nav.") and " car-1 " in output, output

    def rpc(name: str, vehicle: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [python, str(EXAMPLES / "secure_rpc.py"), "navigator.getState", json.dumps({"vehicle": vehicle}),
             "--secret-key", str(keys / f"{name}.key"), "--server-key", str(keys / "navigator.pub"),
             "--endpoint", bus.endpoints["NAVBUS_NAVIGATOR_ENDPOINT"], "--timeout", "1.5"],
            capture_output=True, text=True, timeout=15,
        )

    assert rpc("dash", "car-1").returncode == 0
    refused = rpc("dash", "car-2")
    assert refused.returncode == 1 and "-32010" in refused.stderr
    assert rpc("stranger", "car-1").returncode == 2


def test_a_removed_key_loses_access_while_the_bus_keeps_running(bus):
    # A connection made before the change: libzmq cannot close it, but it carries nothing any more.
    control = bus.socket(zmq.REQ, "dash", server="navigator")
    control.connect(bus.endpoints["NAVBUS_NAVIGATOR_ENDPOINT"])

    def call_on_existing_connection() -> dict:
        control.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "navigator.getState",
                                 "params": {"vehicle": "car-1"}}).encode())
        assert control.poll(3000), "no reply on the existing connection"
        return json.loads(control.recv())

    assert "result" in call_on_existing_connection()
    dash = bus.subscriber("dash", "NAVBUS_VEHICLE_SUB_ENDPOINT", "nav.")
    time.sleep(0.5)
    bus.write_acl([client for client in bus.clients() if client["name"] != "dash"])
    for name in ("proxy", "navigator"):
        bus.processes[name].send_signal(signal.SIGHUP)
    time.sleep(1.5)
    assert call_on_existing_connection()["error"]["code"] == -32010
    assert bus.request("dash", "navigator", "navigator.getState", {"vehicle": "car-1"}) is None  # a new connection
    control.close()
    collect(dash, 0.5)  # whatever was in flight before the rebind
    bus.drive("car-1", 601)
    assert collect(dash, 1.0) == []
    assert "result" in bus.request("ops", "navigator", "navigator.getState", {"vehicle": "car-1"})
    assert bus.heartbeat("navbus-proxy")["subscriberRebinds"] >= 1
    assert all(process.poll() is None for process in bus.processes.values())
    bus.write_acl(bus.clients())
    for name in ("proxy", "navigator"):
        bus.processes[name].send_signal(signal.SIGHUP)
    dash.close()


def test_plain_mode_says_so_in_one_line_and_an_exposed_secret_key_is_refused(tmp_path, start, endpoints):
    proxy = start("navbus-proxy", env=endpoints.environment)
    time.sleep(0.5)
    assert proxy.alive(), proxy.errors()
    assert [line for line in proxy.errors().splitlines() if "unauthenticated" in line].__len__() == 1
    subprocess.run([str(bin_dir() / "navbus"), "keygen", "p", "--out", str(tmp_path)], check=True, capture_output=True)
    (tmp_path / "p.key").chmod(0o644)
    (tmp_path / "acl.json").write_text('{"clients": []}')
    exposed = subprocess.run(
        [str(bin_dir() / "navbus-proxy"), "--secret-key", str(tmp_path / "p.key"), "--acl", str(tmp_path / "acl.json")],
        capture_output=True, text=True, timeout=10, env={**os.environ, **endpoints.environment},
    )
    assert exposed.returncode == 64 and "chmod 600" in exposed.stderr, exposed.stderr
    secret = (tmp_path / "p.key").read_text().strip()
    assert secret not in exposed.stderr


def test_acl_files_follow_the_schema_and_the_servers_refuse_what_it_refuses(bus, tmp_path):
    schema = json.loads((ROOT / "Protocols" / "acl.schema.json").read_text())
    Draft7Validator(schema).validate(json.loads(bus.acl.read_text()))
    typo = {"clients": [{**bus.clients()[0], "subscibe": ["nav."]}]}
    assert list(Draft7Validator(schema).iter_errors(typo))
    (tmp_path / "typo.json").write_text(json.dumps(typo))
    refused = subprocess.run(
        [str(bin_dir() / "navbus-proxy"), "--secret-key", str(bus.keys / "proxy.key"), "--acl", str(tmp_path / "typo.json"),
         "--pub", f"ipc://{tmp_path}/p", "--sub", f"ipc://{tmp_path}/s", "--vehicle-sub", f"ipc://{tmp_path}/v"],
        capture_output=True, text=True, timeout=10,
    )
    assert refused.returncode == 64 and "subscibe" in refused.stderr, refused.stderr


def test_bus_keys_with_secrets_give_each_process_only_its_own_key_and_still_work_together(tmp_path, start, endpoints):
    public, secrets = tmp_path / "keys", tmp_path / "secrets"
    subprocess.run(
        [str(bin_dir() / "navbus"), "keygen", "--bus", "--out", str(public), "--secrets", str(secrets)],
        check=True, capture_output=True,
    )
    assert not list(public.glob("*.key")), "the shared directory holds a secret key"
    roles = sorted(path.name for path in secrets.iterdir())
    assert {"proxy", "navigator", "feeder", "cli"} <= set(roles)
    for role in roles:
        own = secrets / role
        assert [path.name for path in own.glob("*.key")] == [f"{role}.key"]
        assert (own / f"{role}.key").stat().st_mode & 0o777 == 0o600
        assert own.stat().st_mode & 0o777 == 0o700
        assert (public / f"{role}.pub").read_text() == (own / f"{role}.pub").read_text()
    start(
        "navbus-proxy", "--secret-key", str(secrets / "proxy" / "proxy.key"), "--acl", str(public / "acl.json"),
        "--vehicle-sub", endpoints.subscriber + "-vehicles", env=endpoints.environment,
    )
    # A person with the cli key from its own directory and the proxy's public key sees the proxy's heartbeat.
    context = zmq.Context()
    socket = context.socket(zmq.SUB)
    secret = (secrets / "cli" / "cli.key").read_bytes().strip()
    socket.curve_secretkey, socket.curve_publickey = secret, zmq.curve_public(secret)
    socket.curve_serverkey = (public / "proxy.pub").read_bytes().strip()
    socket.setsockopt(zmq.SUBSCRIBE, b"sys.heartbeat.")
    socket.connect(endpoints.subscriber)
    try:
        assert next_counters(socket, "navbus-proxy", timeout=10) is not None
    finally:
        context.destroy(linger=0)
