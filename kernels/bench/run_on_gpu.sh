#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds reducescope-cli on a GPU machine (no Qt) and runs the checks and measurements recorded in
# docs/benchmarks.md. Usage: kernels/bench/run_on_gpu.sh OUTDIR STAGE...
#   stages: build check table sweep goals counters sass truth method moonshot issue27
#   (RS_CMAKE_EXTRA: more configure options, e.g. -DREDUCESCOPE_CCCL_DIR=... for CCCL 3.1's baselines;
#   RS_I27_TAG names the files of one issue27 pass, RS_I27_PARTS picks its parts: gpu,m1,g1,g2g,slope,standalone)
#   (RS_BUILD=DIR: an existing build, e.g. one built elsewhere with -DREDUCESCOPE_GUI=OFF and
#   carried; then leave out `build`. method/moonshot: docs/benchmarks.md; RS_GRAPH_LIMITS,
#   RS_OTHER_LIMITS, RS_OTHER_CELLS shorten `method`, RS_MOONSHOT_BIN gives prebuilt experiments.)
# Leaves the GPU's clocks and settings alone (ncu runs with --clock-control none).
set -u
OUTDIR=$1; shift
mkdir -p "$OUTDIR"
export NCCL_NVLS_ENABLE=0
B=${RS_BUILD:-/tmp/rs-build}
CLI=$B/kernels/cli/reducescope-cli
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUTDIR/summary.txt"; }
# Strategy lists come from the catalogue (`reducescope-cli list --ids`), after the build stage.
ids() { "$CLI" list --ids "$@"; }
# The many-block kernels worth sweeping to 2^30 (a choice, not the catalogue: the serialised
# atomic kernels would take minutes there).
MAIN=segmented,coarsened,block_reduce,two_pass,grid_sync,vectorized,self_reset,cub

for stage in "$@"; do
case $stage in
build)
  log build
  { nvidia-smi; nvidia-smi -q | grep -iE "driver version|cuda version|clocks|mhz" | head -40; nvcc --version; cmake --version; } > "$OUTDIR/env.txt" 2>&1
  conf() { cmake -S . -B "$B" -G Ninja -DREDUCESCOPE_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_BUILD_TYPE=Release \
        -DREDUCESCOPE_EXTRA_INCLUDE="$PWD/.device-carry/include" ${RS_CMAKE_EXTRA:-} "$@" >> "$OUTDIR/build.log" 2>&1; }
  # The tests folder needs every part's CMake to configure without Qt; fall back to no tests.
  conf -DREDUCESCOPE_TESTS=ON || { log "configure with tests failed; without tests"; rm -rf "$B"; conf -DREDUCESCOPE_TESTS=OFF; } &&
  ninja -C "$B" >> "$OUTDIR/build.log" 2>&1 || { log "BUILD FAILED"; tail -30 "$OUTDIR/build.log"; exit 1; }
  "$CLI" devices | tee -a "$OUTDIR/summary.txt"
  ;;
