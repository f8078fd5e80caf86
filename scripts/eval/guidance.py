"""Guidance evaluation: the real navbus-navigator on the bus, driven by drivers whose true paths come from OSRM and Valhalla.

    .venv/bin/python scripts/eval/guidance.py [--trips 60] [--seeds 20261201] [--reference both|osrm|valhalla]
        [--bin .build/release] [--json FILE] [--only N,M] [--dump DIR] [--map FILE [--box S,N,W,E]]

`--map` drives on another map (the held-out maps/monaco.osm.pbf from `scripts/fetch-maps.sh --eval` has its own
box, central Monaco; any other map needs `--box`); the default is central Helsinki.

Every trip is a true path planned by an independent router and driven at 1 Hz with GPS noise of σ 5 or 10 m
(course ±5°, speed ±0.3 m/s), at a cruising speed of 5-8, 8-13 or 13-17 m/s, half of the trips with a 20 s GPS
outage. The routers are OSRM 26.10.0 (the `osrm-bindings` wheel, its own car.lua, prepared by
scripts/bench-osrm.sh) and Valhalla 3.9.1 (the `pyvalhalla` wheel's valhalla_service, auto costing, tiles built
by scripts/eval/routing.py's helpers); each trip set is driven once with each router's paths. Places are drawn
from the OSM data itself (car roads read with pyosmium), so neither router picks them. The fixes go to
`navbus-navigator` as `gps.fix.v1` through a real `navbus-proxy`; the trip is set with
`navigator.setDestinations`, an arrival at a waypoint that is not the last is answered with
`navigator.continueToNextDestination` and `navigator.setGuidanceActive` as an app would, and everything the navigator publishes (`nav.*`) is
scored against the truth. Kinds of trip, in turn:

- plan-ignored: the driver goes by a random third place, whatever the navigator says, then stops at the
  destination;
- other-route: the driver takes the reference router's route to the destination and stops there;
- u-turn: the driver turns round on the way (U-turns allowed at a random via place), then drives to the
  destination;
- parallel-stop: the destination lies on one street; the driver stops on another street 10-25 m from it;
- pass-by: the driver passes 10-25 m from the destination on another street at speed and stops 150 m or more
  beyond it (any arrival is false);
- free-drive: no destination, only startUpdatingLocation; a random walk through four places;
- one-way: the destination lies beside a one-way street; the driver takes the reference route and stops;
- junction: the destination is a junction of car roads; the driver takes the reference route and stops;
- through-stop: two destinations, the first a place on the driver's path at least 250 m from either end,
  driven through at speed without stopping (an arrival is expected there, unless navbus's leg ends more than 7 m
  from it because its road is not a navbus car road, and then at the final one);
- pass-by-mid: two destinations, the first on a street 10-25 m beside the driver's path, passed at speed, the
  second where the driver stops (any arrival at the first is false; the second cannot be reached in order).

Reported: missed arrivals (a waypoint the driver stops within 25 m of, or of the end of navbus's leg to it, or
drives through on its road, without its nav.arrival.v1), false arrivals (an arrival at a waypoint passed by, one
while the vehicle is more than 50 m from the waypoint and the leg's end, a second one, or one at a waypoint the
driver stops more than 40 m from: between 25 and 40 m, the radius plus the largest noise allowance, an arrival
is neither expected nor false), reroutes per real deviation (a real deviation is the true position getting
more than 20 m from the route in force, from the part of it the driver has got to, or driving against it, after
having been within 10 m of it and going its way, or from the start of a route, which begins where the vehicle is; each nav.route_changed.v1 offRoute is a reroute), reroutes on
the route (one made while the truth was within 10 m of the route for the last 5 s and still on the route's own
line, within 5 m and going its way, at the fix that caused it; a route replaced while the driver was on it is
followed on, so a driver who turned off at a junction 1-2 fixes before the reroute, still within 10 m of the
route but on another road, has left it, and that deviation counts though the route changed before the truth was
20 m away), and the share of nav.location.v1 positions within 5 m of the true road (the true path near where the
vehicle was), guided (before the final arrival) and in free drive. The seed
was chosen before the first run and is never changed to improve a figure; --seeds runs others of the same kinds,
as the held-out check does.
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

import osmium
import zmq

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from routing import CAR_HIGHWAYS, car_access, decode_polyline, prepare_valhalla, unpack_tools  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "helsinki.osm.pbf"
# Where the trips' places are drawn, per map: central Helsinki, well inside the sample extract; the Principality
# of Monaco (its streets, with Beausoleil's above it), well inside OSRM's Monaco test extract.
BOXES = {"helsinki": (60.160, 60.182, 24.922, 24.958), "monaco": (43.727, 43.750, 7.410, 7.437)}
SOUTH, NORTH, WEST, EAST = BOXES["helsinki"]
# The latitude of the flat projection below: the middle of the box.
LATITUDE = 60.17
METRES = 111_195.0
KINDS = ["plan-ignored", "other-route", "u-turn", "parallel-stop", "pass-by", "free-drive", "one-way", "junction",
         "through-stop", "pass-by-mid"]
# Cruising speeds in m/s, a range per round of the kinds: slow streets, town traffic, arterials.
SPEEDS = [(8.0, 13.0), (5.0, 8.0), (13.0, 17.0)]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- geometry (local flat projection, exact enough over a few km) -------------------------------------------


def xy(point: tuple[float, float]) -> tuple[float, float]:
    return (point[1] * METRES * math.cos(math.radians(LATITUDE)), point[0] * METRES)


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


def nearest_piece_between(p, line, cumulative, progress: float):
    """Distance to the polyline between 40 m behind and 150 m ahead of `progress` metres along it, the direction of
    the nearest piece, and how far along the line the nearest point lies."""
    best = (math.inf, 0.0, 0.0)
    for i in range(len(line) - 1):
        if cumulative[i + 1] < progress - 40 or cumulative[i] > progress + 150:
            continue
        d = to_segment(p, line[i], line[i + 1])
        if d < best[0]:
            (px, py), (ax, ay), (bx, by) = xy(p), xy(line[i]), xy(line[i + 1])
            vx, vy = bx - ax, by - ay
            squared = vx * vx + vy * vy
            t = 0.0 if squared == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / squared))
            best = (d, bearing(line[i], line[i + 1]), cumulative[i] + t * (cumulative[i + 1] - cumulative[i]))
    return best


def angle(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return math.degrees(math.atan2(bx - ax, by - ay)) % 360


def moved(point: tuple[float, float], east: float, north: float) -> tuple[float, float]:
    return (point[0] + north / METRES, point[1] + east / (METRES * math.cos(math.radians(LATITUDE))))


# --- the independent routers -----------------------------------------------------------------------------------


class OSRM:
    name = "OSRM"

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



class Valhalla:
    """valhalla_service in its one-request mode, auto costing. Via places are `through` (no U-turn there) or,
    where the trip turns round, `via` (U-turns allowed), as OSRM's continue_straight."""

    name = "Valhalla"

    def __init__(self, tools: pathlib.Path, config: pathlib.Path):
        self.service = tools / "valhalla" / "bin" / "valhalla_service"
        self.config = config

    def route(self, points: list[tuple[float, float]], continue_straight: bool | None = None):
        middle = "via" if continue_straight is False else "through"
        locations = [{"lat": lat, "lon": lon, "type": "break" if i in (0, len(points) - 1) else middle}
                     for i, (lat, lon) in enumerate(points)]
        request = {"locations": locations, "costing": "auto", "directions_type": "none"}
        answer = subprocess.run([str(self.service), str(self.config), "route", json.dumps(request)],
                                capture_output=True, text=True)
        try:
            legs = json.loads(answer.stdout)["trip"]["legs"]
        except (json.JSONDecodeError, KeyError):
            return None
        line = [point for leg in legs for point in decode_polyline(leg["shape"])]
        cleaned = line[:1]
        for point in line[1:]:
            if distance(point, cleaned[-1]) > 0.3:
                cleaned.append(point)
        return cleaned if len(cleaned) >= 2 else None


