#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (a separate package, so `swift build` of navbus never sees them) and
# runs each for FUZZ_SECONDS (default 60) on its committed seed corpus in Fuzz/Corpus/<name>.
#
#   make fuzz                               every target, 60 s each
#   FUZZ_SECONDS=600 FUZZ_TARGETS=nmea make fuzz
#
# New inputs libFuzzer finds go to .build/fuzz/corpus/<name> (kept between runs, never committed); a crash,
# trap or hang leaves its input in .build/fuzz/artifacts/<name>/ and makes the script exit 1 after all
# targets have run. Reproduce one with: .build/fuzz/release/fuzz-<name> <artifact file>
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-json envelope nmea osm session}
build=.build/fuzz
export SWIFT_BACKTRACE=enable=no  # let libFuzzer, not the Swift runtime, catch traps and save the input
flags=(--package-path Fuzz --build-path "$build" -c release -Xswiftc -sanitize=fuzzer)

echo "fuzz: building the fuzz targets (${targets// /, })"
swift build "${flags[@]}"
bin=$(swift build "${flags[@]}" --show-bin-path)

failed=()
for target in $targets; do
    corpus=$build/corpus/$target
    artifacts=$build/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz: fuzz-$target for ${seconds} s"
    # -timeout: an input that takes longer than 10 s is a hang, reported like a crash.
    if ! "$bin/fuzz-$target" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$corpus" "Fuzz/Corpus/$target"; then
        failed+=("$target")
    fi
done

if ((${#failed[@]})); then
    echo "fuzz: findings in ${failed[*]}; inputs in $build/artifacts/" >&2
    exit 1
fi
echo "fuzz: no findings in ${targets// /, } (${seconds} s each)"
