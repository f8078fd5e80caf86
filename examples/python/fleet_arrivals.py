"""Prints the arrivals of a whole fleet as they happen, one line each, and a tally at the end.

    python3 fleet_arrivals.py [--endpoint tcp://127.0.0.1:5561] [--count N] [--timeout SECONDS]

Needs only pyzmq. The endpoint defaults to $NAVBUS_SUB_ENDPOINT or the native default.
"""

import argparse
import collections
import json
import os
import time

import zmq


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", default=os.environ.get("NAVBUS_SUB_ENDPOINT", "tcp://127.0.0.1:5561"))
    parser.add_argument("--count", type=int, default=0, help="stop after this many arrivals (0: never)")
    parser.add_argument("--timeout", type=float, default=0, help="stop after this many seconds (0: never)")
    args = parser.parse_args()

    socket = zmq.Context().socket(zmq.SUB)
    socket.connect(args.endpoint)
    socket.setsockopt(zmq.SUBSCRIBE, b"nav.arrival.")
    deadline = time.monotonic() + args.timeout if args.timeout else None
    tally = collections.Counter()
    seen = set()
    while not args.count or sum(tally.values()) < args.count:
        wait = 1000 if deadline is None else int(max(0, deadline - time.monotonic()) * 1000)
        if deadline is not None and wait == 0:
            break
        if not socket.poll(wait):
            continue
        topic, raw = socket.recv_multipart()
        envelope = json.loads(raw)
        key = (envelope["source"], envelope["id"])
        if topic != b"nav.arrival.v1" or key in seen:  # after a proxy restart publishers re-announce their state
            continue
        seen.add(key)
        data = envelope["data"]
        vehicle = envelope["subject"]
        tally[vehicle] += 1
        final = " (final destination)" if data["isFinalDestination"] else ""
        print(f"{envelope['time']} {vehicle} arrived at {data['waypoint']['title']}{final}", flush=True)
    print(f"{sum(tally.values())} arrivals from {len(tally)} vehicles", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