# --- trips ---------------------------------------------------------------------------------------------------


def path_length(line: list[tuple[float, float]]) -> float:
    return sum(distance(line[i], line[i + 1]) for i in range(len(line) - 1))


class Trip:
    """A true path and the waypoints given to the navigator; `expected` lists the waypoints that must be arrived
    at, `passed` those that must not."""

    def __init__(self, kind: str, path: list[tuple[float, float]], waypoints: list[tuple[float, float]],
                 expected: list[int], stops: bool, passed: list[int] | None = None):
        self.kind = kind
        self.path = path
        self.waypoints = waypoints
        self.expected = expected
        self.passed = passed or []
        self.stops = stops


class RoadIndex(osmium.SimpleHandler):
    """The car roads of the map, read from the OSM data with pyosmium: for places beside roads, on one-way
    streets and at junctions that neither router chose."""

    CELL = 0.002

    def __init__(self, path: pathlib.Path):
        super().__init__()
        self.segments: dict[tuple[int, int], list[tuple[int, tuple[float, float], tuple[float, float]]]] = {}
        self.names: list[str] = []
        self.oneway: list[tuple[float, float]] = []
        self.node_ways: dict[int, set[int]] = {}
        self.node_position: dict[int, tuple[float, float]] = {}
        self.apply_file(str(path), locations=True)
        self.junctions = [self.node_position[n] for n, ways in self.node_ways.items() if len(ways) >= 2]

    def way(self, way) -> None:
        tags = {tag.k: tag.v for tag in way.tags}
        if tags.get("highway") not in CAR_HIGHWAYS or car_access(tags) != "open" or not tags.get("name"):
            return
        points = [(node.ref, (node.location.lat, node.location.lon)) for node in way.nodes if node.location.valid()]
        if tags["highway"] in ("motorway", "motorway_link", "service") or len(points) < 2:
            return
        number = len(self.names)
        self.names.append(tags["name"])
        one_way = tags.get("oneway") in ("yes", "1", "-1") or tags.get("junction") == "roundabout"
        for (a, pa), (b, pb) in zip(points, points[1:]):
            cell = (int(pa[0] / self.CELL), int(pa[1] / self.CELL))
            self.segments.setdefault(cell, []).append((number, pa, pb))
            if one_way:
                self.oneway.append(((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2))
        for ref, position in points:
            self.node_ways.setdefault(ref, set()).add(number)
            self.node_position[ref] = position

    def nearest(self, point: tuple[float, float], number: int = 10) -> list[tuple[str, tuple[float, float]]]:
        """The nearest point of each of the `number` nearest named car roads, nearest first."""
        cell = (int(point[0] / self.CELL), int(point[1] / self.CELL))
        best: dict[int, tuple[float, tuple[float, float]]] = {}
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for way, a, b in self.segments.get((cell[0] + dx, cell[1] + dy), []):
                    (px, py), (ax, ay), (bx, by) = xy(point), xy(a), xy(b)
                    vx, vy = bx - ax, by - ay
                    squared = vx * vx + vy * vy
                    t = 0.0 if squared == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / squared))
                    on = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    d = distance(point, on)
                    if way not in best or d < best[way][0]:
                        best[way] = (d, on)
        ranked = sorted(best.items(), key=lambda item: item[1][0])[:number]
        return [(self.names[way], on) for way, (_, on) in ranked]


