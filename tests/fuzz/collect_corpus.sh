#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Seed corpora and dictionaries of the fuzz targets (tests/fuzz, docs/reliability.md), collected
# from docs/ and the tests' data into OUT (default build-fuzz/fuzz-seeds): OUT/TARGET/ holds the
# seeds, OUT/TARGET.dict the words. Nothing here is committed; run it again after docs change.
#   tests/fuzz/collect_corpus.sh [OUT] [CLI]   CLI: a reducescope-cli to make model traces with
#                                              (default build-fuzz/kernels/cli/reducescope-cli)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build-fuzz/fuzz-seeds}
cli=${2:-build-fuzz/kernels/cli/reducescope-cli}
rm -rf "$out"
mkdir -p "$out"/{trace_file,ncu_csv,input_list,cli_args,results,simt_kernel}
# The SIMT engine's seeds are kernel sources kept in the repository.
cp tests/fuzz/corpus/simt_kernel/*.cu "$out/simt_kernel/"

n=0
seed() {  # seed TARGET NAME < content
  cat > "$out/$1/$2"
  n=$((n + 1))
}

# --- trace_file: recorded and fixture traces, plus the model's own trace of every strategy -----
for f in $(find docs/traces tests/app/step/data -name '*.json' -size -64k | sort); do
  grep -q '"steps"' "$f" && seed trace_file "$(echo "$f" | tr / _)" < "$f"
done
if [ -x "$cli" ]; then
  for id in $("$cli" list | awk '!/benchmark only/ {print $1}'); do
    "$cli" trace --strategy "$id" --input 6,2,7,4,5,8,3,1 --block-size 4 --json | seed trace_file "model_$id.json"
    "$cli" trace --strategy "$id" --input 1,nan,-inf,3,-0,1e-45,3e38 --block-size 4 --warp-size 4 --banks 4 \
      --coarse-factor 2 --json | seed trace_file "model_${id}_w4.json"
  done
  # Large seeds make every run slow (the reader is linear in the size): keep those under 64 KiB.
  find "$out/trace_file" -size +64k -delete
else
  echo "collect_corpus: no $cli: model traces left out (build build-fuzz first)" >&2
fi

# --- ncu_csv: the Nsight Compute captures -------------------------------------------------------
for f in $(find docs tests -name '*.csv' | sort); do
  seed ncu_csv "$(echo "$f" | tr / _)" < "$f"
done
printf '"ID","Kernel Name","Block Size","Grid Size","Metric Name","Metric Unit","Metric Value"\n' | seed ncu_csv header_only.csv

# --- input_list: the presets, the tests' rows, edge cases ----------------------------------------
i=0
while IFS= read -r line; do
  printf '%s' "$line" | seed input_list "list_$i"
  i=$((i + 1))
done <<'LISTS'
6,2,7,4,5,8,3,1
1 2 3 4 5 6 7 8
1, 2 ,3
nan,inf,-inf,1
NaN, Infinity, -0
1e-46,1e-40,-1e-45
3.4028234e38,-3.4028235e38
3.5e38
+1,-1,+-1
1,,2
,1
0x10,1e,1.5.2
0.1 0.2 0.3
1	2	3
LISTS
for len in 16 32 64 1024; do
  seq -s, 1 "$len" | seed input_list "iota_$len"
done

# --- cli_args: every command line in the docs, and the tests' typical ones (NUL-separated) -----
i=0
{
  grep -rhoE 'reducescope-cli (list|trace|bench|devices|selftest)[^`|\\]*' README.md docs/*.md || true
  cat <<'CMDS'
reducescope-cli list
reducescope-cli trace --strategy simple --input 1,2 --json
reducescope-cli trace --strategy coarsened --input 1,2,3,4,5,6,7,8 --block-size 2 --coarse-factor 2 --warp-size 4 --banks 4
reducescope-cli trace --strategy shared --input 6,2,7,4,5,8,3,1 --on-gpu
reducescope-cli bench --n 1M --sweep-n 1K..1M --json out.json --counters
reducescope-cli bench --gpus 2 --mode per-launch --cache hot
reducescope-cli selftest --max-n 1025 --block-sizes 32,256 --coarse-factors 1,4 --seed 7 --device 0
reducescope-cli devices --json
reducescope-cli --help
reducescope-cli trace --help
CMDS
} | sort -u | while IFS= read -r cmd; do
  # shellcheck disable=SC2086  # split on spaces, as a shell would (quotes dropped)
  set -- ${cmd//\"/}
  shift  # the program name
  printf '%s\0' "$@" | seed cli_args "cmd_$i"
  i=$((i + 1))
done

# --- results: result files, JSON lines, counters -----------------------------------------------
for f in $(find docs/results tests/app/bench/data tests/app/step/data -name '*.json' -size -64k | sort) \
         $(find tests/app/bench/data -name '*.jsonl' | sort); do
  seed results "$(echo "$f" | tr / _)" < "$f"
done

# --- dictionaries: the JSON keys of the seeds, the CLI's options and words ----------------------
json_words() {
  cat "$out/$1"/* 2>/dev/null | grep -aoE '"[A-Za-z_][A-Za-z0-9_.]*"' | sort -u | sed 's/"/\\"/g; s/.*/"&"/'
  printf '%s\n' '"{"' '"}"' '"["' '"]"' '":"' '","' '"null"' '"true"' '"false"' '"nan"' '"-inf"' '"1e308"' '"-0"'
}
json_words trace_file > "$out/trace_file.dict"
json_words results > "$out/results.dict"
{
  grep -hoE '"--[a-z-]+"' kernels/cli/*.cpp | sort -u
  printf '%s\n' '"list"' '"trace"' '"bench"' '"devices"' '"selftest"' '"all"' '"simple"' '"coarsened"' '"1K..1G"' '"="'
} > "$out/cli_args.dict"
printf '%s\n' '"__global__"' '"__device__"' '"__shared__"' '"__syncthreads();"' '"__syncwarp();"' \
  '"threadIdx.x"' '"blockIdx.x"' '"blockDim.x"' '"warpSize"' '"__shfl_down_sync(0xffffffffu, v, 1)"' '"atomicAdd("' \
  '"atomicCAS("' '"for ("' '"while ("' '"if ("' '"return;"' '"break;"' '"continue;"' '"volatile"' '"float4"' \
  '"reinterpret_cast<"' '"#define "' '"#pragma unroll"' '"template <"' '"extern __shared__ float s[];"' > "$out/simt_kernel.dict"
printf '%s\n' '","' '" "' '"nan"' '"inf"' '"-inf"' '"e-45"' '"e38"' '"+"' '"-"' '"."' > "$out/input_list.dict"
{
  printf '%s\n' '","' '"\""' '"\x0A"' '"==PROF=="' '"n/a"' '"(512, 1, 1)"'
  { grep -m1 '^"ID"' docs/results/h200-2026-11-29/ncu_single_block_1024.csv || true; } | tr , '\n' | sed 's/"/\\"/g; s/.*/"&"/'
  grep -hoE '"[a-z0-9_]+__[a-z0-9_.]+"' kernels/bench/ncu_counters.h | sort -u
} > "$out/ncu_csv.dict"

for t in trace_file ncu_csv input_list cli_args results; do
  printf '%-11s %4d seeds, %7d bytes\n' "$t" "$(ls "$out/$t" | wc -l)" "$(cat "$out/$t"/* | wc -c)"
done
