"""Gets the current state of the bus at once (the latest message of every topic and vehicle), then follows it live.

    python3 current_state.py [PREFIX] [--endpoint tcp://127.0.0.1:5561] [--timeout SECONDS]

This is what a client that joins late does, e.g. a dashboard that must show the route being driven now. The
proxy's last-value cache answers a subscription to `@snapshot/<nonce>/<PREFIX>`, with a nonce of the client's
own, by sending the cached messages under the topic frame `@snapshot/<nonce>/<topic>` and then the end marker
`@snapshot/<nonce>/<PREFIX>@end` (body `{"snapshotEnd": PREFIX, "count": N}`). Nobody else receives them. Subscribe to the live prefix first, so nothing
published meanwhile is missed; a live message of a (topic, vehicle) wins over its cached value; a message whose
(source, id) was already seen is a duplicate (CloudEvents), which can happen only around a proxy restart.

Needs only pyzmq. The endpoint defaults to $NAVBUS_SUB_ENDPOINT or the native default.
"""

import argparse
import json
import os
import secrets
import time

import zmq


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix", nargs="?", default="nav.")
    parser.add_argument("--endpoint", default=os.environ.get("NAVBUS_SUB_ENDPOINT", "tcp://127.0.0.1:5561"))
    parser.add_argument("--timeout", type=float, default=0, help="stop after this many seconds (0: never)")
    args = parser.parse_args()

    snapshot = f"@snapshot/{secrets.token_hex(8)}/".encode()
    socket = zmq.Context().socket(zmq.SUB)
    socket.setsockopt(zmq.SUBSCRIBE, args.prefix.encode())
    socket.setsockopt(zmq.SUBSCRIBE, snapshot + args.prefix.encode())
    socket.connect(args.endpoint)

    seen = set()
    live_keys = set()
    in_snapshot = True
    deadline = time.monotonic() + args.timeout if args.timeout else None
    while deadline is None or time.monotonic() < deadline:
        if not socket.poll(200):
            continue
        frames = socket.recv_multipart()
        topic = frames[0]
        if topic.startswith(b"@snapshot/") and not topic.startswith(snapshot):
            continue  # another client's snapshot, seen only when subscribed to everything
        if topic == snapshot + args.prefix.encode() + b"@end":
            in_snapshot = False
            socket.setsockopt(zmq.UNSUBSCRIBE, snapshot + args.prefix.encode())
            print("-- current state above, live messages below", flush=True)
            continue
        cached = topic.startswith(snapshot)
        topic = topic[len(snapshot):] if cached else topic
        envelope = json.loads(frames[1])
        key = (envelope["source"], envelope["id"])
        stream = (topic, envelope["subject"])
        if key in seen or (cached and stream in live_keys):
            continue
        seen.add(key)
        if in_snapshot and not cached:
            live_keys.add(stream)
        print(f"{'cached' if cached else 'live  '} {topic.decode()} {envelope['subject']} {json.dumps(envelope['data'])[:100]}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
