# navbus — make targets of the public contract (see README.md).
SWIFT ?= swift
BIN_DEBUG = .build/debug
BIN_RELEASE = .build/release
PYTEST = .venv/bin/python -m pytest

.PHONY: all setup build release test unit-test interop-test faults demo bench eval fuzz compose-test clean

all: build

## setup: system packages, Python venv for interop tests, sample maps (only what is missing)
setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

## test: the whole suite — Swift unit and end-to-end tests, the Python interop tests, the fast fault cases
## (each part with a private TMPDIR, removed when it passes: the suites leave nothing in /tmp)
SCRATCH = scripts/with-scratch-tmp.sh
test: build
	$(SCRATCH) $(SWIFT) test
	NAVBUS_BIN=$(BIN_DEBUG) $(SCRATCH) $(PYTEST) -q tests/interop
	NAVBUS_BIN=$(BIN_DEBUG) $(SCRATCH) $(PYTEST) -q -m "not slow" tests/faults

unit-test: build
	$(SCRATCH) $(SWIFT) test

interop-test: build
	NAVBUS_BIN=$(BIN_DEBUG) $(SCRATCH) $(PYTEST) -q tests/interop

## faults: the whole fault-injection suite (kill -9 of every process, proxy restarts, slow subscribers, floods,
## RPC fuzzing, hostile state files, full and read-only disks); RELIABILITY.md says what each fault does
faults: build
	NAVBUS_BIN=$(BIN_DEBUG) $(PYTEST) -v -s tests/faults

## demo: the main job
demo: build
	@scripts/demo.sh $(BIN_DEBUG)

## bench: every benchmark (release build); BENCHMARKS.md records the latest results and how they were made.
## The routing-at-scale table (navbus vs OSRM CH/MLD vs Valhalla: import + preparation, ready time also after
## kill -9, latency over each socket) runs on BENCH_SCALE_MAPS; its 1M map takes about 15 min on 2 cores, OSRM's
## CH contraction gets BENCH_CH_TIMEOUT seconds (it does not end on the generated regions). Add
## synthetic-10000000 to BENCH_SCALE_MAPS for ten million nodes (hours; see BENCHMARKS.md). The navigator routes
## for BENCH_SETTLE seconds after its first answer before its latency is measured (a large map's first answers come
## from the reference search while the hierarchy is still being read).
BENCH_SCALE_MAPS ?= helsinki,kotka,synthetic-10000,synthetic-100000,synthetic-1000000
BENCH_CH_TIMEOUT ?= 120
BENCH_SETTLE ?= 10
bench: release
	$(BIN_RELEASE)/navbus-bench codec
	$(BIN_RELEASE)/navbus-bench bus
	$(BIN_RELEASE)/navbus-bench routing --sizes 10000,100000
	.venv/bin/python scripts/bench_routing_vs_osrm.py
	.venv/bin/python scripts/bench_routing_scale.py --maps $(BENCH_SCALE_MAPS) --ch-timeout $(BENCH_CH_TIMEOUT) \
		--settle $(BENCH_SETTLE)
	$(BIN_RELEASE)/navbus-bench fleet
	.venv/bin/python scripts/bench_web.py

## eval: navbus against independent routers (OSRM, Valhalla) on the sample maps, routing then guidance on
## Helsinki against true paths from OSRM; see BENCHMARKS.md
eval: release
	.venv/bin/pip install --quiet -r scripts/eval/requirements.txt
	.venv/bin/python scripts/eval/routing.py
	.venv/bin/python scripts/eval/guidance.py --bin $(BIN_RELEASE)

## fuzz: libFuzzer targets of Fuzz/ (JSON, envelope, NMEA, OSM import, saved sessions), FUZZ_SECONDS each
## (default 60); FUZZ_TARGETS picks some; findings are saved under .build/fuzz/artifacts and fail the target
fuzz: setup
	@scripts/fuzz.sh

## compose-test: compose/compose.yaml end to end with podman (local base images, demo trip, host subscriber);
## apart from `test` because a first run builds images for about 12 minutes
compose-test:
	@scripts/compose-test.sh

clean:
	$(SWIFT) package clean

## bench-voice: voice prompts and steps against Valhalla's narrative on 200 Helsinki routes (release build;
## needs Python >= 3.12 for the pyvalhalla wheel, see scripts/voice-eval-setup.sh)
.PHONY: bench-voice
bench-voice: release
	@scripts/voice-eval-setup.sh
	.venv-eval/bin/python scripts/bench_voice_vs_valhalla.py