def inside(point: tuple[float, float]) -> bool:
    return SOUTH <= point[0] <= NORTH and WEST <= point[1] <= EAST


def random_point(rng: random.Random) -> tuple[float, float]:
    return (rng.uniform(SOUTH, NORTH), rng.uniform(WEST, EAST))


def parallel_pair(roads: RoadIndex, rng: random.Random):
    """A place on one street and a place on another street 10-25 m from it."""
    for _ in range(200):
        near = roads.nearest(random_point(rng))
        for i, (name_a, a) in enumerate(near):
            for name_b, b in near[i + 1:]:
                if name_a != name_b and 10 <= distance(a, b) <= 25:
                    return a, b
    return None


def beside(path: list[tuple[float, float]], roads: RoadIndex, rng: random.Random):
    """A place on another street 10-25 m from the middle part of a path, or None."""
    cumulative = [0.0]
    for i in range(len(path) - 1):
        cumulative.append(cumulative[-1] + distance(path[i], path[i + 1]))
    for _ in range(40):
        target = rng.uniform(250, cumulative[-1] - 250)
        i = next(i for i in range(len(path) - 1) if cumulative[i + 1] >= target)
        for _, place in roads.nearest(path[i], number=8):
            if 10 <= to_polyline(place, path) <= 25:
                return place
    return None


