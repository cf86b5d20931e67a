#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The device call of 2026-12-03 (README.md beside this file), from the repository root on the GPU
# machine, with the engine's reducescope-cli and gpu_kernel_bench built here (build-dev:
# -DREDUCESCOPE_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90) and packed by
# kernels/bench/pack_engine_carry.sh build-dev into .device-carry/engine (carried):
#   1. gpu_kernel_bench (its four cases; the fourth: --shared-bytes);
#   2. kernel bench of the catalogue's interleaved_padded (its extern shared array holds
#      block + block / 32 floats) at block 256, 2^20 values, beside CUB: without --shared-bytes
#      (the engine's cross-check meets the too-small default) and with --shared-bytes 1056;
#   3. compute-sanitizer memcheck over kernel bench of the same kernel at 4096 values, once without
#      --shared-bytes (4 x 256 bytes: the kernel writes past its shared array) and once with 1056.
# Results go to $OUT/TAG (summary.txt and the logs) as they are written.
set -u
T=$1
O=$OUT/$T; mkdir -p "$O"
s() { echo "== $(date -u +%H:%M:%S) $*" >> "$O/summary.txt"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv; } > "$O/machine.txt" 2>&1
mkdir -p /tmp/englib && tar xJf .device-carry/engine/libs.tar.xz -C /tmp/englib
export LD_LIBRARY_PATH=/tmp/englib
# gpu_kernel_bench reads /work/main/kernels/cuda/reduce_basic.cu and runs the CLI at the path it
# was built with (/work/main/build-dev/...).
[ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
mkdir -p /work/main/build-dev/kernels/cli && cp .device-carry/engine/reducescope-cli /work/main/build-dev/kernels/cli/
K=/work/main/build-dev/kernels/cli/reducescope-cli
$K --version >> "$O/summary.txt" 2>&1
s gpu_kernel_bench
timeout 240 .device-carry/engine/gpu_kernel_bench > "$O/gpu_kernel_bench.log" 2>&1; echo "gpu_kernel_bench rc=$?" >> "$O/summary.txt"
grep -E "^(ok|FAIL) |passed:|FAILED:" "$O/gpu_kernel_bench.log" >> "$O/summary.txt"
P=(--source kernels/cuda/reduce_basic.cu --kernel interleaved_padded_reduce_sum --block-size 256)
for sb in none 1056; do
  extra=(); [ "$sb" = none ] || extra=(--shared-bytes "$sb" --json "$O/kbench_padded_$sb.json")  # (8 files come back)
  s "kernel bench interleaved_padded shared=$sb"
  timeout 120 $K kernel bench "${P[@]}" "${extra[@]}" --n 1M --mode graph --strategies cub --table \
    > "$O/kbench_padded_$sb.txt" 2>&1
  echo "rc=$?" >> "$O/summary.txt"; grep -E "^(my_kernel|cub) |reducescope-cli:|fault|out_of_bounds" "$O/kbench_padded_$sb.txt" | head -4 >> "$O/summary.txt"
done
for sb in none 1056; do
  extra=(); [ "$sb" = none ] || extra=(--shared-bytes "$sb")
  s "memcheck kernel bench interleaved_padded shared=$sb"
  timeout 150 compute-sanitizer --tool memcheck --print-limit 4 $K kernel bench "${P[@]}" "${extra[@]}" --n 4096 --reps 1 \
    --mode per-launch --strategies none > "$O/memcheck_padded_$sb.txt" 2>&1
  echo "rc=$?" >> "$O/summary.txt"; grep -E "ERROR SUMMARY|Invalid __shared__|^my_kernel" "$O/memcheck_padded_$sb.txt" | head -4 >> "$O/summary.txt"
done
s done
