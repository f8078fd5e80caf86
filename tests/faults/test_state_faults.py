"""Fix times and saved state that used to freeze or crash-loop the navigator (issue #12 items 1, 3, 8), through the
real processes: a fix dated 2099 on the bus, corrupt and hostile session files, a read-only state directory."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import time

import pytest

from conftest import MAP, envelope, fix, heartbeat_counters, publisher, rpc, subscribe, support, wait_for

KAMPPI = {"title": "Kamppi", "latitude": 60.1688, "longitude": 24.9320}


def send_fix(pub, vehicle: str, sequence: int, **fields) -> None:
    pub.send_multipart([b"gps.fix.v1", json.dumps(envelope("gps.fix.v1", fix(**fields), vehicle, sequence)).encode()])


def test_a_fix_from_2099_does_not_freeze_the_vehicle(navigator, context, endpoints):
    """Item 1: after one fix dated 2099 no nav.location.v1 came ever again, across clear/set destinations."""
    assert "result" in rpc(context, endpoints.navigator, "roadSnappedLocationProvider.startUpdatingLocation", {})
    locations = subscribe(context, endpoints.subscriber, "nav.location.")
    pub = publisher(context, endpoints)
    send_fix(pub, "default", 1, timestamp="2099-01-01T00:00:00Z")
    time.sleep(0.3)
    for sequence in range(2, 6):
        send_fix(pub, "default", sequence, longitude=24.9433 + 0.0001 * sequence)
        time.sleep(0.1)
    received = []
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len(received) < 4:
        if locations.poll(200):
            frames = locations.recv_multipart()
            if frames[0] == b"nav.location.v1":
                received.append(json.loads(frames[1]))
    assert len(received) >= 4, "the vehicle froze after a fix from the future"
    counters = heartbeat_counters(context, endpoints, "navbus-navigator")
    assert counters.get("fixesFromFuture") == 1, counters


def test_fixes_outside_the_schema_are_refused_and_counted(navigator, context, endpoints):
    """Item 8: a fix with horizontalAccuracy -1 passed although the schema says >= 0."""
    pub = publisher(context, endpoints)
    bad = [{"horizontalAccuracy": -1}, {"latitude": 1.5e302}, {"speed": -2}, {"course": 360}, {"satellites": -4}]
    for sequence, fields in enumerate(bad, start=1):
        send_fix(pub, "bounds", sequence, **fields)
    counters = wait_for(
        lambda: (lambda c: c if c.get("malformedFixes", 0) >= len(bad) else None)(
            heartbeat_counters(context, endpoints, "navbus-navigator")), 10, "bad fixes not counted")
    assert counters.get("fixesProcessed", 0) == 0, counters
    assert "result" in rpc(context, endpoints.navigator, "navigator.getState", {"vehicle": "bounds"})


def saved_session(start, endpoints, context, state: pathlib.Path) -> dict:
    """Runs a navigator until it has saved a session with a route for `default`; returns the file's JSON."""
    process = start("navbus-navigator", "--map", str(MAP), "--state-dir", str(state), env=endpoints.environment)
    wait_for(lambda: _answers(context, endpoints), 60, f"no navigator: {process.errors()}")
    time.sleep(0.5)
    pub = publisher(context, endpoints)
    send_fix(pub, "default", 1, latitude=60.1712, longitude=24.9413)
    wait_for(lambda: (lambda r: r if r.get("result", {}).get("routeStatus") == "OK" else None)(
        rpc(context, endpoints.navigator, "navigator.setDestinations", {"waypoints": [KAMPPI]})), 10, "no route")
    assert process.stop() == 0
    return json.loads((state / "default.session.json").read_text())


def _answers(context, endpoints) -> bool:
    try:
        return "result" in rpc(context, endpoints.navigator, "navigator.getState", timeout=1)
    except AssertionError:
        return False


def test_corrupt_and_hostile_session_files_are_skipped_with_a_line_and_a_counter(
        start, endpoints, proxy, context, tmp_path):
    """Items 3 and 8: segment 1000000 trapped at PreparedLeg.swift:94 on the first fix (the proxy hands over a
    cached fix at every start, so the navigator crash-looped); leg 99 trapped on getState; a file naming another
    vehicle replaced that vehicle's session."""
    state = tmp_path / "state"
    good = saved_session(start, endpoints, context, state)

    def variant(**changes) -> str:
        session = json.loads(json.dumps(good))
        for path, value in changes.items():
            target = session
            keys = path.split("__")
            for key in keys[:-1]:
                target = target[key]
            target[keys[-1]] = value
        return json.dumps(session)

    (state / "segment.session.json").write_text(variant(vehicle="segment", guidance__tracker__segment=1_000_000))
    (state / "leg.session.json").write_text(variant(vehicle="leg", guidance__currentLegIndex=99))
    (state / "impostor.session.json").write_text(variant())  # names vehicle "default"
    (state / "garbage.session.json").write_bytes(os.urandom(4096))
    (state / "shape.session.json").write_text('{"format": 1, "vehicle": 7}')
    with open(state / "huge.session.json", "wb") as huge:
        huge.truncate(40 << 20)  # sparse: 40 MB on paper, nothing on disk
    navigator = start("navbus-navigator", "--map", str(MAP), "--state-dir", str(state), env=endpoints.environment)
    wait_for(lambda: _answers(context, endpoints), 60, f"no navigator: {navigator.errors()}")
    pub = publisher(context, endpoints)
    for vehicle in ("segment", "leg", "impostor", "default"):
        send_fix(pub, vehicle, 2, latitude=60.1712, longitude=24.9415)
    for vehicle in ("segment", "leg", "default"):
        assert "result" in rpc(context, endpoints.navigator, "navigator.getState", {"vehicle": vehicle})
    counters = heartbeat_counters(context, endpoints, "navbus-navigator")
    assert navigator.alive()
    assert counters.get("sessionsSkipped") == 6, counters
    assert counters.get("sessionsRestored") == 1, counters
    default = rpc(context, endpoints.navigator, "navigator.getState", {})["result"]
    assert len(default["routeLegs"]) == 1
    skipped = [line for line in navigator.errors().splitlines() if "skipping saved session" in line]
    assert len(skipped) == 6, "\n".join(skipped)
    assert any("segment 1000000" in line for line in skipped)
    assert any("holds the session of vehicle" in line for line in skipped)


def read_only_directory(tmp_path: pathlib.Path) -> tuple[pathlib.Path, callable]:
    """A directory writes fail in: a read-only tmpfs when running as root (root ignores modes), else mode 0555."""
    directory = tmp_path / "readonly"
    directory.mkdir()
    if os.geteuid() != 0:
        directory.chmod(0o555)
        return directory, lambda: directory.chmod(0o755)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(directory)], check=True)
    return directory, lambda: subprocess.run(["umount", str(directory)], check=False)


def test_a_read_only_state_directory_is_reported_at_start(endpoints, proxy, tmp_path):
    """Item 8: a read-only --state-dir was discovered only at the first save."""
    directory, restore = read_only_directory(tmp_path)
    try:
        result = subprocess.run(
            [str(support.bin_dir() / "navbus-navigator"), "--map", str(MAP), "--state-dir", str(directory)],
            env={**os.environ, **endpoints.environment}, capture_output=True, text=True, timeout=60)
    finally:
        restore()
    assert result.returncode == 1, result.stderr
    assert "not writable" in result.stderr and str(directory) in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 3, result.stderr
