"""Routing evaluation of navbus against two independent routers, OSRM and Valhalla, on the sample maps.

    .venv/bin/python scripts/eval/routing.py [--pairs 300] [--kotka-pairs 100] [--seed 11] [--json FILE]

What it reports (issue 11's goals in brackets):
- distance agreement with OSRM and with Valhalla: share of pairs within ±5 % and ±10 % [≥ 90 % within ±10 %];
- routes that drive through destination-only roads (access/vehicle/motor_vehicle/motorcar = destination,
  delivery, customers, private, permit, residents) as through traffic, i.e. with an open road before and after
  them [0], and routes on roads cars may not use at all; the same count for OSRM's routes as a check of the check;
- how far each waypoint was moved onto a road, against the nearest road OSRM's `nearest` finds for a car
  [≤ nearest + 10 m];
- on Kotka with avoidsHighways: metres of motorway on navbus's routes where OSRM with `exclude=motorway` finds a
  route without any, and the distance agreement with that route.

The pairs are random points near random car roads (a node of a drivable way, moved up to 25 m in a random
direction), drawn with `--seed` (11, the issue's number, chosen before the first run and never changed to
improve a figure). Legality is judged from the OSM tags themselves (read with pyosmium), not from navbus's graph.

OSRM (`osrm-bindings` 26.10.0: osrm-extract with its own car.lua, MLD) and Valhalla (`pyvalhalla` 3.9.1:
valhalla_build_tiles, valhalla_service, auto costing) come from their PyPI wheels. The wheels are built for
CPython ≥ 3.12 (abi3), newer than the project's venv, so their static tools are unpacked from the wheels into
`.build/eval/tools` and run as programs; their Python modules are not needed. Everything they build goes to
`.build/eval` (git-ignored). navbus is the real `navbus-navigator` answering `router.route` over ZeroMQ.
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
import subprocess
import sys
import tempfile
import time
import zipfile

import osmium
import zmq

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


def prepare_osrm(map_path: pathlib.Path) -> pathlib.Path:
    """osrm-extract (car.lua) + partition + customize (MLD); cached per map content."""
    directory = WORK / f"osrm-{map_path.stem.split('.')[0]}-{digest(map_path)}"
    graph = directory / "map.osrm"
    if (directory / "map.osrm.mldgr").exists():
        return graph
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    shutil.copy(map_path, directory / "map.osm.pbf")
    binaries = TOOLS / "osrm" / "bin"
    profile = TOOLS / "osrm" / "share" / "profiles" / "car.lua"
    with open(directory / "build.log", "w") as out:
        subprocess.run([binaries / "osrm-extract", "-p", profile, directory / "map.osm.pbf"], check=True,
                       stdout=out, stderr=out)
        subprocess.run([binaries / "osrm-partition", graph], check=True, stdout=out, stderr=out)
        subprocess.run([binaries / "osrm-customize", graph], check=True, stdout=out, stderr=out)
    return graph


def prepare_valhalla(map_path: pathlib.Path) -> pathlib.Path:
    """valhalla_build_tiles with a default configuration (no admin, time-zone or elevation data)."""
    directory = WORK / f"valhalla-{map_path.stem.split('.')[0]}-{digest(map_path)}"
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
        subprocess.run([TOOLS / "valhalla" / "bin" / "valhalla_build_tiles", "-c", config, map_path], check=True,
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
        return route

    def nearest_distance(self, point: tuple[float, float]) -> float | None:
        answer = self.get(f"/nearest/v1/driving/{point[1]},{point[0]}")
        return answer["waypoints"][0]["distance"] if answer.get("code") == "Ok" else None

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class Valhalla:
    """valhalla_service in its one-request mode (a process per request, tiles read from disk)."""

    def __init__(self, config: pathlib.Path):
        self.config = config

    def route(self, a: tuple[float, float], b: tuple[float, float]) -> tuple[float, list[tuple[float, float]]] | None:
        """The route's length in metres and its shape, or None without a route."""
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
        return trip["summary"]["length"] * 1000, shape


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

    def route(self, a: tuple[float, float], b: tuple[float, float], **options) -> dict:
        self.next_id += 1
        params = {"waypoints": [{"title": "a", "latitude": a[0], "longitude": a[1]},
                                {"title": "b", "latitude": b[0], "longitude": b[1]}], **options}
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


