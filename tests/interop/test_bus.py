"""The bus with a real foreign client: pyzmq talking to navbus-proxy and the navbus CLI.

Covers exact topic frames, schema-valid envelopes from Swift, Python-published messages reaching a Swift
subscriber, the last-value cache for late joiners, and garbage that must be counted, not crash anything,
and not hide the good messages around it.
"""

from __future__ import annotations

import json
import subprocess
import time

import zmq

from conftest import bin_dir, envelope, receive, subscribe
from test_protocols import check_envelope


def navbus(endpoints, *args: str, timeout: float = 10.0) -> subprocess.CompletedProcess:
    env = dict(__import__("os").environ)
    env.update(endpoints.environment)
    return subprocess.run(
        [str(bin_dir() / "navbus"), *args], env=env, capture_output=True, text=True, timeout=timeout
    )


def publisher(context, endpoints) -> zmq.Socket:
    """A foreign publisher. An XPUB (rather than PUB) sees the proxy's subscribe-everything arrive, so the test
    knows its messages will not be dropped for want of a subscriber while the connection is being set up."""
    socket = context.socket(zmq.XPUB)
    socket.setsockopt(zmq.LINGER, 1000)
    socket.connect(endpoints.publisher)
    assert socket.poll(5000), "the proxy did not subscribe within 5 s"
    assert socket.recv()[:1] == b"\x01"
    return socket


