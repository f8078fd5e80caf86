"""Guidance evaluation: the real navbus-navigator on the bus, driven by drivers whose true paths come from OSRM.

    .venv/bin/python scripts/eval/guidance.py [--trips 60] [--seed 20261201] [--bin .build/release] [--json FILE]

Every trip is a true path planned by an independent router (OSRM 26.10.0 from the `osrm-bindings` wheel, its
own car.lua, prepared by scripts/bench-osrm.sh) and driven at 1 Hz with GPS noise of σ 5 or 10 m (course ±5°,
speed ±0.3 m/s), half of the trips with a 20 s GPS outage. The fixes go to `navbus-navigator` as `gps.fix.v1`
through a real `navbus-proxy`; the trip is set with `navigator.setDestinations` and everything the navigator
publishes (`nav.*`) is scored against the truth. Kinds of trip, in turn:

- plan-ignored: the driver goes by a random third place, whatever the navigator says, then stops at the
  destination;
- other-route: the driver takes OSRM's route to the destination (another reasonable route) and stops there;
- u-turn: the driver turns round on the way (OSRM with continue_straight=false at a random place), then drives
  to the destination;
- parallel-stop: the destination lies on one street; the driver stops on another street 10-25 m from it;
- pass-by: the driver passes 10-25 m from the destination on another street at speed and stops 150 m or more
  beyond it (any arrival is false);
- free-drive: no destination, only startUpdatingLocation; a random walk through four places.

Reported: missed arrivals (no nav.arrival.v1 on a trip that stops within 25 m of its destination), false
arrivals (an arrival on a pass-by trip, or one while the vehicle is more than 50 m from the destination, or a
second one), reroutes per real deviation (a real deviation is the true position getting more than 20 m from the
route in force or driving against it, after having been within 10 m of it and going its way; each nav.route_changed.v1 offRoute is a reroute, and one made
while the truth was within 10 m of the route for the last 5 s is a reroute on the route), and the share of
nav.location.v1 positions within 5 m of the true road (the true path near where the vehicle was), guided
(before arrival) and in free drive. The seed was chosen before the first run and is never changed to improve a
figure; the held-out check uses other seeds of the same kinds.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import math
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time
import uuid

import zmq

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "helsinki.osm.pbf"
# Central Helsinki, well inside the sample extract.
SOUTH, NORTH, WEST, EAST = 60.160, 60.182, 24.922, 24.958
METRES = 111_195.0
KINDS = ["plan-ignored", "other-route", "u-turn", "parallel-stop", "pass-by", "free-drive"]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- geometry (local flat projection, exact enough over a few km) -------------------------------------------


def xy(point: tuple[float, float]) -> tuple[float, float]:
    return (point[1] * METRES * math.cos(math.radians(60.17)), point[0] * METRES)


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return math.hypot(ax - bx, ay - by)


def to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = xy(p), xy(a), xy(b)
    dx, dy = bx - ax, by - ay
    squared = dx * dx + dy * dy
    t = 0.0 if squared == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / squared))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def to_polyline(p: tuple[float, float], line: list[tuple[float, float]]) -> float:
    if len(line) == 1:
        return distance(p, line[0])
    return min(to_segment(p, line[i], line[i + 1]) for i in range(len(line) - 1))


def nearest_piece(p: tuple[float, float], line: list[tuple[float, float]]) -> tuple[float, float]:
    """Distance to a polyline and the direction of its nearest piece."""
    best = (math.inf, 0.0)
    for i in range(len(line) - 1):
        d = to_segment(p, line[i], line[i + 1])
        if d < best[0]:
            best = (d, bearing(line[i], line[i + 1]))
    return best


def angle(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return math.degrees(math.atan2(bx - ax, by - ay)) % 360


def moved(point: tuple[float, float], east: float, north: float) -> tuple[float, float]:
    return (point[0] + north / METRES, point[1] + east / (METRES * math.cos(math.radians(60.17))))


# --- OSRM, the independent router ----------------------------------------------------------------------------


class OSRM:
    def __init__(self, port: int):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(self, path: str) -> dict:
        for attempt in range(2):
            try:
                self.connection.request("GET", path)
                return json.loads(self.connection.getresponse().read())
            except (http.client.HTTPException, ConnectionError):
                # osrm-routed closes idle keep-alive connections; reconnect once.
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        raise RuntimeError("unreachable")

    def route(self, points: list[tuple[float, float]], continue_straight: bool | None = None):
        """The driving path through `points` as (lat, lon) positions, or None."""
        where = ";".join(f"{lon:.7f},{lat:.7f}" for lat, lon in points)
        extra = "" if continue_straight is None else f"&continue_straight={'true' if continue_straight else 'false'}"
        answer = self.get(f"/route/v1/driving/{where}?overview=full&geometries=geojson{extra}")
        if answer.get("code") != "Ok":
            return None
        line = [(lat, lon) for lon, lat in answer["routes"][0]["geometry"]["coordinates"]]
        cleaned = [line[0]]
        for point in line[1:]:
            if distance(point, cleaned[-1]) > 0.3:
                cleaned.append(point)
        return cleaned if len(cleaned) >= 2 else None

    def nearest(self, point: tuple[float, float], number: int = 10) -> list[tuple[str, tuple[float, float]]]:
        answer = self.get(f"/nearest/v1/driving/{point[1]:.7f},{point[0]:.7f}?number={number}")
        if answer.get("code") != "Ok":
            return []
        return [(w.get("name", ""), (w["location"][1], w["location"][0])) for w in answer["waypoints"]]


# --- trips -----------------------------------------------------------------------------------------------------


def path_length(line: list[tuple[float, float]]) -> float:
    return sum(distance(line[i], line[i + 1]) for i in range(len(line) - 1))


class Trip:
    def __init__(self, kind: str, path: list[tuple[float, float]], destination: tuple[float, float] | None,
                 expects_arrival: bool, stops: bool):
        self.kind = kind
        self.path = path
        self.destination = destination
        self.expects_arrival = expects_arrival
        self.stops = stops


def random_point(rng: random.Random) -> tuple[float, float]:
    return (rng.uniform(SOUTH, NORTH), rng.uniform(WEST, EAST))


def parallel_pair(osrm: OSRM, rng: random.Random):
    """A place on one street and a place on another street 10-25 m from it, both as OSRM snaps them."""
    for _ in range(200):
        roads = [(name, location) for name, location in osrm.nearest(random_point(rng)) if name]
        for i, (name_a, a) in enumerate(roads):
            for name_b, b in roads[i + 1:]:
                if name_a != name_b and 10 <= distance(a, b) <= 25:
                    return a, b
    return None


def make_trip(kind: str, osrm: OSRM, rng: random.Random) -> Trip:
    while True:
        origin = random_point(rng)
        if kind == "free-drive":
            places = [origin]
            for _ in range(4):
                places.append(moved(places[-1], rng.uniform(-500, 500), rng.uniform(-500, 500)))
            path = osrm.route(places)
            if path and path_length(path) >= 800:
                return Trip(kind, path, None, expects_arrival=False, stops=False)
            continue
        if kind in ("parallel-stop", "pass-by"):
            pair = parallel_pair(osrm, rng)
            if not pair:
                continue
            stop, destination = pair
            if kind == "parallel-stop":
                path = osrm.route([origin, stop])
                if path and path_length(path) >= 600 and distance(path[-1], stop) < 3:
                    return Trip(kind, path, destination, expects_arrival=True, stops=True)
                continue
            # Through the place beside the destination and on, at speed, to somewhere well beyond it.
            ahead = moved(stop, rng.uniform(-400, 400), rng.uniform(-400, 400))
            path = osrm.route([origin, stop, ahead], continue_straight=True)
            if (path and path_length(path) >= 800 and distance(path[-1], destination) >= 150
                    and 10 <= to_polyline(destination, path) <= 25):
                return Trip(kind, path, destination, expects_arrival=False, stops=True)
            continue
        # A destination near a car road, as people pick them: a road point moved up to 15 m off it.
        roads = osrm.nearest(random_point(rng), number=1)
        if not roads:
            continue
        destination = moved(roads[0][1], rng.uniform(-10, 10), rng.uniform(-10, 10))
        if distance(origin, destination) < 600:
            continue
        if kind == "other-route":
            path = osrm.route([origin, destination])
        elif kind == "plan-ignored":
            middle = ((origin[0] + destination[0]) / 2, (origin[1] + destination[1]) / 2)
            via = moved(middle, rng.uniform(-500, 500), rng.uniform(-500, 500))
            path = osrm.route([origin, via, destination])
        else:
            turn = moved(origin, rng.uniform(-400, 400), rng.uniform(-400, 400))
            path = osrm.route([origin, turn, destination], continue_straight=False)
        if path and path_length(path) >= 600:
            # The driver stops where OSRM's road ends, next to the destination.
            return Trip(kind, path, destination, expects_arrival=distance(path[-1], destination) <= 25, stops=True)


class Sample:
    def __init__(self, truth, along, fix):
        self.truth = truth
        self.along = along
        self.fix = fix


def drive(trip: Trip, rng: random.Random, sigma: float, outage: bool, start: float) -> list[Sample]:
    """1 Hz fixes along the path: cruising speed, slowing to a stop at the end, then 20 s standing."""
    cumulative = [0.0]
    for i in range(len(trip.path) - 1):
        cumulative.append(cumulative[-1] + distance(trip.path[i], trip.path[i + 1]))
    total = cumulative[-1]
    cruise = rng.uniform(8, 13)
    samples = []
    along, t, segment = 0.0, start, 0
    while True:
        remaining = total - along
        speed = min(cruise, math.sqrt(2 * 1.5 * max(0.0, remaining)) + 0.5) if trip.stops else cruise
        while segment < len(trip.path) - 2 and cumulative[segment + 1] < along:
            segment += 1
        a, b = trip.path[segment], trip.path[segment + 1]
        length = cumulative[segment + 1] - cumulative[segment]
        f = 0.0 if length == 0 else max(0.0, min(1.0, (along - cumulative[segment]) / length))
        truth = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        samples.append(Sample(truth, along, fix(truth, bearing(a, b), speed, sigma, t, rng)))
        if along >= total:
            break
        along = min(total, along + speed)
        t += 1
    if trip.stops:
        for _ in range(20):
            t += 1
            samples.append(Sample(samples[-1].truth, total, fix(samples[-1].truth, None, 0.0, sigma, t, rng)))
    if outage and len(samples) > 80:
        cut = rng.randrange(20, len(samples) - 60)
        samples = samples[:cut] + samples[cut + 20:]
    return samples


def fix(truth, course, speed, sigma, at, rng) -> dict:
    noisy = moved(truth, rng.gauss(0, sigma), rng.gauss(0, sigma))
    data = {
        "latitude": noisy[0], "longitude": noisy[1], "altitude": 12.0,
        "speed": max(0.0, speed + (rng.gauss(0, 0.3) if speed > 0 else 0.0)),
        "horizontalAccuracy": max(sigma, 3.0), "timestamp": rfc3339(at), "source": "eval",
    }
    if course is not None:
        data["course"] = (course + rng.gauss(0, 5)) % 360
    return data


def rfc3339(seconds: float) -> str:
    moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


# --- the bus ---------------------------------------------------------------------------------------------------


class Bus:
    """navbus-proxy and navbus-navigator on private ipc endpoints, and pyzmq sockets to talk to them."""

    def __init__(self, binaries: pathlib.Path, directory: str):
        base = f"ipc://{directory}/navbus"
        self.endpoints = {
            "NAVBUS_PUB_ENDPOINT": base + "-pub", "NAVBUS_SUB_ENDPOINT": base + "-sub",
            "NAVBUS_NAVIGATOR_ENDPOINT": base + "-nav",
        }
        environment = {**os.environ, **self.endpoints}
        self.logs = [open(f"{directory}/{name}.log", "w+") for name in ("proxy", "navigator")]
        self.processes = [
            subprocess.Popen([str(binaries / "navbus-proxy")], env=environment, stderr=self.logs[0]),
            subprocess.Popen([str(binaries / "navbus-navigator"), "--map", str(MAP), "--log-level", "warning"],
                             env=environment, stderr=self.logs[1]),
        ]
        self.context = zmq.Context()
        self.subscriber = self.context.socket(zmq.SUB)
        self.subscriber.setsockopt(zmq.RCVHWM, 0)
        self.subscriber.connect(self.endpoints["NAVBUS_SUB_ENDPOINT"])
        self.subscriber.setsockopt_string(zmq.SUBSCRIBE, "nav.")
        self.publisher = self.context.socket(zmq.PUB)
        self.publisher.setsockopt(zmq.SNDHWM, 0)
        self.publisher.connect(self.endpoints["NAVBUS_PUB_ENDPOINT"])
        self.control = self.context.socket(zmq.DEALER)
        self.control.connect(self.endpoints["NAVBUS_NAVIGATOR_ENDPOINT"])
        self.sequence = 0
        deadline = time.time() + 120
        while True:
            if self.call_raw("navigator.getState", {}, timeout=1.0) is not None:
                break
            if time.time() > deadline or any(p.poll() is not None for p in self.processes):
                raise RuntimeError(f"the navigator did not start: {self.log(1)}")
        time.sleep(0.5)  # the SUB and PUB sockets finish joining the proxy

    def call_raw(self, method: str, params: dict, timeout: float = 60.0):
        self.sequence += 1
        self.control.send(json.dumps({"jsonrpc": "2.0", "id": self.sequence, "method": method, "params": params}).encode())
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.control.poll(int(max(1, (deadline - time.time()) * 1000))):
                reply = json.loads(self.control.recv())
                if reply.get("id") == self.sequence:
                    return reply
        return None

    def call(self, method: str, params: dict) -> dict:
        reply = self.call_raw(method, params)
        if not reply or "result" not in reply:
            raise RuntimeError(f"{method} failed: {reply}")
        return reply["result"]

    def publish(self, vehicle: str, data: dict) -> None:
        self.sequence += 1
        envelope = {
            "specversion": "1.0", "id": str(uuid.uuid4()), "source": "navbus://eval/guidance",
            "type": "navbus.gps.fix.v1", "time": rfc3339(time.time()), "subject": vehicle,
            "datacontenttype": "application/json", "dataschema": "topics/gps.fix.v1.schema.json",
            "sequence": self.sequence, "data": data,
        }
        self.publisher.send_multipart([b"gps.fix.v1", json.dumps(envelope).encode()])

    def receive_until(self, done, timeout: float = 10.0) -> list[tuple[str, dict]]:
        """Messages until `done(messages)` holds or the time runs out."""
        messages = []
        deadline = time.time() + timeout
        while not done(messages) and time.time() < deadline:
            if self.subscriber.poll(50):
                topic, body = self.subscriber.recv_multipart()
                messages.append((topic.decode(), json.loads(body)))
        return messages

    def log(self, index: int) -> str:
        self.logs[index].flush()
        self.logs[index].seek(0)
        return self.logs[index].read()[-3000:]

    def close(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        self.context.destroy(linger=0)


# --- one trip on the bus ---------------------------------------------------------------------------------------


def run_trip(bus: Bus, vehicle: str, trip: Trip, samples: list[Sample]) -> dict:
    """Drives the trip fix by fix, waiting for each fix's nav.location.v1, and scores what the navigator said."""
    first = samples[0].fix
    bus.publish(vehicle, first)
    bus.receive_until(lambda m: False, timeout=0.05)
    bus.call("roadSnappedLocationProvider.startUpdatingLocation", {"vehicle": vehicle})
    events: list[tuple[int, str, dict]] = []
    if trip.destination:
        status = bus.call("navigator.setDestinations", {
            "vehicle": vehicle,
            "waypoints": [{"title": "D", "latitude": trip.destination[0], "longitude": trip.destination[1]}],
            "routingOptions": {"alternateRoutesStrategy": "none"},
        })["routeStatus"]
        if status != "OK":
            return {"skipped": status}
        bus.call("navigator.setGuidanceActive", {"vehicle": vehicle, "active": True})
    route: list[tuple[float, float]] = []
    for index, sample in enumerate(samples):
        bus.publish(vehicle, sample.fix)
        stamp = sample.fix["timestamp"]

        def seen(messages):
            return any(t == "nav.location.v1" and e["subject"] == vehicle and e["data"]["timestamp"] == stamp
                       for t, e in messages)

        for topic, envelope in bus.receive_until(seen):
            if envelope["subject"] == vehicle:
                events.append((index, topic, envelope["data"]))
    # Anything published after the last location belongs to the last fix.
    for topic, envelope in bus.receive_until(lambda m: False, timeout=0.2):
        if envelope["subject"] == vehicle:
            events.append((len(samples) - 1, topic, envelope["data"]))
    if trip.destination:
        bus.call("navigator.clearDestinations", {"vehicle": vehicle})
    bus.call("roadSnappedLocationProvider.stopUpdatingLocation", {"vehicle": vehicle})
    return score(trip, samples, events)


