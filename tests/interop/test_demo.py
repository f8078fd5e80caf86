"""The newcomer's path: `navbus demo --headless --json` on the sample map, then what it left behind.

The demo starts the six processes itself. Afterwards the logger's files must hold every topic the trip
produces, each message valid against Protocols/, exactly two arrivals with the last one final, and
`navbus render` must turn the log into an SVG picture. The Python examples run against a real stack too.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import time

import zmq

from conftest import ROOT, bin_dir
from test_protocols import check_envelope

MAP = ROOT / "maps" / "helsinki.osm.pbf"

# What the demo's two-stop trip produces; it drives 12 % above the limits on the second leg, so speed
# alerts are raised. (traffic.conditions.v1 has no provider in the demo.)
TRIP_TOPICS = {
    "gps.fix.v1", "nav.location.v1", "nav.route_changed.v1", "nav.arrival.v1", "nav.remaining_time.v1",
    "nav.remaining_distance.v1", "nav.delay_category.v1", "nav.lighting_mode.v1", "nav.speeding.v1",
    "nav.nav_info.v1", "nav.voice_prompt.v1", "alert.speeding.v1", "ui.lighting.v1", "sys.heartbeat.v1",
}


def test_demo_drives_the_two_stop_trip_and_the_log_holds_it(tmp_path):
    assert MAP.is_file(), "run scripts/fetch-maps.sh first (make test does)"
    log_dir = tmp_path / "log"
    completed = subprocess.run(
        [str(bin_dir() / "navbus"), "demo", "--headless", "--json", "--map", str(MAP), "--log-dir", str(log_dir),
         "--speed-multiplier", "16", "--timeout", "240"],
        capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    printed = [json.loads(line) for line in completed.stdout.splitlines()]
    assert any(line["topic"] == "nav.arrival.v1" for line in printed)

    messages = []
    for path in sorted(log_dir.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "envelope" in record:
                messages.append(record)
    topics = {record["topic"] for record in messages}
    assert TRIP_TOPICS <= topics, f"missing from the log: {sorted(TRIP_TOPICS - topics)}"
    for record in messages:
        check_envelope(record["topic"], record["envelope"])

    arrivals = [r["envelope"]["data"] for r in messages if r["topic"] == "nav.arrival.v1"]
    assert [a["waypoint"]["title"] for a in arrivals] == ["Kamppi", "Senate Square"]
    assert [a["isFinalDestination"] for a in arrivals] == [False, True]
    reasons = [r["envelope"]["data"]["reason"] for r in messages if r["topic"] == "nav.route_changed.v1"]
    assert reasons[:2] == ["newDestinations", "nextDestination"]

    svg = tmp_path / "trip.svg"
    rendered = subprocess.run(
        [str(bin_dir() / "navbus"), "render", *map(str, sorted(log_dir.glob("*.jsonl"))), "-o", str(svg),
         "--map", str(MAP)],
        capture_output=True, text=True, timeout=60,
    )
    assert rendered.returncode == 0, rendered.stderr
    text = svg.read_text(encoding="utf-8")
    assert text.startswith("<svg") and text.count("<polyline") >= 2 and "Senate Square" in text


def call(context, endpoint: str, method: str, params: dict) -> dict:
    socket = context.socket(zmq.REQ)
    socket.setsockopt(zmq.LINGER, 0)
    socket.connect(endpoint)
    socket.send_json({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    # Sent once and waited for: the request waits in the socket until the process is up (a map takes seconds
    # to load on a loaded machine), and a repeated setDestinations would plan twice.
    assert socket.poll(30_000), f"{method}: no reply within 30 s"
    reply = socket.recv_json()
    socket.close()
    assert "result" in reply, f"{method}: {reply}"
    return reply["result"]


def test_python_examples_watch_a_small_fleet(start, endpoints, context):
    env = endpoints.environment
    start("navbus-proxy", env=env)
    start("navbus-navigator", "--map", str(MAP), env=env)
    start("navbus-feeder", env=env)
    time.sleep(1.0)
    python = sys.executable
    examples = ROOT / "examples" / "python"
    watcher = subprocess.Popen(
        [python, str(examples / "fleet_arrivals.py"), "--endpoint", endpoints.subscriber, "--count", "3",
         "--timeout", "120"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # The five-line subscriber, pointed at this test's bus, must print navigator events.
    five_lines = (examples / "subscribe.py").read_text().replace("tcp://127.0.0.1:5561", endpoints.subscriber)
    # Its output goes to a file: an undrained pipe would stall it and the bus would drop its messages.
    printed_path = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"navbus-five-lines-{os.getpid()}.txt"
    printed_file = printed_path.open("w")
    subscriber = subprocess.Popen([python, "-u", "-c", five_lines], stdout=printed_file, stderr=subprocess.STDOUT)

    trips = {
        "car-1": ((60.1712, 24.9433), (60.1689, 24.9316)),
        "car-2": ((60.1689, 24.9316), (60.1695, 24.9520)),
        "car-3": ((60.1695, 24.9520), (60.1712, 24.9433)),
    }
    for vehicle, ((lat, lon), (to_lat, to_lon)) in trips.items():
        call(context, endpoints.feeder, "locationSimulator.simulateLocation",
             {"vehicle": vehicle, "latitude": lat, "longitude": lon})
        call(context, endpoints.navigator, "roadSnappedLocationProvider.startUpdatingLocation", {"vehicle": vehicle})
        status = "locationUnavailable"
        deadline = time.monotonic() + 15
        while status == "locationUnavailable" and time.monotonic() < deadline:
            status = call(context, endpoints.navigator, "navigator.setDestinations", {
                "vehicle": vehicle, "waypoints": [{"title": f"goal of {vehicle}", "latitude": to_lat,
                                                   "longitude": to_lon}]})["routeStatus"]
            time.sleep(0.2)
        assert status == "OK", f"{vehicle}: {status}"
        call(context, endpoints.navigator, "navigator.setGuidanceActive", {"vehicle": vehicle, "active": True})
        call(context, endpoints.feeder, "locationSimulator.configure", {"vehicle": vehicle, "speedMultiplier": 40})
        call(context, endpoints.feeder, "locationSimulator.simulateLocationsAlongExistingRoute", {"vehicle": vehicle})

    out, err = watcher.communicate(timeout=150)
    assert watcher.returncode == 0, err
    lines = out.splitlines()
    assert lines[-1] == "3 arrivals from 3 vehicles", out
    assert {line.split()[1] for line in lines[:-1]} == set(trips)

    time.sleep(2)  # let the five-line subscriber print its backlog
    subscriber.terminate()
    subscriber.wait(timeout=10)
    printed_file.close()
    printed = printed_path.read_text()
    printed_path.unlink()
    seen = {line.split(" ", 1)[0] for line in printed.splitlines()}
    assert {"nav.location.v1", "nav.arrival.v1"} <= seen, printed[-2000:]
