"""Steps and voice prompts, navbus against Valhalla's narrative, on the same seeded Helsinki routes.

navbus:   `router.route` over ZeroMQ for the steps, and `navbus-bench voice` for the spoken prompts: it drives
          every route through the guidance engine and the voice monitor at 20, 50 and 100 km/h and reports
          late, repeated and missing prompts.
Valhalla: the `pyvalhalla` wheel's `Actor.route` (auto costing, English and Finnish narrative) on tiles built
          from the same map extract; its maneuvers and `verbal_*_instruction` texts are the reference. Step
          counts are compared twice: each router on its own route, and Valhalla's `trace_route` narrative of
          our route's geometry (the same path cut into maneuvers by both).

    make bench-voice   (or: scripts/voice-eval-setup.sh && .venv-eval/bin/python scripts/bench_voice_vs_valhalla.py [--routes 200] [--seed 14]
                        [--map maps/kotka.osm.pbf] [--noise 5,10] [--box S,N,W,E])

`--map maps/monaco.osm.pbf` (the held-out map, `scripts/fetch-maps.sh --eval`) draws its pairs in the
Principality of Monaco; any other map needs `--box`.

Step counts are printed raw (every route, departure and arrival counted by both, no rule) and under the
route-end rule below. `--noise` also drives every route under GPS noise through a real navigator.

pyvalhalla 3.9.1 ships only `cp312-abi3` wheels, so the script needs Python >= 3.12 with `pyvalhalla==3.9.1`
and `pyzmq` installed (scripts/voice-eval-setup.sh makes that venv). Needs a release build
(`swift build -c release`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

import zmq

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "eval"))
from extract import cut_to_present_nodes  # noqa: E402
MAP = ROOT / "maps" / "helsinki.osm.pbf"
# Where the random pairs are drawn, per map: central Helsinki (the same box as the routing benchmark), the Kotka
# extract's own bounding box (from its PBF header), and the Principality of Monaco in the held-out Monaco extract
# (the same box as the guidance evaluation's).
BOXES = {"helsinki": (60.158, 60.182, 24.925, 24.960), "kotka": (60.520, 60.540, 26.930, 26.970),
         "monaco": (43.727, 43.750, 7.410, 7.437)}
# Valhalla's maneuver types for "Continue" and "X becomes Y": steps that only say the name changed.
VALHALLA_NAME_CHANGE = {7, 8}
# Valhalla's ramp maneuvers (straight, right, left onto a ramp).
VALHALLA_RAMP = {17, 18, 19}
# Valhalla's start (plain, right, left) and destination (plain, right, left) maneuvers.
VALHALLA_ENDS = {1, 2, 3, 4, 5, 6}
# Valhalla's roundabout entry and exit: two maneuvers, as navbus's `roundabout` and `exitRoundabout` steps (and
# OSRM's `roundabout` and `exit roundabout`); the script also counts each pair as one on both sides, the convention
# a driver hears ("At the roundabout, take the 2nd exit onto …" is one prompt).
VALHALLA_ROUNDABOUT_ENTER, VALHALLA_ROUNDABOUT_EXIT = 26, 27
# The route-end rule, the same for both routers: a maneuver that starts less than this far from the route's
# start or end is not counted. Both ends are where a snapped origin or destination makes maneuvers a driver
# never hears as such (a U-turn of 0 m onto the other carriageway, a turn 8 m before the destination, which
# the arrival's side of the street already covers). navbus folds these itself; Valhalla keeps them.
END_MARGIN = 35.0
# The same path: Valhalla's trace of our geometry is compared only when it covers it: it starts and ends
# within END_MARGIN of our route's ends and its length is within this share of ours (map matching sometimes
# gives up part way, or drops a stretch at one end).
SAME_PATH_TOLERANCE = 0.10


def counted(maneuvers: list[tuple[bool, float]]) -> int:
    """Steps a driver hears, under the route-end rule: `maneuvers` are (is departure or arrival, length in
    metres) in route order; the departure and the arrival always count."""
    total = sum(length for _, length in maneuvers)
    start = 0.0
    count = 0
    for is_end, length in maneuvers:
        if is_end or END_MARGIN <= start <= total - END_MARGIN:
            count += 1
        start += length
    return count


def our_counted(route: dict) -> int:
    return counted([(s["maneuver"]["type"] in ("depart", "arrive"), s["distanceMeters"]) for s in route["steps"]])


def their_counted(maneuvers: list[dict]) -> int:
    return counted([(m["type"] in VALHALLA_ENDS, m.get("length", 0) * 1000) for m in maneuvers])


def pairs_as_one(items: list[dict], kind, enter, leave) -> list[dict]:
    """`items` with each roundabout exit that follows its entry left out; `kind` reads an item's type."""
    kept: list[dict] = []
    for item in items:
        if kind(item) == leave and kept and kind(kept[-1]) == enter:
            continue
        kept.append(item)
    return kept