class OSMIndex(osmium.SimpleHandler):
    """Ways by consecutive node pair (by OSM node id and by rounded coordinate), with their car access."""

    def __init__(self, path: pathlib.Path):
        super().__init__()
        self.by_ids: dict[tuple[int, int], tuple[str, str]] = {}
        self.by_position: dict[tuple[tuple[int, int], tuple[int, int]], tuple[str, str]] = {}
        self.car_nodes: list[tuple[float, float]] = []
        self.apply_file(str(path), locations=True)

    @staticmethod
    def key(latitude: float, longitude: float) -> tuple[int, int]:
        return (round(latitude * 1e6), round(longitude * 1e6))

    def way(self, way) -> None:
        highway = way.tags.get("highway")
        if highway is None:
            return
        tags = {tag.k: tag.v for tag in way.tags}
        info = (car_access(tags), highway)
        nodes = [(node.ref, node.location) for node in way.nodes]
        for (a, la), (b, lb) in zip(nodes, nodes[1:]):
            self.by_ids[(a, b)] = self.by_ids[(b, a)] = info
            if la.valid() and lb.valid():
                ka, kb = self.key(la.lat, la.lon), self.key(lb.lat, lb.lon)
                self.by_position[(ka, kb)] = self.by_position[(kb, ka)] = info
        if highway in CAR_HIGHWAYS and highway not in ("motorway", "motorway_link") and info[0] == "open":
            self.car_nodes.extend((loc.lat, loc.lon) for _, loc in nodes if loc.valid())


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


def navbus_segments(route: dict, index: OSMIndex) -> list[tuple[str, str, float]]:
    """(access, highway, metres) per geometry segment of a navbus route whose ends are OSM nodes."""
    result = []
    for leg in route["legs"]:
        positions = leg["geometry"]["coordinates"]
        for (lon_a, lat_a), (lon_b, lat_b) in zip(positions, positions[1:]):
            info = index.by_position.get((index.key(lat_a, lon_a), index.key(lat_b, lon_b)))
            if info is not None:
                result.append((*info, haversine((lat_a, lon_a), (lat_b, lon_b))))
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