check)
  ALL_BUT_RACE=$(ids --with kernel --without expected_wrong)
  RACE=$(ids --with kernel,expected_wrong)
  log selftest
  ( time "$CLI" selftest ) > "$OUTDIR/selftest.log" 2>&1; echo "selftest rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -3 "$OUTDIR/selftest.log" | tee -a "$OUTDIR/summary.txt"
  log ctest
  [ -f "$B/CTestTestfile.cmake" ] && (cd "$B" && ctest -L gpu -E "memcheck|racecheck" --output-on-failure) > "$OUTDIR/ctest.log" 2>&1; echo "ctest rc=$?" | tee -a "$OUTDIR/summary.txt"
  log memcheck
  compute-sanitizer --tool memcheck --error-exitcode 9 "$CLI" selftest --max-n 1048583 --strategies $ALL_BUT_RACE \
      --block-sizes 32,256,1024 --coarse-factors 1,4 > "$OUTDIR/memcheck.log" 2>&1; echo "memcheck rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -3 "$OUTDIR/memcheck.log" | tee -a "$OUTDIR/summary.txt"
  log racecheck
  compute-sanitizer --tool racecheck --error-exitcode 9 "$CLI" selftest --max-n 1025 --strategies $ALL_BUT_RACE \
      --block-sizes 32,1024 --coarse-factors 4 > "$OUTDIR/racecheck.log" 2>&1; echo "racecheck rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -3 "$OUTDIR/racecheck.log" | tee -a "$OUTDIR/summary.txt"
  log "racecheck + memcheck on race (expected wrong)"
  for tool in racecheck memcheck; do
    compute-sanitizer --tool $tool --error-exitcode 9 "$CLI" selftest --max-n 1025 --strategies $RACE \
        --block-sizes 32,1024 > "$OUTDIR/${tool}_race.log" 2>&1; echo "$tool race rc=$?" | tee -a "$OUTDIR/summary.txt"
    tail -2 "$OUTDIR/${tool}_race.log" | tee -a "$OUTDIR/summary.txt"
  done
  ;;
issue27)
  # Issue 27's measurements (docs/benchmarks.md, "Like for like"): the 1M graph-hot table with every
  # library baseline and its contract, 2^30, the per-sample slope with and without the blocking
  # kernel, and the ceiling against a standalone read-only kernel of the same shape.
  T=${RS_I27_TAG:-a}
  P=${RS_I27_PARTS:-gpu,m1,g1,slope,standalone}
  LIB=cub,cub_block_one_pass,cub_block_ring,cub_not_guaranteed,cub_run_to_run,cub_gpu_to_gpu
  if [[ $P == *gpu* ]] && [ -f "$B/CTestTestfile.cmake" ]; then
    log "ctest -L gpu"
    (cd "$B" && timeout 240 ctest -L gpu -E "memcheck|racecheck" --output-on-failure) > "$OUTDIR/ctest_gpu.log" 2>&1
    echo "ctest rc=$?" | tee -a "$OUTDIR/summary.txt"; tail -4 "$OUTDIR/ctest_gpu.log" | tee -a "$OUTDIR/summary.txt"
  fi
  if [[ $P == *m1* ]]; then
    log "i27 $T: 2^20 graph hot, stopping rule"
    "$CLI" bench --n 1M --mode graph --strategies zero_ahead,self_reset,vectorized,two_pass,grid_sync,$LIB \
        --block-size 256,512 --coarse-factor 4 --table --json "$OUTDIR/i27_1m_graph_hot_$T.json" \
        > "$OUTDIR/i27_1m_graph_hot_$T.txt" 2>&1; echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  fi
  if [[ $P == *g1* ]]; then
    log "i27 $T: 2^30 graph hot, stopping rule"
    "$CLI" bench --n 1G --mode graph --strategies vectorized,coarsened,self_reset,zero_ahead,two_pass,$LIB \
        --block-size 256,512 --coarse-factor 16 --table --json "$OUTDIR/i27_1g_graph_hot_$T.json" \
        > "$OUTDIR/i27_1g_graph_hot_$T.txt" 2>&1; echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  fi
  if [[ $P == *g2g* ]]; then
    log "i27 $T: cub_gpu_to_gpu over N (its result at 2^30)"
    "$CLI" bench --sweep-n 1M,16M,256M,512M,1G --mode graph --strategies cub_gpu_to_gpu,cub_run_to_run --reps 10 --warmup 2 \
        --table --json "$OUTDIR/g2g_sweep_$T.json" > "$OUTDIR/g2g_sweep_$T.txt" 2>&1; echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  fi
  if [[ $P == *slope* ]]; then
    # Variants: diff = the default (blocking kernel, each graph sample less a short graph's
    # replay), plain = REDUCESCOPE_GRAPH_DIFFERENCE=0 (one replay / its repetitions), noblock =
    # plain without the blocking kernel too, half = diff with a short graph of half the batch.
    log "i27 $T: per-sample slope, 2^20 graph hot, batches of 10..300 repetitions: diff, plain, noblock"
    # RS_SLOPE_BATCHES samples per cell (default 5), each of 10, 30, 100 or 300 repetitions.
    NB=${RS_SLOPE_BATCHES:-5}
    for v in diff half plain noblock; do for K in 10 30 100 300; do R=$((K * NB))
      case $v in diff) e=(); ;; half) e=(REDUCESCOPE_GRAPH_SHORT_PART=2); ;; plain) e=(REDUCESCOPE_GRAPH_DIFFERENCE=0); ;; noblock) e=(REDUCESCOPE_GRAPH_DIFFERENCE=0 REDUCESCOPE_BLOCKING=0); ;; esac
      env "${e[@]}" "$CLI" bench --n 1M --mode graph --strategies vectorized,cub,cub_block_one_pass \
          --block-size 512 --coarse-factor 4 --reps $R --batches $NB --json "$OUTDIR/slope_${v}_$K.json" > /dev/null 2>&1
    done; done
    python3 - "$OUTDIR" <<'PY' 2>&1 | tee "$OUTDIR/slope_$T.txt" | tee -a "$OUTDIR/summary.txt"
