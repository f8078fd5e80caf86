"""The event sinks as a foreign client sees them: a real navbus-proxy, navbus-speeding-alerter,
navbus-lighting-controller and navbus-logger on private ipc endpoints, driven by messages that Python
publishes with pyzmq (complete CloudEvents envelopes).

- Speeding patterns hover around the thresholds; the alerter must publish exactly the expected
  alert.speeding.v1 sequence per vehicle, and run its --exec hook once per alert.
- Lighting suggestions flicker around a change; the controller must publish exactly the expected
  ui.lighting.v1 sequence per vehicle.
- Everything published must be in the logger's files, byte for byte, with a gap record where a
  sequence number was skipped.
- `navbus replay` sends a recorded log back at its recorded pace.

Every message the sinks publish is validated against Protocols/ (envelope + topic schema).
Needs NAVBUS_BIN: the directory with the built executables (`make interop-test` sets it).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import pathlib
import re
import signal
import subprocess
import time
import uuid

import pytest
import zmq
from jsonschema import Draft7Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROTOCOLS = ROOT / "Protocols"
FORMATS = Draft7Validator.FORMAT_CHECKER

MIN_DURATION = 2.0  # alerter --min-duration
DWELL = 5.0  # lighting controller --dwell
NIGHT_PRIMARY = "#101418"  # lighting controller --night-primary
STEP = 0.5  # seconds of message time between samples
QUIET = 3.5  # seconds without new output before the sinks are taken to be done


def bin_dir() -> pathlib.Path:
    value = os.environ.get("NAVBUS_BIN")
    if not value:
        pytest.fail("NAVBUS_BIN is not set: build with 'swift build' and run NAVBUS_BIN=.build/debug pytest "
                    "tests/interop (make interop-test does both)")
    path = pathlib.Path(value)
    if not path.is_absolute():
        path = ROOT / path
    for name in ("navbus-proxy", "navbus-logger", "navbus-speeding-alerter", "navbus-lighting-controller",
                 "navbus"):
        if not (path / name).is_file():
            pytest.fail(f"{path / name} is missing: run 'swift build' first")
    return path


def validator(relative: str) -> Draft7Validator:
    return Draft7Validator(json.loads((PROTOCOLS / relative).read_text(encoding="utf-8")),
                           format_checker=FORMATS)


def schema_problems(topic: str, envelope: dict) -> list[str]:
    problems = [f"envelope: {e.message}" for e in validator("envelope.schema.json").iter_errors(envelope)]
    if envelope.get("type") != f"navbus.{topic}":
        problems.append(f"type {envelope.get('type')} does not match topic {topic}")
    if envelope.get("dataschema") != f"topics/{topic}.schema.json":
        problems.append(f"dataschema {envelope.get('dataschema')} does not match topic {topic}")
    else:
        problems += [f"data: {e.message}" for e in validator(envelope["dataschema"]).iter_errors(envelope["data"])]
    return problems


def rfc3339(moment: dt.datetime) -> str:
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_time(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


class BusClient:
    """A foreign publisher (XPUB, so it can wait for the proxy) plus a subscriber, both pyzmq."""

    def __init__(self, context: zmq.Context, pub: str, sub: str):
        self.publisher = context.socket(zmq.XPUB)
        self.publisher.setsockopt(zmq.LINGER, 1000)
        self.publisher.connect(pub)
        if not self.publisher.poll(5000):
            raise AssertionError("the proxy did not subscribe to the test publisher within 5 s")
        self.publisher.recv()
        self.subscriber = context.socket(zmq.SUB)
        self.subscriber.setsockopt(zmq.LINGER, 0)
        for prefix in (b"alert.speeding.", b"ui.lighting.", b"sys.heartbeat.", b"nav.remaining_time."):
            self.subscriber.setsockopt(zmq.SUBSCRIBE, prefix)
        self.subscriber.connect(sub)
        self.source = f"navbus://interop-test/{os.getpid()}"
        self.sequences: dict[str, int] = {}
        self.published: list[tuple[str, bytes]] = []
        self.received: list[tuple[str, bytes, dict]] = []

    def envelope(self, topic: str, vehicle: str, data: dict, moment: dt.datetime, source: str | None = None,
                 sequence: int | None = None) -> bytes:
        source = source or self.source
        if sequence is None:
            sequence = self.sequences.get(source, 0) + 1
        self.sequences[source] = sequence
        envelope = {
            "specversion": "1.0", "id": str(uuid.uuid4()), "source": source, "type": f"navbus.{topic}",
            "time": rfc3339(moment), "subject": vehicle, "datacontenttype": "application/json",
            "dataschema": f"topics/{topic}.schema.json", "sequence": sequence, "data": data,
        }
        assert not schema_problems(topic, envelope), schema_problems(topic, envelope)
        return json.dumps(envelope, separators=(",", ":")).encode()

    def publish(self, topic: str, vehicle: str, data: dict, moment: dt.datetime, **kwargs) -> bytes:
        body = self.envelope(topic, vehicle, data, moment, **kwargs)
        self.publisher.send_multipart([topic.encode(), body])
        self.published.append((topic, body))
        return body

    def collect(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if self.subscriber.poll(int(left * 1000) + 1):
                topic, body = self.subscriber.recv_multipart()
                self.received.append((topic.decode(), body, json.loads(body)))

    def collect_until_quiet(self, quiet: float, limit: float, topics: tuple[str, ...]) -> None:
        """Receives until nothing on `topics` arrived for `quiet` seconds (at most `limit` seconds)."""
        deadline = time.monotonic() + limit
        last = time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - last < quiet:
            before = sum(1 for topic, _, _ in self.received if topic in topics)
            self.collect(0.2)
            if sum(1 for topic, _, _ in self.received if topic in topics) > before:
                last = time.monotonic()

    def messages(self, topic: str) -> list[dict]:
        return [envelope for name, _, envelope in self.received if name == topic]


def start(path: pathlib.Path, name: str, args: list[str], env: dict, logs: pathlib.Path) -> subprocess.Popen:
    err = open(logs / f"{name}.stderr", "wb")
    return subprocess.Popen([str(path / name), *args], env=env, stdout=subprocess.DEVNULL, stderr=err)


def stderr_of(logs: pathlib.Path, name: str) -> str:
    return (logs / f"{name}.stderr").read_text(encoding="utf-8", errors="replace")


# Speeding patterns per vehicle: (percentage, seconds) segments sampled every STEP, and the expected alerts as
# (severity, raised, since offset in seconds). Each pattern ends in a state where nothing is pending, so time
# passing after the last sample changes nothing.
def hovering(low: float, high: float, seconds: float) -> list[tuple[float, float]]:
    return [(low if index % 2 == 0 else high, STEP) for index in range(int(seconds / STEP))]


SPEEDING = {
    "hover-minor": (hovering(4.8, 5.2, 20) + [(0, 3)], []),
    "hover-major": (hovering(14.5, 15.5, 20) + [(10, 3)], [("minor", True, 0.0)]),
    "hover-clear": ([(8, 3)] + hovering(2.8, 3.2, 20) + [(8, 3)], [("minor", True, 0.0)]),
    "spike": ([(0, 2), (30, 1.5), (0, 5)], []),
    "trip": (
        [(0, 1), (10, 3), (20, 3), (10, 3), (0, 3)],
        [("minor", True, 1.0), ("major", True, 4.0), ("minor", False, 7.0), ("none", False, 10.0)],
    ),
}

# Lighting suggestions per vehicle: (offset seconds, mode), and the expected applied modes as
# (mode, changedAt offset).
LIGHTING = {
    "dusk": (
        [(0, "normal"), (10, "lowLight"), (11, "normal"), (12, "lowLight"), (13, "normal"), (14, "lowLight"),
         (20, "lowLight")],
        [("normal", 0.0), ("lowLight", 19.0)],
    ),
    "flicker": (
        [(0, "normal"), (10, "lowLight"), (12, "normal"), (14, "lowLight"), (16, "normal"), (30, "normal")],
        [("normal", 0.0)],
    ),
    "night-start": ([(0, "lowLight"), (3, "lowLight")], [("lowLight", 0.0)]),
}

GAP_SOURCE = "navbus://interop-test/gappy"
GAP_SEQUENCES = [1, 2, 3, 5, 6]


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    path = bin_dir()
    work = tmp_path_factory.mktemp("sinks")
    base = f"ipc:///tmp/navbus-sinks-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, NAVBUS_PUB_ENDPOINT=base + "-pub", NAVBUS_SUB_ENDPOINT=base + "-sub",
               NAVBUS_LOG_DIR=str(work / "logs"))
    hook_file = work / "hooks.txt"
    processes = {"navbus-proxy": start(path, "navbus-proxy", [], env, work)}
    processes["navbus-logger"] = start(path, "navbus-logger", [], env, work)
    processes["navbus-speeding-alerter"] = start(
        path, "navbus-speeding-alerter",
        ["--min-duration", str(MIN_DURATION), "--exec",
         f'echo "$NAVBUS_VEHICLE $NAVBUS_SEVERITY $NAVBUS_RAISED $NAVBUS_SPEED_LIMIT" >> {hook_file}'],
        env, work)
    processes["navbus-lighting-controller"] = start(
        path, "navbus-lighting-controller", ["--dwell", str(DWELL), "--night-primary", NIGHT_PRIMARY], env, work)
    context = zmq.Context()
    try:
        client = BusClient(context, env["NAVBUS_PUB_ENDPOINT"], env["NAVBUS_SUB_ENDPOINT"])
        sinks = {"navbus-logger", "navbus-speeding-alerter", "navbus-lighting-controller"}
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not sinks <= {m["data"]["process"]
                                                          for m in client.messages("sys.heartbeat.v1")}:
            client.collect(0.2)
        seen = {m["data"]["process"] for m in client.messages("sys.heartbeat.v1")}
        assert sinks <= seen, f"no heartbeat from {sinks - seen}: " + "".join(
            stderr_of(work, name) for name in sinks - seen)
        client.collect(0.5)  # the sinks' subscriptions reach the proxy

        start_time = dt.datetime.now(dt.timezone.utc).replace(microsecond=0) - dt.timedelta(minutes=5)
        for vehicle, (segments, _) in SPEEDING.items():
            offset = 0.0
            for percentage, seconds in segments:
                for _ in range(round(seconds / STEP)):
                    limit = 13.9
                    client.publish("nav.speeding.v1", vehicle, {
                        "percentageAboveLimit": percentage,
                        "severity": "major" if percentage >= 15 else "minor" if percentage >= 5 else "notSpeeding",
                        "speed": round(limit * (1 + percentage / 100), 3), "speedLimit": limit,
                    }, start_time + dt.timedelta(seconds=offset))
                    offset += STEP
        for vehicle, (suggestions, _) in LIGHTING.items():
            for offset, mode in suggestions:
                client.publish("nav.lighting_mode.v1", vehicle,
                               {"mode": mode, "sunElevationDegrees": -2.0 if mode == "lowLight" else 4.0},
                               start_time + dt.timedelta(seconds=offset))
        for sequence in GAP_SEQUENCES:
            client.publish("nav.remaining_time.v1", "gappy", {"seconds": 100.0 - sequence},
                           start_time + dt.timedelta(seconds=sequence), source=GAP_SOURCE, sequence=sequence)
        client.collect_until_quiet(QUIET, 20, ("alert.speeding.v1", "ui.lighting.v1"))
        yield {"client": client, "start": start_time, "work": work, "hooks": hook_file, "path": path, "env": env,
               "processes": processes}
    finally:
        for name in ("navbus-logger", "navbus-speeding-alerter", "navbus-lighting-controller", "navbus-proxy"):
            process = processes[name]
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        context.destroy(linger=0)


def by_vehicle(messages: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for envelope in messages:
        grouped.setdefault(envelope["subject"], []).append(envelope)
    return grouped


def test_every_sink_output_is_schema_valid(stack):
    outputs = [(name, envelope) for name, _, envelope in stack["client"].received
               if name in ("alert.speeding.v1", "ui.lighting.v1", "sys.heartbeat.v1")]
    assert outputs
    for topic, envelope in outputs:
        assert not schema_problems(topic, envelope), (topic, envelope, schema_problems(topic, envelope))


@pytest.mark.parametrize("vehicle", sorted(SPEEDING))
def test_the_alerter_publishes_exactly_the_expected_alerts(stack, vehicle):
    alerts = by_vehicle(stack["client"].messages("alert.speeding.v1")).get(vehicle, [])
    actual = [(a["data"]["severity"], a["data"]["raised"],
               (parse_time(a["data"]["since"]) - stack["start"]).total_seconds()) for a in alerts]
    assert actual == SPEEDING[vehicle][1], stderr_of(stack["work"], "navbus-speeding-alerter")
    for alert in alerts:
        assert alert["source"].startswith("navbus://speeding-alerter/")
        assert alert["data"]["speedLimit"] == 13.9


def test_the_alerter_runs_its_hook_once_per_alert_with_the_details(stack):
    expected = sorted(f"{vehicle} {severity} {'true' if raised else 'false'} 13.9"
                      for vehicle, (_, alerts) in SPEEDING.items() for severity, raised, _ in alerts)
    deadline = time.monotonic() + 5
    lines: list[str] = []
    while time.monotonic() < deadline:
        lines = stack["hooks"].read_text().splitlines() if stack["hooks"].exists() else []
        if len(lines) >= len(expected):
            break
        time.sleep(0.1)
    assert sorted(lines) == expected


def test_the_alerter_writes_a_line_for_each_alert_to_stderr(stack):
    text = stderr_of(stack["work"], "navbus-speeding-alerter")
    assert "speed alert RAISED for trip: MAJOR" in text
    assert "speed alert LOWERED for trip: MINOR" in text
    assert "speed alert CLEARED for trip" in text


@pytest.mark.parametrize("vehicle", sorted(LIGHTING))
def test_the_lighting_controller_applies_exactly_the_expected_modes(stack, vehicle):
    applied = by_vehicle(stack["client"].messages("ui.lighting.v1")).get(vehicle, [])
    actual = [(m["data"]["appliedMode"], (parse_time(m["data"]["changedAt"]) - stack["start"]).total_seconds())
              for m in applied]
    assert actual == LIGHTING[vehicle][1], stderr_of(stack["work"], "navbus-lighting-controller")
    for message in applied:
        theme = message["data"]["theme"]
        if message["data"]["appliedMode"] == "lowLight":
            assert theme["name"] == "night" and theme["primaryBackground"] == NIGHT_PRIMARY
        else:
            assert theme["name"] == "day" and theme["primaryBackground"] != NIGHT_PRIMARY
        assert theme["primaryBackground"] != theme["secondaryBackground"]


LOG_NAME = re.compile(r"^navbus-\d{4}-\d{2}-\d{2}-\d{3,}\.jsonl$")


def read_log(directory: pathlib.Path) -> tuple[bytes, list[dict]]:
    """The raw bytes of every log file and their records, oldest file first."""
    raw = b""
    for file in sorted(directory.iterdir()):
        assert LOG_NAME.match(file.name), f"unexpected file {file.name} in the log directory"
        raw += file.read_bytes()
    return raw, [json.loads(line) for line in raw.splitlines()]


def test_the_logger_records_every_published_message_verbatim(stack):
    wanted = [b'{"topic":"' + topic.encode() + b'","envelope":' + body + b"}\n"
              for topic, body in stack["client"].published]
    deadline = time.monotonic() + 5
    while True:
        raw, records = read_log(stack["work"] / "logs")
        missing = [line for line in wanted if line not in raw]
        if not missing or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not missing, f"{len(missing)} of {len(wanted)} published messages are not in the log, e.g. {missing[0]!r}"
    # The sinks' own output is recorded too, and each message keeps its topic frame.
    logged = [(r["topic"], r["envelope"]) for r in records if "envelope" in r]
    assert {"alert.speeding.v1", "ui.lighting.v1", "sys.heartbeat.v1"} <= {topic for topic, _ in logged}
    for topic, envelope in logged:
        assert envelope["type"] == f"navbus.{topic}"


def test_the_logger_records_a_gap_where_a_sequence_was_skipped(stack):
    deadline = time.monotonic() + 5
    gaps = []
    while not gaps and time.monotonic() < deadline:
        gaps = [r["gap"] for r in read_log(stack["work"] / "logs")[1] if r["topic"] == "navbus.logger.gap"]
        time.sleep(0.2)
    assert [(g["source"], g["lastSequence"], g["sequence"], g["missed"]) for g in gaps] == [(GAP_SOURCE, 3, 5, 1)]
    assert "envelope" not in gaps[0]
    parse_time(gaps[0]["detectedAt"])


def test_replay_sends_a_recorded_log_at_its_recorded_pace(stack, tmp_path):
    client = stack["client"]
    base = dt.datetime.now(dt.timezone.utc)
    source = f"navbus://interop-replay/{uuid.uuid4().hex[:6]}"
    bodies = [client.envelope("nav.remaining_time.v1", "replayed", {"seconds": 30.0 - index},
                              base + dt.timedelta(seconds=index), source=source, sequence=index + 1)
              for index in range(3)]
    log = tmp_path / "recorded.jsonl"
    lines = [b'{"topic":"nav.remaining_time.v1","envelope":' + body + b"}" for body in bodies]
    lines.insert(1, b'{"topic":"navbus.logger.gap","gap":{"source":"x","lastSequence":1,"sequence":3,"missed":1}}')
    log.write_bytes(b"\n".join(lines) + b"\n")
    replay = subprocess.Popen([str(stack["path"] / "navbus"), "replay", str(log), "--rate", "4"],
                              env=stack["env"], stderr=subprocess.PIPE)
    arrivals: list[tuple[bytes, float]] = []
    deadline = time.monotonic() + 10
    while len(arrivals) < len(bodies) and time.monotonic() < deadline:
        if client.subscriber.poll(100):
            topic, body = client.subscriber.recv_multipart()
            if json.loads(body).get("subject") == "replayed":
                arrivals.append((body, time.monotonic()))
    _, errors = replay.communicate(timeout=10)
    assert replay.returncode == 0, errors.decode()
    assert [body for body, _ in arrivals] == bodies
    # One second of recorded time between messages takes a quarter of a second at rate 4.
    spacings = [later - earlier for (_, earlier), (_, later) in zip(arrivals, arrivals[1:])]
    assert all(0.15 <= spacing <= 0.6 for spacing in spacings), spacings


@pytest.mark.parametrize("name", ["navbus-logger", "navbus-speeding-alerter", "navbus-lighting-controller"])
def test_bad_flags_exit_64_with_a_message_and_help_exits_0(name):
    path = bin_dir()
    bad = subprocess.run([str(path / name), "--no-such-flag"], capture_output=True, timeout=10)
    assert bad.returncode == 64
    assert b"--no-such-flag" in bad.stderr
    helped = subprocess.run([str(path / name), "--help"], capture_output=True, timeout=10)
    assert helped.returncode == 0
    assert b"--sub" in helped.stdout and b"NAVBUS_SUB_ENDPOINT" in helped.stdout


@pytest.mark.parametrize("name,signal_number", [("navbus-speeding-alerter", signal.SIGINT),
                                                ("navbus-lighting-controller", signal.SIGTERM),
                                                ("navbus-logger", signal.SIGTERM)])
def test_sinks_exit_0_on_sigint_and_sigterm(name, signal_number, tmp_path):
    path = bin_dir()
    base = f"ipc:///tmp/navbus-sinks-stop-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, NAVBUS_PUB_ENDPOINT=base + "-pub", NAVBUS_SUB_ENDPOINT=base + "-sub",
               NAVBUS_LOG_DIR=str(tmp_path / "logs"))
    process = start(path, name, [], env, tmp_path)
    time.sleep(0.5)
    process.send_signal(signal_number)
    assert process.wait(timeout=10) == 0, stderr_of(tmp_path, name)


def test_replay_loops_with_restamped_times_that_subscribers_accept(stack, tmp_path):
    client = stack["client"]
    source = f"navbus://interop-replay/{uuid.uuid4().hex[:6]}"
    base = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    bodies = [client.envelope("nav.remaining_time.v1", "looped", {"seconds": 3.0 - index},
                              base + dt.timedelta(seconds=index), source=source, sequence=index + 1)
              for index in range(3)]
    log = tmp_path / "loop.jsonl"
    log.write_bytes(b"".join(b'{"topic":"nav.remaining_time.v1","envelope":' + body + b"}\n" for body in bodies))
    replay = subprocess.Popen([str(stack["path"] / "navbus"), "replay", str(log), "--rate", "10", "--loop",
                               "--restamp"], env=stack["env"], stderr=subprocess.PIPE)
    received: list[dict] = []
    deadline = time.monotonic() + 10
    while len(received) < 7 and time.monotonic() < deadline:
        if client.subscriber.poll(100):
            _, body = client.subscriber.recv_multipart()
            envelope = json.loads(body)
            if envelope.get("subject") == "looped":
                received.append(envelope)
    replay.send_signal(signal.SIGINT)
    _, errors = replay.communicate(timeout=10)
    assert replay.returncode == 0, errors.decode()
    # Later passes get through (their times move on), with everything but the time unchanged.
    assert [e["id"] for e in received[:7]] == [json.loads(b)["id"] for b in bodies] * 2 + [json.loads(bodies[0])["id"]]
    times = [parse_time(e["time"]) for e in received]
    assert times == sorted(times) and len(set(times)) == len(times)
    for envelope in received:
        original = json.loads(bodies[envelope["sequence"] - 1])
        assert {k: v for k, v in envelope.items() if k != "time"} == {k: v for k, v in original.items() if k != "time"}
