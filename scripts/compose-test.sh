#!/usr/bin/env bash
# `make compose-test`: proves compose/compose.yaml and compose/Dockerfile end to end with podman, on a
# machine that runs no Docker engine and cannot pull registry images:
#   1. installs podman (runc, netavark, aardvark-dns), debootstrap and a pinned podman-compose when missing;
#   2. builds a Debian bookworm base image with debootstrap (scripts/make-base-image.sh) and, on top of it,
#      a Swift build image holding this machine's toolchain, because the official images cannot be pulled;
#      both are kept, so later runs skip this;
#   3. builds the project's images from compose/Dockerfile with those two through SWIFT_IMAGE and
#      RUNTIME_IMAGE (the Swift build cache is kept between runs);
#   4. brings the stack up with podman-compose and the demo profile, the sample maps copied into the maps
#      volume (the init step then finds them and skips its PyPI download);
#   5. checks every service's health check, the published ports (only 5561, 5562 and 5563, on 127.0.0.1),
#      that the key-init step made the keys and the ACL and that the published ports answer only keyed
#      clients (a subscriber and a control call without keys get nothing, with the cli key they work),
#      that the map-init step succeeded and the services run as a non-root user,
#      that the demo trip reaches its final destination, that the logger's volume holds both arrivals, and
#      that a Python subscriber on the host receives the trip's events from 127.0.0.1:5561;
#   6. tears everything down, also on failure.
# Environment: COMPOSE_TEST_KEEP=1 leaves the stack running for a look around (tear down by hand with
# the podman-compose command printed at the end); COMPOSE_TEST_HEALTH_TIMEOUT (seconds each service may take to
# become healthy; by default 180 s plus 120 s per unit of load average per core, at most 900 s).
# A failure names the check, the container, its state and health, its last log lines, and what holds a port.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

project=navbus-compose-test
base_image=localhost/navbus-debian:bookworm
image=localhost/navbus:compose-test
maps_image=localhost/navbus-maps:compose-test
podman_compose_version=1.6.0
tools=$repo/var/compose-test
export CONTAINERS_CONF=$repo/compose/containers.conf
mkdir -p "$tools"

started=$(date +%s)
phase_started=$started
phase() {
  local now
  now=$(date +%s)
  printf 'compose-test: %-46s %4d s\n' "$1" $((now - phase_started)) >&2
  phase_started=$now
}
fail() {
  echo "compose-test: FAILED: $*" >&2
  exit 1
}
# What a user needs to see about one container when a check on it fails: state, exit code, health, last logs.
explain() {
  local name=$1
  [ -n "$name" ] || return 0
  echo "compose-test: container $name: $(podman inspect --format \
    'state {{.State.Status}}, exit code {{.State.ExitCode}}, started {{.State.StartedAt}}, restarts {{.RestartCount}}, health {{if .State.Health}}{{.State.Health.Status}} ({{.State.Health.FailingStreak}} failing){{else}}none{{end}}' \
    "$name" 2>&1)" >&2
  echo "compose-test: last log lines of $name:" >&2
  podman logs --tail 25 "$name" 2>&1 | sed 's/^/  /' >&2 || true
}
# Who holds a TCP port on the host, if anyone.
port_holder() {
  ss -Hltnp "sport = :$1" 2>/dev/null | head -n 1
}
# Seconds a service may take to become healthy: a busy machine (other builds, other stacks) needs longer.
health_timeout() {
  if [ -n "${COMPOSE_TEST_HEALTH_TIMEOUT:-}" ]; then echo "$COMPOSE_TEST_HEALTH_TIMEOUT"; return; fi
  local load cores
  load=$(cut -d ' ' -f 1 /proc/loadavg)
  cores=$(nproc)
  awk -v load="$load" -v cores="$cores" 'BEGIN { t = 180 + 120 * load / cores; if (t > 900) t = 900; printf "%d", t }'
}

# --- 1. tools -------------------------------------------------------------------------------------------
packages=(podman runc netavark aardvark-dns iptables debootstrap uidmap)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "compose-test: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Debian 12's podman-compose (1.0.3) knows no profiles; a pinned newer one from PyPI does.
compose_python=$tools/venv/bin/python
if ! "$compose_python" -m podman_compose version 2>/dev/null | grep -q "$podman_compose_version"; then
  python3 -m venv "$tools/venv"
  "$tools/venv/bin/pip" install --quiet --disable-pip-version-check "podman-compose==$podman_compose_version"