import json, sys, os
d = sys.argv[1]
for v in ("diff", "half", "plain", "noblock"):
    pts = {}
    for K in (10, 30, 100, 300):
        f = os.path.join(d, f"slope_{v}_{K}.json")
        if not os.path.exists(f):
            continue
        for r in json.load(open(f))["results"]:
            if r["status"] == "ok" and r.get("time_ms"):
                pts.setdefault(r["strategy"], []).append((1.0 / r["reps_per_sample"], 1e3 * r["time_ms"]["median"],
                                                          r.get("short_reps_per_sample", 0)))
    for s, p in sorted(pts.items()):
        n = len(p); mx = sum(x for x, _, _ in p) / n; my = sum(y for _, y, _ in p) / n
        b = sum((x - mx) * (y - my) for x, y, _ in p) / max(1e-30, sum((x - mx) ** 2 for x, _, _ in p))
        print(f"{v:8} {s:20} slope {b:.3f} us per sample, intercept {my - b * mx:.4f} us per rep; points "
              + " ".join(f"{1/x:.0f}" + (f"-{k}" if k else "") + f":{y:.4f}" for x, y, k in sorted(p)))
PY
  fi
  if [[ $P == *standalone* ]]; then
    log "i27 $T: standalone read-only kernels (the ceiling's shapes, outside the runner)"
    SA=docs/results/h200-2026-12-01/issue27/standalone_read.cu
    nvcc -O3 -arch=sm_90 -std=c++17 "$SA" -o /tmp/standalone_read >> "$OUTDIR/build.log" 2>&1 || log "standalone build failed"
    for n in 1048576 1073741824; do
      for ld in 0 1 2; do for bl in 132 264 528 1056; do /tmp/standalone_read $n 1 $bl 256 $ld; done; done
      for ld in 0 1 2; do for u in 1 2 4 8; do /tmp/standalone_read $n 0 $u 256 $ld; done; done
      for ld in 0 1 2; do for bs in 512 1024; do /tmp/standalone_read $n 0 1 $bs $ld; done; done
    done > "$OUTDIR/standalone_$T.txt" 2>&1
    grep -c median "$OUTDIR/standalone_$T.txt" | tee -a "$OUTDIR/summary.txt"
  fi
  ;;
table)
  for mode in per-launch loop graph; do for cache in hot cold; do
    log "1M $mode $cache"
    "$CLI" bench --n 1048576 --reps 100 --mode $mode --cache $cache --json "$OUTDIR/bench_1m_${mode}_${cache}.json" \
        > "$OUTDIR/bench_1m_${mode}_${cache}.jsonl" 2> "$OUTDIR/bench_1m_${mode}_${cache}.err"
    echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  done; done
  ;;
