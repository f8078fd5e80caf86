"""Routing at scale, side by side in one run: navbus (contraction hierarchy) against OSRM CH, OSRM MLD and
Valhalla, on the sample extracts and on generated regional networks.

For every map and every router: import + preparation wall time, CPU time and peak memory (GNU time), the time
from starting the server until it answers its first route (navbus also after a kill -9 and restart, with the
CPU seconds the navigator used until then), and the latency of routes with steps and full
geometry over the router's own socket (navbus: `router.route` over ZeroMQ; OSRM and Valhalla: HTTP on
loopback), all driven by this one client over the same random pairs.

    .venv/bin/python scripts/bench_routing_scale.py [--maps helsinki,kotka,synthetic-10000,synthetic-100000]
        [--pairs 300] [--timeout 900] [--ch-timeout 900] [--routers navbus,osrm-ch,osrm-mld,valhalla]
        [--reuse] [--starts 2] [--settle 0]

--reuse keeps a navbus import or an OSRM preparation made by an earlier run from the same source file (for
repeating the serving figures without minutes of preparation at a million nodes). --starts is how many times the
navigator is started for the ready time (the first start clean, each further one after a kill -9). A navigator on
a large map answers its first requests with the reference search while its hierarchy is still being read; --settle
keeps routing for that many seconds after the first answer before the latency is measured, and reports what those
routes took. The load average is printed with every router's figures: on a shared machine they depend on it.

`synthetic-N` is `navbus-bench generate --nodes N` (the regional network: arterial superblocks, residential
pockets with few entries, motorways with links) written as OSM XML, which every router reads;
`synthetic-gated-N` the same with 30 % of the pockets gated (`motor_vehicle=destination`, `--gated 30`). A stage that
does not end within --timeout seconds is reported as such (OSRM's CH contraction on grid-like networks).
Needs a release build (`swift build -c release`); fetches the osrm-bindings and pyvalhalla wheels from PyPI
into .build/ on first use.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import pathlib
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time

import zmq

ROOT = pathlib.Path(__file__).resolve().parents[1]
RELEASE = ROOT / ".build" / "release"
CACHE = ROOT / ".build" / "scale-bench"
OSRM_VERSION = "26.10.0"
VALHALLA_VERSION = "3.9.1"


def load_average() -> str:
    return "load average " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def reusable(outputs: list[pathlib.Path], source: pathlib.Path) -> bool:
    """Whether an earlier run left every output, each newer than the source it was made from."""
    return all(path.exists() and path.stat().st_mtime >= source.stat().st_mtime for path in outputs)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def fetch_wheel(name: str, version: str, target: pathlib.Path) -> None:
    if target.exists():
        return
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--python-version",
         "3.12", "--platform", "manylinux_2_28_x86_64", f"{name}=={version}", "-d", str(target)], check=True)
    wheel = next(target.glob("*.whl"))
    shutil.unpack_archive(str(wheel), str(target), "zip")
    for tool in list(target.glob("*/bin/*")):
        tool.chmod(0o755)


class Stage:
    """One timed command: wall seconds and peak resident megabytes, or why it did not finish."""

    def __init__(self, label: str, command: list[str], timeout: float, cwd: pathlib.Path, env=None):
        self.label = label
        log = cwd / f"{label}.time"
        start = time.monotonic()
        with open(cwd / f"{label}.log", "w") as out:
            # A session of its own, so that a stage over its time is stopped with everything it started (GNU
            # time's child would otherwise go on running, and eating the cores, after time itself is killed).
            process = subprocess.Popen(["/usr/bin/time", "-v", "-o", str(log)] + command, cwd=cwd, stdout=out,
                                       stderr=subprocess.STDOUT, env=env, start_new_session=True)
            try:
                returncode = process.wait(timeout=timeout)
                self.seconds = time.monotonic() - start
                self.ok = returncode == 0
                self.note = "" if self.ok else f"exit {returncode}, see {cwd / (label + '.log')}"
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                self.seconds = time.monotonic() - start
                self.ok = False
                self.note = f"did not finish within {timeout:.0f} s"
        self.peak_mb = 0.0
        # User + system time: on a shared machine the wall time mostly measures the load, this much less.
        self.cpu = 0.0
        if log.exists():
            for line in log.read_text().splitlines():
                if "Maximum resident set size" in line:
                    self.peak_mb = int(line.split()[-1]) / 1024
                if "User time (seconds)" in line or "System time (seconds)" in line:
                    self.cpu += float(line.split()[-1])

    def __str__(self) -> str:
        if not self.ok:
            return f"{self.label}: {self.note}"
        return f"{self.label} {self.seconds:.1f} s ({self.cpu:.1f} CPU s), {self.peak_mb:.0f} MB"


def map_inputs(name: str, work: pathlib.Path) -> tuple[pathlib.Path, tuple[float, float, float, float]]:
    if name.startswith("synthetic-"):
        # synthetic-N, or synthetic-gated-N: 30 % of the pockets are destination-only estates.
        gated = name.startswith("synthetic-gated-")
        nodes = int(name.rsplit("-", 1)[1])
        path = work / f"{name}.osm"
        if not path.exists():
            subprocess.run([str(RELEASE / "navbus-bench"), "generate", "--nodes", str(nodes), "--out", str(path)]
                           + (["--gated", "30"] if gated else []), check=True)
    else:
        path = ROOT / "maps" / f"{name}.osm.pbf"
    bounds = subprocess.run([str(RELEASE / "navbus-bench"), "bounds", str(path)], check=True, capture_output=True,
                            text=True).stdout.split()
    south, west, north, east = map(float, bounds)
    # The central 60 %, so that most points snap onto the network rather than off its edge.
    dy, dx = (north - south) * 0.2, (east - west) * 0.2
    return path, (south + dy, west + dx, north - dy, east - dx)


def latency(name: str, route, pairs) -> dict:
    for a, b in pairs[:10]:
        route(a, b)
    samples, found = [], 0
    for a, b in pairs:
        start = time.perf_counter()
        ok = route(a, b)
        samples.append((time.perf_counter() - start) * 1000)
        found += 1 if ok else 0
    return {"median": statistics.median(samples), "p99": percentile(samples, 0.99), "found": found}


def wait_http(port: int, path: str, deadline: float, body: bytes | None = None) -> bool:
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("POST" if body else "GET", path, body=body)
            response = connection.getresponse()
            response.read()
            connection.close()
            # Any answer to a route request counts, "no route" (400) included: the server has its data loaded.
            if response.status < 500:
                return True
        except (ConnectionError, OSError, http.client.HTTPException):
            pass
        time.sleep(0.05)
    return False


class HTTPClient:
    def __init__(self, port: int):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port)

    def request(self, method: str, path: str, body: bytes | None = None) -> dict:
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=body)
                return json.loads(self.connection.getresponse().read())
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, http.client.HTTPException):
                # Servers close idle keep-alive connections; reconnect once.
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port)
        return {}


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def bench_navbus(source: pathlib.Path, work: pathlib.Path, pairs, timeout: float, reuse: bool, starts: int,
                 settle: float) -> list[str]:
    graph = work / "map.navgraph"
    sidecars = [graph, graph.with_name(graph.name + ".cch"), graph.with_name(graph.name + ".modes")]
    if reuse and reusable(sidecars, source):
        lines = [f"  import+prepare: reused {graph} (made from this source by an earlier run)"]
    else:
        stage = Stage("navbus-import", [str(RELEASE / "navbus"), "import", str(source), "-o", str(graph)], timeout,
                      work)
        lines = [f"  import+prepare: {stage}"]
        if not stage.ok:
            return lines
    control = f"ipc://{work}/navigator"
    env = dict(os.environ, NAVBUS_PUB_ENDPOINT=f"ipc://{work}/pub", NAVBUS_SUB_ENDPOINT=f"ipc://{work}/sub")
    context = zmq.Context()
    sockets = []

    def connect() -> None:
        # A fresh REQ socket per navigator process, so that no request is left pending with a killed one.
        for old in sockets:
            old.close()
        sockets.clear()
        socket = context.socket(zmq.REQ)
        socket.setsockopt(zmq.LINGER, 0)
        socket.connect(control)
        sockets.append(socket)

    def route(a, b) -> bool:
        socket = sockets[0]
        socket.send_json({"jsonrpc": "2.0", "id": 1, "method": "router.route", "params": {"waypoints": [
            {"title": "a", "latitude": a[0], "longitude": a[1]}, {"title": "b", "latitude": b[0], "longitude": b[1]}]}})
        if not socket.poll(int(timeout * 1000)):
            raise TimeoutError("navigator did not answer")
        return socket.recv_json().get("result", {}).get("routeStatus") == "OK"

    def start() -> tuple[subprocess.Popen, float]:
        connect()
        started = time.monotonic()
        process = subprocess.Popen(
            [str(RELEASE / "navbus-navigator"), "--map", str(graph), "--control", control, "--log-level", "warning",
             "--state-dir", str(work / "navigator-state")], env=env)
        # The request waits in the REQ socket until the navigator has bound its control endpoint.
        route(*pairs[0])
        return process, time.monotonic() - started

    def cpu_seconds(process: subprocess.Popen) -> float:
        # utime + stime of every thread so far (proc(5) fields 14 and 15): on a shared machine the wall time
        # depends on the load, this much less.
        fields = pathlib.Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    navigator, ready = start()
    try:
        lines.append(f"  ready (start to first route answered): {ready:.2f} s, {cpu_seconds(navigator):.2f} CPU s "
                     f"({load_average()})")
        if settle > 0:
            settling, until, index = [], time.monotonic() + settle, 0
            while time.monotonic() < until:
                began = time.perf_counter()
                route(*pairs[index % len(pairs)])
                settling.append((time.perf_counter() - began) * 1000)
                index += 1
            lines.append(f"  routes in the {settle:.0f} s after the first answer: {len(settling)}, first "
                         f"{settling[0]:.1f} ms, median {statistics.median(settling):.1f} ms, last {settling[-1]:.1f} ms")
        result = latency("navbus", route, pairs)
        lines.append(f"  route over ZeroMQ: median {result['median']:.3f} ms, p99 {result['p99']:.3f} ms, "
                     f"{result['found']}/{len(pairs)} found ({load_average()})")
        # The durability promise: killed without warning, the navigator is back as fast.
        for _ in range(starts - 1):
            navigator.kill()
            navigator.wait()
            navigator, ready = start()
            lines.append(f"  ready again after kill -9 (restart to first route answered): {ready:.2f} s, "
                         f"{cpu_seconds(navigator):.2f} CPU s ({load_average()})")
    finally:
        stop(navigator)
        for socket in sockets:
            socket.close()
        context.term()
    return lines


def bench_osrm(source: pathlib.Path, work: pathlib.Path, pairs, timeout: float, algorithm: str, port: int,
               ch_timeout: float, reuse: bool) -> list[str]:
    tools = CACHE / "osrm-wheel"
    fetch_wheel("osrm-bindings", OSRM_VERSION, tools)
    bin_dir, profiles = tools / "osrm" / "bin", tools / "osrm" / "share" / "profiles"
    base = work / f"osrm-{algorithm}"
    base.mkdir(exist_ok=True)
    prepared = base / "prepared"
    if reuse and reusable([prepared], source):
        lines = [f"  extract+prepare: reused {base} (made from this source by an earlier run)"]
    else:
        prepared.unlink(missing_ok=True)
        extension = ".osm.pbf" if source.name.endswith(".pbf") else ".osm"
        shutil.copy(source, base / f"map{extension}")
        stages = [Stage("osrm-extract", [str(bin_dir / "osrm-extract"), "-p", str(profiles / "car.lua"),
                                         f"map{extension}"], timeout, base)]
        if algorithm == "ch":
            commands = [("osrm-contract", ["osrm-contract", "map.osrm"], ch_timeout)]
        else:
            commands = [("osrm-partition", ["osrm-partition", "map.osrm"], timeout),
                        ("osrm-customize", ["osrm-customize", "map.osrm"], timeout)]
        for label, command, limit in commands:
            if stages[-1].ok:
                stages.append(Stage(label, [str(bin_dir / command[0])] + command[1:], limit, base))
        total = sum(s.seconds for s in stages)
        lines = [f"  extract+prepare: {', '.join(map(str, stages))}; total {total:.1f} s "
                 f"({sum(s.cpu for s in stages):.1f} CPU s), peak {max(s.peak_mb for s in stages):.0f} MB"]
        if not all(s.ok for s in stages):
            return lines
        prepared.touch()
    started = time.monotonic()
    server = subprocess.Popen([str(bin_dir / "osrm-routed"), "--ip", "127.0.0.1", "--port", str(port), "--algorithm",
                               algorithm, str(base / "map.osrm")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        a, b = pairs[0]
        probe = f"/route/v1/driving/{a[1]},{a[0]};{b[1]},{b[0]}"
        if not wait_http(port, probe, time.monotonic() + timeout):
            return lines + ["  osrm-routed did not answer"]
        lines.append(f"  ready (start to first route answered): {time.monotonic() - started:.2f} s")
        client = HTTPClient(port)

        def route(a, b) -> bool:
            path = f"/route/v1/driving/{a[1]},{a[0]};{b[1]},{b[0]}?steps=true&overview=full&geometries=geojson"
            return client.request("GET", path).get("code") == "Ok"

        result = latency(f"osrm-{algorithm}", route, pairs)
        lines.append(f"  route over HTTP: median {result['median']:.3f} ms, p99 {result['p99']:.3f} ms, "
                     f"{result['found']}/{len(pairs)} found ({load_average()})")
    finally:
        stop(server)
    return lines


def bench_valhalla(source: pathlib.Path, work: pathlib.Path, pairs, timeout: float, port: int) -> list[str]:
    tools = CACHE / "valhalla-wheel"
    fetch_wheel("pyvalhalla", VALHALLA_VERSION, tools)
    bin_dir = tools / "valhalla" / "bin"
    base = work / "valhalla"
    base.mkdir(exist_ok=True)
    tiles = base / "tiles"
    tiles.mkdir(exist_ok=True)
    sys.path.insert(0, str(tools / "valhalla"))
    import valhalla_build_config as defaults  # the wheel's own default configuration, pure Python

    config = json.loads(json.dumps(defaults.config, default=lambda value: None))

    def prune(node):
        if isinstance(node, dict):
            for key in [k for k, v in node.items() if v is None]:
                del node[key]
            for value in node.values():
                prune(value)

    prune(config)
    config["mjolnir"]["tile_dir"] = str(tiles)
    config["mjolnir"]["tile_extract"] = ""
    config["mjolnir"]["logging"] = {"type": "std_out", "color": False}
    config["httpd"]["service"]["listen"] = f"tcp://127.0.0.1:{port}"
    config["httpd"]["service"]["loopback"] = f"ipc://{base}/loopback"
    config["httpd"]["service"]["interrupt"] = f"ipc://{base}/interrupt"
    config["loki"]["actions"] = ["route"]
    (base / "valhalla.json").write_text(json.dumps(config))
    stage = Stage("valhalla_build_tiles", [str(bin_dir / "valhalla_build_tiles"), "-c", "valhalla.json", str(source)],
                  timeout, base)
    lines = [f"  build tiles: {stage}"]
    if not stage.ok:
        return lines
    started = time.monotonic()
    server = subprocess.Popen([str(bin_dir / "valhalla_service"), str(base / "valhalla.json"), "1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def body(a, b) -> bytes:
        return json.dumps({"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}],
                           "costing": "auto", "directions_options": {"units": "kilometers"}}).encode()

    try:
        if not wait_http(port, "/route", time.monotonic() + timeout, body(*pairs[0])):
            return lines + ["  valhalla_service did not answer"]
        lines.append(f"  ready (start to first route answered): {time.monotonic() - started:.2f} s")
        client = HTTPClient(port)

        def route(a, b) -> bool:
            return "trip" in client.request("POST", "/route", body(a, b))

        result = latency("valhalla", route, pairs)
        lines.append(f"  route over HTTP: median {result['median']:.3f} ms, p99 {result['p99']:.3f} ms, "
                     f"{result['found']}/{len(pairs)} found")
    finally:
        stop(server)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--maps", default="helsinki,kotka,synthetic-10000,synthetic-100000")
    parser.add_argument("--routers", default="navbus,osrm-ch,osrm-mld,valhalla")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=900)
    # OSRM's CH contraction does not end on the generated regions (grid-like; see BENCHMARKS.md), so it gets less.
    parser.add_argument("--ch-timeout", type=float, default=900)
    parser.add_argument("--reuse", action="store_true", help="keep imports and preparations of earlier runs")
    parser.add_argument("--starts", type=int, default=2, help="navigator starts for the ready time (then kill -9)")
    parser.add_argument("--settle", type=float, default=0, help="seconds of routing after the first answer")
    args = parser.parse_args()
    routers = args.routers.split(",")
    CACHE.mkdir(parents=True, exist_ok=True)
    for name in args.maps.split(","):
        work = CACHE / name
        work.mkdir(parents=True, exist_ok=True)
        source, (south, west, north, east) = map_inputs(name, work)
        rng = random.Random(args.seed)
        pairs = [((rng.uniform(south, north), rng.uniform(west, east)), (rng.uniform(south, north), rng.uniform(west, east)))
                 for _ in range(args.pairs)]
        print(f"== {name} ({source.name}, {source.stat().st_size / 1e6:.0f} MB), {args.pairs} random pairs, "
              f"steps and full geometry ({load_average()})", flush=True)
        for router in routers:
            if router == "navbus":
                lines = bench_navbus(source, work, pairs, args.timeout, args.reuse, max(1, args.starts), args.settle)
            elif router == "osrm-ch":
                lines = bench_osrm(source, work, pairs, args.timeout, "ch", 5071, args.ch_timeout, args.reuse)
            elif router == "osrm-mld":
                lines = bench_osrm(source, work, pairs, args.timeout, "mld", 5072, args.timeout, args.reuse)
            elif router == "valhalla":
                lines = bench_valhalla(source, work, pairs, args.timeout, 5073)
            else:
                raise SystemExit(f"unknown router {router}")
            print(f"{router}:\n" + "\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
