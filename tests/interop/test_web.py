"""navbus-web in a real browser: Debian's headless Chromium driven by selenium against the real processes (proxy,
navigator on the Helsinki map, feeder simulator, speeding alerter, lighting controller, navbus-web) on private
endpoints and a free HTTP port, during a guided two-stop trip.

- the header, footer and speedometer show what nav.nav_info.v1 and nav.speeding.v1 say within a second;
- ui.lighting.v1 (published with `navbus pub`) switches the header to the night colours and back;
- a reroute (the vehicle leaves its route) restarts the trip progress bar;
- traffic.conditions.v1 colours the route and the progress bar, and withdrawing it clears them;
- every SDK setting switches its element off (or the signs on) by query parameter;
- the fleet page shows the vehicle and clicks through to its page;
- `navbus demo --web` prints the address and keeps serving after the trip.

A screenshot per state is kept under .build/test-artifacts/web/. Needs NAVBUS_BIN (make test sets it).
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import signal
import subprocess
import threading
import time
import urllib.request
from datetime import datetime

import pytest
import zmq

from conftest import ROOT, Endpoints, NavbusProcess, bin_dir, subscribe
from selenium.webdriver.common.action_chains import ActionChains
from web_browser import chromium, format_distance

MAP = ROOT / "maps" / "helsinki.osm.pbf"
ARTIFACTS = ROOT / ".build" / "test-artifacts" / "web"
VEHICLE = "web-car"
ORIGIN = (60.1712, 24.9433)  # Rautatientori
STOPS = [{"title": "Kamppi", "latitude": 60.1689, "longitude": 24.9316},
         {"title": "Senate Square", "latitude": 60.1695, "longitude": 24.9520}]
SPEED_MULTIPLIER = 1.5
WITHIN = 1.0  # seconds the page may take to show a message
NIGHT = {"name": "night", "primaryBackground": "#202124", "secondaryBackground": "#303134", "text": "#E8EAED",
         "accent": "#8AB4F8"}
DAY = {"name": "day", "primaryBackground": "#1A73E8", "secondaryBackground": "#185ABC", "text": "#FFFFFF",
       "accent": "#4285F4"}


def rpc(context: zmq.Context, endpoint: str, method: str, params: dict) -> dict:
    socket = context.socket(zmq.REQ)
    socket.setsockopt(zmq.LINGER, 0)
    socket.connect(endpoint)
    try:
        socket.send_json({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        assert socket.poll(10_000), f"no reply to {method}"
        reply = socket.recv_json()
    finally:
        socket.close()
    assert "result" in reply, f"{method}: {reply}"
    return reply["result"]


class Stack:
    """The processes of one guided trip, and a bus subscriber that records what the page must show."""

    def __init__(self) -> None:
        self.endpoints = Endpoints()
        self.processes: list[NavbusProcess] = []
        self.context = zmq.Context()
        env = self.endpoints.environment
        self.start("navbus-proxy", env=env)
        self.start("navbus-navigator", "--map", str(MAP), env=env)
        self.start("navbus-feeder", env=env)
        self.start("navbus-speeding-alerter", "--min-duration", "0.5", env=env)
        self.start("navbus-lighting-controller", "--dwell", "1", env=env)
        self.web = self.start("navbus-web", "--listen", "127.0.0.1:0", "--map", str(MAP), env=env)
        self.port = self.wait_for_port()
        self.bus = subscribe(self.context, self.endpoints.subscriber, "nav.", "alert.", "ui.")

    def start(self, name: str, *args: str, env: dict[str, str]) -> NavbusProcess:
        process = NavbusProcess(name, list(args), env)
        self.processes.append(process)
        return process

    def wait_for_port(self) -> int:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.web.alive(), self.web.errors()
            found = re.search(r"serving http://127\.0\.0\.1:(\d+)/", self.web.errors())
            if found:
                return int(found.group(1))
            time.sleep(0.1)
        raise AssertionError(f"navbus-web did not say where it serves:\n{self.web.errors()}")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def call_navigator(self, method: str, params: dict) -> dict:
        return rpc(self.context, self.endpoints.navigator, method, {"vehicle": VEHICLE, **params})

    def call_feeder(self, method: str, params: dict) -> dict:
        return rpc(self.context, self.endpoints.feeder, method, {"vehicle": VEHICLE, **params})

    def begin_trip(self) -> None:
        self.call_feeder("locationSimulator.simulateLocation", {"latitude": ORIGIN[0], "longitude": ORIGIN[1]})
        self.call_navigator("roadSnappedLocationProvider.startUpdatingLocation", {})
        status, deadline = "locationUnavailable", time.monotonic() + 20
        while status == "locationUnavailable" and time.monotonic() < deadline:
            status = self.call_navigator("navigator.setDestinations", {"waypoints": STOPS})["routeStatus"]
            time.sleep(0.2)
        assert status == "OK", status
        self.call_navigator("navigator.setGuidanceActive", {"active": True})
        # The simulated driver keeps 12 % above the limits, so the speedometer has warnings to show.
        self.call_feeder("locationSimulator.configure", {"speedMultiplier": SPEED_MULTIPLIER,
                                                         "speedProfile": "limit+12%"})
        self.call_feeder("locationSimulator.simulateLocationsAlongExistingRoute", {})

    def messages(self, seconds: float) -> list[tuple[float, str, dict]]:
        """(arrival time, topic, envelope) of the vehicle's messages for `seconds`."""
        received, deadline = [], time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if self.bus.poll(int(left * 1000)):
                topic, body = self.bus.recv_multipart()
                envelope = json.loads(body)
                if envelope.get("subject") == VEHICLE:
                    received.append((time.monotonic(), topic.decode(), envelope))
        return received

    def publish(self, topic: str, payload: dict) -> None:
        env = dict(self.endpoints.environment)
        done = subprocess.run([str(bin_dir() / "navbus"), "pub", topic, json.dumps(payload), "--vehicle", VEHICLE],
                              env={**os.environ, **env}, capture_output=True, text=True, timeout=20)
        assert done.returncode == 0, done.stderr

    def stop(self) -> list[str]:
        failures = []
        self.bus.close()
        for process in reversed(self.processes):
            if process.alive():
                code = process.stop()
                if code != 0:
                    failures.append(f"{process.name} exited {code}:\n{process.errors()}")
        self.context.destroy(linger=0)
        return failures


