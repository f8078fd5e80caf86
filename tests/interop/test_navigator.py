"""The navigator seen from a foreign client: pyzmq for the bus and the control API, jsonschema for the
contract in Protocols/.

Starts the real navbus-proxy and navbus-navigator (from NAVBUS_BIN, the directory of the built
executables) on private ipc endpoints with the Helsinki sample map, then checks the JSON-RPC error
codes, router.route's answer against its schema, the locationUnavailable status, and that nav.*
messages produced from Python fixes validate against the envelope and topic schemas.

Needs: pip install pytest jsonschema pyzmq rfc3339-validator; maps/helsinki.osm.pbf
(scripts/fetch-maps.sh).
"""

from __future__ import annotations

import copy
import datetime
import json
import math
import os
import pathlib
import subprocess
import time
import uuid

import pytest
import zmq
from jsonschema import Draft7Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROTOCOLS = ROOT / "Protocols"
MAP = ROOT / "maps" / "helsinki.osm.pbf"
STATION = {"title": "Helsinki Central Station", "latitude": 60.17100, "longitude": 24.94140}
KAMPPI = {"title": "Kamppi", "latitude": 60.16880, "longitude": 24.93200}
SENATE = {"title": "Senate Square", "latitude": 60.16950, "longitude": 24.95220}


def load(relative: str) -> dict:
    return json.loads((PROTOCOLS / relative).read_text(encoding="utf-8"))


def problems(schema: dict, instance: object) -> list[str]:
    validator = Draft7Validator(schema, format_checker=Draft7Validator.FORMAT_CHECKER)
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message}"
        for error in validator.iter_errors(instance)
    ]


def definition(schema: dict, name: str) -> dict:
    """`schema` rooted at definitions/<name>, keeping the other definitions reachable."""
    rooted = copy.deepcopy(schema)
    rooted.pop("title", None)
    rooted["$ref"] = f"#/definitions/{name}"
    return rooted


def rfc3339(seconds: float) -> str:
    moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def binary(name: str) -> pathlib.Path:
    directory = os.environ.get("NAVBUS_BIN")
    if not directory:
        pytest.fail(
            "NAVBUS_BIN is not set: point it at the directory of the built executables "
            "(e.g. NAVBUS_BIN=$(swift build --show-bin-path)); make interop-test does"
        )
    path = pathlib.Path(directory) / name
    assert path.is_file(), f"NAVBUS_BIN={directory} has no {name}; run swift build first"
    return path


