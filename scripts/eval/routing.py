"""Routing evaluation of navbus against two independent routers, OSRM and Valhalla, on the sample maps.

    .venv/bin/python scripts/eval/routing.py [--pairs 300] [--kotka-pairs 100] [--seed 11] [--json FILE]
                                             [--details FILE] [--departure TIME ...] [--node-targets N]

What it reports (issue 11's goals in brackets):
- distance agreement with OSRM and with Valhalla: share of pairs within ±5 % and ±10 % [≥ 90 % within ±10 %];
  every pair beyond ±10 % is put down to the first cause that applies: a different start or end road (snapped
  points more than 15 m apart, or more than 2 m apart on streets of different names), the reference driving a
  destination-only road through, a U-turn on the way (Valhalla turns round across a divided road's links), or
  route choice (none of these);
- routes that drive through destination-only roads (access/vehicle/motor_vehicle/motorcar = destination,
  delivery, customers, private, permit, residents) as through traffic, i.e. with an open road before and after
  them [0], and routes on roads cars may not use at all; the same count for OSRM's and Valhalla's routes as a
  check of the check. Open streets that the main network reaches (or leaves) within the map only through
  destination-only roads count as destination-only (the inside of a gated estate, a car park behind its driveway,
  even where it runs on beyond the map's edge); those zones are computed here from the tags on a
  node graph without turn restrictions, independently of navbus. The count by the tags alone is printed too;
- how far each waypoint was moved onto a road, against the nearest road OSRM's `nearest` finds for a car
  [≤ nearest + 10 m];
- route times against both references (median ratio, and on pairs where the lengths agree within ±5 %, which
  compares the time models rather than the routes);
- all of navbus's figures once per `--departure` (its router.route `departureTime`, or none), from one run: the
  references take no departure time and are asked once;
- the same for Kotka (its own random pairs);
- on Kotka with avoidsHighways: metres of motorway on navbus's routes where OSRM with `exclude=motorway` finds a
  route without any, and the distance agreement with that route;
- with `--node-targets N`, instead of all this: waypoints exactly at road nodes, from the car-road node nearest
  each map's middle to N random car-road nodes and back, navbus's routeStatus counted against whether OSRM routes
  [never a noRouteFound where OSRM routes], and navbus's through traffic on those routes [0].

The pairs are random points near random car roads (a node of a drivable way, moved up to 25 m in a random
direction), drawn with `--seed` (11, the issue's number, chosen before the first run and never changed to
improve a figure). Legality is judged from the OSM tags themselves (read with pyosmium), not from navbus's graph.

OSRM (`osrm-bindings` 26.10.0: osrm-extract with its own car.lua, MLD) and Valhalla (`pyvalhalla` 3.9.1:
valhalla_build_tiles, valhalla_service, auto costing) come from their PyPI wheels. The wheels are built for
CPython ≥ 3.12 (abi3), newer than the project's venv, so their static tools are unpacked from the wheels into
`.build/eval/tools` and run as programs; their Python modules are not needed. Everything they build goes to
`.build/eval` (git-ignored). navbus is the real `navbus-navigator` answering `router.route` over ZeroMQ and reads the
sample extract itself; both references read a copy with every way cut at the nodes the clipped extract lacks
(`extract.py`: Valhalla would otherwise join those ways to uninitialised points and lose half of Kotka).
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import math
import os
import pathlib
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

import zmq

from extract import cut_to_present_nodes

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORK = ROOT / ".build" / "eval"
TOOLS = WORK / "tools"
WHEELS = {"osrm-bindings": "26.10.0", "pyvalhalla": "3.9.1"}

# The access values OSRM's car.lua lists as restricted (usable only to reach or leave a place) and the ones
# its blacklist forbids; the most specific key present decides (motorcar > motor_vehicle > vehicle > access).
RESTRICTED = {"destination", "delivery", "customers", "private", "permit", "residents"}
FORBIDDEN = {"no", "agricultural", "forestry", "emergency", "psv", "bus", "taxi", "military", "official", "restricted"}
ACCESS_KEYS = ["motorcar", "motor_vehicle", "vehicle", "access"]
CAR_HIGHWAYS = {
    "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
    "tertiary", "tertiary_link", "unclassified", "residential", "living_street", "service",
}


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- reference routers -------------------------------------------------------------------------------------


def unpack_tools() -> None:
    """Fetches the two wheels with pip (no install: they need CPython ≥ 3.12) and unpacks their tools."""
    if (TOOLS / "osrm" / "bin" / "osrm-routed").exists() and (TOOLS / "valhalla" / "bin" / "valhalla_service").exists():
        return
    TOOLS.mkdir(parents=True, exist_ok=True)
    downloads = WORK / "wheels"
    for name, version in WHEELS.items():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.12", "--platform", "manylinux_2_28_x86_64", f"{name}=={version}",
             "-d", str(downloads)],
            check=True)
    for wheel in downloads.glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(TOOLS)
    for binary in list((TOOLS / "osrm" / "bin").iterdir()) + list((TOOLS / "valhalla" / "bin").iterdir()):
        binary.chmod(0o755)


def digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def reference_extract(map_path: pathlib.Path) -> pathlib.Path:
    """The copy of the extract both reference routers read: ways cut at the nodes the file lacks (extract.py)."""
    copy = WORK / "extracts" / f"{map_path.stem.split('.')[0]}-{digest(map_path)}.osm.pbf"
    if not copy.exists():
        cut, added = cut_to_present_nodes(map_path, copy)
        log(f"{map_path.name}: {cut} ways cut at nodes missing from the file ({added} extra pieces) for the references")
    return copy


def prepare_osrm(map_path: pathlib.Path) -> pathlib.Path:
    """osrm-extract (car.lua) + partition + customize (MLD) on the reference extract; cached per map content."""
    directory = WORK / f"osrm-{map_path.stem.split('.')[0]}-{digest(map_path)}-cut"
    graph = directory / "map.osrm"
    if (directory / "map.osrm.mldgr").exists():
        return graph
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    shutil.copy(reference_extract(map_path), directory / "map.osm.pbf")
    binaries = TOOLS / "osrm" / "bin"
    profile = TOOLS / "osrm" / "share" / "profiles" / "car.lua"
    with open(directory / "build.log", "w") as out:
        subprocess.run([binaries / "osrm-extract", "-p", profile, directory / "map.osm.pbf"], check=True,
                       stdout=out, stderr=out)
        subprocess.run([binaries / "osrm-partition", graph], check=True, stdout=out, stderr=out)
        subprocess.run([binaries / "osrm-customize", graph], check=True, stdout=out, stderr=out)
    return graph


def prepare_valhalla(map_path: pathlib.Path) -> pathlib.Path:
    """valhalla_build_tiles on the reference extract with a default configuration (no admin, time-zone or
    elevation data)."""
    directory = WORK / f"valhalla-{map_path.stem.split('.')[0]}-{digest(map_path)}-cut"
    config = directory / "config.json"
    if (directory / "built").exists():
        return config
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    builder = TOOLS / "valhalla" / "valhalla_build_config.py"
    text = subprocess.run(
        [sys.executable, builder, "--mjolnir-tile-dir", directory / "tiles",
         "--mjolnir-tile-extract", directory / "tiles.tar", "--mjolnir-admin", directory / "admin.sqlite",
         "--mjolnir-timezone", directory / "tz.sqlite"],
        check=True, capture_output=True, text=True).stdout
    config.write_text(text)
    with open(directory / "build.log", "w") as out:
        subprocess.run([TOOLS / "valhalla" / "bin" / "valhalla_build_tiles", "-c", config,
                        reference_extract(map_path)], check=True,
                       stdout=out, stderr=out)
    (directory / "built").write_text("ok\n")
    return config


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OSRM:
    """osrm-routed on loopback for one map."""

    def __init__(self, graph: pathlib.Path):
        self.port = free_port()
        self.process = subprocess.Popen(
            [TOOLS / "osrm" / "bin" / "osrm-routed", "--algorithm", "mld", "-i", "127.0.0.1", "-p", str(self.port),
             graph], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                self.get("/nearest/v1/driving/0,0")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def get(self, path: str) -> dict:
        # osrm-routed closes a keep-alive connection after a number of requests: reconnect once.
        for attempt in range(2):
            try:
                self.connection.request("GET", path)
                return json.loads(self.connection.getresponse().read())
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")

    def route(self, a: tuple[float, float], b: tuple[float, float], exclude: str | None = None) -> dict | None:
        query = f"/route/v1/driving/{a[1]},{a[0]};{b[1]},{b[0]}?overview=false&annotations=nodes"
        if exclude:
            query += f"&exclude={exclude}"
        answer = self.get(query)
        if answer.get("code") != "Ok":
            return None
        route = answer["routes"][0]
        route["snapDistances"] = [waypoint["distance"] for waypoint in answer["waypoints"]]
        route["snapLocations"] = [(waypoint["location"][1], waypoint["location"][0]) for waypoint in answer["waypoints"]]
        route["snapNames"] = [waypoint.get("name", "") for waypoint in answer["waypoints"]]
        return route

    def nearest(self, point: tuple[float, float], number: int = 1) -> list[tuple[float, tuple[float, float], list[int]]]:
        """The `number` nearest car road segments: the distance, the point on the segment and its two OSM nodes."""
        answer = self.get(f"/nearest/v1/driving/{point[1]},{point[0]}?number={number}")
        if answer.get("code") != "Ok":
            return []
        return [(w["distance"], (w["location"][1], w["location"][0]), w.get("nodes", [0, 0])) for w in answer["waypoints"]]

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class Valhalla:
    """valhalla_service in its one-request mode (a process per request, tiles read from disk)."""

    def __init__(self, config: pathlib.Path):
        self.config = config

    def route(self, a: tuple[float, float], b: tuple[float, float]) -> dict | None:
        """The route's length in metres, its time in seconds, its shape, the street names it starts and ends on
        and whether it turns round on the way (a U-turn manoeuvre), or None without a route."""
        request = {"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}], "costing": "auto",
                   "directions_options": {"units": "kilometers"}}
        answer = subprocess.run(
            [TOOLS / "valhalla" / "bin" / "valhalla_service", self.config, "route", json.dumps(request)],
            capture_output=True, text=True)
        try:
            trip = json.loads(answer.stdout)["trip"]
        except (json.JSONDecodeError, KeyError):
            return None
        shape = [point for leg in trip["legs"] for point in decode_polyline(leg["shape"])]
        # Manoeuvres along the way, without the arrival; types 12 and 13 are U-turns (Valhalla's API reference).
        manoeuvres = [m for leg in trip["legs"] for m in leg["maneuvers"] if m["type"] not in (4, 5, 6)]
        names = [m.get("street_names") or [""] for m in manoeuvres] or [[""]]
        return {"distance": trip["summary"]["length"] * 1000, "duration": trip["summary"]["time"], "shape": shape,
                "names": [names[0][0], names[-1][0]],
                "uTurn": any(m["type"] in (12, 13) for m in manoeuvres)}


def decode_polyline(encoded: str, precision: int = 6) -> list[tuple[float, float]]:
    """Valhalla's encoded polyline (Google's algorithm, six decimals) as (latitude, longitude) pairs."""
    values, index, current = [], 0, 0
    while index < len(encoded):
        shift = result = 0
        while True:
            byte = ord(encoded[index]) - 63
            index += 1
            result |= (byte & 0x1F) << shift
            shift += 5
            if byte < 0x20:
                break
        values.append(~(result >> 1) if result & 1 else result >> 1)
    points, latitude, longitude = [], 0, 0
    for i in range(0, len(values) - 1, 2):
        latitude += values[i]
        longitude += values[i + 1]
        points.append((latitude / 10**precision, longitude / 10**precision))
    return points


# --- navbus -------------------------------------------------------------------------------------------------


class Navbus:
    """The real navbus-navigator answering router.route on a private ipc endpoint."""

    def __init__(self, map_path: pathlib.Path, binaries: pathlib.Path):
        self.directory = tempfile.mkdtemp(prefix="navbus-eval-")
        control = f"ipc://{self.directory}/navigator"
        env = dict(os.environ, NAVBUS_PUB_ENDPOINT=f"ipc://{self.directory}/pub",
                   NAVBUS_SUB_ENDPOINT=f"ipc://{self.directory}/sub")
        self.process = subprocess.Popen(
            [binaries / "navbus-navigator", "--map", map_path, "--control", control, "--log-level", "warning"],
            env=env)
        self.context = zmq.Context()
        self.socket = self.context.socket(zmq.REQ)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.setsockopt(zmq.RCVTIMEO, 60_000)
        self.socket.connect(control)
        self.next_id = 0

    def route(self, a: tuple[float, float], b: tuple[float, float], departure: str = "", **options) -> dict:
        """router.route from a to b; `departure` is its `departureTime` (local), left out when empty."""
        self.next_id += 1
        params = {"waypoints": [{"title": "a", "latitude": a[0], "longitude": a[1]},
                                {"title": "b", "latitude": b[0], "longitude": b[1]}], **options}
        if departure:
            params["departureTime"] = departure
        self.socket.send_json({"jsonrpc": "2.0", "id": self.next_id, "method": "router.route", "params": params})
        return self.socket.recv_json()["result"]

    def close(self) -> None:
        self.socket.close()
        self.context.term()
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.directory, ignore_errors=True)


# --- OSM tags, read independently ---------------------------------------------------------------------------


def car_access(tags: dict) -> str:
    """open, restricted or forbidden for a car, by the most specific access key present."""
    for key in ACCESS_KEYS:
        value = tags.get(key)
        if value is None:
            continue
        parts = [part.strip() for part in value.split(";")]
        if any(part in ("yes", "permissive", "designated", "motorcar", "motor_vehicle", "vehicle") for part in parts):
            return "open"
        if any(part in RESTRICTED for part in parts):
            return "restricted"
        if any(part in FORBIDDEN for part in parts):
            return "forbidden"
    return "open"


def ferry_relation_tags(path: pathlib.Path) -> dict[int, dict]:
    """The access tags of `route=ferry` relations, by member way id: a passenger ferry is often tagged
    `motor_vehicle=no` on its route relation only (Monaco's Bateau Bus), which applies to its ways."""
    import osmium

    found: dict[int, dict] = {}

    class Reader(osmium.SimpleHandler):
        def relation(self, relation) -> None:
            if relation.tags.get("route") != "ferry":
                return
            tags = {key: relation.tags[key] for key in ACCESS_KEYS if key in relation.tags}
            for member in relation.members:
                if member.type == "w":
                    found[member.ref] = tags

    Reader().apply_file(str(path))
    return found


def read_ways(path: pathlib.Path, on_way) -> None:
    """Calls `on_way` with every way of the file, its nodes located. pyosmium is imported only here, so the
    helpers of this script (the reference routers, the access rules) can be reused without it."""
    import osmium

    class Reader(osmium.SimpleHandler):
        def way(self, way) -> None:
            on_way(way)

    Reader().apply_file(str(path), locations=True)


class OSMIndex:
    """Ways by consecutive node pair (by OSM node id and by rounded coordinate), with their car access."""

    def __init__(self, path: pathlib.Path):
        self.by_ids: dict[tuple[int, int], tuple[str, str]] = {}
        self.by_position: dict[tuple[tuple[int, int], tuple[int, int]], tuple[str, str]] = {}
        self.car_nodes: list[tuple[float, float]] = []
        # For the zones behind destination-only roads: car segments as (a, b, forward, backward, restricted), the
        # position of each node, and the border (nodes next to a node the extract left out, with the directions
        # the way allows there).
        self.segments: list[tuple[int, int, bool, bool, bool]] = []
        self.positions: dict[int, tuple[int, int]] = {}
        self.exits: set[int] = set()
        self.entries: set[int] = set()
        # Both directions of each car segment, by its node pair in either order: (from, to, allowed).
        self.directions: dict[tuple[int, int], tuple[tuple[int, int, bool], ...]] = {}
        # Segments of ways tagged toll=yes, by rounded coordinates in both directions (for avoidsTolls).
        self.toll_positions: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        self.ferry_relations = ferry_relation_tags(path)
        read_ways(path, self.way)
        self.zone_ids, self.zone_positions = self.zones()

    @staticmethod
    def key(latitude: float, longitude: float) -> tuple[int, int]:
        return (round(latitude * 1e6), round(longitude * 1e6))

    def way(self, way) -> None:
        highway = way.tags.get("highway")
        tags = {tag.k: tag.v for tag in way.tags}
        if highway is None and tags.get("route") == "ferry":
            # A ferry: its own access tags, else its route relation's (judged for the legality counts only).
            highway = "ferry"
            tags = {**self.ferry_relations.get(way.id, {}), **tags}
        if highway is None:
            return
        info = (car_access(tags), highway)
        nodes = [(node.ref, node.location) for node in way.nodes]
        for (a, la), (b, lb) in zip(nodes, nodes[1:]):
            self.by_ids[(a, b)] = self.by_ids[(b, a)] = info
            if la.valid() and lb.valid():
                ka, kb = self.key(la.lat, la.lon), self.key(lb.lat, lb.lon)
                self.by_position[(ka, kb)] = self.by_position[(kb, ka)] = info
                if tags.get("toll") == "yes":
                    self.toll_positions |= {(ka, kb), (kb, ka)}
        if highway in CAR_HIGHWAYS and highway not in ("motorway", "motorway_link") and info[0] == "open":
            self.car_nodes.extend((loc.lat, loc.lon) for _, loc in nodes if loc.valid())
        if highway in CAR_HIGHWAYS and info[0] != "forbidden" and tags.get("area") != "yes":
            oneway = tags.get("oneway")
            implied = highway in ("motorway", "motorway_link") or tags.get("junction") in ("roundabout", "circular")
            forward = oneway not in ("-1", "reverse")
            backward = oneway not in ("yes", "true", "1") and not (implied and oneway not in ("no", "false", "0"))
            restricted = info[0] == "restricted"
            for (a, la), (b, lb) in zip(nodes, nodes[1:]):
                if la.valid() and lb.valid():
                    self.segments.append((a, b, forward, backward, restricted))
                    ways = ((a, b, forward), (b, a, backward))
                    self.directions[(a, b)] = self.directions[(b, a)] = ways
                    self.positions[a], self.positions[b] = self.key(la.lat, la.lon), self.key(lb.lat, lb.lon)
                elif la.valid():
                    (self.exits if forward else self.entries).add(a)
                    if forward and backward:
                        self.entries.add(a)
                elif lb.valid():
                    (self.entries if forward else self.exits).add(b)
                    if forward and backward:
                        self.exits.add(b)

    def zones(self) -> tuple[set[tuple[int, int]], set[tuple[tuple[int, int], tuple[int, int]]]]:
        """Segments of open roads that the main network reaches only through destination-only roads, or that reach
        it only through them, within the map: the inside of a gated estate or of a car park behind its driveway,
        which counts as destination-only. Written independently of navbus: on nodes rather than arcs, without turn
        restrictions."""
        def directed(open_only: bool, zone: set[int]) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
            ahead: dict[int, list[int]] = {}
            behind: dict[int, list[int]] = {}
            for number, (a, b, forward, backward, restricted) in enumerate(self.segments):
                if open_only and (restricted or number in zone):
                    continue
                for u, v, allowed in ((a, b, forward), (b, a, backward)):
                    if allowed:
                        ahead.setdefault(u, []).append(v)
                        behind.setdefault(v, []).append(u)
            return ahead, behind

        def reach(seeds: set[int], graph: dict[int, list[int]]) -> set[int]:
            seen, pending = set(seeds), list(seeds)
            while pending:
                for v in graph.get(pending.pop(), []):
                    if v not in seen:
                        seen.add(v)
                        pending.append(v)
            return seen

        # The main network: the largest strongly connected set of nodes over open roads (Kosaraju).
        ahead, behind = directed(True, set())
        order, seen = [], set()
        for start in ahead:
            if start in seen:
                continue
            seen.add(start)
            stack = [(start, iter(ahead.get(start, [])))]
            while stack:
                node, children = stack[-1]
                child = next(children, None)
                if child is None:
                    order.append(node)
                    stack.pop()
                elif child not in seen:
                    seen.add(child)
                    stack.append((child, iter(ahead.get(child, []))))
        assigned: set[int] = set()
        main: set[int] = set()
        for start in reversed(order):
            if start in assigned:
                continue
            component, pending = {start}, [start]
            assigned.add(start)
            while pending:
                for u in behind.get(pending.pop(), []):
                    if u not in assigned:
                        assigned.add(u)
                        component.add(u)
                        pending.append(u)
            if len(component) > len(main):
                main = component
        all_ahead, all_behind = directed(False, set())
        # Where a trip may start or end counts the border as connected (the real network goes on there); what
        # makes a street public does not: no route goes beyond the edge, so a car park that runs on past it is
        # still left and reached only by its driveway.
        self.reached_at_all = reach(main | self.entries, all_ahead)
        self.leaves_at_all = reach(main | self.exits, all_behind)
        reached_at_all = reach(main, all_ahead)
        leaves_at_all = reach(main, all_behind)
        zone: set[int] = set()
        while True:
            ahead, behind = directed(True, zone)
            reached_openly = reach(main, ahead)
            leaves_openly = reach(main, behind)
            added = set()
            for number, (a, b, forward, backward, restricted) in enumerate(self.segments):
                if restricted or number in zone:
                    continue
                arcs = [(u, v) for u, v, allowed in ((a, b, forward), (b, a, backward)) if allowed]
                if (any(u in reached_at_all for u, _ in arcs) and not any(u in reached_openly for u, _ in arcs)) or (
                        any(v in leaves_at_all for _, v in arcs) and not any(v in leaves_openly for _, v in arcs)):
                    added.add(number)
            if not added:
                break
            zone |= added
        ids = {(a, b) for number in zone for a, b in [self.segments[number][:2]]}
        ids |= {(b, a) for a, b in ids}
        return ids, {(self.positions[a], self.positions[b]) for a, b in ids}


    def usable(self, nodes: list[int], role: str) -> bool:
        """Whether a trip can use the car segment between two OSM nodes at its start (`origin`: the main network, or
        the map's edge, can be reached from it) or at its end (`destination`: it can be reached from them), the
        goal's "usable road". On nodes, without turn restrictions, so it errs towards usable."""
        if len(nodes) != 2:
            return False
        a, b = nodes
        directions = [(u, v) for u, v, allowed in self.directions.get((a, b), ()) if allowed]
        if role == "origin":
            return any(v in self.leaves_at_all for _, v in directions)
        return any(u in self.reached_at_all for u, _ in directions)


def with_zones(access: list[str], in_zone: list[bool]) -> list[str]:
    """The access of each segment, counting the streets behind destination-only roads as destination-only."""
    return ["restricted" if zone and value == "open" else value for value, zone in zip(access, in_zone)]


def through_traffic(access: list[str]) -> bool:
    """Whether a restricted stretch lies between two open stretches (the rule the issue asks for)."""
    seen_open = False
    in_restricted_after_open = False
    for value in access:
        if value == "open":
            if in_restricted_after_open:
                return True
            seen_open = True
        elif value == "restricted" and seen_open:
            in_restricted_after_open = True
    return False


def navbus_segments(route: dict, index: OSMIndex) -> list[tuple[str, str, float, bool]]:
    """(access, highway, metres, behind a destination-only road) per geometry segment of a navbus route whose ends
    are OSM nodes."""
    result = []
    for leg in route["legs"]:
        positions = leg["geometry"]["coordinates"]
        for (lon_a, lat_a), (lon_b, lat_b) in zip(positions, positions[1:]):
            key = (index.key(lat_a, lon_a), index.key(lat_b, lon_b))
            info = index.by_position.get(key)
            if info is not None:
                result.append((*info, haversine((lat_a, lon_a), (lat_b, lon_b)), key in index.zone_positions))
    return result


def haversine(a: tuple[float, float], b: tuple[float, float]) -> float:
    la, lb = math.radians(a[0]), math.radians(b[0])
    dlat, dlon = lb - la, math.radians(b[1] - a[1])
    h = math.sin(dlat / 2) ** 2 + math.cos(la) * math.cos(lb) * math.sin(dlon / 2) ** 2
    return 2 * 6_371_008.8 * math.asin(math.sqrt(h))


def random_pairs(index: OSMIndex, count: int, seed: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    generator = random.Random(seed)

    def point() -> tuple[float, float]:
        latitude, longitude = generator.choice(index.car_nodes)
        distance, bearing = generator.uniform(0, 25), generator.uniform(0, 2 * math.pi)
        return (latitude + distance * math.cos(bearing) / 111_195,
                longitude + distance * math.sin(bearing) / (111_195 * math.cos(math.radians(latitude))))

    pairs = []
    while len(pairs) < count:
        a, b = point(), point()
        if haversine(a, b) > 300:
            pairs.append((a, b))
    return pairs


def share(values: list[float], tolerance: float) -> float:
    return 100 * sum(1 for value in values if abs(value - 1) <= tolerance) / max(1, len(values))


# --- the evaluations ----------------------------------------------------------------------------------------


def disagreement_causes(records: list[dict], router: str, reference: str) -> dict:
    """Why `router`'s route is more than 10 % longer or shorter than `reference`'s, pair by pair, the first that
    applies: the two start or end on different roads (snapped points more than 15 m apart, or more than 2 m apart
    on streets of different names), the reference drives a destination-only road through, one of them turns round
    on the way (a U-turn manoeuvre in Valhalla's answer: it turns round across a divided road's link or crossing,
    never onto the same road except at a dead end, as navbus and OSRM), or none of these (the routes differ in
    which streets they prefer)."""
    causes = {"pairs": 0, "differentStartOrEnd": 0, "uTurn": 0, "referenceThroughTraffic": 0, "routeChoice": 0,
              "examples": []}
    for record in records:
        mine, theirs = record.get(router), record.get(reference)
        if not mine or not theirs or theirs["distance"] <= 0 or abs(mine["distance"] / theirs["distance"] - 1) <= 0.10:
            continue
        causes["pairs"] += 1
        distances = [haversine(p, q) for p, q in zip(mine["ends"], theirs["ends"])]
        apart = max(distances)
        # Two names for one point are a junction, where both streets are right: only points apart count then.
        if any(d > 15 or (d > 2 and n != m) for d, n, m in zip(distances, mine["names"], theirs["names"])):
            cause = "differentStartOrEnd"
        elif theirs["throughTraffic"]:
            cause = "referenceThroughTraffic"
        elif mine.get("uTurn") or theirs.get("uTurn"):
            cause = "uTurn"
        else:
            cause = "routeChoice"
        causes[cause] += 1
        if len(causes["examples"]) < 12:
            causes["examples"].append({"pair": record["pair"], "cause": cause,
                                       "ratio": round(mine["distance"] / theirs["distance"], 3),
                                       "endsApartMetres": round(apart), "names": [mine["names"], theirs["names"]]})
    return causes


def departure_label(departure: str) -> str:
    """How a departure is named in the figures: its local time, or `none` when router.route is given none."""
    return departure or "none"


def navbus_answer(answer: dict, index: OSMIndex) -> dict:
    """What one router.route answer says for the figures: status, snapped waypoints and, with a route, its
    length, time, ends and legality by the OSM tags."""
    snapped = answer.get("waypoints") or []
    result = {"navbusStatus": answer["routeStatus"], "navbusMessage": answer.get("message"), "navbusWaypoints": snapped}
    if answer["routeStatus"] == "OK":
        route = answer["routes"][0]
        segments = navbus_segments(route, index)
        result["navbus"] = {"distance": route["distanceMeters"], "duration": route["durationSeconds"],
                            "ends": [(w["latitude"], w["longitude"]) for w in snapped],
                            "names": [w.get("roadName") or "" for w in snapped],
                            "throughTraffic": through_traffic(with_zones([s[0] for s in segments],
                                                                         [s[3] for s in segments])),
                            "throughTrafficByTagsAlone": through_traffic([s[0] for s in segments]),
                            "forbidden": any(s[0] == "forbidden" for s in segments)}
    return result


def agreement(records: list[dict], first: str, second: str, keep=lambda record: True) -> dict:
    ratios = [r[first]["distance"] / r[second]["distance"] for r in records
              if r.get(first) and r.get(second) and r[second]["distance"] > 0 and keep(r)]
    return {"pairs": len(ratios), "within5": share(ratios, 0.05), "within10": share(ratios, 0.10)}


def duration_ratios(records: list[dict], first: str, second: str) -> dict:
    """The median of `first`'s route time over `second`'s, over all pairs both route and over the pairs whose
    lengths agree within ±5 % (about the same route, so the ratio compares the two time models, not two routes)."""
    def median(values: list[float]) -> float | None:
        return round(statistics.median(values), 3) if values else None

    both = [(r[first], r[second]) for r in records if r.get(first) and r.get(second) and r[second]["duration"] > 0
            and r[second]["distance"] > 0]
    same = [(x, y) for x, y in both if abs(x["distance"] / y["distance"] - 1) <= 0.05]
    return {"pairs": len(both), "median": median([x["duration"] / y["duration"] for x, y in both]),
            "sameRoutePairs": len(same), "sameRouteMedian": median([x["duration"] / y["duration"] for x, y in same])}


def count(records: list[dict], router: str, key: str) -> int:
    return sum(1 for r in records if r.get(router, {}).get(key))


def departure_figures(records: list[dict], label: str) -> dict:
    """navbus's figures for one departure: agreement with both references and why pairs disagree, legality,
    snapping."""
    view = [{**r, **r["byDeparture"][label]} for r in records]
    statuses: dict[str, int] = {}
    snap_excess, usable_snap_excess, routed_snap_excess = [], [], []
    for r in view:
        statuses[r["navbusStatus"]] = statuses.get(r["navbusStatus"], 0) + 1
        for role, (point, waypoint) in enumerate(zip((r["from"], r["to"]), r["navbusWaypoints"])):
            example = {"pair": r["pair"], "role": "origin" if role == 0 else "destination", "point": point,
                       "navbusStatus": r["navbusStatus"], "osrmRouted": bool(r.get("osrm"))}
            nearest = r["osrmNearest"][role]
            if nearest is not None and waypoint["distanceMeters"] - nearest[0] > 10:
                snap_excess.append({**example, "excess": round(waypoint["distanceMeters"] - nearest[0], 1)})
            usable = r["osrmNearestUsable"][role]
            if usable is not None and waypoint["distanceMeters"] - usable[0] > 10:
                usable_snap_excess.append({**example, "excess": round(waypoint["distanceMeters"] - usable[0], 1)})
            # Where OSRM could route the pair, its own snap is onto a road the route can use.
            if r.get("osrm") and waypoint["distanceMeters"] - r["osrm"]["snapDistances"][role] > 10:
                routed_snap_excess.append((round(waypoint["distanceMeters"] - r["osrm"]["snapDistances"][role]), point))
    snaps = sum(1 for r in view for role in range(len(r["navbusWaypoints"])) if r["osrmNearest"][role] is not None)
    usable_snaps = sum(1 for r in view for role in range(len(r["navbusWaypoints"]))
                       if r["osrmNearestUsable"][role] is not None)
    return {
        "departure": label, "navbusStatuses": statuses,
        "navbusVsOsrm": agreement(view, "navbus", "osrm"),
        "navbusVsValhalla": agreement(view, "navbus", "valhalla"),
        "navbusVsValhallaWhereValhallaIsLegal": agreement(
            view, "navbus", "valhalla", lambda r: not r["valhalla"]["throughTraffic"]),
        "disagreementNavbusOsrm": disagreement_causes(view, "navbus", "osrm"),
        "disagreementNavbusValhalla": disagreement_causes(view, "navbus", "valhalla"),
        "durationNavbusOverOsrm": duration_ratios(view, "navbus", "osrm"),
        "durationNavbusOverValhalla": duration_ratios(view, "navbus", "valhalla"),
        "navbusThroughTrafficOnRestricted": count(view, "navbus", "throughTraffic"),
        "throughTrafficExamples": [r["pair"] for r in view if r.get("navbus", {}).get("throughTraffic")][:5],
        "navbusOnForbiddenRoads": count(view, "navbus", "forbidden"),
        "navbusThroughTrafficByTagsAlone": count(view, "navbus", "throughTrafficByTagsAlone"),
        "snappedWaypoints": snaps, "snappedFartherThanNearestPlus10m": len(snap_excess),
        "snapExamples": sorted(snap_excess, key=lambda e: -e["excess"])[:8],
        "snappedFartherByRole": {role: sum(1 for e in snap_excess if e["role"] == role) for role in ("origin", "destination")},
        "snappedFartherWhereOsrmFindsNoRoute": sum(1 for e in snap_excess if not e["osrmRouted"]),
        "snappedWaypointsWithUsableNearest": usable_snaps,
        "snappedFartherThanNearestUsablePlus10m": len(usable_snap_excess),
        "usableSnapExamples": sorted(usable_snap_excess, key=lambda e: -e["excess"])[:8],
        "snappedWaypointsOsrmRouted": 2 * sum(1 for r in view if r.get("osrm") and r["navbusWaypoints"]),
        "snappedFartherThanOsrmRouteSnapPlus10m": len(routed_snap_excess),
        "routedSnapExamples": sorted(routed_snap_excess, reverse=True)[:5],
    }


def evaluate_map(name: str, pair_count: int, seed: int, args, binaries: pathlib.Path,
                 map_path: pathlib.Path | None = None) -> dict:
    """Random driving pairs on one map (maps/NAME.osm.pbf unless `map_path` is given) against OSRM and Valhalla:
    agreement, causes, legality, snapping; navbus is asked once per departure of `args.departures`, the
    references once (they take no time)."""
    map_path = map_path or ROOT / "maps" / f"{name}.osm.pbf"
    index = OSMIndex(map_path)
    osrm = OSRM(prepare_osrm(map_path))
    valhalla = Valhalla(prepare_valhalla(map_path))
    navbus = Navbus(map_path, binaries)
    pairs = random_pairs(index, pair_count, seed)
    records: list[dict] = []
    try:
        for number, (a, b) in enumerate(pairs):
            record: dict = {"pair": number, "from": a, "to": b}
            candidates = [osrm.nearest(point, number=100) for point in (a, b)]
            record["osrmNearest"] = [c[0][:2] if c else None for c in candidates]
            # The nearest road the trip can use (OSRM's candidates, usability judged here): the goal's reference.
            record["osrmNearestUsable"] = [
                next((c[:2] for c in found if index.usable(c[2], role)), None)
                for found, role in zip(candidates, ("origin", "destination"))]
            reference = osrm.route(a, b)
            if reference is not None:
                nodes = reference["legs"][0]["annotation"]["nodes"]
                access = [index.by_ids.get((x, y), ("open", ""))[0] for x, y in zip(nodes, nodes[1:])]
                zones = [(x, y) in index.zone_ids for x, y in zip(nodes, nodes[1:])]
                record["osrm"] = {"distance": reference["distance"], "duration": reference["duration"],
                                  "ends": reference["snapLocations"],
                                  "names": reference["snapNames"], "snapDistances": reference["snapDistances"],
                                  "throughTraffic": through_traffic(with_zones(access, zones)),
                                  "throughTrafficByTagsAlone": through_traffic(access)}
            valhalla_route = valhalla.route(a, b)
            if valhalla_route:
                shape = valhalla_route["shape"]
                keys = [(index.key(*p), index.key(*q)) for p, q in zip(shape, shape[1:])]
                access = [index.by_position.get(key, ("open", ""))[0] for key in keys]
                zones = [key in index.zone_positions for key in keys]
                record["valhalla"] = {"distance": valhalla_route["distance"], "duration": valhalla_route["duration"],
                                      "ends": [shape[0], shape[-1]],
                                      "names": valhalla_route["names"], "uTurn": valhalla_route["uTurn"],
                                      "throughTraffic": through_traffic(with_zones(access, zones)),
                                      "throughTrafficByTagsAlone": through_traffic(access)}
            record["byDeparture"] = {departure_label(departure): navbus_answer(navbus.route(a, b, departure), index)
                                     for departure in args.departures}
            records.append(record)
    finally:
        navbus.close()
        osrm.close()
    if args.details:
        path = pathlib.Path(args.details)
        path.with_name(f"{path.stem}-{name}{path.suffix}").write_text(json.dumps(records, indent=1) + "\n")
    return {
        "map": name, "pairs": len(pairs), "seed": seed,
        "osrmNoRoute": sum(1 for r in records if not r.get("osrm")),
        "valhallaNoRoute": sum(1 for r in records if not r.get("valhalla")),
        "valhallaVsOsrm": agreement(records, "valhalla", "osrm"),
        "disagreementValhallaOsrm": disagreement_causes(records, "valhalla", "osrm"),
        "durationValhallaOverOsrm": duration_ratios(records, "valhalla", "osrm"),
        "osrmThroughTrafficOnRestricted": count(records, "osrm", "throughTraffic"),
        "osrmThroughTrafficByTagsAlone": count(records, "osrm", "throughTrafficByTagsAlone"),
        "valhallaThroughTrafficOnRestricted": count(records, "valhalla", "throughTraffic"),
        "valhallaThroughTrafficByTagsAlone": count(records, "valhalla", "throughTrafficByTagsAlone"),
        "segmentsBehindDestinationOnlyRoads": len(index.zone_ids) // 2,
        "departures": {departure_label(d): departure_figures(records, departure_label(d)) for d in args.departures},
    }


def node_sweep(map_path: pathlib.Path, count: int, seed: int, args, binaries: pathlib.Path) -> dict:
    """From the car-road node nearest the middle of the map to `count` random car-road nodes (the waypoint exactly
    at the node) and back: navbus's routeStatus against whether OSRM routes, per direction, and every pair that
    navbus does not route but OSRM does, with navbus's reason."""
    name = map_path.name.split(".")[0]
    index = OSMIndex(map_path)
    osrm = OSRM(prepare_osrm(map_path))
    navbus = Navbus(map_path, binaries)
    nodes = sorted(set(index.car_nodes))
    middle = ((min(n[0] for n in nodes) + max(n[0] for n in nodes)) / 2,
              (min(n[1] for n in nodes) + max(n[1] for n in nodes)) / 2)
    centre = min(nodes, key=lambda n: haversine(n, middle))
    others = [n for n in nodes if n != centre]
    targets = random.Random(seed).sample(others, min(count, len(others)))
    kinds: dict[str, dict[str, int]] = {"to": {}, "from": {}}
    failures: list[dict] = []
    through: list[dict] = []
    unmatched: list[dict] = []
    try:
        for target in targets:
            for direction, (a, b) in (("to", (centre, target)), ("from", (target, centre))):
                answer = navbus.route(a, b, args.departures[0])
                reference = osrm.route(a, b)
                kind = f"{answer['routeStatus']}, OSRM {'routes' if reference else 'finds no route'}"
                kinds[direction][kind] = kinds[direction].get(kind, 0) + 1
                if answer["routeStatus"] != "OK" and reference:
                    failures.append({"direction": direction, "node": target, "navbusStatus": answer["routeStatus"],
                                     "message": answer.get("message"), "osrmDistance": reference["distance"]})
                mine = navbus_answer(answer, index).get("navbus")
                if mine and mine["throughTraffic"]:
                    through.append({"direction": direction, "node": target})
                if mine and not reference:
                    unmatched.append({"direction": direction, "node": target, "distance": mine["distance"],
                                      "names": mine["names"]})
    finally:
        navbus.close()
        osrm.close()
    return {"map": name, "centre": centre, "targets": len(targets), "seed": seed, "kinds": kinds,
            "navbusFailsWhereOsrmRoutes": failures, "navbusThroughTrafficOnRestricted": through,
            "navbusRoutesWhereOsrmDoesNot": unmatched}


def node_sweep_lines(sweep: dict) -> list[str]:
    lines = [f"{sweep['map']}: {sweep['targets']} random car-road nodes (seed {sweep['seed']}), to and from "
             f"{sweep['centre']}"]
    for direction, kinds in sweep["kinds"].items():
        lines.append(f"  {direction} the node: " + "; ".join(f"{k}: {v}" for k, v in sorted(kinds.items())))
    lines.append(f"  navbus routes with through traffic on destination-only roads: "
                 f"{len(sweep['navbusThroughTrafficOnRestricted'])}")
    lines.append(f"  navbus finds no route where OSRM does: {len(sweep['navbusFailsWhereOsrmRoutes'])}")
    lines += [f"    {f['direction']} {f['node']}: {f['navbusStatus']} ({f['message']})"
              for f in sweep["navbusFailsWhereOsrmRoutes"][:20]]
    return lines


# The avoid options checked against OSRM's `exclude`, each with the test of a navbus segment that it should keep off:
# (navbus option, OSRM exclude class, what the route is kept off, segment test on (segment, its position key)).
AVOIDS = {
    "highways": ("avoidsHighways", "motorway", "motorway",
                 lambda segment, key, index: segment[1] in ("motorway", "motorway_link")),
    "tolls": ("avoidsTolls", "toll", "toll road", lambda segment, key, index: key in index.toll_positions),
}


def avoided_metres(route: dict, index: OSMIndex, test) -> float:
    """Metres of a navbus route on segments `test` picks out (ends at OSM nodes, matched by position)."""
    metres = 0.0
    for leg in route["legs"]:
        positions = leg["geometry"]["coordinates"]
        for (lon_a, lat_a), (lon_b, lat_b) in zip(positions, positions[1:]):
            key = (index.key(lat_a, lon_a), index.key(lat_b, lon_b))
            info = index.by_position.get(key)
            if info is not None and test(info, key, index):
                metres += haversine((lat_a, lon_a), (lat_b, lon_b))
    return metres


def osrm_uses(reference: dict, index: OSMIndex, test) -> bool:
    nodes = reference["legs"][0]["annotation"]["nodes"]
    for x, y in zip(nodes, nodes[1:]):
        info = index.by_ids.get((x, y))
        positions = (index.positions.get(x), index.positions.get(y))
        if info is not None and test(info, positions, index):
            return True
    return False


def evaluate_avoids(map_path: pathlib.Path, pair_count: int, seed: int, avoid: str, args,
                    binaries: pathlib.Path) -> dict:
    """One avoid option on one map against OSRM's exclude of the same roads, navbus departing at the first
    departure: where OSRM finds a route without them, does navbus keep off them too?"""
    option, exclude, _, test = AVOIDS[avoid]
    index = OSMIndex(map_path)
    osrm = OSRM(prepare_osrm(map_path))
    navbus = Navbus(map_path, binaries)
    departure = args.departures[0]
    pairs = random_pairs(index, pair_count, seed)
    compared, avoidable, kept_off, avoided, ratios, notices = 0, 0, 0, [], [], 0
    plain_on_avoided = 0
    examples: list[dict] = []
    try:
        for a, b in pairs:
            plain = navbus.route(a, b, departure)
            if plain["routeStatus"] == "OK" and avoided_metres(plain["routes"][0], index, test) >= 1:
                plain_on_avoided += 1
            answer = navbus.route(a, b, departure, **{option: True})
            reference = osrm.route(a, b, exclude=exclude)
            if answer["routeStatus"] != "OK" or reference is None:
                continue
            compared += 1
            route = answer["routes"][0]
            metres = avoided_metres(route, index, test)
            if route.get("violatedAvoids"):
                notices += 1
            if not osrm_uses(reference, index, test):
                avoidable += 1
                kept_off += metres < 1
                avoided.append(metres)
                if metres >= 1:
                    examples.append({"from": a, "to": b, "metres": round(metres), "navbus": route["distanceMeters"],
                                     "osrmExclude": reference["distance"],
                                     "violatedAvoids": route.get("violatedAvoids")})
            if reference["distance"] > 0:
                ratios.append(route["distanceMeters"] / reference["distance"])
    finally:
        navbus.close()
        osrm.close()
    return {
        "map": map_path.name.split(".")[0], "avoid": avoid, "option": option, "exclude": exclude,
        "pairs": len(pairs), "compared": compared, "osrmExcludeFindsNoMotorway": avoidable,
        "navbusKeptOff": kept_off, "navbusWithoutAvoidOnMotorway": plain_on_avoided,
        "maxMotorwayMetresWhereAvoidable": round(max(avoided, default=0)),
        "routesWithViolatedAvoidsNotice": notices,
        "navbusVsOsrmExclude": {"pairs": len(ratios), "within5": share(ratios, 0.05), "within10": share(ratios, 0.10)},
        "examples": sorted(examples, key=lambda e: -e["metres"])[:8],
    }


def evaluate_kotka(args, binaries: pathlib.Path) -> dict:
    """avoidsHighways on Kotka against OSRM's exclude=motorway, navbus departing at the first departure."""
    return evaluate_avoids(ROOT / "maps" / "kotka.osm.pbf", args.kotka_pairs, args.seed + 1, "highways", args,
                           binaries)


def avoids_lines(k: dict) -> list[str]:
    _, _, kind, _ = AVOIDS[k["avoid"]]
    return [
        f"{k['map'].capitalize()}, {k['pairs']} random pairs, {k['option']} vs OSRM exclude={k['exclude']}: "
        f"{k['compared']} compared; OSRM finds a route without any {kind} for {k['osrmExcludeFindsNoMotorway']}, "
        f"navbus keeps off it in {k['navbusKeptOff']} of them (most {kind} where avoidable: "
        f"{k['maxMotorwayMetresWhereAvoidable']} m); violatedAvoids notices {k['routesWithViolatedAvoidsNotice']}; "
        f"without the flag navbus drives on a {kind} in {k['navbusWithoutAvoidOnMotorway']} pairs",
        f"  distance navbus/OSRM-exclude within ±5 %: {k['navbusVsOsrmExclude']['within5']:.1f} %, "
        f"±10 %: {k['navbusVsOsrmExclude']['within10']:.1f} %",
    ]


def duration_text(d: dict) -> str:
    if d["median"] is None:
        return "no pairs"
    same = f"{d['sameRouteMedian']:.3f}" if d["sameRouteMedian"] is not None else "-"
    return f"median {d['median']:.3f} ({d['pairs']} pairs), on about the same route (±5 %) {same} ({d['sameRoutePairs']})"


def causes_text(label: str, c: dict) -> str:
    return (f"  beyond ±10 % {label}: {c['pairs']} pairs: different start or end road {c['differentStartOrEnd']}, "
            f"a U-turn on the way {c['uTurn']}, reference drives a destination-only road through "
            f"{c['referenceThroughTraffic']}, route choice {c['routeChoice']}")


def map_lines(h: dict) -> list[str]:
    """The figures of one map, as printed: the references' own, then navbus's per departure."""
    lines = [
        f"{h['map'].capitalize()}, {h['pairs']} random pairs (seed {h['seed']}), driving; no route: OSRM "
        f"{h['osrmNoRoute']}, Valhalla {h['valhallaNoRoute']}",
        f"  distance Valhalla/OSRM   within ±5 %: {h['valhallaVsOsrm']['within5']:.1f} %, "
        f"±10 %: {h['valhallaVsOsrm']['within10']:.1f} % ({h['valhallaVsOsrm']['pairs']} pairs)",
        causes_text("Valhalla/OSRM", h["disagreementValhallaOsrm"]),
        f"  time Valhalla/OSRM: {duration_text(h['durationValhallaOverOsrm'])}",
        f"  through traffic on destination-only roads: OSRM {h['osrmThroughTrafficOnRestricted']}, Valhalla "
        f"{h['valhallaThroughTrafficOnRestricted']} (streets behind destination-only roads count as destination-only: "
        f"{h['segmentsBehindDestinationOnlyRoads']} segments; by the access tags alone: OSRM "
        f"{h['osrmThroughTrafficByTagsAlone']}, Valhalla {h['valhallaThroughTrafficByTagsAlone']})",
    ]
    for label, d in h["departures"].items():
        lines += [
            f"  navbus departing {label}: statuses {d['navbusStatuses']}",
            f"    distance navbus/OSRM     within ±5 %: {d['navbusVsOsrm']['within5']:.1f} %, "
            f"±10 %: {d['navbusVsOsrm']['within10']:.1f} % ({d['navbusVsOsrm']['pairs']} pairs)  [goal ≥ 90 % at ±10 %]",
            f"    distance navbus/Valhalla within ±5 %: {d['navbusVsValhalla']['within5']:.1f} %, "
            f"±10 %: {d['navbusVsValhalla']['within10']:.1f} % ({d['navbusVsValhalla']['pairs']} pairs)  "
            f"[goal ≥ 90 % at ±10 %]",
            f"    distance navbus/Valhalla where Valhalla drives no destination-only road through: within ±5 %: "
            f"{d['navbusVsValhallaWhereValhallaIsLegal']['within5']:.1f} %, "
            f"±10 %: {d['navbusVsValhallaWhereValhallaIsLegal']['within10']:.1f} % "
            f"({d['navbusVsValhallaWhereValhallaIsLegal']['pairs']} pairs)",
            "  " + causes_text("navbus/OSRM", d["disagreementNavbusOsrm"]),
            "  " + causes_text("navbus/Valhalla", d["disagreementNavbusValhalla"]),
            f"    time navbus/OSRM: {duration_text(d['durationNavbusOverOsrm'])}; navbus/Valhalla: "
            f"{duration_text(d['durationNavbusOverValhalla'])}",
            f"    through traffic on destination-only roads: navbus {d['navbusThroughTrafficOnRestricted']} [goal 0] "
            f"(by the access tags alone {d['navbusThroughTrafficByTagsAlone']}); navbus on roads closed to cars: "
            f"{d['navbusOnForbiddenRoads']}",
            f"    waypoints snapped more than 10 m farther than the nearest usable car road (OSRM's nearest candidates "
            f"a trip can use): {d['snappedFartherThanNearestUsablePlus10m']} of {d['snappedWaypointsWithUsableNearest']} "
            f"[goal 0]; than OSRM's nearest car road of any kind: {d['snappedFartherThanNearestPlus10m']} of "
            f"{d['snappedWaypoints']} ({d['snappedFartherByRole']}, OSRM finds no route for "
            f"{d['snappedFartherWhereOsrmFindsNoRoute']} of those pairs); than OSRM's own snap where OSRM routed the "
            f"pair: {d['snappedFartherThanOsrmRouteSnapPlus10m']} of {d['snappedWaypointsOsrmRouted']}",
        ]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--kotka-pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"), help="directory of navbus-navigator")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--node-targets", type=int, metavar="N",
                        help="instead of the random pairs: route from the car-road node nearest each map's middle to "
                        "N random car-road nodes (exactly at the node) and back, and count navbus's routeStatus "
                        "against OSRM's answer (the first --departure), on each --map or else the sample maps")
    parser.add_argument("--details", help="also write every pair (snaps, distances, legality) to FILE-helsinki and "
                        "FILE-kotka (FILE-NAME for a --map)")
    parser.add_argument("--map", action="append", dest="maps", metavar="FILE",
                        help="evaluate this map instead of the two samples (repeatable), e.g. the held-out "
                        "maps/monaco.osm.pbf from scripts/fetch-maps.sh --eval: --pairs random pairs, then "
                        "avoidsHighways and avoidsTolls against OSRM's exclude on --kotka-pairs pairs")
    parser.add_argument("--departure", action="append", dest="departures", metavar="TIME",
                        help="navbus's departure time, local (2026-12-01T08:00, a Tuesday morning, when none is "
                        "given: turn restrictions signed for weekday hours are in force; OSRM keeps them at all "
                        "times, Valhalla ignores them); repeat it to ask navbus for each (the references are asked "
                        "once); `none` or '' asks router.route without a departureTime")
    args = parser.parse_args()
    args.departures = ["" if d in ("", "none") else d for d in (args.departures or ["2026-12-01T08:00"])]
    binaries = pathlib.Path(args.bin)
    if not (binaries / "navbus-navigator").exists():
        log(f"{binaries}/navbus-navigator is missing: build it first (swift build -c release)")
        return 1
    unpack_tools()
    started = time.monotonic()
    if args.node_targets:
        maps = ([pathlib.Path(file).resolve() for file in args.maps] if args.maps
                else [ROOT / "maps" / "helsinki.osm.pbf", ROOT / "maps" / "kotka.osm.pbf"])
        sweeps = {path.name.split(".")[0]: node_sweep(path, args.node_targets, args.seed + offset, args, binaries)
                  for offset, path in enumerate(maps)}
        print("\n".join(line for sweep in sweeps.values() for line in node_sweep_lines(sweep)))
        if args.json:
            pathlib.Path(args.json).write_text(json.dumps(sweeps, indent=2) + "\n")
        return 0
    if args.maps:
        results: dict = {}
        avoid_results = []
        for number, file in enumerate(args.maps):
            map_path = pathlib.Path(file).resolve()
            name = map_path.name.split(".")[0]
            results[name] = evaluate_map(name, args.pairs, args.seed + 2 * number, args, binaries, map_path)
            for avoid in AVOIDS:
                avoid_results.append(evaluate_avoids(map_path, args.kotka_pairs, args.seed + 2 * number + 1, avoid,
                                                     args, binaries))
        results["avoids"] = avoid_results
        lines = [line for name in results if name != "avoids" for line in map_lines(results[name])]
        lines += [line for k in avoid_results for line in avoids_lines(k)]
    else:
        results = {"helsinki": evaluate_map("helsinki", args.pairs, args.seed, args, binaries),
                   "kotka": evaluate_map("kotka", args.kotka_pairs, args.seed + 1, args, binaries),
                   "kotkaAvoids": evaluate_kotka(args, binaries)}
        lines = [line for name in ("helsinki", "kotka") for line in map_lines(results[name])]
        lines += avoids_lines(results["kotkaAvoids"])
    results["seconds"] = round(time.monotonic() - started, 1)
    lines.append(f"({results['seconds']} s)")
    print("\n".join(lines))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
