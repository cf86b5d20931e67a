#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The second device call of 2026-12-03 (README.md beside this file): on main at the end of the
# session, from the repository root on the GPU machine:
#   1. the Qt-free part built there (kernels/bench/run_on_gpu.sh build) and its GPU tests:
#      ctest -L gpu without the sanitizer and Nsight Compute tests (cut at RS_CTEST_LIMIT s);
#   2. the engine's gpu_kernel_bench, carried (.device-carry/engine, built on the CPU machine with
#      the SIMT engine: kernels/bench/pack_engine_carry.sh build-dev);
#   3. kernel bench --table of interleaved_padded without --shared-bytes: the row ERROR and, under
#      the rows, its message.
set -u
T=$1
O=$OUT/$T; mkdir -p "$O"
s() { echo "== $(date -u +%H:%M:%S) $*" >> "$O/summary.txt"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv; } > "$O/machine.txt" 2>&1
B=/tmp/rs-build; export RS_BUILD=$B
s build; kernels/bench/run_on_gpu.sh "$O/build" build > /dev/null 2>&1; s "build rc=$?"
rm -f "$O/build/build.log"  # (8 files come back)
s "ctest -L gpu (no sanitizers, no ncu)"
(cd "$B" && timeout "${RS_CTEST_LIMIT:-300}" ctest -L gpu -E "memcheck|racecheck|ncu|kernel_bench" --timeout 240 --output-on-failure) > "$O/ctest_gpu.log" 2>&1
echo "ctest rc=$?" >> "$O/summary.txt"; grep -E "tests passed|\*\*\*|Failed|Skipped" "$O/ctest_gpu.log" | tail -14 >> "$O/summary.txt"
mkdir -p /tmp/englib && tar xJf .device-carry/engine/libs.tar.xz -C /tmp/englib
export LD_LIBRARY_PATH=/tmp/englib
[ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
mkdir -p /work/main/build-dev/kernels/cli && cp .device-carry/engine/reducescope-cli /work/main/build-dev/kernels/cli/
K=/work/main/build-dev/kernels/cli/reducescope-cli
s gpu_kernel_bench
timeout 240 .device-carry/engine/gpu_kernel_bench > "$O/gpu_kernel_bench.log" 2>&1; echo "gpu_kernel_bench rc=$?" >> "$O/summary.txt"
grep -E "passed:|FAILED:|^FAIL" "$O/gpu_kernel_bench.log" >> "$O/summary.txt"
s "kernel bench --table interleaved_padded, no --shared-bytes"
timeout 120 $K kernel bench --source kernels/cuda/reduce_basic.cu --kernel interleaved_padded_reduce_sum --block-size 256 \
  --n 1M --mode graph --strategies cub --table > "$O/kbench_padded_none.txt" 2>&1
echo "rc=$?" >> "$O/summary.txt"; grep -vE "^(contract|strategy|device) " "$O/kbench_padded_none.txt" | cut -c1-400 >> "$O/summary.txt"
s done
