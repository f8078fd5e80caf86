"""Call a navbus control method (JSON-RPC 2.0) over CURVE, from Python (pyzmq).

    python3 secure_rpc.py navigator.getState '{"vehicle": "car-1"}' \
        --secret-key keys/dash.key --server-key keys/navigator.pub --endpoint tcp://127.0.0.1:5562

The server key is the public key of the server called: the navigator's for navigator.*, router.* and
roadSnappedLocationProvider.*, the feeder's (port 5563) for locationSimulator.*. The server answers only keys in
its ACL; a call the key's `call` patterns or `vehicles` do not allow is answered with error -32010.

Prints the result as JSON and exits 0; prints the error and exits 1; exits 2 when no reply came (a key the
server does not let in gets no reply at all).
"""

from __future__ import annotations

import argparse
import json
import sys

import zmq

from navbus_keys import apply_client_keys


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("method")
    arguments.add_argument("params", nargs="?", default="{}", help="JSON object")
    arguments.add_argument("--secret-key", required=True, help="this client's NAME.key (mode 0600)")
    arguments.add_argument("--server-key", required=True, help="the server's NAME.pub")
    arguments.add_argument("--endpoint", default="tcp://127.0.0.1:5562")
    arguments.add_argument("--timeout", type=float, default=3.0)
    options = arguments.parse_args()

    context = zmq.Context()
    socket = context.socket(zmq.REQ)
    socket.setsockopt(zmq.LINGER, 0)
    apply_client_keys(socket, options.secret_key, options.server_key)
    socket.connect(options.endpoint)
    request = {"jsonrpc": "2.0", "id": 1, "method": options.method, "params": json.loads(options.params)}
    socket.send(json.dumps(request).encode())
    try:
        if not socket.poll(int(options.timeout * 1000)):
            print(f"no reply from {options.endpoint} within {options.timeout} s", file=sys.stderr)
            return 2
        reply = json.loads(socket.recv())
    finally:
        context.destroy(linger=0)
    if "error" in reply:
        print(json.dumps(reply["error"]), file=sys.stderr)
        return 1
    print(json.dumps(reply["result"], indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
