#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One device call after this round's last merges (README.md beside this file), from the repository
# root on the GPU machine: call.sh TAG PARTS. PARTS (comma-separated):
#   gpu     build the Qt-free part there (kernels/bench/run_on_gpu.sh build, no SIMT engine: that
#           machine has no LLVM 14) and run ctest -L gpu but the two slow tests
#   kbench  the test gpu_kernel_bench and `kernel bench` on catalogue sources with a reducescope-cli
#           built here with the SIMT engine, carried in .device-carry/engine (binaries, Clang/LLVM 14's
#           libraries, stubs for libz3 and libicudata that the engine never calls)
#   results gpu_bench_results alone (after its recorded file was brought up to date)
#   slow    gpu_recording_match (about 300 s) in the same build
# Everything goes under /tmp/o, packed into $OUT/calls_TAG.tgz with summary_TAG.txt beside it.
set -u
T=$1; P=$2
O=/tmp/o; mkdir -p $O
B=$PWD/build-gpu; export RS_BUILD=$B
s() { echo "== $(date -u +%H:%M:%S) $*" >> $O/summary.txt; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv; } > $O/machine_$T.txt 2>&1
if [[ $P == *gpu* || $P == *slow* || $P == *results* ]] && [ ! -x $B/kernels/cli/reducescope-cli ]; then
  kernels/bench/run_on_gpu.sh $O build
fi
if [[ $P == *gpu* ]]; then
  s "ctest -L gpu (but the slow two and the engine's gpu_kernel_bench)"
  (cd $B && timeout 300 ctest -L gpu -E "memcheck|racecheck|gpu_recording_match|gpu_ncu_traffic|gpu_kernel_bench" \
      --output-on-failure) > $O/ctest_gpu_$T.log 2>&1; echo "ctest rc=$?" >> $O/summary.txt
  grep -E "tests passed|Passed|Failed|Skipped|\*\*\*" $O/ctest_gpu_$T.log >> $O/summary.txt
fi
if [[ $P == *kbench* ]]; then
  s "kernel bench (engine build carried)"
  mkdir -p /tmp/englib && tar xJf .device-carry/engine/libs.tar.xz -C /tmp/englib
  export LD_LIBRARY_PATH=/tmp/englib
  # gpu_kernel_bench reads /work/main/kernels/cuda/reduce_basic.cu and runs the CLI at the path it
  # was built with (/work/main/build-dev/...).
  [ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
  mkdir -p /work/main/build-dev/kernels/cli && cp .device-carry/engine/reducescope-cli /work/main/build-dev/kernels/cli/
  K=/work/main/build-dev/kernels/cli/reducescope-cli
  $K --version >> $O/summary.txt 2>&1
  timeout 200 .device-carry/engine/gpu_kernel_bench > $O/gpu_kernel_bench_$T.log 2>&1; echo "gpu_kernel_bench rc=$?" >> $O/summary.txt
  tail -3 $O/gpu_kernel_bench_$T.log >> $O/summary.txt
  # RS_KBENCH: lines "SOURCE KERNEL [more kernel bench options]" (default: three catalogue kernels).
  printf '%s\n' "${RS_KBENCH:-kernels/cuda/reduce_basic.cu convergent_reduce_sum
kernels/cuda/reduce_warp.cu warp_shuffle_reduce_sum
kernels/cuda/reduce_warp.cu vectorized_reduce_sum}" | while read -r src kern more; do
    timeout 120 $K kernel bench --source $src --kernel $kern --n 1M --mode graph --strategies cub,vectorized $more \
      --table --json $O/kbench_${kern}_$T.json > $O/kbench_${kern}_$T.txt 2>&1
    echo "kernel bench $kern $more rc=$?" >> $O/summary.txt; grep -E "^(my_kernel|cub) |reducescope-cli:" $O/kbench_${kern}_$T.txt | head -3 >> $O/summary.txt
  done
fi
if [[ $P == *results* ]]; then
  s "gpu_bench_results"
  (cd $B && timeout 120 ctest -R gpu_bench_results --output-on-failure) > $O/ctest_results_$T.log 2>&1
  echo "ctest rc=$?" >> $O/summary.txt; grep -E "FAIL|passed|failure" $O/ctest_results_$T.log | head -5 >> $O/summary.txt
fi
if [[ $P == *slow* ]]; then
  s "gpu_recording_match"
  (cd $B && timeout 400 ctest -R gpu_recording_match --timeout 400 --output-on-failure) > $O/ctest_recording_$T.log 2>&1
  echo "ctest rc=$?" >> $O/summary.txt; tail -4 $O/ctest_recording_$T.log >> $O/summary.txt
fi
s done
cp $O/summary.txt "$OUT/summary_$T.txt"
tar czf "$OUT/calls_$T.tgz" -C $O .