def on_path(path: list[tuple[float, float]], rng: random.Random) -> tuple[float, float]:
    """A point of the path at least 250 m from either end."""
    cumulative = [0.0]
    for i in range(len(path) - 1):
        cumulative.append(cumulative[-1] + distance(path[i], path[i + 1]))
    target = rng.uniform(250, cumulative[-1] - 250)
    i = next(i for i in range(len(path) - 1) if cumulative[i + 1] >= target)
    f = (target - cumulative[i]) / max(cumulative[i + 1] - cumulative[i], 1e-9)
    a, b = path[i], path[i + 1]
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def make_trip(kind: str, router, roads: RoadIndex, rng: random.Random) -> Trip:
    while True:
        origin = random_point(rng)
        if kind == "free-drive":
            places = [origin]
            for _ in range(4):
                places.append(moved(places[-1], rng.uniform(-500, 500), rng.uniform(-500, 500)))
            path = router.route(places)
            if path and path_length(path) >= 800:
                return Trip(kind, path, [], expected=[], stops=False)
            continue
        if kind in ("parallel-stop", "pass-by"):
            pair = parallel_pair(roads, rng)
            if not pair:
                continue
            stop, destination = pair
            if kind == "parallel-stop":
                path = router.route([origin, stop])
                if path and path_length(path) >= 600 and distance(path[-1], stop) < 3:
                    return Trip(kind, path, [destination], expected=[0], stops=True)
                continue
            # Through the place beside the destination and on, at speed, to somewhere well beyond it.
            ahead = moved(stop, rng.uniform(-400, 400), rng.uniform(-400, 400))
            path = router.route([origin, stop, ahead], continue_straight=True)
            if (path and path_length(path) >= 800 and distance(path[-1], destination) >= 150
                    and 10 <= to_polyline(destination, path) <= 25):
                return Trip(kind, path, [destination], expected=[], stops=True, passed=[0])
            continue
        if kind in ("through-stop", "pass-by-mid"):
            final = random_point(rng)
            if distance(origin, final) < 900:
                continue
            path = router.route([origin, final])
            if not path or path_length(path) < 800:
                continue
            if kind == "through-stop":
                middle = on_path(path, rng)
                return Trip(kind, path, [middle, path[-1]], expected=[0, 1], stops=True)
            place = beside(path, roads, rng)
            if place is None:
                continue
            return Trip(kind, path, [place, path[-1]], expected=[], stops=True, passed=[0])
        if kind == "one-way":
            road = rng.choice(roads.oneway)
            destination = moved(road, rng.uniform(-7, 7), rng.uniform(-7, 7))
        elif kind == "junction":
            destination = moved(rng.choice(roads.junctions), rng.uniform(-4, 4), rng.uniform(-4, 4))
        else:
            # A destination near a car road, as people pick them: a road point moved up to 15 m off it.
            near = roads.nearest(random_point(rng), number=1)
            if not near:
                continue
            destination = moved(near[0][1], rng.uniform(-10, 10), rng.uniform(-10, 10))
        if not inside(destination) or distance(origin, destination) < 600:
            continue
        if kind in ("other-route", "one-way", "junction"):
            path = router.route([origin, destination])
        elif kind == "plan-ignored":
            middle = ((origin[0] + destination[0]) / 2, (origin[1] + destination[1]) / 2)
            via = moved(middle, rng.uniform(-500, 500), rng.uniform(-500, 500))
            path = router.route([origin, via, destination])
        else:
            turn = moved(origin, rng.uniform(-400, 400), rng.uniform(-400, 400))
            path = router.route([origin, turn, destination], continue_straight=False)
        if path and path_length(path) >= 600:
            # The driver stops where the router's road ends, next to the destination.
            reached = distance(path[-1], destination) <= 25
            return Trip(kind, path, [destination], expected=[0] if reached else [], stops=True)


class Sample:
    def __init__(self, truth, along, fix):
        self.truth = truth
        self.along = along
        self.fix = fix


def drive(trip: Trip, rng: random.Random, sigma: float, outage: bool, start: float,
          speeds: tuple[float, float]) -> list[Sample]:
    """1 Hz fixes along the path: cruising speed, slowing to a stop at the end, then 20 s standing."""
    cumulative = [0.0]
    for i in range(len(trip.path) - 1):
        cumulative.append(cumulative[-1] + distance(trip.path[i], trip.path[i + 1]))
    total = cumulative[-1]
    cruise = rng.uniform(*speeds)
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


