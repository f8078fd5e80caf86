#!/usr/bin/env bash
# The compose demo: a scripted two-stop trip through central Helsinki (Kamppi, then Senate Square), driven
# by the feeder's simulator and steered only through the running services' control APIs, as any client
# would. Exits 0 once the final destination is reached.
# Environment: NAVBUS_DEMO_VEHICLE (default "default"), NAVBUS_DEMO_SPEED_MULTIPLIER (default 20),
# NAVBUS_DEMO_TIMEOUT (seconds allowed for each leg, default 300), NAVBUS_DEMO_HEALTH_TIMEOUT (seconds to wait
# for each service's heartbeat, default 300: a busy machine starts containers slowly) and the NAVBUS_*_ENDPOINT
# variables.
set -euo pipefail
vehicle=${NAVBUS_DEMO_VEHICLE:-default}
speed=${NAVBUS_DEMO_SPEED_MULTIPLIER:-20}
leg_timeout=${NAVBUS_DEMO_TIMEOUT:-300}
health_timeout=${NAVBUS_DEMO_HEALTH_TIMEOUT:-300}
waypoints='[{"title":"Kamppi","latitude":60.1689,"longitude":24.9316},{"title":"Senate Square","latitude":60.1695,"longitude":24.9520}]'

say() { echo "demo-trip: $*" >&2; }
fail() { say "$*"; exit 1; }
call() { navbus call "$1" "$2" --vehicle "$vehicle" --timeout 5 --retries 3; }
# The value of a string member in JSON text; enough for the flat answers read here.
member() { sed -n "s/.*\"$1\" *: *\"\\([^\"]*\\)\".*/\\1/p" | head -n 1; }

# Engines that ignore depends_on health conditions (podman before 4.6) may start this first.
for process in navbus-navigator navbus-feeder navbus-logger; do
  navbus health --process "$process" --timeout "$health_timeout" >/dev/null \
    || fail "no heartbeat from $process within $health_timeout s (${NAVBUS_SUB_ENDPOINT:-default endpoint})"
done

# Arrivals are recorded from before the trip starts, so none slips by between two waits. A new subscriber
# gets the proxy's cached last arrival at once (its snapshot); only lines after those count.
arrivals=$(mktemp)
navbus sub nav.arrival. --vehicle "$vehicle" --json >"$arrivals" &
subscriber=$!
trap 'kill "$subscriber" 2>/dev/null || true; rm -f "$arrivals"' EXIT
sleep 1
seen=$(wc -l <"$arrivals")

call locationSimulator.simulateLocation '{"latitude":60.1712,"longitude":24.9433}' >/dev/null
call roadSnappedLocationProvider.startUpdatingLocation '{}' >/dev/null
# The navigator plans from the vehicle's location, which it has once the first fix has crossed the bus.
status=""
for _ in $(seq 1 30); do
  status=$(call navigator.setDestinations "{\"waypoints\":$waypoints}" | member routeStatus)
  [ "$status" = locationUnavailable ] || break
  sleep 1
done
[ "$status" = OK ] || fail "navigator.setDestinations answered routeStatus $status"
say "route planned: Kamppi, then Senate Square (vehicle $vehicle)"
call navigator.setGuidanceActive '{"active":true}' >/dev/null
call locationSimulator.configure "{\"speedMultiplier\":$speed}" >/dev/null
call locationSimulator.simulateLocationsAlongExistingRoute '{}' >/dev/null
say "driving at ${speed}x"

while true; do
  deadline=$((SECONDS + leg_timeout))
  while [ "$(wc -l <"$arrivals")" -le "$seen" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "no arrival within $leg_timeout s"
    kill -0 "$subscriber" 2>/dev/null || fail "the arrival subscriber stopped"
    sleep 0.5
  done
  seen=$((seen + 1))
  arrival=$(sed -n "${seen}p" "$arrivals")
  title=$(member title <<<"$arrival")
  if grep -Eq '"isFinalDestination" *: *true' <<<"$arrival"; then
    say "arrived at the final destination, $title"
    exit 0
  fi
  say "arrived at $title; continuing"
  call navigator.continueToNextDestination '{}' >/dev/null
  call navigator.setGuidanceActive '{"active":true}' >/dev/null
done