@pytest.fixture(scope="module")
def stack():
    assert MAP.is_file(), f"{MAP} is missing: run scripts/fetch-maps.sh (make test does)"
    bin_dir()
    trip = Stack()
    try:
        trip.begin_trip()
        yield trip
    finally:
        failures = trip.stop()
        assert not failures, "\n".join(failures)


@pytest.fixture(scope="module")
def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver = chromium()
    yield driver
    driver.quit()


def screenshot(browser, name: str) -> None:
    browser.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def page_state(browser) -> dict:
    return browser.execute_script("""
        const text = (id) => document.getElementById(id).textContent;
        const hidden = (id) => document.getElementById(id).classList.contains('hidden');
        const meter = document.getElementById('speedometer'), bar = document.getElementById('trip-progress');
        return {road: text('maneuver-road'), instruction: text('maneuver-instruction'),
                distance: text('footer-distance'), limit: text('speed-limit'), level: meter.dataset.level,
                speeding: meter.classList.contains('speeding'), headerHidden: hidden('nav-header'),
                footerHidden: hidden('nav-footer'), meterHidden: hidden('speedometer'), barHidden: hidden('trip-progress'),
                revision: Number(bar.dataset.revision), fraction: Number(bar.dataset.fraction || 0),
                theme: document.body.dataset.theme,
                primary: getComputedStyle(document.getElementById('header-primary')).backgroundColor,
                secondary: getComputedStyle(document.getElementById('header-secondary')).backgroundColor,
                signs: window.navbusStats.signsDrawn};""")


