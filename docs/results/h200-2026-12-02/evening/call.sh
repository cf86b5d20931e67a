#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One device call of the evening session of 2026-12-02 (README.md beside this file), from the
# repository root on the GPU machine: call.sh TAG PARTS. PARTS (comma-separated):
#   san     build the Qt-free part there (kernels/bench/run_on_gpu.sh build) and run the ctest tests
#           gpu_memcheck and gpu_racecheck (compute-sanitizer over every kernel but race)
#   ncu     gpu_ncu_traffic (the model's memory traffic against Nsight Compute) in the same build
#   ncudiag where gpu_ncu_traffic's time goes: the carried reducescope-cli's `bench` as that test
#           runs it, for two strategies at n = 1000, once alone (timed) and once under ncu (its
#           ==PROF== lines count the launches it profiled), each cut at 75 s
#   kbench  gpu_kernel_bench and `kernel bench` on catalogue sources with a reducescope-cli built
#           here with the SIMT engine (kernels/bench/pack_engine_carry.sh), carried in
#           .device-carry/engine; RS_KBENCH: lines "SOURCE KERNEL [more kernel bench options]"
# Results go to $OUT/TAG (summary.txt and the logs) as they are written, so a call cut short
# still brings back what it finished. RS_SAN_LIMIT / RS_NCU_LIMIT: seconds for those parts.
set -u
T=$1; P=$2
O=$OUT/$T; mkdir -p "$O"
B=$PWD/build-gpu; export RS_BUILD=$B
part() { [[ ",$P," == *",$1,"* ]]; }  # PARTS names part $1 (whole words: ncu is not ncudiag)
s() { echo "== $(date -u +%H:%M:%S) $*" >> "$O/summary.txt"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv; } > "$O/machine.txt" 2>&1
if { part san || part ncu; } && [ ! -x "$B/kernels/cli/reducescope-cli" ]; then
  s build; kernels/bench/run_on_gpu.sh "$O" build >/dev/null; s "build rc=$?"
fi
if part san; then
  s "ctest gpu_memcheck gpu_racecheck"
  (cd "$B" && timeout "${RS_SAN_LIMIT:-360}" ctest -R "gpu_memcheck|gpu_racecheck" --timeout 360 -V) > "$O/ctest_sanitizer.log" 2>&1
  echo "ctest rc=$?" >> "$O/summary.txt"; grep -E "ERROR SUMMARY|tests passed|Passed|Failed|\*\*\*" "$O/ctest_sanitizer.log" | tail -8 >> "$O/summary.txt"
fi
if part ncu; then
  s "ctest gpu_ncu_traffic"
  (cd "$B" && timeout "${RS_NCU_LIMIT:-240}" ctest -R gpu_ncu_traffic --timeout 240 -V) > "$O/ctest_ncu.log" 2>&1
  echo "ctest rc=$?" >> "$O/summary.txt"; grep -E "FAIL|tests passed|Passed|Failed" "$O/ctest_ncu.log" | head -12 >> "$O/summary.txt"
fi
if { part ncudiag || part kbench; }; then
  mkdir -p /tmp/englib && tar xJf .device-carry/engine/libs.tar.xz -C /tmp/englib
  export LD_LIBRARY_PATH=/tmp/englib
fi
if part ncudiag; then
  s "ncu diagnosis"
  K=.device-carry/engine/reducescope-cli
  args=(bench --n 1000 --block-size 256 --coarse-factor 4 --reps 1 --warmup 0 --mode per-launch --strategies simple,convergent)
  { time timeout 75 $K "${args[@]}"; } > "$O/ncudiag_alone.txt" 2>&1; echo "bench alone rc=$?" >> "$O/summary.txt"
  grep -E "^real" "$O/ncudiag_alone.txt" >> "$O/summary.txt"
  { time timeout 75 ncu --clock-control none --csv --print-units base --metrics dram__bytes_read.sum \
      -k "regex:reduce_(sum|max)|two_pass_" $K "${args[@]}"; } > "$O/ncudiag_ncu.txt" 2>&1; echo "bench under ncu rc=$?" >> "$O/summary.txt"
  { grep -E "^real" "$O/ncudiag_ncu.txt"; echo "==PROF== lines: $(grep -c '==PROF==' "$O/ncudiag_ncu.txt")"; } >> "$O/summary.txt"
fi
if part kbench; then
  s "kernel bench (engine build carried)"
  # gpu_kernel_bench reads /work/main/kernels/cuda/reduce_basic.cu and runs the CLI at the path it
  # was built with (/work/main/build-dev/...).
  [ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
  mkdir -p /work/main/build-dev/kernels/cli && cp .device-carry/engine/reducescope-cli /work/main/build-dev/kernels/cli/
  K=/work/main/build-dev/kernels/cli/reducescope-cli
  $K --version >> "$O/summary.txt" 2>&1
  timeout 200 .device-carry/engine/gpu_kernel_bench > "$O/gpu_kernel_bench.log" 2>&1; echo "gpu_kernel_bench rc=$?" >> "$O/summary.txt"
  tail -3 "$O/gpu_kernel_bench.log" >> "$O/summary.txt"
  printf '%s\n' "${RS_KBENCH:-kernels/cuda/reduce_basic.cu convergent_reduce_sum}" | while read -r src kern more; do
    timeout 120 $K kernel bench --source $src --kernel $kern --n 1M --mode graph --strategies cub $more \
      --table --json "$O/kbench_$kern.json" > "$O/kbench_$kern.txt" 2>&1
    echo "kernel bench $kern $more rc=$?" >> "$O/summary.txt"; grep -E "^(my_kernel|cub) |reducescope-cli:" "$O/kbench_$kern.txt" | head -3 >> "$O/summary.txt"
  done
fi
s done