goals)
  log "suite wall time: every kernel, 1M, 100 reps, one mode (process start included)"
  for mode in graph per-launch loop; do
    /usr/bin/env bash -c "time \"$CLI\" bench --n 1M --reps 100 --mode $mode > /dev/null" 2>&1 | tee -a "$OUTDIR/summary.txt"
  done
  log "2^20 graph hot: coarse factors of the fast kernels against CUB (reset by a kernel, then by memset, then untimed)"
  "$CLI" bench --n 1M --reps 200 --mode graph --strategies coarsened,vectorized,self_reset,two_pass,grid_sync,cub \
      --coarse-factor 2,4,8,16 --json "$OUTDIR/goal_1m_graph_coarse.json" > /dev/null 2>> "$OUTDIR/summary.txt"
  REDUCESCOPE_RESET=memset "$CLI" bench --n 1M --reps 200 --mode graph --strategies coarsened,vectorized,cub \
      --coarse-factor 4,8 --json "$OUTDIR/goal_1m_graph_coarse_memset.json" > /dev/null 2>> "$OUTDIR/summary.txt"
  REDUCESCOPE_RESET=none "$CLI" bench --n 1M --reps 200 --mode graph --strategies coarsened,vectorized,cub \
      --coarse-factor 4,8 --json "$OUTDIR/diag_1m_graph_noreset.json" > /dev/null 2>> "$OUTDIR/summary.txt"
  for m in per-launch loop; do
    "$CLI" bench --n 1M --reps 200 --mode $m --strategies coarsened,vectorized,self_reset,two_pass,cub \
        --coarse-factor 4,8 --json "$OUTDIR/goal_1m_${m}.json" > /dev/null 2>> "$OUTDIR/summary.txt"
  done
  log "2^30 coarse sweep"
  "$CLI" bench --n 1G --reps 20 --warmup 3 --mode graph --strategies coarsened,vectorized,self_reset,block_reduce,grid_sync,cub \
      --coarse-factor 1,4,16,64 --json "$OUTDIR/goal_1g_coarse.json" > /dev/null 2>> "$OUTDIR/summary.txt"
  ;;
sweep)
  for c in 4 16; do
    log "sweep 2^10..2^30 graph hot, coarse factor $c"
    "$CLI" bench --sweep-n 1K..1G --reps 20 --warmup 3 --mode graph --strategies $MAIN --coarse-factor $c \
        --json "$OUTDIR/sweep_graph_hot_c$c.json" > /dev/null 2> "$OUTDIR/sweep_c$c.err"; echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  done
  ;;
counters)
  log "ncu single-block kernels at 1024 elements"
  M=smsp__sass_branch_targets_threads_divergent.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  SINGLE=$(ids --with single_block,model,kernel)
  ncu --clock-control none --metrics $M --csv --print-units base -k "regex:(${SINGLE//,/|})_reduce_sum" \
      "$CLI" bench --n 1024 --block-size 512 --reps 1 --warmup 0 --mode per-launch \
      --strategies $SINGLE > "$OUTDIR/ncu_single_block_1024.csv" 2> "$OUTDIR/ncu.err"
  echo "ncu rc=$?" | tee -a "$OUTDIR/summary.txt"; grep -c reduce_sum "$OUTDIR/ncu_single_block_1024.csv" | tee -a "$OUTDIR/summary.txt"
  # The same through the CLI (docs/results-format.md "Hardware counters"): a small benchmark, then
  # ncu on a child bench; the counters (with the store wavefronts) land in the JSON beside the model.
  log "bench --counters"
  "$CLI" bench --n 1M --reps 20 --warmup 3 --mode graph --strategies shared,coarsened,cub --counters \
      --json "$OUTDIR/bench_counters.json" > "$OUTDIR/bench_counters.jsonl" 2> "$OUTDIR/bench_counters.err"
  echo "bench --counters rc=$? (0: counters ok or ncu missing; 1: ncu failed or a result wrong)" | tee -a "$OUTDIR/summary.txt"
  cat "$OUTDIR/bench_counters.err" | tee -a "$OUTDIR/summary.txt"
  if command -v python3 > /dev/null; then
    python3 - "$OUTDIR/bench_counters.json" <<'PY' 2>&1 | tee -a "$OUTDIR/summary.txt"