def run_trip(bus: Bus, vehicle: str, trip: Trip, samples: list[Sample], dump: str | None = None) -> dict:
    """Drives the trip fix by fix, waiting for each fix's nav.location.v1, and scores what the navigator said."""
    first = samples[0].fix
    bus.publish(vehicle, first)
    bus.receive_until(lambda m: False, timeout=0.05)
    bus.call("roadSnappedLocationProvider.startUpdatingLocation", {"vehicle": vehicle})
    events: list[tuple[int, str, dict]] = []
    if trip.waypoints:
        status = bus.call("navigator.setDestinations", {
            "vehicle": vehicle,
            "waypoints": [{"title": f"D{i}", "latitude": lat, "longitude": lon}
                          for i, (lat, lon) in enumerate(trip.waypoints)],
            "routingOptions": {"alternateRoutesStrategy": "none"},
        })["routeStatus"]
        if status != "OK":
            return {"skipped": status}
        bus.call("navigator.setGuidanceActive", {"vehicle": vehicle, "active": True})
    for index, sample in enumerate(samples):
        bus.publish(vehicle, sample.fix)
        stamp = sample.fix["timestamp"]

        def seen(messages):
            return any(t == "nav.location.v1" and e["subject"] == vehicle and e["data"]["timestamp"] == stamp
                       for t, e in messages)

        # The navigator publishes a fix's location first and its other events after it, so whatever comes
        # before this fix's location belongs to the previous fix.
        located = False
        for topic, envelope in bus.receive_until(seen):
            if envelope["subject"] != vehicle:
                continue
            data = envelope["data"]
            located = located or (topic == "nav.location.v1" and data["timestamp"] == stamp)
            events.append((index if located or index == 0 else index - 1, topic, data))
            if topic == "nav.arrival.v1" and not data["isFinalDestination"]:
                # What an app does on arriving at a stop on the way (guidance stops at each arrival).
                bus.call("navigator.continueToNextDestination", {"vehicle": vehicle})
                bus.call("navigator.setGuidanceActive", {"vehicle": vehicle, "active": True})
    # Anything published after the last location belongs to the last fix.
    for topic, envelope in bus.receive_until(lambda m: False, timeout=0.2):
        if envelope["subject"] == vehicle:
            events.append((len(samples) - 1, topic, envelope["data"]))
    if trip.waypoints:
        bus.call("navigator.clearDestinations", {"vehicle": vehicle})
    bus.call("roadSnappedLocationProvider.stopUpdatingLocation", {"vehicle": vehicle})
    if dump:
        pathlib.Path(dump).write_text(json.dumps({
            "kind": trip.kind, "path": trip.path, "waypoints": trip.waypoints,
            "samples": [{"truth": s.truth, "along": s.along, "fix": s.fix} for s in samples],
            "events": events}))
    result = score(trip, samples, events)
    result["missesOffGraph"] = sum(1 for index, _, _ in result["misses"] if off_graph(bus, samples[index].truth))
    return result


def off_graph(bus: Bus, truth: tuple[float, float]) -> bool:
    """Whether the true position lies more than 5 m from every road navbus lets a car use: router.route says how
    far it moved a waypoint there onto its car graph."""
    answer = bus.call_raw("router.route", {"waypoints": [
        {"title": "truth", "latitude": truth[0], "longitude": truth[1]},
        {"title": "away", "latitude": truth[0] + 0.003, "longitude": truth[1]}]})
    waypoints = ((answer or {}).get("result") or {}).get("waypoints") or []
    return bool(waypoints) and waypoints[0]["distanceMeters"] > 5


class RouteFollow:
    """Where the driver truly is with respect to one route: on it means near the part of it the driver has got to
    and driving its way. After a U-turn the truth is near the road it came along, but going against the route;
    where the route loops round a block and the driver cuts across, the truth is near a later part of it, not the
    part it is at. Leaving it is getting more than 20 m from it, or driving against it, after having been within
    10 m of it going its way; `last_on_line` is the last fix whose truth lay on the route's own line (within 5 m,
    going its way: the truth and the route follow the same OSM ways, so on the same road they are within a metre
    or two, and a parallel street or the road beyond a junction is farther)."""

    def __init__(self, route: list[tuple[float, float]]):
        self.route = route
        self.along = [0.0]
        for i in range(len(route) - 1):
            self.along.append(self.along[-1] + distance(route[i], route[i + 1]))
        # A route starts where the vehicle is (a reroute's at its matched position, the first at its start), so
        # the driver has got to its start: a later part of a route that turns round first and comes back past
        # the start is not where the driver is, even though the truth lies on it going its way.
        self.progress = 0.0
        self.on = True
        self.streak = 0
        self.last_on_line = -1

    def follow(self, sample: Sample, index: int) -> bool:
        """Judges one fix's truth; whether the driver leaves the route with it."""
        off, direction, at = nearest_piece_between(sample.truth, self.route, self.along, self.progress)
        if off <= 10:
            self.progress = max(self.progress, at)
        heading = sample.fix.get("course")
        against = heading is not None and sample.fix["speed"] > 2 and angle(heading, direction) > 120
        if off <= 5 and not against:
            self.last_on_line = index
        self.streak = self.streak + 1 if off <= 10 and not against else 0
        if self.on and (off > 20 or against):
            self.on = False
            return True
        if not self.on and off <= 10 and not against:
            self.on = True
        return False


