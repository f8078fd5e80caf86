#!/usr/bin/env bash
# make demo: runs `navbus demo` with the binaries in $1 (default .build/debug).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-.build/debug}"
exec "$bin/navbus" demo --map maps/helsinki.osm.pbf