import json, sys
c = json.load(open(sys.argv[1])).get("counters", {})
print("counters.status:", c.get("status"), c.get("message", ""))
short = {"smsp__sass_branch_targets_threads_divergent.sum": "div", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": "cf_ld",
         "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum": "cf_st", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": "wf_ld",
         "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": "wf_st"}
for k in c.get("kernels", []):
    hw = " ".join(f"{short.get(m, m)}={v:g}" for m, v in k["hardware"].items())
    m = k["model"] or {}
    print(f'{k["strategy"]:20} ncu: {hw} | model: div={m.get("divergent_warp_steps")} wf_ld={m.get("shared_ld_wavefronts")} '
          f'wf_st={m.get("shared_st_wavefronts")} cf_ld={m.get("extra_shared_ld_wavefronts")} cf_st={m.get("extra_shared_st_wavefronts")} '
          f'launches={k["launches"]} equal={k["hardware_all_launches_equal"]}')
PY
  fi
  ;;
truth)
  # The GPU's float rules (docs/trace-format.md, "Float rules"), the model against the kernels and
  # the recordings on the special-value sets, and every strategy's memory traffic against ncu (needs
  # the tests: the build stage configures with -DREDUCESCOPE_TESTS=ON).
  log "truth: float rules probe"
  "$B/tests/kernels/cuda/gpu_float_ops_probe" > "$OUTDIR/gpu_float_ops_probe.txt" 2>&1; echo "gpu_float_ops_probe rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -1 "$OUTDIR/gpu_float_ops_probe.txt" | tee -a "$OUTDIR/summary.txt"
  log "truth: gpu_model_match (special-value sets)"
  "$B/tests/kernels/model/gpu_model_match" > "$OUTDIR/gpu_model_match.txt" 2>&1; echo "gpu_model_match rc=$?" | tee -a "$OUTDIR/summary.txt"
  grep -E "^set |^bit-exact|MISMATCH" "$OUTDIR/gpu_model_match.txt" | head -40 | tee -a "$OUTDIR/summary.txt"
  log "truth: gpu_recording_match (special-value sets)"
  "$B/tests/kernels/cuda/gpu_recording_match" > "$OUTDIR/gpu_recording_match.txt" 2>&1; echo "gpu_recording_match rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -20 "$OUTDIR/gpu_recording_match.txt" | tee -a "$OUTDIR/summary.txt"
  log "truth: ncu traffic, every strategy at n = 1000, 1024, 4096"
  "$B/tests/kernels/cuda/gpu_ncu_traffic" "$CLI" "$OUTDIR/ncu_traffic.md" > "$OUTDIR/ncu_traffic.txt" 2>&1; echo "gpu_ncu_traffic rc=$?" | tee -a "$OUTDIR/summary.txt"
  grep -E "^FAIL|^every|^FAILED|^skipped" "$OUTDIR/ncu_traffic.txt" | head -40 | tee -a "$OUTDIR/summary.txt"
  ;;