def wait_for(browser, predicate, timeout: float, what: str) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        state = page_state(browser)
        if predicate(state):
            return state
        assert time.monotonic() < deadline, f"the page did not show {what} within {timeout} s; it shows {state}"
        time.sleep(0.05)


def expected_level(severity: str) -> str:
    return {"minor": "minor", "major": "major"}.get(severity, "none")


class BusRecorder(threading.Thread):
    """Records the vehicle's messages, on its own socket and thread."""

    def __init__(self, stack: Stack) -> None:
        super().__init__(daemon=True)
        self.stack, self.records, self.running = stack, [], True
        self.ready = threading.Event()

    def run(self) -> None:
        socket = subscribe(self.stack.context, self.stack.endpoints.subscriber, "nav.")
        self.ready.set()
        try:
            while self.running:
                if socket.poll(50):
                    topic, body = socket.recv_multipart()
                    envelope = json.loads(body)
                    if envelope.get("subject") == VEHICLE:
                        self.records.append((published_at(envelope), topic.decode(), envelope["data"]))
        finally:
            socket.close()


def published_at(envelope: dict) -> float:
    """The envelope's `time` in milliseconds since 1970, the clock the page's Date.now() reads too."""
    moment = datetime.fromisoformat(envelope["time"].replace("Z", "+00:00"))
    return moment.timestamp() * 1000


def shown_within(shown, messages, value_of_message, value_of_shown) -> list[str]:
    """Every message whose value the page did not show within WITHIN s of its publication, where the page may
    instead show a message published after it (the next fix supersedes the last). `shown` is the page's own log
    of what it displayed after each update, stamped with Date.now()."""
    misses = []
    for i, (published, message) in enumerate(messages):
        acceptable, ok = set(), False
        for at, *values in shown:
            if at < published:
                continue
            if at > published + WITHIN * 1000:
                break
            acceptable |= {value_of_message(m) for t, m in messages[i:] if t <= at}
            if value_of_shown(values) in acceptable:
                ok = True
                break
        if not ok:
            misses.append(f"{value_of_message(message)} published at {published:.0f}")
    return misses


def test_header_footer_and_speedometer_show_the_bus_within_a_second(stack, browser):
    browser.get(stack.url(f"/vehicle/{VEHICLE}"))
    wait_for(browser, lambda s: not s["headerHidden"] and not s["footerHidden"], 30, "the header and footer")
    screenshot(browser, "vehicle-day")
    recorder = BusRecorder(stack)
    recorder.start()
    recorder.ready.wait(5)
    time.sleep(0.5)
    started_ms, shot, started = time.time() * 1000, set(), time.monotonic()
    while time.monotonic() - started < 20:
        state = page_state(browser)
        if state["level"] != "none" and state["level"] not in shot:
            shot.add(state["level"])
            assert state["speeding"], "above the limit the speedometer shows the current speed beside the limit"
            screenshot(browser, f"speeding-{state['level']}")
        time.sleep(0.1)
    recorder.running = False
    recorder.join(5)
    shown = [entry for entry in browser.execute_script("return window.navbusStats.shown") if entry[0] >= started_ms]
    # Messages from the last second may not have had their second yet.
    cutoff = time.time() * 1000 - WITHIN * 1000 - 500
    records = [r for r in recorder.records if started_ms <= r[0] <= cutoff]
    guidance = [(t, d) for t, topic, d in records
                if topic == "nav.nav_info.v1" and d.get("currentStep") and d.get("distanceToNextDestinationMeters")]
    speeding = [(t, d) for t, topic, d in records if topic == "nav.speeding.v1" and d.get("speedLimit")]
    assert len(guidance) >= 10 and len(speeding) >= 5, f"{len(guidance)} nav_info, {len(speeding)} speeding messages"
    misses = shown_within(
        shown, guidance,
        lambda d: (d["currentStep"]["instruction"], d["currentStep"].get("roadName") or "",
                   format_distance(d["distanceToNextDestinationMeters"])),
        lambda values: tuple(values[0:3]))
    assert not misses, f"header or footer missed {len(misses)} of {len(guidance)} nav.nav_info.v1: {misses[:5]}"
    misses = shown_within(shown, speeding, lambda d: expected_level(d["severity"]), lambda values: values[3])
    assert not misses, f"speedometer level missed {len(misses)} of {len(speeding)} nav.speeding.v1: {misses[:5]}"
    limits = sorted(speeding + [(t, d) for t, topic, d in records if topic == "nav.location.v1" and d.get("speedLimit")],
                    key=lambda r: r[0])
    misses = shown_within(shown, limits, lambda d: str(round(d["speedLimit"] * 3.6)), lambda values: values[4])
    assert not misses, f"speed limit missed {len(misses)} messages: {misses[:5]}"
    assert shot, "the driver at 12 % above the limits never got a speed warning"