def evaluate_helsinki(args, binaries: pathlib.Path) -> dict:
    map_path = ROOT / "maps" / "helsinki.osm.pbf"
    index = OSMIndex(map_path)
    osrm = OSRM(prepare_osrm(map_path))
    valhalla = Valhalla(prepare_valhalla(map_path))
    navbus = Navbus(map_path, binaries)
    pairs = random_pairs(index, args.pairs, args.seed)
    nav_osrm, nav_valhalla, valhalla_osrm, nav_valhalla_legal = [], [], [], []
    statuses: dict[str, int] = {}
    through, forbidden, osrm_through, valhalla_through = [], [], [], []
    snaps, snap_excess = 0, []
    routed_snaps, routed_snap_excess = 0, []
    excess_by_role, excess_unroutable_by_osrm = {"origin": 0, "destination": 0}, 0
    osrm_missing = valhalla_missing = 0
    try:
        for number, (a, b) in enumerate(pairs):
            answer = navbus.route(a, b)
            statuses[answer["routeStatus"]] = statuses.get(answer["routeStatus"], 0) + 1
            reference = osrm.route(a, b)
            valhalla_route = valhalla.route(a, b)
            other = valhalla_route[0] if valhalla_route else None
            if valhalla_route:
                shape = valhalla_route[1]
                access = [index.by_position.get((index.key(*p), index.key(*q)), ("open", ""))[0]
                          for p, q in zip(shape, shape[1:])]
                if through_traffic(access):
                    valhalla_through.append(number)
            osrm_missing += reference is None
            valhalla_missing += other is None
            for role, (point, snapped) in enumerate(zip((a, b), answer.get("waypoints") or [])):
                nearest = osrm.nearest_distance(point)
                if nearest is not None:
                    snaps += 1
                    excess = snapped["distanceMeters"] - nearest
                    if excess > 10:
                        snap_excess.append((round(excess), point))
                        excess_by_role["origin" if role == 0 else "destination"] += 1
                        excess_unroutable_by_osrm += reference is None
                # Where OSRM could route the pair, its own snap is onto a road the route can use.
                if reference is not None:
                    routed_snaps += 1
                    if snapped["distanceMeters"] - reference["snapDistances"][role] > 10:
                        routed_snap_excess.append((round(snapped["distanceMeters"] - reference["snapDistances"][role]), point))
            if reference is not None:
                nodes = reference["legs"][0]["annotation"]["nodes"]
                access = [index.by_ids.get((x, y), ("open", ""))[0] for x, y in zip(nodes, nodes[1:])]
                if through_traffic(access):
                    osrm_through.append(number)
            if answer["routeStatus"] != "OK":
                continue
            route = answer["routes"][0]
            segments = navbus_segments(route, index)
            if through_traffic([s[0] for s in segments]):
                through.append((number, a, b))
            if any(s[0] == "forbidden" for s in segments):
                forbidden.append((number, a, b))
            if reference is not None and reference["distance"] > 0:
                nav_osrm.append(route["distanceMeters"] / reference["distance"])
            if other:
                nav_valhalla.append(route["distanceMeters"] / other)
                if not valhalla_through or valhalla_through[-1] != number:
                    nav_valhalla_legal.append(route["distanceMeters"] / other)
            if reference is not None and other:
                valhalla_osrm.append(other / reference["distance"])
    finally:
        navbus.close()
        osrm.close()
    return {
        "pairs": len(pairs), "seed": args.seed, "navbusStatuses": statuses,
        "osrmNoRoute": osrm_missing, "valhallaNoRoute": valhalla_missing,
        "navbusVsOsrm": {"pairs": len(nav_osrm), "within5": share(nav_osrm, 0.05), "within10": share(nav_osrm, 0.10)},
        "navbusVsValhalla": {"pairs": len(nav_valhalla), "within5": share(nav_valhalla, 0.05),
                             "within10": share(nav_valhalla, 0.10)},
        "navbusVsValhallaWhereValhallaIsLegal": {
            "pairs": len(nav_valhalla_legal), "within5": share(nav_valhalla_legal, 0.05),
            "within10": share(nav_valhalla_legal, 0.10)},
        "valhallaVsOsrm": {"pairs": len(valhalla_osrm), "within5": share(valhalla_osrm, 0.05),
                           "within10": share(valhalla_osrm, 0.10)},
        "navbusThroughTrafficOnRestricted": len(through), "throughTrafficExamples": through[:5],
        "navbusOnForbiddenRoads": len(forbidden), "forbiddenExamples": forbidden[:5],
        "osrmThroughTrafficOnRestricted": len(osrm_through),
        "valhallaThroughTrafficOnRestricted": len(valhalla_through),
        "snappedWaypoints": snaps, "snappedFartherThanNearestPlus10m": len(snap_excess),
        "snapExamples": sorted(snap_excess, reverse=True)[:5],
        "snappedFartherByRole": excess_by_role, "snappedFartherWhereOsrmFindsNoRoute": excess_unroutable_by_osrm,
        "snappedWaypointsOsrmRouted": routed_snaps,
        "snappedFartherThanOsrmRouteSnapPlus10m": len(routed_snap_excess),
        "routedSnapExamples": sorted(routed_snap_excess, reverse=True)[:5],
    }