class Bus:
    """The proxy and the navigator on private endpoints, and pyzmq sockets to talk to them."""

    def __init__(self, directory: pathlib.Path):
        if not MAP.is_file():
            pytest.fail(f"{MAP} is missing; run scripts/fetch-maps.sh")
        base = f"ipc://{directory}/navbus"
        self.endpoints = {
            "NAVBUS_PUB_ENDPOINT": base + "-pub",
            "NAVBUS_SUB_ENDPOINT": base + "-sub",
            "NAVBUS_NAVIGATOR_ENDPOINT": base + "-nav",
        }
        environment = {**os.environ, **self.endpoints}
        self.logs = [open(directory / f"{name}.log", "w+") for name in ("proxy", "navigator")]
        self.processes = [
            subprocess.Popen([str(binary("navbus-proxy"))], env=environment, stderr=self.logs[0]),
            subprocess.Popen(
                [str(binary("navbus-navigator")), "--map", str(MAP), "--state-dir", str(directory / "state")],
                env=environment,
                stderr=self.logs[1],
            ),
        ]
        self.context = zmq.Context()
        self.subscriber = self.context.socket(zmq.SUB)
        self.subscriber.connect(self.endpoints["NAVBUS_SUB_ENDPOINT"])
        self.subscriber.setsockopt_string(zmq.SUBSCRIBE, "nav.")
        self.subscriber.setsockopt_string(zmq.SUBSCRIBE, "sys.heartbeat.")
        self.publisher = self.context.socket(zmq.PUB)
        self.publisher.connect(self.endpoints["NAVBUS_PUB_ENDPOINT"])
        self.sequence = 0
        self.wait_until_serving()

    def request(self, body: bytes, timeout: float = 10.0) -> dict:
        """Sends one raw request frame on a fresh REQ socket and returns the parsed reply."""
        socket = self.context.socket(zmq.REQ)
        socket.setsockopt(zmq.LINGER, 0)
        socket.connect(self.endpoints["NAVBUS_NAVIGATOR_ENDPOINT"])
        try:
            socket.send(body)
            if not socket.poll(int(timeout * 1000)):
                raise TimeoutError(f"no reply within {timeout} s; navigator log: {self.log(1)}")
            return json.loads(socket.recv())
        finally:
            socket.close()

    def call(self, method: str, params: dict | None = None) -> dict:
        reply = self.request(
            json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}).encode()
        )
        assert "result" in reply, f"{method} failed: {reply}"
        return reply["result"]

    def wait_until_serving(self) -> None:
        deadline = time.time() + 60
        while time.time() < deadline:
            for process in self.processes:
                assert process.poll() is None, f"a process exited early: {self.log(0)} {self.log(1)}"
            try:
                self.request(b'{"jsonrpc":"2.0","id":0,"method":"navigator.getState"}', timeout=1)
                time.sleep(0.3)  # the SUB and PUB sockets finish joining the proxy
                return
            except TimeoutError:
                continue
        pytest.fail(f"the navigator did not answer within 60 s: {self.log(1)}")

    def publish_fix(self, vehicle: str, latitude: float, longitude: float, at: float, course: float | None, speed: float):
        self.sequence += 1
        data = {
            "latitude": latitude,
            "longitude": longitude,
            "speed": speed,
            "horizontalAccuracy": 4.0,
            "timestamp": rfc3339(at),
            "source": "pytest",
        }
        if course is not None:
            data["course"] = course
        envelope = {
            "specversion": "1.0",
            "id": str(uuid.uuid4()),
            "source": "navbus://pytest/interop",
            "type": "navbus.gps.fix.v1",
            "time": rfc3339(time.time()),
            "subject": vehicle,
            "datacontenttype": "application/json",
            "dataschema": "topics/gps.fix.v1.schema.json",
            "sequence": self.sequence,
            "data": data,
        }
        self.publisher.send_multipart([b"gps.fix.v1", json.dumps(envelope).encode()])

    def receive(self, seconds: float) -> list[tuple[str, dict]]:
        messages = []
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.subscriber.poll(50):
                topic, envelope = self.subscriber.recv_multipart()
                messages.append((topic.decode(), json.loads(envelope)))
        return messages

    def log(self, index: int) -> str:
        self.logs[index].flush()
        self.logs[index].seek(0)
        return self.logs[index].read()[-2000:]

    def close(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        codes = [process.wait(timeout=10) for process in self.processes]
        self.context.destroy(linger=0)
        for log in self.logs:
            log.close()
        assert codes == [0, 0], f"exit codes {codes} after SIGTERM"


@pytest.fixture(scope="module")
def bus(tmp_path_factory):
    running = Bus(tmp_path_factory.mktemp("navigator"))
    yield running
    running.close()


@pytest.mark.parametrize(
    "body, code, mentions",
    [
        (b"{not json", -32700, "Parse error"),
        (b'{"jsonrpc": "1.0", "id": 1, "method": "navigator.getState"}', -32600, "jsonrpc"),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "navigator.teleport"}', -32601, "navigator.teleport"),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "navigator.setGuidanceActive", "params": {"active": "yes"}}', -32602, "active"),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "router.route", "params": {"waypoints": 3}}', -32602, "waypoints"),
    ],
)
def test_errors_have_json_rpc_codes_and_name_the_problem(bus, body, code, mentions):
    reply = bus.request(body)
    assert reply["jsonrpc"] == "2.0"
    assert reply["error"]["code"] == code, reply
    assert mentions in reply["error"]["message"], reply
    assert not problems(load("jsonrpc.schema.json"), reply)


def test_router_route_answers_a_route_valid_against_its_schema(bus):
    result = bus.call(
        "router.route", {"waypoints": [STATION, KAMPPI, SENATE], "travelMode": "driving", "alternateRoutesStrategy": "none"}
    )
    assert result["routeStatus"] == "OK"
    route = result["routes"][0]
    assert [leg["destination"] for leg in route["legs"]] == [KAMPPI, SENATE]
    assert route["steps"][0]["maneuver"]["type"] == "depart"
    assert route["geometry"]["type"] == "LineString" and len(route["geometry"]["coordinates"]) >= 2
    # Where each waypoint joined the roads, like OSRM's waypoints: origin first.
    assert len(result["waypoints"]) == 3 and all(0 <= w["distanceMeters"] < 500 for w in result["waypoints"])
    assert not problems(definition(load("methods/router.route.schema.json"), "result"), result)


def test_router_route_reports_statuses_for_bad_waypoints(bus):
    assert bus.call("router.route", {"waypoints": [STATION]})["routeStatus"] == "waypointError"
    assert bus.call("router.route", {"waypoints": []})["routeStatus"] == "noWaypointsError"
    unknown = {"title": "Nowhere", "placeID": "osm:node/1"}
    assert bus.call("router.route", {"waypoints": [STATION, unknown]})["routeStatus"] == "waypointError"


