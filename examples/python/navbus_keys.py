"""Reads navbus CURVE key files (`navbus keygen NAME --out DIR`) for pyzmq, and applies them to a socket.

NAME.key holds the Z85 secret key and must be readable by its owner only (mode 0600); NAME.pub holds the
Z85 public key. Both are one line of 40 characters.
"""

from __future__ import annotations

import os
import stat
import sys

import zmq


def read_key(path: str) -> bytes:
    with open(path, "rb") as handle:
        key = handle.readline().strip()
    if len(key) != 40:
        sys.exit(f"{path}: not a CURVE key (one line of 40 Z85 characters)")
    return key


def read_secret_key(path: str) -> bytes:
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if mode & 0o077:
        sys.exit(f"{path}: secret key file is readable by group or others (mode {mode:o}); run: chmod 600 {path}")
    return read_key(path)


def apply_client_keys(socket: zmq.Socket, secret_key_file: str, server_key_file: str) -> None:
    """Makes `socket` a CURVE client: its own key pair and the public key of the proxy or server. Call before
    connect()."""
    if not zmq.has("curve"):
        sys.exit("this libzmq has no CURVE support (it needs libsodium)")
    secret = read_secret_key(secret_key_file)
    socket.curve_secretkey = secret
    socket.curve_publickey = zmq.curve_public(secret)
    socket.curve_serverkey = read_key(server_key_file)