def our_roundabouts_as_one(route: dict) -> list[dict]:
    """Our steps with each roundabout's exit step that follows its roundabout step left out."""
    return pairs_as_one(route["steps"], lambda step: step["maneuver"]["type"], "roundabout", "exitRoundabout")


def roundabouts_as_one(maneuvers: list[dict]) -> list[dict]:
    """Valhalla's maneuvers with each roundabout exit that follows its entry left out."""
    return pairs_as_one(maneuvers, lambda m: m["type"], VALHALLA_ROUNDABOUT_ENTER, VALHALLA_ROUNDABOUT_EXIT)


def metres(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Flat-earth distance between two (latitude, longitude) points, plenty for tens of metres."""
    return math.hypot((a[0] - b[0]) * 111_195, (a[1] - b[1]) * 111_195 * math.cos(math.radians(a[0])))


def covers(route: dict, maneuvers: list[dict], ends: list[tuple[float, float]]) -> bool:
    traced = sum(m.get("length", 0) for m in maneuvers) * 1000
    ours = [(lat, lon) for lon, lat in route["geometry"]["coordinates"]]
    return (bool(ends) and metres(ends[0], ours[0]) <= END_MARGIN and metres(ends[-1], ours[-1]) <= END_MARGIN
            and abs(traced - route["distanceMeters"]) <= SAME_PATH_TOLERANCE * route["distanceMeters"])


def build_valhalla_tiles(work: pathlib.Path, bin_dir: pathlib.Path, map_path: pathlib.Path) -> pathlib.Path:
    """Our own small tile build: valhalla_build_config + valhalla_build_tiles on the sample extract, with its ways
    cut at the nodes the file lacks (scripts/eval/extract.py: Valhalla would join them to uninitialised points)."""
    config = work / "valhalla.json"
    tiles = work / "tiles"
    built = work / "built-from-cut-extract"
    if built.exists() and config.exists():
        return config
    shutil.rmtree(tiles, ignore_errors=True)
    extract = work / "map-cut.osm.pbf"
    cut_to_present_nodes(map_path, extract)
    text = subprocess.run(
        [str(bin_dir / "valhalla_build_config"), "--mjolnir-tile-dir", str(tiles),
         "--mjolnir-tile-extract", str(work / "tiles.tar"), "--mjolnir-timezone", str(work / "tz.sqlite"),
         "--mjolnir-admin", str(work / "admin.sqlite")],
        check=True, capture_output=True, text=True).stdout
    config.write_text(text, encoding="utf-8")
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '')}")
    subprocess.run([str(bin_dir / "valhalla_build_tiles"), "-c", str(config), str(extract)], check=True, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    built.write_text("ok\n", encoding="utf-8")
    return config


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--routes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--map", default=str(MAP), help="the map both routers use (Helsinki or Kotka sample, or "
                        "the held-out Monaco)")
    parser.add_argument("--box", help="south,north,west,east where the pairs are drawn (needed for a map without a "
                        "box of its own in BOXES)")
    parser.add_argument("--work", help="where Valhalla's tiles are kept (default /tmp/navbus-voice-eval[-MAP])")
    parser.add_argument("--noise", help="also drive every route under GPS noise of these σ in metres, e.g. 5,10")
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"))
    parser.add_argument("--show", type=int, default=0, help="print this many routes' steps side by side")
    parser.add_argument("--steps-only", action="store_true", help="compare steps only, without driving the routes")
    parser.add_argument("--dump", help="write every compared route (both routers' steps) to this JSON file")
    args = parser.parse_args()

    from valhalla import Actor  # imported late so --help works without the wheel

    map_path = pathlib.Path(args.map).resolve()
    name = map_path.name.split(".")[0]
    if args.box:
        south, north, west, east = (float(x) for x in args.box.split(","))
    elif name in BOXES:
        south, north, west, east = BOXES[name]
    else:
        print(f"{map_path.name} has no box of its own: give --box south,north,west,east", file=sys.stderr)
        return 1
    work = pathlib.Path(args.work or ("/tmp/navbus-voice-eval" + ("" if name == "helsinki" else f"-{name}")))
    work.mkdir(parents=True, exist_ok=True)
    config = build_valhalla_tiles(work, pathlib.Path(sys.executable).parent, map_path)
    actor = Actor(str(config))

    rng = random.Random(args.seed)
    pairs = []
    while len(pairs) < args.routes:
        a = (rng.uniform(south, north), rng.uniform(west, east))
        b = (rng.uniform(south, north), rng.uniform(west, east))
        pairs.append((a, b))

    run = tempfile.mkdtemp(prefix="navbus-voice-bench-")
    control = f"ipc://{run}/navigator"
    env = dict(os.environ, NAVBUS_PUB_ENDPOINT=f"ipc://{run}/pub", NAVBUS_SUB_ENDPOINT=f"ipc://{run}/sub")
    navigator = subprocess.Popen(
        [f"{args.bin}/navbus-navigator", "--map", str(map_path), "--control", control, "--log-level", "warning"], env=env)
    context = zmq.Context()
    socket = context.socket(zmq.REQ)
    socket.connect(control)

    def navbus_route(a, b):
        socket.send_json({"jsonrpc": "2.0", "id": 1, "method": "router.route", "params": {"waypoints": [
            {"title": "a", "latitude": a[0], "longitude": a[1]}, {"title": "b", "latitude": b[0], "longitude": b[1]}]}})
        assert socket.poll(60_000), "navigator did not answer"
        return socket.recv_json()["result"]

    rows = []
    try:
        for a, b in pairs:
            ours = navbus_route(a, b)
            try:
                theirs = actor.route({"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}],
                                      "costing": "auto",
                                      "directions_options": {"units": "kilometers", "language": "en-US"}})
            except RuntimeError:
                continue
            if isinstance(theirs, str):
                theirs = json.loads(theirs)
            if ours.get("routeStatus") != "OK" or not ours.get("routes"):
                continue
            maneuvers = [m for leg in theirs["trip"]["legs"] for m in leg["maneuvers"]]
            # The same path for both: Valhalla's narrative for our route's geometry, map-matched onto its
            # tiles, so step counts compare how each cuts one path into maneuvers rather than two paths.
            shape = [{"lat": lat, "lon": lon} for lon, lat in ours["routes"][0]["geometry"]["coordinates"]]
            same_path = None
            same_ends = []
            # Both read the same OSM nodes, so walking Valhalla's edges along our points usually works;
            # map matching is the fallback where our ends lie between nodes, or where the walk gives up part
            # way (it then returns a trace of only the first few hundred metres). The first trace that covers
            # our route is kept, else the first one there is.
            for match in ("edge_walk", "map_snap"):
                try:
                    traced = actor.trace_route({"shape": shape, "costing": "auto", "shape_match": match,
                                                "directions_options": {"units": "kilometers", "language": "en-US"}})
                except RuntimeError:
                    continue
                if isinstance(traced, str):
                    traced = json.loads(traced)
                candidate = [m for leg in traced["trip"]["legs"] for m in leg["maneuvers"]]
                # Where the match starts and ends: the first and last of our points it could place on a road.
                ends = [(place["lat"], place["lon"]) for place in traced["trip"]["locations"]]
                if same_path is None or covers(ours["routes"][0], candidate, ends):
                    same_path, same_ends = candidate, ends
                if covers(ours["routes"][0], candidate, ends):
                    break
            try:
                finnish = actor.route({"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}],
                                       "costing": "auto",
                                       "directions_options": {"units": "kilometers", "language": "fi-FI"}})
                if isinstance(finnish, str):
                    finnish = json.loads(finnish)
                finnish_texts = [m.get("verbal_pre_transition_instruction") or m["instruction"]
                                 for leg in finnish["trip"]["legs"] for m in leg["maneuvers"]]
            except RuntimeError:
                finnish_texts = []
            rows.append({"pair": [a, b], "ours": ours["routes"][0], "theirs": maneuvers, "samePath": same_path,
                         "sameEnds": same_ends,
                         "finnish": finnish_texts})
    finally:
        socket.close(0)
        context.term()
        navigator.terminate()
        navigator.wait(10)

    if args.dump:
        pathlib.Path(args.dump).write_text(json.dumps(rows), encoding="utf-8")

    # Our spoken prompts: the same pairs driven through the guidance engine and the voice monitor.
    pairs_file = pathlib.Path(run) / "pairs.json"
    pairs_file.write_text(json.dumps([row["pair"] for row in rows]), encoding="utf-8")
    voice = {"chained": "—", "capitalisedThen": "—", "rampSteps": "—", "speeds": []}
    finnish_voice = {"uninflectedNames": "—"}
    if not args.steps_only:
        voice = json.loads(subprocess.run(
            [f"{args.bin}/navbus-bench", "voice", "--map", str(map_path), "--pairs", str(pairs_file)]
            + (["--noise", args.noise] if args.noise else []),
            check=True, capture_output=True, text=True).stdout.splitlines()[-1])
        finnish_voice = json.loads(subprocess.run(
            [f"{args.bin}/navbus-bench", "voice", "--map", str(map_path), "--pairs", str(pairs_file), "--speeds", "50",
             "--language", "fi"], check=True, capture_output=True, text=True).stdout.splitlines()[-1])
    uninflected = re.compile(r"(kadulle|tielle|väylälle|raitille) [A-ZÄÖ]")
    their_uninflected = sum(bool(uninflected.search(t)) for row in rows for t in row["finnish"])

    our_counts = [len(row["ours"]["steps"]) for row in rows]
    their_counts = [len(row["theirs"]) for row in rows]
    within_one = sum(abs(o - t) <= 1 for o, t in zip(our_counts, their_counts))
    traced = [row for row in rows if row["samePath"]]
    traced_within_one = sum(abs(len(row["ours"]["steps"]) - len(row["samePath"])) <= 1 for row in traced)
    # The fair comparison: the same path (the trace covers our route) and the route-end rule for both.
    same = [row for row in traced if covers(row["ours"], row["samePath"], row["sameEnds"])]
    same_within_one = sum(abs(our_counted(row["ours"]) - their_counted(row["samePath"])) <= 1 for row in same)
    # Raw counts (every step both routers make, departure and arrival included), where the trace covers our route.
    same_raw_within_one = sum(abs(len(row["ours"]["steps"]) - len(row["samePath"])) <= 1 for row in same)
    traced_one_roundabout = sum(
        abs(len(our_roundabouts_as_one(row["ours"])) - len(roundabouts_as_one(row["samePath"]))) <= 1 for row in traced)
    own_one_roundabout = sum(
        abs(len(our_roundabouts_as_one(row["ours"])) - len(roundabouts_as_one(row["theirs"]))) <= 1 for row in rows)
    their_roundabouts = sum(m["type"] == VALHALLA_ROUNDABOUT_ENTER for row in rows for m in row["theirs"])
    own_within_one = sum(abs(our_counted(row["ours"]) - their_counted(row["theirs"])) <= 1 for row in rows)
    our_steps = [s for row in rows for s in row["ours"]["steps"]]
    their_steps = [m for row in rows for m in row["theirs"]]
    our_name_changes = sum(
        s["maneuver"]["type"] == "continue" and s["instruction"].startswith("Continue onto") for s in our_steps)
    their_name_changes = sum(m["type"] in VALHALLA_NAME_CHANGE for m in their_steps)
    their_pre = [m.get("verbal_pre_transition_instruction") or "" for m in their_steps]
    their_chained = [t for t in their_pre if re.search(r"\. Then,? ", t)]
    their_capital_then = [t for t in their_chained if re.search(r"\. Then,? (in [^,]+, )?[A-Z]", t)]
    their_ramps = [m["instruction"] for m in their_steps if m["type"] in VALHALLA_RAMP]
    our_short = sum(s["distanceMeters"] < 30 and s["maneuver"]["type"] not in ("arrive", "depart") for s in our_steps)
    their_short = sum(m.get("length", 0) * 1000 < 30 and m["type"] not in (1, 2, 3, 4, 5, 6) for m in their_steps)

    mismatched = [row for row in traced if abs(len(row["ours"]["steps"]) - len(row["samePath"])) > 1]
    # Where the raw mismatches come from: a trace that does not cover our route (Valhalla's map matching gave
    # up), maneuvers within END_MARGIN of the route's ends (the counts agree once those are left out), or the
    # middle of the route; for the middle, whether Valhalla makes more maneuvers or navbus does.
    classes = {"trace does not cover our route": 0, "route ends only": 0, "middle: Valhalla more": 0,
               "middle: navbus more": 0}
    for row in mismatched:
        if not covers(row["ours"], row["samePath"], row["sameEnds"]):
            classes["trace does not cover our route"] += 1
        elif abs(our_counted(row["ours"]) - their_counted(row["samePath"])) <= 1:
            classes["route ends only"] += 1
        elif their_counted(row["samePath"]) > our_counted(row["ours"]):
            classes["middle: Valhalla more"] += 1
        else:
            classes["middle: navbus more"] += 1
    for row in mismatched[: args.show]:
        print(f"--- {row['pair']}")
        print("  ours:  " + " | ".join(s["instruction"] + f" ({s['distanceMeters']:.0f} m)" for s in row["ours"]["steps"]))
        print("  valh:  " + " | ".join(m["instruction"] + f" ({m.get('length', 0) * 1000:.0f} m)" for m in row["theirs"]))
        print("  trace: " + " | ".join(m["instruction"] + f" ({m.get('length', 0) * 1000:.0f} m)" for m in row["samePath"] or []))

    def share(part: int, whole: int) -> str:
        return f"{100 * part / max(1, whole):.1f} %"

    print(f"routes compared: {len(rows)} of {args.routes} (seed {args.seed}; both routers found a route)")
    print("| measure | navbus | Valhalla 3.9.1 |")
    print("|---|---|---|")
    print(f"| median steps per route | {statistics.median(our_counts):.0f} | {statistics.median(their_counts):.0f} |")
    print(f"| p90 steps per route | {percentile(our_counts, 0.9):.0f} | {percentile(their_counts, 0.9):.0f} |")
    print(f"| routes with step count within ±1 of Valhalla's, each on its own route | {share(within_one, len(rows))} | — |")
    print(f"| routes with step count within ±1 of Valhalla's on our path (trace_route, {len(traced)} routes) | "
          f"{share(traced_within_one, len(traced))} | — |")
    print(f"| the same, route ends excluded for both (< {END_MARGIN:.0f} m from start or end), trace covering our "
          f"route within {100 * SAME_PATH_TOLERANCE:.0f} % ({len(same)} routes) | {share(same_within_one, len(same))} | — |")
    print(f"| raw counts where the trace covers our route ({len(same)} routes) | {share(same_raw_within_one, len(same))} | — |")
    print(f"| each on its own route, route ends excluded for both | {share(own_within_one, len(rows))} | — |")
    print(f"| each roundabout's entry and exit counted as one by both ({their_roundabouts} of Valhalla's): on our path / "
          f"each on its own route | {share(traced_one_roundabout, len(traced))} / {share(own_one_roundabout, len(rows))} "
          f"| — |")
    print(f"| median steps on our path | {statistics.median(our_counts):.0f} | "
          f"{statistics.median([len(row['samePath']) for row in traced]) if traced else 0:.0f} |")
    print(f"| name-change steps (\"Continue onto\" / \"becomes\") | {share(our_name_changes, len(our_steps))} | "
          f"{share(their_name_changes, len(their_steps))} |")
    print(f"| maneuvers shorter than 30 m | {share(our_short, len(our_steps))} | {share(their_short, len(their_steps))} |")
    print(f"| chained prompts (\"X, then Y.\") | {voice['chained']} | {len(their_chained)} |")
    print(f"| chained prompts with a capital after \"then\" | {voice['capitalisedThen']} | {len(their_capital_then)} |")
    print(f"| ramp maneuvers (\"take the … ramp\") | {voice['rampSteps']} | {len(their_ramps)} |")
    print(f"| Finnish prompts with the street name uninflected (\"kadulle Kaivokatu\") | "
          f"{finnish_voice['uninflectedNames']} | {their_uninflected} |")
    print(f"| raw mismatches by where they come from ({len(mismatched)}) | "
          + ", ".join(f"{name} {count}" for name, count in classes.items()) + " | — |")
    for drive in voice.get("noisy", []):
        print(f"| GPS noise σ {drive['sigma']:.0f} m, {drive['kmh']:.0f} km/h, {drive['routes']} routes: maneuvers / late / "
              f"repeated stages / premature continue-for / announced ≥ 5 s before / reroutes / arrivals | "
              f"{drive['maneuvers']} / {drive['late']} / {drive['repeated']} / {drive['premature']} / {share(drive['announcedInTime'], drive['maneuvers'])} / {drive['reroutes']} / "
              f"{drive['arrivals']} | — |")
    for speed in voice["speeds"]:
        print(f"| at {speed['kmh']} km/h: maneuvers / late / repeated stages / announced ≥ 5 s before | "
              f"{speed['maneuvers']} / {speed['late']} / {speed['repeated']} / {share(speed['announcedInTime'], speed['maneuvers'])} | — |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
