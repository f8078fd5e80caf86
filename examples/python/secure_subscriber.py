"""Subscribe to a navbus that runs CURVE, from Python (pyzmq).

    python3 secure_subscriber.py --secret-key keys/dash.key --server-key keys/proxy.pub \
        --endpoint tcp://127.0.0.1:5561 --prefix nav.

The proxy lets in only keys in its ACL (`--acl FILE`) and registers only the topics the key may subscribe to.
A key limited to some vehicles (`"vehicles": ["car-1"]`) must use the vehicle-scoped endpoint (`--endpoint
tcp://127.0.0.1:5564`, NAVBUS_VEHICLE_SUB_ENDPOINT) and receives topic frames such as `nav.location.v1[car-1]`:
the topic, then the vehicle in brackets, which is always the envelope's `subject`.

Prints one line per message: topic, subject, payload. Stops after --count messages or --timeout seconds
without one (exit 1 when nothing arrived at all: a wrong key or a refused one looks exactly like silence).
"""

from __future__ import annotations

import argparse
import json

import zmq

from navbus_keys import apply_client_keys


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--secret-key", required=True, help="this client's NAME.key (mode 0600)")
    arguments.add_argument("--server-key", required=True, help="the proxy's NAME.pub")
    arguments.add_argument("--endpoint", default="tcp://127.0.0.1:5561")
    arguments.add_argument("--prefix", action="append", help="topic prefix (repeatable; default everything)")
    arguments.add_argument("--count", type=int, default=0, help="stop after this many messages (0: never)")
    arguments.add_argument("--timeout", type=float, default=0, help="stop after this many quiet seconds (0: never)")
    options = arguments.parse_args()

    context = zmq.Context()
    socket = context.socket(zmq.SUB)
    socket.setsockopt(zmq.LINGER, 0)
    apply_client_keys(socket, options.secret_key, options.server_key)
    for prefix in options.prefix or [""]:
        socket.setsockopt(zmq.SUBSCRIBE, prefix.encode())
    socket.connect(options.endpoint)

    received = 0
    while options.count == 0 or received < options.count:
        if options.timeout and not socket.poll(int(options.timeout * 1000)):
            break
        frame, body = socket.recv_multipart()[:2]
        topic = frame.decode("utf-8").split("[", 1)[0]
        envelope = json.loads(body)
        print(topic, envelope.get("subject"), json.dumps(envelope.get("data"), separators=(",", ":")), flush=True)
        received += 1
    context.destroy(linger=0)
    return 0 if received else 1


if __name__ == "__main__":
    raise SystemExit(main())
