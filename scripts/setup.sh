#!/usr/bin/env bash
# Prepares a Debian/Ubuntu machine for navbus: system packages (when missing), the Python virtual
# environment for the interop tests, and the sample maps. Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libzmq3-dev libreadosm-dev libmicrohttpd-dev pkg-config python3-venv gpsd gpsd-clients chromium chromium-driver espeak-ng libespeak-ng-dev sox)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# gpsd's own service is not wanted: tests start gpsfake on a port of their own.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet gpsd.socket 2>/dev/null; then
  systemctl stop gpsd.socket gpsd.service >/dev/null 2>&1 || true
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift toolchain (6.0 or newer) is needed: https://www.swift.org/install/linux/" >&2
  exit 1
fi

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import zmq, jsonschema, pytest, yaml, selenium' 2>/dev/null; then
  echo "setup: creating .venv with the interop test requirements" >&2
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r tests/requirements.txt
fi

scripts/fetch-maps.sh
