"""navbus-feeder with foreign clients: pyzmq drives the simulator over JSON-RPC and reads its fixes.

Every gps.fix.v1 the feeder publishes must validate against Protocols/ (envelope and payload schema, with
an independent validator), its JSON-RPC results against the method schemas, and bad calls must get
JSON-RPC errors: -32602 for invalid params, a server error saying what to do for a missing route or
when the feeder reads a real GPS.
"""

from __future__ import annotations

import copy
import json
import subprocess
import time

import pytest
import zmq

from conftest import bin_dir, envelope, receive, subscribe
from test_protocols import check_envelope, definition, errors, load


def rpc(context, endpoint: str, method: str, params: dict | None = None, timeout: float = 5.0) -> dict:
    """One JSON-RPC 2.0 call over REQ; the whole response object."""
    socket = context.socket(zmq.REQ)
    socket.setsockopt(zmq.LINGER, 0)
    socket.connect(endpoint)
    try:
        request = {"jsonrpc": "2.0", "id": 7, "method": method}
        if params is not None:
            request["params"] = params
        socket.send(json.dumps(request).encode())
        assert socket.poll(int(timeout * 1000)), f"no reply to {method} within {timeout} s"
        response = json.loads(socket.recv())
    finally:
        socket.close()
    kind = "errorResponse" if "error" in response else "response"
    assert not errors(definition(load("jsonrpc.schema.json"), kind), response), response
    assert response["id"] == 7
    return response


def result(response: dict, method: str) -> dict:
    assert "result" in response, f"{method} failed: {response.get('error')}"
    problems = errors(definition(load(f"methods/{method}.schema.json"), "result"), response["result"])
    assert not problems, f"{method} result invalid: {problems}"
    return response["result"]


@pytest.fixture
def feeder(start, proxy, endpoints):
    process = start("navbus-feeder", "--seed", "4", env=endpoints.environment)
    time.sleep(0.5)
    assert process.alive(), process.errors()
    return process


def fixes(context, socket, count: int, timeout: float = 10.0) -> list[dict]:
    collected = []
    while len(collected) < count:
        _, message = receive(socket, timeout=timeout, topic="gps.fix.v1")
        check_envelope("gps.fix.v1", message)
        collected.append(message)
    return collected


def test_fixed_location_fixes_validate_against_the_schemas(context, endpoints, feeder):
    socket = subscribe(context, endpoints.subscriber, "gps.fix.")
    time.sleep(0.2)
    configured = result(
        rpc(context, endpoints.feeder, "locationSimulator.configure", {"speedMultiplier": 20, "jitterMeters": 1.5}),
        "locationSimulator.configure",
    )
    assert configured["speedMultiplier"] == 20 and configured["jitterMeters"] == 1.5
    status = result(
        rpc(context, endpoints.feeder, "locationSimulator.simulateLocation", {"latitude": 60.1710, "longitude": 24.9414}),
        "locationSimulator.simulateLocation",
    )
    assert status["mode"] == "location"
    for message in fixes(context, socket, 5):
        assert message["subject"] == "default" and message["data"]["source"] == "simulator"
        assert abs(message["data"]["latitude"] - 60.1710) < 1e-3 and abs(message["data"]["longitude"] - 24.9414) < 1e-3
    stopped = result(rpc(context, endpoints.feeder, "locationSimulator.stopSimulation"), "locationSimulator.stopSimulation")
    assert stopped["mode"] == "stopped"


def test_drives_a_route_published_by_a_foreign_navigator(context, endpoints, feeder):
    route = copy.deepcopy(load("examples/nav.route_changed.v1.json")["data"])
    publisher = context.socket(zmq.PUB)
    publisher.setsockopt(zmq.LINGER, 1000)
    publisher.connect(endpoints.publisher)
    time.sleep(0.3)
    publisher.send_multipart([b"nav.route_changed.v1", json.dumps(envelope("nav.route_changed.v1", route, subject="py-car")).encode()])
    socket = subscribe(context, endpoints.subscriber, "gps.fix.")
    time.sleep(0.3)
    result(rpc(context, endpoints.feeder, "locationSimulator.configure", {"vehicle": "py-car", "speedMultiplier": 50}),
           "locationSimulator.configure")
    status = result(
        rpc(context, endpoints.feeder, "locationSimulator.simulateLocationsAlongExistingRoute", {"vehicle": "py-car"}),
        "locationSimulator.simulateLocationsAlongExistingRoute",
    )
    assert status["mode"] == "route"
    received = fixes(context, socket, 10)
    assert all(message["subject"] == "py-car" for message in received)
    assert max(message["data"]["speed"] for message in received) > 0
    publisher.close()


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("locationSimulator.configure", {"speedMultiplier": "fast"}),
        ("locationSimulator.configure", {"speedMultiplier": 0}),
        ("locationSimulator.configure", {"jitterMeters": -2}),
        ("locationSimulator.configure", {"speedProfile": "ludicrous"}),
        ("locationSimulator.configure", {"speedProfile": "limit-150%"}),
        ("locationSimulator.simulateLocation", {"latitude": 95, "longitude": 24.9}),
        ("locationSimulator.simulateLocation", {"latitude": 60.17}),
        ("locationSimulator.stopSimulation", {"vehicle": 3}),
    ],
)
def test_invalid_params_are_json_rpc_invalid_params(context, endpoints, feeder, method, params):
    response = rpc(context, endpoints.feeder, method, params)
    assert response.get("error", {}).get("code") == -32602, response


