#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one fuzz target for a given time (docs/reliability.md):
#   tests/fuzz/run_fuzz.sh TARGET SECONDS       TARGET: trace_file ncu_csv input_list cli_args results simt_kernel, or all
# Builds build-fuzz first when it is missing (clang-14, -DREDUCESCOPE_FUZZ=ON), collects the seeds
# (tests/fuzz/collect_corpus.sh) once, keeps the growing corpus in build-fuzz/fuzz-corpus/TARGET
# and any crash in build-fuzz/fuzz-artifacts/TARGET/ (replay: build-fuzz/tests/fuzz/fuzz_TARGET FILE).
# Ends with one summary line per target: inputs run, corpus size, crashes; exit 1 after a crash.
set -euo pipefail
cd "$(dirname "$0")/../.."
targets=(trace_file ncu_csv input_list cli_args results simt_kernel)
if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]] || ! [[ " all ${targets[*]} " == *" $1 "* ]]; then
  echo "usage: tests/fuzz/run_fuzz.sh TARGET SECONDS   (TARGET: all ${targets[*]})" >&2
  exit 2
fi
build=${REDUCESCOPE_FUZZ_BUILD_DIR:-build-fuzz}
if [ "$1" = all ]; then
  status=0
  for t in "${targets[@]}"; do "$0" "$t" "$2" || status=1; done
  exit $status
fi
target=$1 seconds=$2
bin=$build/tests/fuzz/fuzz_$target
if [ ! -x "$bin" ]; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
  CC=${CC:-clang-14} CXX=${CXX:-clang++-14} cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DREDUCESCOPE_FUZZ=ON >/dev/null
  cmake --build "$build" -j "${REDUCESCOPE_JOBS:-$(nproc)}"
fi
seeds=$build/fuzz-seeds
[ -d "$seeds/$target" ] || tests/fuzz/collect_corpus.sh "$seeds" "$build/kernels/cli/reducescope-cli" >&2
corpus=$build/fuzz-corpus/$target artifacts=$build/fuzz-artifacts/$target
mkdir -p "$corpus" "$artifacts"
log=$build/fuzz-$target.log
# -timeout: one input running 10 s is a hang (a crash); -rss_limit_mb: the readers cap their input.
set +e
"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -dict="$seeds/$target.dict" -artifact_prefix="$artifacts/" "$corpus" "$seeds/$target" >"$log" 2>&1
rc=$?
set -e
runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
crashes=$(find "$artifacts" -type f | wc -l)
printf 'fuzz %-11s %6s s  %10s inputs  corpus %5d  crashes %d  (exit %d, log %s)\n' \
  "$target" "$seconds" "$runs" "$(ls "$corpus" | wc -l)" "$crashes" "$rc" "$log"
if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
  grep -m3 -E 'ERROR|runtime error|SUMMARY' "$log" >&2 || true
  exit 1
fi