def score(trip: Trip, samples: list[Sample], events) -> dict:
    cumulative = [0.0]
    for i in range(len(trip.path) - 1):
        cumulative.append(cumulative[-1] + distance(trip.path[i], trip.path[i + 1]))

    def near_truth(point, along) -> float:
        low, high = along - 40, along + 40
        pieces = [i for i in range(len(trip.path) - 1) if cumulative[i + 1] >= low and cumulative[i] <= high]
        return min((to_segment(point, trip.path[i], trip.path[i + 1]) for i in pieces), default=math.inf)

    arrivals = [(index, data) for index, topic, data in events if topic == "nav.arrival.v1"]
    final = [index for index, data in arrivals if data["isFinalDestination"]]
    guided_until = final[0] if final else None
    snapped_good = snapped_total = 0
    misses = []
    current = 0
    deviations = reroutes = reroutes_on_route = 0
    in_force: RouteFollow | None = None
    # Routes replaced by an off-route reroute while the driver was on them, followed on until the driver leaves
    # them: whether the driver had already left when the navigator rerouted is only known from what follows.
    left_behind: list[tuple[RouteFollow, int, bool]] = []
    by_index: dict[int, list[tuple[str, dict]]] = {}
    for index, topic, data in events:
        by_index.setdefault(index, []).append((topic, data))
    for index, sample in enumerate(samples):
        guided = guided_until is None or index < guided_until
        for topic, data in by_index.get(index, []):
            if topic == "nav.location.v1" and guided:
                snapped_total += 1
                off = near_truth((data["latitude"], data["longitude"]), sample.along)
                if off <= 5:
                    snapped_good += 1
                else:
                    misses.append((index, data["onRoute"], round(off, 1)))
            if topic == "nav.arrival.v1":
                current = data["waypointIndex"] + 1
            if topic == "nav.route_changed.v1":
                if data["reason"] == "offRoute":
                    reroutes += 1
                    if in_force is not None and in_force.on:
                        left_behind.append((in_force, index, in_force.streak >= 5))
                legs = data.get("routeLegs") or []
                # The route in force: the leg to the waypoint being driven to (driving on a later leg before
                # reaching it is being off the route).
                ahead = [leg for leg in legs if leg["destination"].get("title") == f"D{current}"]
                route = [(lat, lon) for leg in ahead[:1] for lon, lat in leg["geometry"]["coordinates"]]
                in_force = RouteFollow(route) if len(route) >= 2 else None
        if not guided:
            continue
        if in_force is not None and in_force.follow(sample, index):
            deviations += 1
        still_open = []
        for route, rerouted_at, on_for_a_while in left_behind:
            if route.follow(sample, index):
                if route.last_on_line < rerouted_at:
                    # The driver had left the route's line when the navigator rerouted, and now is plainly off
                    # it: a real deviation, answered before the truth got 20 m away.
                    deviations += 1
                elif on_for_a_while:
                    # Still on the route's line when rerouted: leaving it later does not excuse the reroute
                    # (and is judged against the new route in force).
                    reroutes_on_route += 1
            else:
                still_open.append((route, rerouted_at, on_for_a_while))
        left_behind = still_open
    # A route replaced while the driver was on it, and never left: the reroute was made on the route.
    reroutes_on_route += sum(1 for _, _, on_for_a_while in left_behind if on_for_a_while)
    # Where navbus's legs end: the issue has arrival judged against the waypoint and the leg's end alike.
    leg_ends: dict[int, tuple[float, float]] = {}
    for _, topic, data in events:
        if topic == "nav.route_changed.v1":
            for leg in data.get("routeLegs") or []:
                lon, lat = leg["geometry"]["coordinates"][-1][:2]
                leg_ends[int(leg["destination"]["title"][1:])] = (lat, lon)

    def to_target(point, waypoint: int) -> float:
        targets = [trip.waypoints[waypoint]] + ([leg_ends[waypoint]] if waypoint in leg_ends else [])
        return min(distance(point, target) for target in targets)

    expected = set(trip.expected)
    tolerated: set[int] = set()
    # Driving through a waypoint is arriving only where navbus's leg ends on the waypoint's road; a waypoint on a
    # road navbus does not let cars use (its leg ends more than 7 m away) is reached only by stopping there.
    unoffered = {waypoint for waypoint in expected if waypoint < len(trip.waypoints) - 1 and waypoint in leg_ends
                 and distance(leg_ends[waypoint], trip.waypoints[waypoint]) > 7}
    expected -= unoffered
    tolerated |= unoffered
    last = len(trip.waypoints) - 1
    if any(waypoint < last for waypoint in unoffered):
        # Waypoints are reached in order: after one not arrived at, the last cannot be either.
        expected.discard(last)
        tolerated.add(last)
    # Likewise after one passed by.
    reachable = not any(waypoint < last for waypoint in set(trip.passed) | unoffered)
    if trip.stops and trip.waypoints and reachable and last not in trip.passed and last not in expected:
        # A stop within the radius of the leg's end must arrive too; one up to 40 m away (the radius and the
        # largest noise allowance) may arrive or not.
        stop = to_target(samples[-1].truth, last)
        if stop <= 25:
            expected.add(last)
        elif stop <= 40:
            tolerated.add(last)
    announced = [data["waypointIndex"] for _, data in arrivals]
    missed = sum(1 for waypoint in expected if waypoint not in announced)
    false = 0
    details = []
    for number, (index, data) in enumerate(arrivals):
        waypoint = data["waypointIndex"]
        away = to_target(samples[index].truth, waypoint) if waypoint < len(trip.waypoints) else math.inf
        if (waypoint in trip.passed or waypoint in announced[:number] or away > 50
                or waypoint not in expected | tolerated):
            false += 1
        details.append({"fix": index, "waypoint": waypoint, "toWaypointOrLegEnd": round(away, 1),
                        "speed": round(samples[index].fix["speed"], 1)})
    return {
        "arrivalDetails": details, "misses": misses,
        "kind": trip.kind, "fixes": len(samples), "snappedGood": snapped_good, "snappedTotal": snapped_total,
        "arrivals": len(arrivals), "missed": missed, "false": false, "deviations": deviations,
        "reroutes": reroutes, "reroutesOnRoute": reroutes_on_route, "waypointsOffNavbusRoads": len(unoffered),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trips", type=int, default=60, help="trips per seed and router, the kinds in turn")
    parser.add_argument("--seeds", default="20261201", help="comma-separated seeds, each a set of trips")
    parser.add_argument("--reference", choices=["both", "osrm", "valhalla"], default="both",
                        help="the router whose paths the drivers take")
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"), help="directory of the executables")
    parser.add_argument("--osrm-port", type=int, default=0, help="port for osrm-routed (0: pick a free one)")
    parser.add_argument("--json", help="also write the per-trip results here")
    parser.add_argument("--dump", help="write each driven trip's true path, fixes and navigator output to DIR")
    parser.add_argument("--only", help="drive only these trips on the bus (comma-separated numbers); the others are "
                        "still drawn, so every trip is the same as in a full run")
    parser.add_argument("--map", help="the map to drive on (default maps/helsinki.osm.pbf)")
    parser.add_argument("--box", help="south,north,west,east of the places drawn (needed for a map without a box "
                        "of its own in BOXES)")
    args = parser.parse_args()
    if args.map or args.box:
        global MAP, SOUTH, NORTH, WEST, EAST, LATITUDE
        MAP = pathlib.Path(args.map).resolve() if args.map else MAP
        name = MAP.name.split(".")[0]
        if args.box:
            SOUTH, NORTH, WEST, EAST = (float(x) for x in args.box.split(","))
        elif name in BOXES:
            SOUTH, NORTH, WEST, EAST = BOXES[name]
        else:
            log(f"{MAP.name} has no box of its own: give --box south,north,west,east")
            return 1
        LATITUDE = (SOUTH + NORTH) / 2
    if not MAP.is_file():
        log(f"{MAP} is missing: run scripts/fetch-maps.sh")
        return 1
    only = {int(n) for n in args.only.split(",")} if args.only else None
    roads = RoadIndex(MAP)
    routers = []
    port = args.osrm_port or random.Random().randrange(20_000, 60_000)
    if args.reference in ("both", "osrm"):
        subprocess.run([str(ROOT / "scripts" / "bench-osrm.sh"), "--port", str(port), "--map", str(MAP)], check=True,
                       stdout=subprocess.DEVNULL)
        routers.append(OSRM(port))
    directory = tempfile.mkdtemp(prefix="navbus-eval-guidance-")
    bus = None
    try:
        if args.reference in ("both", "valhalla"):
            unpack_tools()
            routers.append(Valhalla(ROOT / ".build" / "eval" / "tools", prepare_valhalla(MAP)))
        bus = Bus(pathlib.Path(args.bin), directory)
        results = []
        for router in routers:
            for seed in (int(n) for n in args.seeds.split(",")):
                results += drive_trips(bus, router, roads, seed, args, only)
        for router in routers:
            report([r for r in results if r["reference"] == router.name], router.name, args.seeds)
        if args.json:
            pathlib.Path(args.json).write_text(json.dumps(results, indent=1))
    finally:
        if bus:
            bus.close()
        if args.reference in ("both", "osrm"):
            subprocess.run([str(ROOT / "scripts" / "bench-osrm.sh"), "--stop"], stdout=subprocess.DEVNULL)
    return 0


def drive_trips(bus: Bus, router, roads: RoadIndex, seed: int, args, only: set[int] | None) -> list[dict]:
    rng = random.Random(seed)
    results = []
    start = 1_795_950_000.0
    for number in range(args.trips):
        kind = KINDS[number % len(KINDS)]
        round_ = number // len(KINDS)
        sigma = 5.0 if round_ % 2 == 0 else 10.0
        speeds = SPEEDS[round_ % len(SPEEDS)]
        outage = number % 2 == 1
        trip = make_trip(kind, router, roads, rng)
        samples = drive(trip, rng, sigma, outage, start, speeds)
        start = float(int(start + len(samples) + 600))
        if only is not None and number not in only:
            continue
        dump = None
        if args.dump:
            pathlib.Path(args.dump).mkdir(parents=True, exist_ok=True)
            dump = f"{args.dump}/{router.name}-{seed}-{number}.json"
        result = run_trip(bus, f"eval-{router.name}-{seed}-{number}", trip, samples, dump)
        result.update(sigma=sigma, outage=outage, trip=number, seed=seed, reference=router.name,
                      cruise=f"{speeds[0]:.0f}-{speeds[1]:.0f}")
        results.append(result)
        log(f"{router.name} {seed} trip {number:3d} {kind:13s} σ {sigma:4.1f}{' outage' if outage else '       '} "
            f"{json.dumps({k: v for k, v in result.items() if k != 'misses'})}")
    return results


def report(results: list[dict], reference: str, seeds: str) -> None:
    done = [r for r in results if "skipped" not in r]
    skipped = len(results) - len(done)

    def share(rows) -> str:
        good = sum(r["snappedGood"] for r in rows)
        total = sum(r["snappedTotal"] for r in rows)
        return f"{100 * good / total:6.2f} % of {total}" if total else "   n/a"

    print(f"guidance evaluation: {len(done)} trips on {MAP.name.split('.')[0].capitalize()} ({skipped} skipped: no route), true paths from "
          f"{reference}, seeds {seeds}")
    print(f"  missed arrivals {sum(r['missed'] for r in done)}, false arrivals {sum(r['false'] for r in done)} "
          f"(of {sum(1 for r in done if r['kind'] != 'free-drive')} trips with a destination; "
          f"{sum(r['waypointsOffNavbusRoads'] for r in done)} waypoints driven through lie off navbus's car roads "
          f"and are not counted)")
    deviations = sum(r["deviations"] for r in done)
    reroutes = sum(r["reroutes"] for r in done)
    print(f"  reroutes {reroutes} for {deviations} real deviations "
          f"({reroutes / deviations if deviations else 0:.2f} per deviation), "
          f"{sum(r['reroutesOnRoute'] for r in done)} while on the route")
    for sigma in (5.0, 10.0):
        guided = [r for r in done if r["sigma"] == sigma and r["kind"] != "free-drive"]
        free = [r for r in done if r["sigma"] == sigma and r["kind"] == "free-drive"]
        print(f"  σ {sigma:4.1f} m: within 5 m of the true road guided {share(guided)}, free drive {share(free)}")
        print(f"           fixes farther whose truth is more than 5 m from every navbus car road: guided "
              f"{sum(r['missesOffGraph'] for r in guided)} of {sum(len(r['misses']) for r in guided)}, free drive "
              f"{sum(r['missesOffGraph'] for r in free)} of {sum(len(r['misses']) for r in free)}")
    for kind in KINDS:
        rows = [r for r in done if r["kind"] == kind]
        print(f"    {kind:13s} trips {len(rows):3d}  arrivals {sum(r['arrivals'] for r in rows):3d}  "
              f"missed {sum(r['missed'] for r in rows)}  false {sum(r['false'] for r in rows)}  "
              f"reroutes {sum(r['reroutes'] for r in rows):3d}/{sum(r['deviations'] for r in rows):3d} deviations  "
              f"snapped {share(rows)}")


if __name__ == "__main__":
    sys.exit(main())