def test_a_reroute_restarts_the_trip_progress_bar(stack, browser):
    browser.get(stack.url(f"/vehicle/{VEHICLE}"))
    before = wait_for(browser, lambda s: not s["barHidden"] and s["fraction"] > 0.03, 90, "progress along the trip")
    screenshot(browser, "progress-before-reroute")
    # The vehicle turns up on Vuorikatu, far from every part of its route (a fixed offset from where it is could
    # land on the route again): after a few fixes there the navigator reroutes (offRoute).
    stack.call_feeder("locationSimulator.simulateLocation", {"latitude": 60.1740, "longitude": 24.9480})
    after = wait_for(browser, lambda s: s["revision"] > before["revision"], 30, "a new route")
    after = wait_for(browser, lambda s: s["revision"] > before["revision"] and s["fraction"] < 0.02, 5,
                     "the bar restarted")
    assert after["fraction"] < before["fraction"]
    screenshot(browser, "progress-after-reroute")
    stack.call_feeder("locationSimulator.simulateLocationsAlongExistingRoute", {})


def test_night_mode_switches_the_header_colours(stack, browser):
    browser.get(stack.url(f"/vehicle/{VEHICLE}"))
    wait_for(browser, lambda s: not s["headerHidden"], 10, "the header")
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    stack.publish("ui.lighting.v1", {"appliedMode": "normal", "theme": DAY, "changedAt": now})
    wait_for(browser, lambda s: s["primary"] == "rgb(26, 115, 232)" and s["theme"] == "day", 5, "the day colours")
    started = time.monotonic()
    stack.publish("ui.lighting.v1", {"appliedMode": "lowLight", "theme": NIGHT, "changedAt": now})
    state = wait_for(browser, lambda s: s["primary"] == "rgb(32, 33, 36)", 5, "the night colours")
    assert state["secondary"] == "rgb(48, 49, 52)" and state["theme"] == "night"
    # `navbus pub` itself takes a while to connect; the page's part is well within the second.
    assert time.monotonic() - started < 5
    screenshot(browser, "vehicle-night")
    stack.publish("ui.lighting.v1", {"appliedMode": "normal", "theme": DAY, "changedAt": now})
    wait_for(browser, lambda s: s["primary"] == "rgb(26, 115, 232)", 5, "the day colours again")


def test_traffic_colours_the_route_and_the_progress_bar(stack, browser):
    browser.get(stack.url(f"/vehicle/{VEHICLE}"))
    wait_for(browser, lambda s: not s["barHidden"], 20, "the progress bar")
    route = browser.execute_script("return state.route && state.route.coordinates")
    assert route, "no route on the page"
    ahead = route[len(route) // 2]
    expires = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 600))
    stack.publish("traffic.conditions.v1", {"provider": "web-test", "conditions": [
        {"id": "jam", "area": {"type": "circle", "center": {"latitude": ahead[1], "longitude": ahead[0]},
                               "radiusMeters": 120}, "speedFactor": 0.3, "expiresAt": expires}]})
    deadline = time.monotonic() + 10
    while not browser.execute_script("return document.querySelectorAll('#progress-traffic .traffic-jammed').length"):
        assert time.monotonic() < deadline, "the progress bar shows no jam ahead"
        time.sleep(0.1)
    runs = browser.execute_script("return state.route.traffic.map((r) => r.level)")
    assert "jammed" in runs, runs
    screenshot(browser, "vehicle-traffic")
    stack.publish("traffic.conditions.v1", {"provider": "web-test", "conditions": []})
    deadline = time.monotonic() + 10
    while browser.execute_script("return document.querySelectorAll('#progress-traffic .traffic-jammed').length"):
        assert time.monotonic() < deadline, "the jam stayed after its provider withdrew it"
        time.sleep(0.1)