def score(trip: Trip, samples: list[Sample], events) -> dict:
    cumulative = [0.0]
    for i in range(len(trip.path) - 1):
        cumulative.append(cumulative[-1] + distance(trip.path[i], trip.path[i + 1]))

    def near_truth(point, along) -> float:
        low, high = along - 40, along + 40
        pieces = [i for i in range(len(trip.path) - 1) if cumulative[i + 1] >= low and cumulative[i] <= high]
        return min((to_segment(point, trip.path[i], trip.path[i + 1]) for i in pieces), default=math.inf)

    arrivals = [index for index, topic, _ in events if topic == "nav.arrival.v1"]
    arrived_at = arrivals[0] if arrivals else None
    snapped_good = snapped_total = 0
    misses = []
    route: list[tuple[float, float]] = []
    offroute_since = None
    on_streak = 0
    deviations = reroutes = reroutes_on_route = 0
    state_on = True
    by_index: dict[int, list[tuple[str, dict]]] = {}
    for index, topic, data in events:
        by_index.setdefault(index, []).append((topic, data))
    for index, sample in enumerate(samples):
        for topic, data in by_index.get(index, []):
            if topic == "nav.location.v1" and (arrived_at is None or index < arrived_at):
                snapped_total += 1
                if near_truth((data["latitude"], data["longitude"]), sample.along) <= 5:
                    snapped_good += 1
                else:
                    misses.append((index, data["onRoute"], round(near_truth((data["latitude"], data["longitude"]), sample.along), 1)))
            if topic == "nav.route_changed.v1":
                if data["reason"] == "offRoute":
                    reroutes += 1
                    if on_streak >= 5:
                        reroutes_on_route += 1
                legs = data.get("routeLegs") or []
                route = [(lat, lon) for lon, lat in legs[0]["geometry"]["coordinates"]] if legs else []
                state_on = True
                on_streak = 0
        if route and len(route) >= 2 and (arrived_at is None or index < arrived_at):
            # On the route means near it and driving its way: after a U-turn the truth is near the road it
            # came along, but going against the route.
            off, direction = nearest_piece(sample.truth, route)
            heading = sample.fix.get("course")
            against = heading is not None and sample.fix["speed"] > 2 and angle(heading, direction) > 120
            if state_on and (off > 20 or against):
                deviations += 1
                state_on = False
            elif not state_on and off <= 10 and not against:
                state_on = True
            on_streak = on_streak + 1 if off <= 10 and not against else 0
    missed = int(trip.expects_arrival and not arrivals)
    false = 0
    if arrivals:
        if trip.kind == "pass-by" or len(arrivals) > 1:
            false = len(arrivals) if trip.kind == "pass-by" else len(arrivals) - 1
        elif distance(samples[arrivals[0]].truth, trip.destination) > 50:
            false = 1
        elif not trip.expects_arrival:
            false = 1
    details = []
    for index in arrivals:
        end = None
        for i, topic, data in events:
            if i <= index and topic == "nav.route_changed.v1" and data.get("routeLegs"):
                end = data["routeLegs"][0]["geometry"]["coordinates"][-1]
        details.append({
            "fix": index, "toDestination": round(distance(samples[index].truth, trip.destination), 1),
            "speed": round(samples[index].fix["speed"], 1),
            "routeEndToDestination": round(distance((end[1], end[0]), trip.destination), 1) if end else None,
        })
    return {
        "arrivalDetails": details, "misses": misses,
        "kind": trip.kind, "fixes": len(samples), "snappedGood": snapped_good, "snappedTotal": snapped_total,
        "arrivals": len(arrivals), "missed": missed, "false": false, "deviations": deviations,
        "reroutes": reroutes, "reroutesOnRoute": reroutes_on_route,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trips", type=int, default=60, help="trips in all, the kinds in turn")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"), help="directory of the executables")
    parser.add_argument("--osrm-port", type=int, default=0, help="port for osrm-routed (0: pick a free one)")
    parser.add_argument("--json", help="also write the per-trip results here")
    args = parser.parse_args()
    if not MAP.is_file():
        log(f"{MAP} is missing: run scripts/fetch-maps.sh")
        return 1
    port = args.osrm_port or random.Random().randrange(20_000, 60_000)
    subprocess.run([str(ROOT / "scripts" / "bench-osrm.sh"), "--port", str(port)], check=True,
                   stdout=subprocess.DEVNULL)
    directory = tempfile.mkdtemp(prefix="navbus-eval-guidance-")
    bus = None
    try:
        osrm = OSRM(port)
        bus = Bus(pathlib.Path(args.bin), directory)
        rng = random.Random(args.seed)
        results = []
        start = 1_795_950_000.0
        for number in range(args.trips):
            kind = KINDS[number % len(KINDS)]
            sigma = 5.0 if (number // len(KINDS)) % 2 == 0 else 10.0
            outage = number % 2 == 1
            trip = make_trip(kind, osrm, rng)
            samples = drive(trip, rng, sigma, outage, start)
            start = float(int(start + len(samples) + 600))
            result = run_trip(bus, f"eval-{number}", trip, samples)
            result.update(sigma=sigma, outage=outage, trip=number)
            results.append(result)
            log(f"trip {number:3d} {kind:13s} σ {sigma:4.1f}{' outage' if outage else '       '} {json.dumps(result)}")
        report(results)
        if args.json:
            pathlib.Path(args.json).write_text(json.dumps(results, indent=1))
    finally:
        if bus:
            bus.close()
        subprocess.run([str(ROOT / "scripts" / "bench-osrm.sh"), "--stop"], stdout=subprocess.DEVNULL)
    return 0


def report(results: list[dict]) -> None:
    done = [r for r in results if "skipped" not in r]
    skipped = len(results) - len(done)

    def share(rows) -> str:
        good = sum(r["snappedGood"] for r in rows)
        total = sum(r["snappedTotal"] for r in rows)
        return f"{100 * good / total:6.2f} % of {total}" if total else "   n/a"

    print(f"guidance evaluation: {len(done)} trips on Helsinki ({skipped} skipped: no route), true paths from OSRM")
    print(f"  missed arrivals {sum(r['missed'] for r in done)}, false arrivals {sum(r['false'] for r in done)} "
          f"(of {sum(1 for r in done if r['kind'] != 'free-drive')} trips with a destination)")
    deviations = sum(r["deviations"] for r in done)
    reroutes = sum(r["reroutes"] for r in done)
    print(f"  reroutes {reroutes} for {deviations} real deviations "
          f"({reroutes / deviations if deviations else 0:.2f} per deviation), "
          f"{sum(r['reroutesOnRoute'] for r in done)} while on the route")
    for sigma in (5.0, 10.0):
        guided = [r for r in done if r["sigma"] == sigma and r["kind"] != "free-drive"]
        free = [r for r in done if r["sigma"] == sigma and r["kind"] == "free-drive"]
        print(f"  σ {sigma:4.1f} m: within 5 m of the true road guided {share(guided)}, free drive {share(free)}")
    for kind in KINDS:
        rows = [r for r in done if r["kind"] == kind]
        print(f"    {kind:13s} trips {len(rows):3d}  arrivals {sum(r['arrivals'] for r in rows):3d}  "
              f"missed {sum(r['missed'] for r in rows)}  false {sum(r['false'] for r in rows)}  "
              f"reroutes {sum(r['reroutes'] for r in rows):3d}/{sum(r['deviations'] for r in rows):3d} deviations  "
              f"snapped {share(rows)}")


if __name__ == "__main__":
    sys.exit(main())