sass)
  log sass
  # The probe compiles away: each kernel file against the same file without its probe.record lines
  # (docs/hardware-counters.md), compiled with the flags of the build; identical SASS expected.
  F="-DREDUCESCOPE_WITH_CUDA_KERNELS=1 -O3 -DNDEBUG -arch=sm_90 -Xcompiler=-fPIC --expt-relaxed-constexpr -std=c++20 -Ikernels"
  S=$(mktemp -d) && cp kernels/cuda/*.cuh "$S/"
  for f in reduce_basic reduce_multiblock reduce_warp; do
    grep -v 'probe\.record(' kernels/cuda/$f.cu > "$S/$f.cu"
    nvcc $F -cubin kernels/cuda/$f.cu -o "$S/prod_$f.cubin" && nvcc $F -cubin "$S/$f.cu" -o "$S/strip_$f.cubin" &&
    cuobjdump -sass "$S/prod_$f.cubin" > "$S/prod_$f.sass" && cuobjdump -sass "$S/strip_$f.cubin" > "$S/strip_$f.sass"
    echo "$f: $(grep -c 'probe\.record(' kernels/cuda/$f.cu) probe lines removed, $(grep -c Function "$S/prod_$f.sass") kernels, $(wc -l < "$S/prod_$f.sass") SASS lines, $(diff "$S/prod_$f.sass" "$S/strip_$f.sass" | wc -l) lines differ" | tee -a "$OUTDIR/summary.txt"
  done
  for f in reduce_basic reduce_multiblock reduce_warp dot_product; do
    cuobjdump -sass "$B/kernels/cuda/CMakeFiles/reducescope_cuda.dir/$f.cu.o" > "$OUTDIR/sass_$f.txt" 2>&1
  done
  ;;
method)
  # The benchmark method (docs/benchmarks.md): self_reset's epochs, the new baseline and ceilings
  # under the sanitizer, and the 1M tables with noise, stop rule, clocks and cold rotation.
  log "self_reset epochs (gpu_self_reset_epochs)"
  timeout 120 "$B/tests/kernels/cuda/gpu_self_reset_epochs" > "$OUTDIR/gpu_self_reset_epochs.log" 2>&1; echo "gpu_self_reset_epochs rc=$?" | tee -a "$OUTDIR/summary.txt"
  cat "$OUTDIR/gpu_self_reset_epochs.log" | tee -a "$OUTDIR/summary.txt"
  log selftest
  timeout 300 "$CLI" selftest > "$OUTDIR/selftest.log" 2>&1; echo "selftest rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -3 "$OUTDIR/selftest.log" | tee -a "$OUTDIR/summary.txt"
  log "memcheck and racecheck: self_reset (with its back-to-back launches), cub_block_one_pass, vectorized"
  timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$CLI" selftest --max-n 1025 \
      --strategies self_reset,cub_block_one_pass,vectorized --block-sizes 32,256,1024 --coarse-factors 1,4,16 \
      > "$OUTDIR/memcheck_issue16.log" 2>&1; echo "memcheck rc=$?" | tee -a "$OUTDIR/summary.txt"
  tail -2 "$OUTDIR/memcheck_issue16.log" | tee -a "$OUTDIR/summary.txt"
  timeout 300 compute-sanitizer --tool racecheck --error-exitcode 9 "$CLI" selftest --max-n 1025 \
      --strategies self_reset,cub_block_one_pass --block-sizes 32,1024 --coarse-factors 4 > "$OUTDIR/racecheck_issue16.log" 2>&1
  echo "racecheck rc=$?" | tee -a "$OUTDIR/summary.txt"; tail -2 "$OUTDIR/racecheck_issue16.log" | tee -a "$OUTDIR/summary.txt"
  log "memcheck: a cold graph bench at 2^20+7 (every read-ceiling shape, the read flush, the rotation, the new baseline)"
  timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$CLI" bench --n 1048583 --reps 2 --warmup 1 \
      --strategies cub_block_one_pass,self_reset,simple,dot_fma --mode graph --cache cold > /dev/null 2> "$OUTDIR/memcheck_bench.log"
  echo "memcheck bench rc=$?" | tee -a "$OUTDIR/summary.txt"; tail -2 "$OUTDIR/memcheck_bench.log" | tee -a "$OUTDIR/summary.txt"
  log "small benches in each mode (the gpu_bench_* tests)"
  for mode in per-launch loop graph; do
    timeout 120 "$CLI" bench --n 100000 --reps 5 --warmup 1 --mode $mode > /dev/null 2>> "$OUTDIR/summary.txt"; echo "gpu_bench_$mode rc=$?" | tee -a "$OUTDIR/summary.txt"
  done
  timeout 120 "$CLI" bench --n 100000 --reps 5 --warmup 1 --mode graph --cache cold --strategies simple,coarsened,vectorized,cub \
      > /dev/null 2>> "$OUTDIR/summary.txt"; echo "gpu_bench_cold rc=$?" | tee -a "$OUTDIR/summary.txt"
  # The 1M tables: graph hot and cold with the default stopping rule (nvbench's; 5 s time-out),
  # per-launch and loop with shorter limits, and 2^30 for the baselines.
  # RS_GRAPH_LIMITS / RS_OTHER_LIMITS / RS_OTHER_CELLS shorten the run (e.g. for a short lease).
  for cache in hot cold; do
    log "1M graph $cache (adaptive ${RS_GRAPH_LIMITS:-})"
    timeout 400 "$CLI" bench --n 1M --mode graph --cache $cache ${RS_GRAPH_LIMITS:-} --table --json "$OUTDIR/m16_1m_graph_$cache.json" \
        > "$OUTDIR/m16_1m_graph_$cache.txt" 2>> "$OUTDIR/summary.txt"; echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  done
  for cell in ${RS_OTHER_CELLS:-per-launch:hot per-launch:cold loop:hot loop:cold}; do
    mode=${cell%%:*}; cache=${cell##*:}
    log "1M $mode $cache (adaptive ${RS_OTHER_LIMITS:---min-time 0.2 --timeout 1})"
    timeout 300 "$CLI" bench --n 1M --mode $mode --cache $cache ${RS_OTHER_LIMITS:---min-time 0.2 --timeout 1} --table \
        --json "$OUTDIR/m16_1m_${mode}_$cache.json" > "$OUTDIR/m16_1m_${mode}_$cache.txt" 2>> "$OUTDIR/summary.txt"
    echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  done
  log "1G graph hot: baselines and the fast kernels"
  timeout 300 "$CLI" bench --n 1G --mode graph --strategies cub,cub_block_one_pass,vectorized,self_reset,coarsened \
      --coarse-factor 16 ${RS_GRAPH_LIMITS:-} --table --json "$OUTDIR/m16_1g_graph_hot.json" > "$OUTDIR/m16_1g_graph_hot.txt" 2>> "$OUTDIR/summary.txt"
  echo "rc=$?" | tee -a "$OUTDIR/summary.txt"
  ;;
moonshot)
  # The moonshot experiments (docs/results/h200-2026-11-30/moonshot/*.cu, docs/benchmarks.md):
  # the merge designs (moonshot.cu), self_reset's variants and the ring with PDL (moonshot2.cu), and
  # the waits (moonshot5.cu). RS_MOONSHOT_BIN=DIR: binaries built elsewhere (same names); else built here.
  for prog in moonshot moonshot2 moonshot5; do
    M=${RS_MOONSHOT_BIN:+$RS_MOONSHOT_BIN/$prog}
    if [ -z "$M" ] || [ ! -x "$M" ]; then
      M=/tmp/rs-$prog
      nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -Ikernels docs/results/h200-2026-11-30/moonshot/$prog.cu -o $M \
          >> "$OUTDIR/build.log" 2>&1 || { log "$prog: build failed"; continue; }
    fi
    log "$prog"
    timeout 300 "$M" > "$OUTDIR/$prog.txt" 2>&1; echo "$prog rc=$?" | tee -a "$OUTDIR/summary.txt"
  done
  cuobjdump -sass /tmp/rs-moonshot2 2>/dev/null | grep -E "Function|ATOM|RED|MEMBAR|FENCE|CCTL|NANOSLEEP|LDG|BAR" > "$OUTDIR/moonshot2_sass.txt"
  ;;
esac
done
log done