def test_missing_route_is_a_clear_error(context, endpoints, feeder):
    response = rpc(
        context, endpoints.feeder, "locationSimulator.simulateLocationsAlongExistingRoute", {"vehicle": "no-route-car"}
    )
    error = response["error"]
    assert -32099 <= error["code"] <= -32000
    assert "no route" in error["message"] and "navigator.setDestinations" in error["message"]


def test_real_gps_mode_refuses_simulator_methods(context, endpoints, start, proxy):
    # Nothing listens on port 9 of loopback: the reader keeps reconnecting while the control API answers.
    gps = start("navbus-feeder", "--source", "nmea+tcp://127.0.0.1:9", env=endpoints.environment)
    time.sleep(0.5)
    response = rpc(context, endpoints.feeder, "locationSimulator.simulateLocation", {"latitude": 60.17, "longitude": 24.94})
    assert -32099 <= response["error"]["code"] <= -32000
    assert "real GPS" in response["error"]["message"]
    assert gps.alive(), gps.errors()


def test_bad_source_exits_64_with_the_accepted_forms(endpoints):
    completed = subprocess.run(
        [str(bin_dir() / "navbus-feeder"), "--source", "carrier-pigeon://"],
        capture_output=True, text=True, timeout=10,
        env={**__import__("os").environ, **endpoints.environment},
    )
    assert completed.returncode == 64
    assert all(form in completed.stderr for form in ("gpsd", "nmea:DEVICE", "nmea+tcp://", "nmea-file:", "gpx:PATH"))


def nmea(body: str) -> bytes:
    checksum = 0
    for byte in body.encode("ascii"):
        checksum ^= byte
    return f"${body}*{checksum:02X}\r\n".encode("ascii")


def test_nmea_over_tcp_fixes_and_heartbeat_counters(context, endpoints, start, proxy):
    """A foreign NMEA server: good sentences become schema-valid fixes, a bad checksum is counted by reason."""
    import socket as sockets
    import threading

    lines = []
    for second in range(6):
        time_of_day = f"1000{second:02d}.00"
        latitude = f"6010.{194000 + second * 60:06d}"
        lines.append(nmea(f"GNRMC,{time_of_day},A,{latitude},N,02456.304000,E,19.438,0.00,291126,,,A"))
        lines.append(nmea(f"GNGGA,{time_of_day},{latitude},N,02456.304000,E,1,09,0.80,12.0,M,,M,,"))
        if second == 2:
            lines.append(b"$GPRMC,100002.50,A,6010.1,N,02456.3,E,0.0,0.0,291126,,,A*00\r\n")
    server = sockets.socket(sockets.AF_INET, sockets.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    done = threading.Event()

    def serve():
        connection, _ = server.accept()
        for line in lines:
            connection.sendall(line)
            time.sleep(0.02)
        done.wait(10)
        connection.close()

    threading.Thread(target=serve, daemon=True).start()
    fixes_socket = subscribe(context, endpoints.subscriber, "gps.fix.")
    beats = subscribe(context, endpoints.subscriber, "sys.heartbeat.")
    time.sleep(0.2)
    start("navbus-feeder", "--source", f"nmea+tcp://127.0.0.1:{port}", "--vehicle", "tcp-car", env=endpoints.environment)
    received = fixes(context, fixes_socket, 4)
    assert all(message["subject"] == "tcp-car" and message["data"]["source"] for message in received)
    assert abs(received[0]["data"]["speed"] - 19.438 * 0.514444) < 0.01
    deadline = time.monotonic() + 5
    counters = {}
    while time.monotonic() < deadline:
        _, beat = receive(beats, timeout=5, topic="sys.heartbeat.v1")
        if beat["data"]["process"] != "navbus-feeder":
            continue
        check_envelope("sys.heartbeat.v1", beat)
        counters = beat["data"]["counters"]
        if counters.get("fixes", 0) >= 4 and counters.get("malformed", 0) >= 1:
            break
    done.set()
    server.close()
    assert counters.get("fixes", 0) >= 4, counters
    assert counters.get("malformed", 0) >= 1 and counters.get("skipped.badChecksum", 0) == 1, counters
    assert counters.get("reconnects") == 0, counters