def test_each_sdk_setting_switches_its_element(stack, browser):
    off = ("navigationHeaderEnabled=false&navigationFooterEnabled=false&navigationTripProgressBarEnabled=false"
           "&shouldDisplaySpeedometer=false")
    browser.get(stack.url(f"/vehicle/{VEHICLE}?{off}"))
    time.sleep(1.5)
    state = page_state(browser)
    assert state["headerHidden"] and state["footerHidden"] and state["barHidden"] and state["meterHidden"], state
    assert state["signs"] == 0, "traffic lights and stop signs are off by default, as in the SDK"
    browser.get(stack.url(f"/vehicle/{VEHICLE}?showsTrafficLights=true&showsStopSigns=true"))
    state = wait_for(browser, lambda s: s["signs"] > 0 and not s["headerHidden"], 15, "traffic lights on the map")
    screenshot(browser, "vehicle-signs")
    # The directions list starts with the maneuver the header shows. Both are read in one script: the simulated
    # vehicle keeps driving, and read one after the other they once straddled the moment it passed a maneuver.
    browser.find_element("id", "directions-toggle").click()
    read = """const li = document.querySelector('#directions-list li.current .instruction');
        return [li && li.textContent, document.getElementById('maneuver-instruction').textContent];"""
    first, header = browser.execute_script(read)
    deadline = time.monotonic() + 3
    while first != header and time.monotonic() < deadline:
        time.sleep(0.1)
        first, header = browser.execute_script(read)
    assert first and first == header, (first, header)
    screenshot(browser, "vehicle-directions")
    browser.find_element("id", "directions-toggle").click()
    # The map controls of the guide: compass and my-location on request, re-centre once the driver pans away.
    browser.get(stack.url(f"/vehicle/{VEHICLE}?compassButton=true&myLocationButton=true"))
    wait_for(browser, lambda s: not s["headerHidden"], 10, "the header")
    visible = lambda element: browser.execute_script(
        f"return !document.getElementById('{element}').classList.contains('hidden')")
    assert visible("compass") and visible("my-location") and not visible("recenter")
    ActionChains(browser).move_to_element_with_offset(browser.find_element("id", "map"), 0, 100).click_and_hold() \
        .move_by_offset(120, 40).release().perform()
    assert visible("recenter"), "panning away shows the re-centre button"
    browser.find_element("id", "recenter").click()
    assert not visible("recenter") and browser.find_element("id", "camera-toggle").text == "Overview"
    browser.find_element("id", "compass").click()
    assert browser.find_element("id", "camera-toggle").text == "Follow", "the compass switches to the overview"
    browser.get(stack.url(f"/vehicle/{VEHICLE}?showsTrafficLights=true&showsStopSigns=true"))
    wait_for(browser, lambda s: not s["headerHidden"], 10, "the header")
    # The settings panel changes the same settings live, and writes them into the address.
    browser.find_element("id", "settings-toggle").click()
    browser.find_element("id", "setting-navigationHeaderEnabled").click()
    wait_for(browser, lambda s: s["headerHidden"], 2, "the header switched off")
    assert "navigationHeaderEnabled=false" in browser.current_url


