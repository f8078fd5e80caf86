#!/usr/bin/env bash
# Times OSRM's own pipeline on the Helsinki sample map, for comparison with `navbus-bench routing`:
# osrm-extract + osrm-contract (wall time and peak memory), then starts osrm-routed on loopback.
#
#   scripts/bench-osrm.sh [--port N] [--map FILE]   run the pipeline and leave osrm-routed running
#   scripts/bench-osrm.sh --stop                    stop the osrm-routed this script started
#
# The static OSRM tools and car.lua come from the osrm-bindings wheel on PyPI, cached under .build/.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=.build/osrm-bench
port=5055
map=maps/helsinki.osm.pbf
pidfile=$cache/osrm-routed.pid

while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --map) map=$2; shift 2 ;;
    --stop)
      if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; rm -f "$pidfile"; echo "stopped"; fi
      exit 0 ;;
    *) echo "usage: $0 [--port N] [--map FILE] | --stop" >&2; exit 64 ;;
  esac
done
[ -f "$map" ] || { echo "$map is missing: run scripts/fetch-maps.sh" >&2; exit 1; }

mkdir -p "$cache"
bin=$cache/osrm/bin
if [ ! -x "$bin/osrm-extract" ]; then
  echo "fetching osrm-bindings 26.10.0 from PyPI..." >&2
  python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
    --platform manylinux_2_28_x86_64 osrm-bindings==26.10.0 -d "$cache"
  unzip -q -o "$cache"/osrm_bindings-26.10.0-*.whl 'osrm/bin/*' 'osrm/share/profiles/*' -d "$cache"
  chmod +x "$bin"/osrm-*
fi
profiles=$cache/osrm/share/profiles

work=$cache/data
rm -rf "$work"
mkdir -p "$work"
cp "$map" "$work/map.osm.pbf"

# Runs a command, printing its wall time and peak resident memory (GNU time when available).
measure() {
  local label=$1; shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$@" >"$work/$label.log" 2>"$work/$label.time" || { cat "$work/$label.log" "$work/$label.time" >&2; exit 1; }
    local wall rss
    wall=$(grep "Elapsed (wall clock)" "$work/$label.time" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$work/$label.time" | awk '{print $NF}')
    printf '%-14s wall %s, peak RSS %.1f MB\n' "$label" "$wall" "$(echo "$rss / 1024" | bc -l)"
  else
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/$label.log" 2>&1
    end=$(date +%s.%N)
    printf '%-14s wall %.3f s\n' "$label" "$(echo "$end - $start" | bc -l)"
  fi
}

echo "== OSRM 26.10.0 on $map (car.lua)"
measure osrm-extract "$bin/osrm-extract" -p "$profiles/car.lua" "$work/map.osm.pbf"
measure osrm-contract "$bin/osrm-contract" "$work/map.osrm"

if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
"$bin/osrm-routed" --ip 127.0.0.1 --port "$port" --algorithm ch "$work/map.osrm" >"$work/osrm-routed.log" 2>&1 &
echo $! >"$pidfile"
for _ in $(seq 1 50); do
  if curl -fs "http://127.0.0.1:$port/route/v1/driving/24.9384,60.1699;24.9525,60.1675?steps=true" >/dev/null 2>&1; then
    echo "osrm-routed listening on http://127.0.0.1:$port (pid $(cat "$pidfile")); stop it with: $0 --stop"
    exit 0
  fi
  sleep 0.2
done
echo "osrm-routed did not answer; see $work/osrm-routed.log" >&2
exit 1
