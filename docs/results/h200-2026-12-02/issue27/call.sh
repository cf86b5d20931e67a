#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One device call of issue 27's last measurements (README.md beside this file), run on the GPU
# machine from the repository root: call.sh TAG PARTS. PARTS (comma-separated): the issue27
# stage's parts of kernels/bench/run_on_gpu.sh (gpu, m1, g1, g2g, slope, standalone) and
#   probe   g2g_probe (CCCL's gpu_to_gpu sum outside the runner), carried prebuilt in .device-carry/bin
#   kbench  `kernel bench` and the test gpu_kernel_bench with a reducescope-cli built elsewhere
#           with the SIMT engine (.device-carry/engine: the binaries, Clang/LLVM 14's libraries;
#           the GPU machine has no LLVM 14).
# Writes everything under /tmp/o and packs it into $OUT/calls_TAG.tgz (a call returns at most 8
# files), with summary_TAG.txt beside it.
set -u
T=$1; P=$2
export RS_SLOPE_BATCHES=${RS_SLOPE_BATCHES:-5}
O=/tmp/o; mkdir -p $O
mkdir -p /tmp/cc && tar xJf .device-carry/cccl.tar.xz -C /tmp/cc
export RS_CMAKE_EXTRA="-DREDUCESCOPE_CCCL_DIR=/tmp/cc/cccl-3.1.0"
{ date -u; git log -1 --format='%h %s' 2>/dev/null; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv; } > $O/machine_$T.txt 2>&1
kernels/bench/run_on_gpu.sh $O build
RS_I27_TAG=$T RS_I27_PARTS=$P kernels/bench/run_on_gpu.sh $O issue27
if [[ $P == *probe* ]]; then
  echo "== $(date -u +%H:%M:%S) g2g_probe" >> $O/summary.txt
  .device-carry/bin/g2g_probe 268435456 402653184 536870911 536870912 1073741824 2>&1 | tee $O/g2g_probe_$T.txt >> $O/summary.txt
fi
if [[ $P == *kbench* ]]; then
  echo "== $(date -u +%H:%M:%S) kernel bench (engine build)" >> $O/summary.txt
  mkdir -p /tmp/englib && tar xJf .device-carry/engine/libs.tar.xz -C /tmp/englib
  # gpu_kernel_bench runs the CLI at the path it was built with.
  mkdir -p /work/main/build-dev/kernels/cli && cp .device-carry/engine/reducescope-cli /work/main/build-dev/kernels/cli/
  export LD_LIBRARY_PATH=/tmp/englib
  ls /usr/local/cuda/lib64/libnvrtc* >> $O/summary.txt 2>&1
  K=/work/main/build-dev/kernels/cli/reducescope-cli
  timeout 200 .device-carry/engine/gpu_kernel_bench > $O/gpu_kernel_bench_$T.log 2>&1; echo "gpu_kernel_bench rc=$?" >> $O/summary.txt
  grep -c "^ok" $O/gpu_kernel_bench_$T.log >> $O/summary.txt; grep "^FAIL" $O/gpu_kernel_bench_$T.log >> $O/summary.txt
  for k in convergent shared; do
    timeout 120 $K kernel bench --source kernels/cuda/reduce_basic.cu --kernel ${k}_reduce_sum --n 1M --mode graph \
      --strategies cub,vectorized,two_pass --table --json $O/kbench_${k}_1m_$T.json > $O/kbench_${k}_1m_$T.txt 2>&1
    echo "kernel bench $k rc=$?" >> $O/summary.txt
  done
fi
echo "== $(date -u +%H:%M:%S) done" >> $O/summary.txt
cp $O/summary.txt "$OUT/summary_$T.txt"
tar czf "$OUT/calls_$T.tgz" -C $O .
