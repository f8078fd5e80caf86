"""Route latency and agreement, navbus against OSRM, same pairs, same run.

navbus: `router.route` over ZeroMQ (REQ → navbus-navigator's ROUTER), with steps and full geometry.
OSRM:   `osrm-routed` over HTTP on loopback (keep-alive), `steps=true&overview=full&geometries=geojson`.
Both are driven by this one Python client, so client overhead is the same on both sides.

    .venv/bin/python scripts/bench_routing_vs_osrm.py [--pairs 1000] [--seed 7]

Needs a release build (`swift build -c release`) and runs scripts/bench-osrm.sh to prepare OSRM.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import pathlib
import random
import statistics
import subprocess
import tempfile
import time

import zmq

ROOT = pathlib.Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "helsinki.osm.pbf"
# Central Helsinki, well inside the sample extract.
SOUTH, NORTH, WEST, EAST = 60.158, 60.182, 24.925, 24.960


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--osrm-port", type=int, default=5055)
    args = parser.parse_args()

    subprocess.run([str(ROOT / "scripts" / "bench-osrm.sh"), "--port", str(args.osrm_port)], check=True)
    work = tempfile.mkdtemp(prefix="navbus-routing-bench-")
    control = f"ipc://{work}/navigator"
    env = dict(os.environ, NAVBUS_PUB_ENDPOINT=f"ipc://{work}/pub", NAVBUS_SUB_ENDPOINT=f"ipc://{work}/sub")
    navigator = subprocess.Popen(
        [str(ROOT / ".build" / "release" / "navbus-navigator"), "--map", str(MAP), "--control", control,
         "--log-level", "warning"],
        env=env,
    )
    context = zmq.Context()
    socket = context.socket(zmq.REQ)
    socket.connect(control)
    osrm = http.client.HTTPConnection("127.0.0.1", args.osrm_port)

    def run() -> None:
        nonlocal osrm
        rng = random.Random(args.seed)
        pairs = [
            ((rng.uniform(SOUTH, NORTH), rng.uniform(WEST, EAST)), (rng.uniform(SOUTH, NORTH), rng.uniform(WEST, EAST)))
            for _ in range(args.pairs)
        ]

        def navbus_route(a, b):
            socket.send_json({"jsonrpc": "2.0", "id": 1, "method": "router.route", "params": {"waypoints": [
                {"title": "a", "latitude": a[0], "longitude": a[1]}, {"title": "b", "latitude": b[0], "longitude": b[1]}]}})
            assert socket.poll(30_000), "navigator did not answer"
            return socket.recv_json()["result"]

        def osrm_route(a, b):
            nonlocal osrm
            path = f"/route/v1/driving/{a[1]},{a[0]};{b[1]},{b[0]}?steps=true&overview=full&geometries=geojson"
            try:
                osrm.request("GET", path)
                return json.loads(osrm.getresponse().read())
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # osrm-routed closes idle keep-alive connections; reconnect once.
                osrm.close()
                osrm = http.client.HTTPConnection("127.0.0.1", args.osrm_port)
                osrm.request("GET", path)
                return json.loads(osrm.getresponse().read())

        deadline = time.monotonic() + 30
        while True:  # wait for the map to load
            try:
                navbus_route(*pairs[0])
                break
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
        for a, b in pairs[:20]:  # warm both up
            navbus_route(a, b)
            osrm_route(a, b)

        navbus_ms, osrm_ms, ratios = [], [], []
        both_found = []  # (navbus ms, OSRM ms) where both answered with a route: OSRM's NoRoute answers are cheap
        for a, b in pairs:
            start = time.perf_counter()
            ours = navbus_route(a, b)
            navbus_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            theirs = osrm_route(a, b)
            osrm_ms.append((time.perf_counter() - start) * 1000)
            if ours["routeStatus"] == "OK" and theirs.get("code") == "Ok":
                both_found.append((navbus_ms[-1], osrm_ms[-1]))
            if ours["routeStatus"] == "OK" and theirs.get("code") == "Ok" and theirs["routes"][0]["distance"] > 200:
                ratios.append(ours["routes"][0]["distanceMeters"] / theirs["routes"][0]["distance"])

        print(f"{args.pairs} random pairs in central Helsinki (seed {args.seed}), steps and full geometry on both")
        print(f"navbus router.route over ZeroMQ: median {statistics.median(navbus_ms):.3f} ms, p99 {percentile(navbus_ms, 0.99):.3f} ms")
        print(f"osrm-routed over HTTP:           median {statistics.median(osrm_ms):.3f} ms, p99 {percentile(osrm_ms, 0.99):.3f} ms")
        if both_found:
            ours_found = statistics.median(x for x, _ in both_found)
            theirs_found = statistics.median(y for _, y in both_found)
            print(f"pairs both routed ({len(both_found)}): navbus median {ours_found:.3f} ms, OSRM {theirs_found:.3f} ms, "
                  f"ratio {ours_found / theirs_found:.2f}")
        print(f"median ratio navbus/OSRM over all pairs: {statistics.median(navbus_ms) / statistics.median(osrm_ms):.2f}")
        within = sum(1 for r in ratios if 0.85 <= r <= 1.15) / len(ratios)
        print(f"route distance navbus/OSRM over {len(ratios)} comparable pairs: median ratio {statistics.median(ratios):.3f}, "
              f"{within * 100:.1f} % within ±15 %")

    try:
        run()
    finally:
        navigator.terminate()
        navigator.wait(timeout=10)
        subprocess.run([str(ROOT / "scripts" / "bench-osrm.sh"), "--stop"], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