def test_set_destinations_without_a_fix_is_location_unavailable(bus):
    result = bus.call("navigator.setDestinations", {"vehicle": "never-seen", "waypoints": [KAMPPI]})
    assert result["routeStatus"] == "locationUnavailable" and result["message"]
    assert not problems(definition(load("methods/navigator.setDestinations.schema.json"), "result"), result)


def points_along(line: list[list[float]], step: float) -> list[tuple[float, float, float]]:
    """(latitude, longitude, course) every `step` metres along a GeoJSON line."""
    result = []
    for (lon0, lat0), (lon1, lat1) in zip(line, line[1:]):
        dx = (lon1 - lon0) * 111_195 * math.cos(math.radians(lat0))
        dy = (lat1 - lat0) * 111_195
        length = math.hypot(dx, dy)
        if length < 0.5:
            continue
        course = math.degrees(math.atan2(dx, dy)) % 360
        count = max(1, int(length / step))
        for i in range(count):
            result.append((lat0 + (lat1 - lat0) * i / count, lon0 + (lon1 - lon0) * i / count, course))
    lon, lat = line[-1]
    result.append((lat, lon, result[-1][2]))
    return result


def test_a_trip_driven_from_python_produces_nav_messages_valid_against_the_schemas(bus):
    vehicle = "pytest-car"
    route = bus.call("router.route", {"waypoints": [STATION, KAMPPI]})["routes"][0]
    points = points_along(route["geometry"]["coordinates"], 10.0)
    start = time.time()
    latitude, longitude, course = points[0]
    bus.publish_fix(vehicle, latitude, longitude, start, course, 10.0)
    deadline = time.time() + 5
    while True:
        status = bus.call("navigator.setDestinations", {"vehicle": vehicle, "waypoints": [KAMPPI]})["routeStatus"]
        if status != "locationUnavailable" or time.time() > deadline:
            break
        time.sleep(0.05)
    assert status == "OK"
    assert bus.call("roadSnappedLocationProvider.startUpdatingLocation", {"vehicle": vehicle}) == {"updatingLocation": True}
    assert bus.call("navigator.setGuidanceActive", {"vehicle": vehicle, "active": True}) == {"guidanceActive": True}
    for index, (latitude, longitude, course) in enumerate(points[1:], start=1):
        bus.publish_fix(vehicle, latitude, longitude, start + index, course, 10.0)
        time.sleep(0.005)
    for extra in range(5):
        bus.publish_fix(vehicle, points[-1][0], points[-1][1], start + len(points) + extra, None, 0.0)
    messages = bus.receive(2.0)

    mine = [(topic, envelope) for topic, envelope in messages if envelope["subject"] == vehicle]
    topics = {topic for topic, _ in mine}
    assert {"nav.location.v1", "nav.route_changed.v1", "nav.remaining_time.v1", "nav.remaining_distance.v1",
            "nav.nav_info.v1", "nav.arrival.v1"} <= topics, topics
    envelope_schema = load("envelope.schema.json")
    for topic, envelope in mine:
        assert not problems(envelope_schema, envelope), (topic, problems(envelope_schema, envelope))
        assert envelope["type"] == f"navbus.{topic}"
        assert envelope["dataschema"] == f"topics/{topic}.schema.json"
        payload_problems = problems(load(envelope["dataschema"]), envelope["data"])
        assert not payload_problems, (topic, payload_problems, envelope["data"])
    arrivals = [envelope["data"] for topic, envelope in mine if topic == "nav.arrival.v1"]
    assert len(arrivals) == 1 and arrivals[0]["waypointIndex"] == 0 and arrivals[0]["isFinalDestination"]
    state = bus.call("navigator.getState", {"vehicle": vehicle})
    assert not problems(definition(load("methods/navigator.getState.schema.json"), "result"), state)

    heartbeats = [envelope for topic, envelope in messages
                  if topic == "sys.heartbeat.v1" and envelope["data"]["process"] == "navbus-navigator"]
    assert heartbeats, "no heartbeat from the navigator within 2 s"
    assert not problems(load("topics/sys.heartbeat.v1.schema.json"), heartbeats[-1]["data"])
    counters = heartbeats[-1]["data"]["counters"]
    assert counters["fixesProcessed"] >= len(points) and counters["sessions"] >= 1, counters
    assert counters["routeRequests"] >= 1, counters