def test_the_fleet_page_shows_the_vehicle_and_clicks_through(stack, browser):
    browser.get(stack.url("/"))
    deadline = time.monotonic() + 10
    while browser.execute_script("return document.querySelectorAll('#fleet-list a').length") < 1:
        assert time.monotonic() < deadline, "the fleet list stayed empty"
        time.sleep(0.1)
    assert browser.find_element("id", "fleet-count").text == "1"
    screenshot(browser, "fleet")
    browser.find_element("css selector", "#fleet-list a").click()
    deadline = time.monotonic() + 5
    while not browser.current_url.endswith(f"/vehicle/{VEHICLE}"):
        assert time.monotonic() < deadline, browser.current_url
        time.sleep(0.1)


def test_page_weight_before_map_data_is_under_300_kilobytes(stack):
    total = 0
    for path in ("/vehicle/x", "/assets/app.css", "/assets/map.js", "/assets/format.js", "/assets/vehicle.js"):
        total += len(urllib.request.urlopen(stack.url(path)).read())
    assert total < 300 * 1024, total


def test_demo_with_web_prints_the_address_and_keeps_serving_after_the_trip(tmp_path):
    demo = subprocess.Popen(
        [str(bin_dir() / "navbus"), "demo", "--headless", "--web", "--web-listen", "127.0.0.1:0", "--map", str(MAP),
         "--speed-multiplier", "30", "--log-dir", str(tmp_path / "log"), "--timeout", "240"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        address, lines, deadline = None, [], time.monotonic() + 240
        while time.monotonic() < deadline:
            line = demo.stdout.readline()
            assert line, f"the demo ended early:\n{''.join(lines)}\n{demo.stderr.read()[-2000:]}"
            lines.append(line)
            found = re.search(r"navigation UI: (http://127\.0\.0\.1:\d+/)vehicle/default", line)
            address = address or (found.group(1) if found else None)
            if "still serving the navigation UI" in line:
                break
        assert address, "".join(lines)
        assert "still serving" in lines[-1], "".join(lines)
        time.sleep(2)
        assert demo.poll() is None, "the demo stopped serving after the trip"
        view = json.loads(urllib.request.urlopen(f"{address}state.json?vehicle=default").read())
        assert view["arrival"]["title"] == "Senate Square" and view["arrival"]["isFinalDestination"]
        assert b"navigation" in urllib.request.urlopen(f"{address}vehicle/default").read()
    finally:
        demo.send_signal(signal.SIGINT)
        code = demo.wait(timeout=30)
    assert code == 0, demo.stderr.read()[-2000:]


@pytest.mark.parametrize("args, code, says", [
    (["--listen", "8080"], 64, "HOST:PORT"),
    (["--listen", "127.0.0.1:99999"], 64, "HOST:PORT"),
    (["--max-clients", "0"], 64, "--max-clients"),
    (["--map", "/nonexistent/map.osm.pbf", "--listen", "127.0.0.1:0"], 1, "/nonexistent/map.osm.pbf"),
])
def test_bad_configuration_exits_with_a_one_line_reason(args, code, says):
    done = subprocess.run([str(bin_dir() / "navbus-web"), *args], capture_output=True, text=True, timeout=30,
                          env={**os.environ, **Endpoints().environment})
    assert done.returncode == code, done.stderr
    assert says in done.stderr.strip().splitlines()[-1], done.stderr


def test_a_taken_port_is_a_clear_error(stack):
    done = subprocess.run([str(bin_dir() / "navbus-web"), "--listen", f"127.0.0.1:{stack.port}"],
                          capture_output=True, text=True, timeout=30, env={**os.environ, **stack.endpoints.environment})
    assert done.returncode == 1
    assert "cannot listen on 127.0.0.1:" in done.stderr.strip().splitlines()[-1], done.stderr


def test_help_names_the_sdk_settings():
    done = subprocess.run([str(bin_dir() / "navbus-web"), "--help"], capture_output=True, text=True, timeout=10)
    assert done.returncode == 0
    for name in ("--listen", "NAVBUS_WEB_LISTEN", "--map", "NAVBUS_MAP", "navigationTripProgressBarEnabled",
                 "showsStopSigns"):
        assert name in done.stdout, name
