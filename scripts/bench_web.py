#!/usr/bin/env python3
"""navbus-web goals, measured in Debian's headless Chromium (not a timed test; `make bench` runs it):

1. page weight before map data: the HTML, style sheet and scripts of the vehicle and fleet pages (< 300 KB);
2. bus -> DOM latency: a vehicle's nav.nav_info.v1 at 1 Hz, each with a new instruction, published with pyzmq
   into a real navbus-proxy, while `--background` other vehicles publish nav.location.v1 at 1 Hz too; the page's
   MutationObserver stamps when the header shows each instruction (p50/p99 < 250 ms);
3. fleet page frame rate with `--vehicles` vehicles moving (nav.location.v1 at 1 Hz each), counted with
   requestAnimationFrame in the page (>= 30 frames/s).

Publisher and browser share the machine's clock (Date.now() and time.time() are both wall-clock milliseconds).
Usage: scripts/bench_web.py [--bin .build/release] [--seconds 60] [--vehicles 1000] [--background 200]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

import zmq

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "interop"))
from web_browser import chromium  # noqa: E402

CENTRE = (60.1700, 24.9440)


def envelope(topic: str, subject: str, sequence: int, data: dict) -> bytes:
    now = time.time()
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now * 1000) % 1000:03d}Z"
    return json.dumps({
        "specversion": "1.0", "id": f"bench-{sequence}", "source": f"navbus://bench/{os.getpid()}",
        "type": f"navbus.{topic}", "time": stamp, "subject": subject, "datacontenttype": "application/json",
        "dataschema": f"topics/{topic}.schema.json", "sequence": sequence, "data": data}).encode()


def location(vehicle: int, t: float) -> dict:
    # Each vehicle drives its own circle of 150-600 m around the centre at about 10 m/s.
    radius = 150 + (vehicle * 37) % 450
    angle = vehicle * 2.399 + t * 10 / radius
    lat = CENTRE[0] + radius * math.cos(angle) / 111_195
    lon = CENTRE[1] + radius * math.sin(angle) / (111_195 * math.cos(math.radians(CENTRE[0])))
    return {"latitude": lat, "longitude": lon, "course": (math.degrees(angle) + 90) % 360, "speed": 10.0,
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "onRoute": True,
            "roadName": "Mannerheimintie", "speedLimit": 13.9}


def nav_info(step: int) -> dict:
    return {"navState": "enroute",
            "currentStep": {"stepNumber": step, "maneuver": {"type": "turn", "modifier": "left"},
                            "roadName": "Mannerheimintie", "instruction": f"Turn left onto Mannerheimintie #{step}",
                            "distanceMeters": 200, "durationSeconds": 20},
            "remainingSteps": [], "distanceToCurrentStepMeters": 120, "timeToCurrentStepSeconds": 12,
            "distanceToNextDestinationMeters": 800, "timeToNextDestinationSeconds": 80,
            "distanceToFinalDestinationMeters": 800, "timeToFinalDestinationSeconds": 80}


class Bus:
    def __init__(self, binaries: pathlib.Path, map_path: pathlib.Path) -> None:
        base = f"ipc://{tempfile.gettempdir()}/navbus-bench-web-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.env = {**os.environ, "NAVBUS_PUB_ENDPOINT": base + "-pub", "NAVBUS_SUB_ENDPOINT": base + "-sub"}
        self.logs = tempfile.NamedTemporaryFile(prefix="navbus-web-bench-", suffix=".stderr", delete=False)
        self.proxy = subprocess.Popen([str(binaries / "navbus-proxy")], env=self.env, stderr=subprocess.DEVNULL)
        self.web = subprocess.Popen([str(binaries / "navbus-web"), "--listen", "127.0.0.1:0", "--map", str(map_path)],
                                    env=self.env, stderr=self.logs)
        self.port = self.wait_for_port()
        self.context = zmq.Context()
        self.socket = self.context.socket(zmq.PUB)
        self.socket.setsockopt(zmq.SNDHWM, 100_000)
        self.socket.connect(self.env["NAVBUS_PUB_ENDPOINT"])
        time.sleep(0.5)
        self.sequence = 0

    def wait_for_port(self) -> int:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = re.search(r"serving http://127\.0\.0\.1:(\d+)/", pathlib.Path(self.logs.name).read_text())
            if found:
                return int(found.group(1))
            assert self.web.poll() is None, pathlib.Path(self.logs.name).read_text()
            time.sleep(0.1)
        raise SystemExit("navbus-web did not start")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def publish(self, topic: str, subject: str, data: dict) -> None:
        self.sequence += 1
        self.socket.send_multipart([topic.encode(), envelope(topic, subject, self.sequence, data)])

    def close(self) -> None:
        self.socket.close()
        self.context.destroy(linger=0)
        for process in (self.web, self.proxy):
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=10)


def page_weight(bus: Bus) -> dict[str, int]:
    def size(path: str) -> int:
        return len(urllib.request.urlopen(bus.url(path)).read())
    shared = size("/assets/app.css") + size("/assets/map.js")
    return {"vehicle page": size("/vehicle/x") + shared + size("/assets/format.js") + size("/assets/vehicle.js"),
            "fleet page": size("/") + shared + size("/assets/fleet.js"), "map data": size("/map.json")}


def drive_background(bus: Bus, count: int, t: float, slot: int, slots: int) -> None:
    """The background vehicles whose turn is this slot of the second (spread so the load is even)."""
    for vehicle in range(slot, count, slots):
        bus.publish("nav.location.v1", f"bg-{vehicle}", location(vehicle, t))


def latency(bus: Bus, browser, seconds: int, background: int) -> list[float]:
    browser.get(bus.url("/vehicle/bench-0"))
    bus.publish("nav.nav_info.v1", "bench-0", nav_info(0))
    deadline = time.monotonic() + 20
    while browser.execute_script("return document.getElementById('maneuver-instruction').textContent") == "":
        assert time.monotonic() < deadline, "the page never showed the first instruction"
        bus.publish("nav.nav_info.v1", "bench-0", nav_info(0))
        time.sleep(0.2)
    browser.execute_script("""
        window.benchSeen = [];
        const target = document.getElementById('maneuver-instruction');
        new MutationObserver(() => window.benchSeen.push([target.textContent, Date.now()]))
          .observe(target, {childList: true, characterData: true, subtree: true});""")
    published: dict[int, float] = {}
    slots, start = 10, time.monotonic()
    for second in range(seconds):
        for slot in range(slots):
            target = start + second + slot / slots
            time.sleep(max(0.0, target - time.monotonic()))
            if slot == 0:
                step = second + 1
                published[step] = time.time() * 1000
                bus.publish("nav.nav_info.v1", "bench-0", nav_info(step))
            drive_background(bus, background, time.monotonic() - start, slot, slots)
    time.sleep(1.0)
    seen = browser.execute_script("return window.benchSeen")
    shown = {}
    for text, at in seen:
        found = re.search(r"#(\d+)$", text)
        if found and int(found.group(1)) not in shown:
            shown[int(found.group(1))] = at
    missing = sorted(set(published) - set(shown))
    if missing:
        print(f"  {len(missing)} of {len(published)} instructions never shown: {missing[:10]}")
    return [shown[step] - published[step] for step in sorted(published) if step in shown]


def fleet_fps(bus: Bus, browser, vehicles: int, seconds: int, screenshot: str | None) -> tuple[float, int]:
    browser.get(bus.url("/"))
    start, slots = time.monotonic(), 10
    counted = None
    measure_from = start + 6
    while True:
        now = time.monotonic()
        slot = int((now - start) * slots) % slots
        drive_background(bus, vehicles, now - start, slot, slots)
        if counted is None and now >= measure_from:
            known = browser.execute_script("return Number(document.getElementById('fleet-count').textContent)")
            browser.execute_script("""
                window.benchFrames = 0; window.benchStart = performance.now();
                const tick = () => { window.benchFrames += 1; window.benchEnd = performance.now();
                                     requestAnimationFrame(tick); };
                requestAnimationFrame(tick);""")
            counted = (now, known)
        if counted is not None and now - counted[0] >= seconds:
            frames, elapsed = browser.execute_script("return [window.benchFrames, window.benchEnd - window.benchStart]")
            if screenshot:
                browser.save_screenshot(screenshot)
            return frames / (elapsed / 1000), counted[1]
        time.sleep(max(0.0, start + (int((now - start) * slots) + 1) / slots - time.monotonic()))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"))
    parser.add_argument("--map", default=str(ROOT / "maps" / "helsinki.osm.pbf"))
    parser.add_argument("--seconds", type=int, default=60, help="length of the latency run (one message a second)")
    parser.add_argument("--background", type=int, default=200, help="other vehicles at 1 Hz during the latency run")
    parser.add_argument("--vehicles", type=int, default=1000, help="vehicles on the fleet page")
    parser.add_argument("--fps-seconds", type=int, default=10)
    parser.add_argument("--screenshot", help="save the fleet page as this PNG at the end of the frame count")
    args = parser.parse_args()
    bus = Bus(pathlib.Path(args.bin), pathlib.Path(args.map))
    browser = chromium()
    try:
        weights = page_weight(bus)
        print("page weight before map data (goal < 300 KB):")
        for name, size in weights.items():
            print(f"  {name}: {size / 1024:.1f} KB")
        delays = latency(bus, browser, args.seconds, args.background)
        print(f"bus -> DOM latency, nav.nav_info.v1 at 1 Hz with {args.background} other vehicles at 1 Hz "
              f"({len(delays)} messages; goal p99 < 250 ms):")
        print(f"  median {statistics.median(delays):.1f} ms, p99 {percentile(delays, 0.99):.1f} ms, "
              f"max {max(delays):.1f} ms; p99/goal = {percentile(delays, 0.99) / 250:.2f}")
        fps, known = fleet_fps(bus, browser, args.vehicles, args.fps_seconds, args.screenshot)
        print(f"fleet page with {known} vehicles moving (nav.location.v1 at 1 Hz each; goal >= 30 frames/s):")
        print(f"  {fps:.1f} frames/s over {args.fps_seconds} s; fps/goal = {fps / 30:.2f}")
    finally:
        browser.quit()
        bus.close()


if __name__ == "__main__":
    main()