fi
compose() {
  "$compose_python" -m podman_compose --in-pod false -p "$project" -f compose/compose.yaml --profile demo "$@"
}
scripts/setup.sh # the Python venv with pyzmq for the host subscriber, and the sample maps
phase "tools ready"

# --- 2. base images ---------------------------------------------------------------------------------------
scripts/make-base-image.sh "$base_image" bookworm
phase "Debian base image"

toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -n 1)
swift_image=localhost/navbus-swift:${swift_version:?cannot read the Swift version}
if ! podman image exists "$swift_image"; then
  # The toolchain is bind-mounted into the build and copied into the image: no 3 GB build context.
  # The packages are those the official swift:*-bookworm images carry for building.
  context=$(mktemp -d)
  cat >"$context/Containerfile" <<'EOF'
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        binutils gcc g++ libc6-dev libstdc++-12-dev libgcc-12-dev pkg-config git zlib1g-dev \
        libcurl4 libxml2 libsqlite3-0 libncurses6 libedit2 libicu72 tzdata >/dev/null \
    && rm -rf /var/lib/apt/lists/*
RUN cp -a /mnt/toolchain /opt/swift
ENV PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN swift --version
EOF
  podman build --quiet --build-arg BASE_IMAGE="$base_image" --volume "$toolchain:/mnt/toolchain:ro" \
    --tag "$swift_image" "$context" >/dev/null
  rm -rf "$context"
fi
phase "Swift build image ($swift_image)"

# --- 3. project images ------------------------------------------------------------------------------------
# Docker format keeps the Dockerfile's HEALTHCHECK, which OCI images cannot carry. The build stage is tagged
# too, so it stays the layer cache; the image a tag named before is removed, so rebuilds do not pile up.
# The Swift build cache is one per machine: while another checkout's image build uses it, SwiftPM reports its
# build database as locked. That is a busy machine, not a broken build: wait for the other one (up to 40 min).
build_image() {
  local previous waited=0
  previous=$(podman image inspect --format '{{.Id}}' "$2" 2>/dev/null || true)
  until podman build --format docker --file compose/Dockerfile --ignorefile compose/Dockerfile.dockerignore \
    --build-arg SWIFT_IMAGE="$swift_image" --build-arg RUNTIME_IMAGE="$base_image" \
    --target "$1" --tag "$2" . >"$tools/build-$1.log" 2>&1; do
    if grep -q "database is locked" "$tools/build-$1.log" && [ "$waited" -lt 2400 ]; then
      [ "$waited" -gt 0 ] || echo "compose-test: another image build on this machine holds the Swift build cache" \
        "($(pgrep -a -f 'swift-build -c release --static-swift-stdlib' | head -n 1 || echo 'process not found')); waiting" >&2
      sleep 30
      waited=$((waited + 30))
      continue
    fi
    tail -40 "$tools/build-$1.log" >&2
    fail "building the $1 image (whole log: $tools/build-$1.log)"
  done
  [ "$waited" = 0 ] || echo "compose-test: waited $waited s for the Swift build cache" >&2
  if [ -n "$previous" ] && [ "$previous" != "$(podman image inspect --format '{{.Id}}' "$2")" ]; then
    podman rmi "$previous" >/dev/null 2>&1 || true
  fi
}
build_image build localhost/navbus-build:compose-test
build_image runtime "$image"
build_image map-fetcher "$maps_image"
phase "project images (release build)"

# --- 4. up ------------------------------------------------------------------------------------------------
export NAVBUS_IMAGE=$image NAVBUS_MAPS_IMAGE=$maps_image
work=$(mktemp -d)
subscriber=""
teardown() {
  local status=$?
  set +e # clean up as much as possible whatever fails here
  [ -n "$subscriber" ] && kill "$subscriber" 2>/dev/null
  if [ "$status" != 0 ]; then
    echo "compose-test: container logs (last lines each):" >&2
    for container in $(podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'); do
      echo "--- $container" >&2
      podman logs --tail 15 "$container" >&2 2>&1 || true
    done
  fi
  if [ "${COMPOSE_TEST_KEEP:-0}" = 1 ]; then
    echo "compose-test: stack kept; tear down with: CONTAINERS_CONF=$CONTAINERS_CONF" \
      "$compose_python -m podman_compose -p $project -f compose/compose.yaml --profile demo down -v" >&2
  else
    down
  fi
  rm -rf "$work"
  echo "compose-test: $([ "$status" = 0 ] && echo passed || echo failed) in $(($(date +%s) - started)) s" >&2
  exit "$status"
}
# The maps volume is made here, not by podman-compose, so `down --volumes` does not know it.
down() {
  compose down --volumes --timeout 5 >/dev/null 2>&1 || true
  podman volume ls --quiet --filter "name=^${project}_" | xargs --no-run-if-empty podman volume rm --force >/dev/null
}
trap teardown EXIT
trap 'exit 130' INT TERM

down # leftovers of an interrupted run
# A port taken by something else makes the proxy or a control server fail to bind, which otherwise shows up
# minutes later as "not healthy".
for port in 5561 5562 5563 "${NAVBUS_WEB_PORT:-8080}"; do
  holder=$(port_holder "$port")
  [ -z "$holder" ] || fail "port $port on the host is already taken, so the stack cannot publish it: $holder"
done
# The sample maps go into the maps volume the way a user's init step leaves them.
podman volume create "${project}_maps" >/dev/null
podman run --rm --user root --volume "${project}_maps:/var/lib/navbus/maps" --volume "$repo/maps:/seed:ro" \
  "$image" sh -c 'cp /seed/helsinki.osm.pbf /seed/kotka.osm.pbf /var/lib/navbus/maps/ && chown -R navbus:navbus /var/lib/navbus/maps'
# The key-init step first, alone: the host subscriber needs the cli key it writes into its secret volume.
compose up --detach --no-build key-init >"$work/up-keys.log" 2>&1 || { cat "$work/up-keys.log" >&2; fail "podman-compose up key-init"; }
key_init=$(podman ps -a --filter "label=io.podman.compose.project=$project" \
  --filter "label=io.podman.compose.service=key-init" --format '{{.Names}}' | head -n 1)
[ -n "$key_init" ] && [ "$(timeout 60 podman wait "$key_init")" = 0 ] || fail "the key-init step did not make the keys"
keys=$(podman volume inspect --format '{{.Mountpoint}}' "${project}_keys")
secrets_of() { podman volume inspect --format '{{.Mountpoint}}' "${project}_secret-$1"; }
cli_key="$(secrets_of cli)/cli.key"
[ -f "$keys/acl.json" ] && [ -f "$keys/proxy.pub" ] && [ -f "$cli_key" ] || fail "no acl.json and proxy.pub in the keys volume, or no cli.key in secret-cli"
# The shared volume holds public keys only; each secret key is alone in its service's volume, mode 0600.
! ls "$keys" | grep -q '\.key$' || fail "the shared keys volume holds a secret key: $(ls "$keys" | grep '\.key$' | tr '\n' ' ')"
for role in proxy navigator feeder logger speeding-alerter lighting-controller web speaker cli; do
  own=$(secrets_of "$role")
  [ "$(ls "$own" | grep '\.key$')" = "$role.key" ] || fail "secret-$role holds $(ls "$own" | tr '\n' ' ') instead of $role.key alone"
  [ "$(stat -c %a "$own/$role.key")" = 600 ] || fail "$role.key is not mode 0600"
done
phase "keys and ACL (key-init: public keys shared, each secret key in its own volume)"
# The host subscriber connects before the stack exists (ZeroMQ retries), through the published port, so it
# sees the whole trip. It uses the cli key, as a person on the host would.
.venv/bin/python - "$work/host-subscriber.json" "$keys" "$cli_key" >"$work/host-subscriber.log" 2>&1 <<'PY' &
import json, sys, time, zmq

socket = zmq.Context().socket(zmq.SUB)
socket.setsockopt(zmq.LINGER, 0)
secret = open(sys.argv[3], "rb").read().strip()
socket.curve_secretkey = secret
socket.curve_publickey = zmq.curve_public(secret)
socket.curve_serverkey = open(sys.argv[2] + "/proxy.pub", "rb").read().strip()
socket.setsockopt(zmq.SUBSCRIBE, b"")
socket.connect("tcp://127.0.0.1:5561")
topics, final_arrival, deadline = {}, False, time.monotonic() + 600
while time.monotonic() < deadline and not final_arrival:
    if not socket.poll(1000):
        continue
    topic, envelope = socket.recv_multipart()
    event = json.loads(envelope)
    topics[topic.decode()] = topics.get(topic.decode(), 0) + 1
    if topic == b"nav.arrival.v1" and event["data"].get("isFinalDestination"):
        final_arrival = True
    with open(sys.argv[1], "w") as summary:
        json.dump({"topics": topics, "finalArrival": final_arrival}, summary)
PY
subscriber=$!
compose up --detach --no-build >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "podman-compose up"; }
container() { podman ps -a --filter "label=io.podman.compose.project=$project" \
  --filter "label=io.podman.compose.service=$1" --format '{{.Names}}' | head -n 1; }
phase "stack up"

# --- 5. checks --------------------------------------------------------------------------------------------
# Podman runs health checks from systemd timers; without systemd (podman then logs "unable to get systemd
# connection to add healthchecks", which is harmless here) they are run here, as an engine would.
long_running=(proxy navigator feeder logger speeding-alerter lighting-controller web speaker)
healthy=()
allowed=$(health_timeout)
echo "compose-test: each service may take $allowed s to become healthy (load $(cut -d ' ' -f 1-3 /proc/loadavg), $(nproc) cores)" >&2
for service in "${long_running[@]}"; do
  name=$(container "$service")
  [ -n "$name" ] || { podman ps -a --filter "label=io.podman.compose.project=$project" >&2; fail "no container for service $service"; }
  deadline=$((SECONDS + allowed))
  until check=$(podman healthcheck run "$name" 2>&1); do
    if [ "$(podman inspect --format '{{.State.Status}}' "$name" 2>/dev/null)" = exited ]; then
      explain "$name"
      fail "$service (container $name) exited with code" \
        "$(podman inspect --format '{{.State.ExitCode}}' "$name" 2>/dev/null) before its health check passed"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      explain "$name"
      fail "health check of $service (container $name) did not pass within" \
        "$allowed s; its last answer: $(tail -n 1 <<<"$check")"
    fi
    sleep 2
  done
  healthy+=("$service@$(($(date +%s) - phase_started))s")
done
echo "compose-test: healthy (seconds after up): ${healthy[*]}" >&2
phase "health checks"

published=$(for service in "${long_running[@]}"; do podman port "$(container "$service")"; done | sort)
expected=$(printf '%s\n' "5561/tcp -> 127.0.0.1:5561" "5562/tcp -> 127.0.0.1:5562" "5563/tcp -> 127.0.0.1:5563" \
  "8080/tcp -> 127.0.0.1:${NAVBUS_WEB_PORT:-8080}")
[ "$published" = "$expected" ] || fail "published ports are not just 5561-5563 and the web UI on loopback: $published"
echo "compose-test: published: $(echo "$published" | tr '\n' ' ')" >&2
[ "$(podman exec "$(container navigator)" id -u)" != 0 ] || fail "the navigator runs as root"
# A container sees its own secret key and no other.
for role in proxy navigator web; do
  seen=$(podman exec "$(container "$role")" find /var/lib/navbus -name '*.key' 2>/dev/null | tr '\n' ' ')
  [ "$seen" = "/var/lib/navbus/secrets/$role/$role.key " ] || fail "the $role container sees these secret keys: $seen"
done
# The published ports answer only keyed clients.
.venv/bin/python - "$keys" "$cli_key" <<'PY' || fail "published ports and keys"
import json, sys, time, zmq

context = zmq.Context()
def keyed(socket, server):
    secret = open(sys.argv[2], "rb").read().strip()
    socket.curve_secretkey, socket.curve_publickey = secret, zmq.curve_public(secret)
    socket.curve_serverkey = open(sys.argv[1] + f"/{server}.pub", "rb").read().strip()
    return socket
def call(socket):
    socket.setsockopt(zmq.LINGER, 0)
    socket.connect("tcp://127.0.0.1:5562")
    socket.send(b'{"jsonrpc":"2.0","id":1,"method":"navigator.getState","params":{}}')
    return json.loads(socket.recv()) if socket.poll(3000) else None
plain = context.socket(zmq.SUB)
plain.setsockopt(zmq.LINGER, 0)
plain.setsockopt(zmq.SUBSCRIBE, b"")
plain.connect("tcp://127.0.0.1:5561")
if plain.poll(3000):
    sys.exit("a subscriber without keys received a message on 5561")
if call(context.socket(zmq.REQ)) is not None:
    sys.exit("a control call without keys was answered on 5562")
reply = call(keyed(context.socket(zmq.REQ), "navigator"))
if reply is None or "result" not in reply:
    sys.exit(f"a control call with the cli key got {reply}")
print("compose-test: without keys nothing on 5561 and 5562; with the cli key navigator.getState answers", file=sys.stderr)
PY
map_init=$(container map-init)
[ -n "$map_init" ] || fail "the map-init step did not run"
timeout 60 podman wait "$map_init" >/dev/null || fail "the map-init step did not finish"
[ "$(podman inspect --format '{{.State.ExitCode}}' "$map_init")" = 0 ] || { explain "$map_init"; fail "the map-init step failed"; }

demo=$(container demo)
[ -n "$demo" ] || fail "the demo profile's service did not start"
demo_status=$(timeout 900 podman wait "$demo") || { explain "$demo"; fail "the demo trip did not finish within 900 s"; }
podman logs "$demo" 2>&1 | sed 's/^/  /' >&2
if [ "$demo_status" != 0 ]; then
  for service in navigator feeder; do explain "$(container "$service")"; done
  fail "the demo trip (container $demo) exited with status $demo_status"
fi
phase "demo trip"

# The web UI from the host: the fleet page and the demo's vehicle, served from the container.
web_url="http://127.0.0.1:${NAVBUS_WEB_PORT:-8080}"
python3 -c "import sys, urllib.request; sys.exit(b'navbus fleet' not in urllib.request.urlopen('$web_url/').read())" \
  || fail "the web UI does not answer at $web_url/"
python3 -c "import sys, urllib.request; sys.exit(b'default' not in urllib.request.urlopen('$web_url/vehicles.json').read())" \
  || fail "the web UI does not know the demo's vehicle"
phase "web UI"

# The logger fsyncs once a second; its files are read straight from the volume.
logs=$(podman volume inspect --format '{{.Mountpoint}}' "${project}_logs")
check_arrivals() {
  .venv/bin/python - "$logs" <<'PY'
import glob, json, sys

arrivals = []
for path in sorted(glob.glob(sys.argv[1] + "/*.jsonl")):
    with open(path) as lines:
        for line in lines:
            record = json.loads(line)
            if record.get("topic") == "nav.arrival.v1":
                arrivals.append(record["envelope"]["data"])
finals = [arrival.get("isFinalDestination") for arrival in arrivals]
if len(arrivals) < 2 or finals[-1] is not True or finals[-2] is not False:
    sys.exit(f"the logger recorded {len(arrivals)} arrival(s), isFinalDestination {finals}")
print(f"{len(arrivals)} arrivals: " + ", ".join(a["waypoint"]["title"] for a in arrivals))
PY
}
deadline=$((SECONDS + 10))
until result=$(check_arrivals 2>&1); do
  [ "$SECONDS" -lt "$deadline" ] || fail "logger volume: $result"
  sleep 1
done
echo "compose-test: logger volume holds $result" >&2

# The speaker writes one WAV file per voice prompt of the trip into its volume.
prompts=$(podman volume inspect --format '{{.Mountpoint}}' "${project}_prompts")
wavs=$(find "$prompts" -name '*.wav' | wc -l)
[ "$wavs" -gt 0 ] || fail "the speaker wrote no WAV files into its volume"
echo "compose-test: the speaker wrote $wavs voice prompts" >&2

deadline=$((SECONDS + 10))
while kill -0 "$subscriber" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.5; done
summary=$(cat "$work/host-subscriber.json" 2>/dev/null) || fail "the host subscriber received nothing: $(cat "$work/host-subscriber.log")"
.venv/bin/python - "$summary" <<'PY' || fail "host subscriber on 127.0.0.1:5561: $summary"
import json, sys

summary = json.loads(sys.argv[1])
needed = {"sys.heartbeat.v1", "gps.fix.v1", "nav.location.v1", "nav.route_changed.v1", "nav.arrival.v1"}
missing = needed - summary["topics"].keys()
sys.exit(f"missing topics {sorted(missing)}" if missing else None if summary["finalArrival"] else "no final arrival")
PY
echo "compose-test: host subscriber received $summary" >&2
phase "logger volume and host subscriber"