def heartbeat_counters(context, endpoints, process: str = "navbus-proxy", after: float = 0.0) -> dict:
    """Counters from the next heartbeat of `process` stamped after `after` (seconds since the epoch)."""
    socket = subscribe(context, endpoints.subscriber, "sys.heartbeat.")
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            _, message = receive(socket, timeout=3, topic="sys.heartbeat.v1")
            data = message["data"]
            stamp = time.mktime(time.strptime(message["time"][:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone
            if data["process"] == process and stamp > after:
                return data["counters"]
        raise AssertionError(f"no fresh heartbeat from {process}")
    finally:
        socket.close()


def test_python_subscriber_receives_swift_messages_with_exact_topics(proxy, endpoints, context):
    socket = subscribe(context, endpoints.subscriber, "nav.remaining_time.")
    time.sleep(0.2)
    result = navbus(endpoints, "pub", "nav.remaining_time.v1", '{"seconds": 412}', "--vehicle", "car-3")
    assert result.returncode == 0, result.stderr
    topic, message = receive(socket, topic=None)
    assert topic == "nav.remaining_time.v1"
    assert message["subject"] == "car-3"
    assert message["data"] == {"seconds": 412}
    assert message["source"].startswith("navbus://cli/")
    check_envelope(topic, message)


def test_heartbeats_are_schema_valid(proxy, endpoints, context):
    socket = subscribe(context, endpoints.subscriber, "sys.heartbeat.")
    topic, message = receive(socket, topic="sys.heartbeat.v1")
    check_envelope(topic, message)
    assert message["data"]["process"] == "navbus-proxy"
    assert {"sent", "received", "dropped", "malformed"} <= message["data"]["counters"].keys()


def test_prefix_subscription_never_matches_another_topic(proxy, endpoints, context):
    socket = subscribe(context, endpoints.subscriber, "nav.speeding.")
    pub = publisher(context, endpoints)
    pub.send_multipart([b"nav.location.v1", json.dumps(envelope("nav.location.v1", {"x": 1})).encode()])
    pub.send_multipart([b"nav.speeding.v1", json.dumps(envelope("nav.speeding.v1", {"y": 2}, sequence=2)).encode()])
    topic, message = receive(socket)
    assert topic == "nav.speeding.v1" and message["data"] == {"y": 2}
    assert socket.poll(300) == 0


def test_python_publisher_reaches_a_swift_subscriber(proxy, endpoints, context):
    env = dict(__import__("os").environ)
    env.update(endpoints.environment)
    reader = subprocess.Popen(
        [str(bin_dir() / "navbus"), "sub", "nav.arrival.", "--json", "--count", "2", "--timeout", "10"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(0.5)
    pub = publisher(context, endpoints)
    arrival = {
        "waypoint": {"title": "Kamppi", "latitude": 60.1688, "longitude": 24.9314},
        "waypointIndex": 0,
        "isFinalDestination": False,
    }
    for sequence in (1, 2):
        pub.send_multipart(
            [b"nav.arrival.v1", json.dumps(envelope("nav.arrival.v1", arrival, "car-9", sequence)).encode()]
        )
    out, err = reader.communicate(timeout=15)
    assert reader.returncode == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["topic"] for line in lines] == ["nav.arrival.v1", "nav.arrival.v1"]
    assert [line["envelope"]["sequence"] for line in lines] == [1, 2]
    assert lines[0]["envelope"]["data"] == arrival


def test_late_joiner_gets_the_last_value_per_topic_and_vehicle(proxy, endpoints, context):
    pub = publisher(context, endpoints)
    for sequence, (vehicle, seconds) in enumerate([("a", 30), ("a", 20), ("b", 99)], start=1):
        data = {"seconds": seconds}
        pub.send_multipart(
            [b"nav.remaining_time.v1", json.dumps(envelope("nav.remaining_time.v1", data, vehicle, sequence)).encode()]
        )
    time.sleep(0.3)
    # The snapshot protocol of examples/python/current_state.py: a subscription of the client's own.
    snapshot = "@snapshot/0123456789abcdef/"
    late = subscribe(context, endpoints.subscriber, "nav.remaining_time.", snapshot + "nav.remaining_time.")
    received = {}
    deadline = time.monotonic() + 5
    while True:
        assert late.poll(int(max(0, deadline - time.monotonic()) * 1000)), "no end of snapshot within 5 s"
        frames = late.recv_multipart()
        if frames[0] == (snapshot + "nav.remaining_time.@end").encode():
            assert len(frames) == 2 and json.loads(frames[1]) == {"snapshotEnd": "nav.remaining_time.", "count": 2}
            break
        assert frames[0] == (snapshot + "nav.remaining_time.v1").encode()
        message = json.loads(frames[1])
        received[message["subject"]] = message["data"]["seconds"]
    assert received == {"a": 20, "b": 99}
    assert late.poll(300) == 0


def test_garbage_is_counted_and_never_hides_good_messages(proxy, endpoints, context):
    started = time.time()
    socket = subscribe(context, endpoints.subscriber, "nav.", "gps.", "bogus")
    pub = publisher(context, endpoints)
    good = envelope("nav.remaining_distance.v1", {"meters": 1200}, "car-1", 1)
    wrong_version = dict(good, specversion="0.3")
    garbage = [
        [b"nav.remaining_distance.v1"],
        [b"nav.remaining_distance.v1", b"{}", b"extra"],
        [b"nav.remaining_distance.v1", b"\xff\xfe{not utf8"],
        [b"nav.remaining_distance.v1", b"[1, 2, 3]"],
        [b"nav.remaining_distance.v1", json.dumps(wrong_version).encode()],
        [b"bogus.topic.v1", json.dumps(good).encode()],
        [b"gps.fix.v1", b"{" + b" " * (10 * 1024 * 1024) + b"}"],
    ]
    for frames in garbage:
        pub.send_multipart(frames)
    pub.send_multipart([b"nav.remaining_distance.v1", json.dumps(good).encode()])

    # The Swift subscriber of `navbus sub` skips the garbage and prints the good message.
    result = navbus(endpoints, "sub", "nav.remaining_distance.", "--json", "--count", "1", "--timeout", "5")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[0])["envelope"]["data"] == {"meters": 1200}

    counters = heartbeat_counters(context, endpoints, after=started + 1)
    assert counters["malformed"] >= 4, counters  # one frame, three frames, invalid UTF-8, not an object
    assert counters["wrongVersion"] >= 1, counters
    assert counters["unknownTopic"] >= 1, counters
    assert counters["oversize"] >= 1, counters
    assert proxy.alive(), proxy.errors()