def evaluate_kotka(args, binaries: pathlib.Path) -> dict:
    map_path = ROOT / "maps" / "kotka.osm.pbf"
    index = OSMIndex(map_path)
    osrm = OSRM(prepare_osrm(map_path))
    navbus = Navbus(map_path, binaries)
    pairs = random_pairs(index, args.kotka_pairs, args.seed + 1)
    compared, avoidable, kept_off, motorway_metres, ratios, notices = 0, 0, 0, [], [], 0
    plain_on_motorway = 0
    try:
        for a, b in pairs:
            plain = navbus.route(a, b)
            if plain["routeStatus"] == "OK" and any(
                    s[1] in ("motorway", "motorway_link") for s in navbus_segments(plain["routes"][0], index)):
                plain_on_motorway += 1
            answer = navbus.route(a, b, avoidsHighways=True)
            reference = osrm.route(a, b, exclude="motorway")
            if answer["routeStatus"] != "OK" or reference is None:
                continue
            compared += 1
            route = answer["routes"][0]
            metres = sum(s[2] for s in navbus_segments(route, index) if s[1] in ("motorway", "motorway_link"))
            nodes = reference["legs"][0]["annotation"]["nodes"]
            osrm_motorway = any(
                index.by_ids.get((x, y), ("", ""))[1] in ("motorway", "motorway_link") for x, y in zip(nodes, nodes[1:]))
            if route.get("violatedAvoids"):
                notices += 1
            if not osrm_motorway:
                avoidable += 1
                kept_off += metres < 1
                motorway_metres.append(metres)
            if reference["distance"] > 0:
                ratios.append(route["distanceMeters"] / reference["distance"])
    finally:
        navbus.close()
        osrm.close()
    return {
        "pairs": len(pairs), "compared": compared, "osrmExcludeFindsNoMotorway": avoidable,
        "navbusKeptOff": kept_off, "navbusWithoutAvoidOnMotorway": plain_on_motorway, "maxMotorwayMetresWhereAvoidable": round(max(motorway_metres, default=0)),
        "routesWithViolatedAvoidsNotice": notices,
        "navbusVsOsrmExclude": {"pairs": len(ratios), "within5": share(ratios, 0.05), "within10": share(ratios, 0.10)},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--kotka-pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"), help="directory of navbus-navigator")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    binaries = pathlib.Path(args.bin)
    if not (binaries / "navbus-navigator").exists():
        log(f"{binaries}/navbus-navigator is missing: build it first (swift build -c release)")
        return 1
    unpack_tools()
    started = time.monotonic()
    results = {"helsinki": evaluate_helsinki(args, binaries), "kotka": evaluate_kotka(args, binaries)}
    results["seconds"] = round(time.monotonic() - started, 1)
    h, k = results["helsinki"], results["kotka"]
    lines = [
        f"Helsinki, {h['pairs']} random pairs (seed {h['seed']}), driving; navbus statuses {h['navbusStatuses']}, "
        f"no route: OSRM {h['osrmNoRoute']}, Valhalla {h['valhallaNoRoute']}",
        f"  distance navbus/OSRM     within ±5 %: {h['navbusVsOsrm']['within5']:.1f} %, "
        f"±10 %: {h['navbusVsOsrm']['within10']:.1f} % ({h['navbusVsOsrm']['pairs']} pairs)  [goal ≥ 90 % at ±10 %]",
        f"  distance navbus/Valhalla within ±5 %: {h['navbusVsValhalla']['within5']:.1f} %, "
        f"±10 %: {h['navbusVsValhalla']['within10']:.1f} % ({h['navbusVsValhalla']['pairs']} pairs)  [goal ≥ 90 % at ±10 %]",
        f"  distance navbus/Valhalla where Valhalla drives no destination-only road through: within ±5 %: "
        f"{h['navbusVsValhallaWhereValhallaIsLegal']['within5']:.1f} %, "
        f"±10 %: {h['navbusVsValhallaWhereValhallaIsLegal']['within10']:.1f} % "
        f"({h['navbusVsValhallaWhereValhallaIsLegal']['pairs']} pairs)",
        f"  distance Valhalla/OSRM   within ±5 %: {h['valhallaVsOsrm']['within5']:.1f} %, "
        f"±10 %: {h['valhallaVsOsrm']['within10']:.1f} % ({h['valhallaVsOsrm']['pairs']} pairs)",
        f"  through traffic on destination-only roads: navbus {h['navbusThroughTrafficOnRestricted']} [goal 0], "
        f"OSRM {h['osrmThroughTrafficOnRestricted']}, Valhalla {h['valhallaThroughTrafficOnRestricted']}; "
        f"navbus on roads closed to cars: {h['navbusOnForbiddenRoads']}",
        f"  waypoints snapped more than 10 m farther than OSRM's nearest car road: "
        f"{h['snappedFartherThanNearestPlus10m']} of {h['snappedWaypoints']} [goal 0] ({h['snappedFartherByRole']}, "
        f"OSRM finds no route for {h['snappedFartherWhereOsrmFindsNoRoute']} of those pairs); more than 10 m farther than "
        f"OSRM's own snap where OSRM routed the pair: {h['snappedFartherThanOsrmRouteSnapPlus10m']} of "
        f"{h['snappedWaypointsOsrmRouted']}",
        f"Kotka, {k['pairs']} random pairs, avoidsHighways vs OSRM exclude=motorway: {k['compared']} compared; "
        f"OSRM finds a motorway-free route for {k['osrmExcludeFindsNoMotorway']}, navbus keeps off the motorway in "
        f"{k['navbusKeptOff']} of them (most motorway where avoidable: {k['maxMotorwayMetresWhereAvoidable']} m); "
        f"violatedAvoids notices {k['routesWithViolatedAvoidsNotice']}; without the flag navbus drives on the motorway "
        f"in {k['navbusWithoutAvoidOnMotorway']} pairs",
        f"  distance navbus/OSRM-exclude within ±5 %: {k['navbusVsOsrmExclude']['within5']:.1f} %, "
        f"±10 %: {k['navbusVsOsrmExclude']['within10']:.1f} %",
        f"({results['seconds']} s)",
    ]
    print("\n".join(lines))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
