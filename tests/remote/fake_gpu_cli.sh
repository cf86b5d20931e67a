#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for the host's reducescope-cli in the remote tests: what `remote-serve --child` runs.
# FAKE_MODE: stream (FAKE_LINES lines, one each FAKE_GAP seconds, each holding the time it was
#   printed) | hang (one line, then sleeps FAKE_SLEEP seconds: a run to cancel) | args (writes its
#   arguments NUL-separated to FAKE_ARGS, prints one line) | hold (a line, FAKE_SLEEP seconds, a
#   line: two of these at once test the GPU lock) | results (bench --json FILE: copies FAKE_RESULTS
#   to FILE and prints the start line) | env (prints SLURM_JOB_ID) | nodevice (the real CLI's line without a GPU, exit 77).
mode="${FAKE_MODE:-stream}"
case "$mode" in
  stream)
    i=1
    while [ "$i" -le "${FAKE_LINES:-3}" ]; do
      echo "{\"type\":\"progress\",\"index\":$i,\"printed\":$(date +%s.%N)}"
      [ "$i" -lt "${FAKE_LINES:-3}" ] && sleep "${FAKE_GAP:-1}"
      i=$((i + 1))
    done
    exit 0 ;;
  hang) echo '{"type":"progress","index":0}'; sleep "${FAKE_SLEEP:-300}"; exit 0 ;;
  args) printf '%s\0' "$@" > "$FAKE_ARGS"; echo '{"type":"done"}'; exit 0 ;;
  hold)
    echo "{\"type\":\"progress\",\"index\":0,\"at\":$(date +%s.%N)}"
    sleep "${FAKE_SLEEP:-2}"
    echo "{\"type\":\"done\",\"at\":$(date +%s.%N)}"
    exit 0 ;;
  results)
    out=; prev=
    for a in "$@"; do [ "$prev" = --json ] && out="$a"; prev="$a"; done
    [ -n "$out" ] && cp "$FAKE_RESULTS" "$out"
    head -n 1 "$FAKE_RESULTS_LINES"
    exit 0 ;;
  env) echo "{\"type\":\"env\",\"slurm_job_id\":\"${SLURM_JOB_ID:-}\"}"; exit 0 ;;
  nodevice) echo "reducescope-cli: no CUDA device (cudaGetDeviceCount: no CUDA-capable device is detected)" >&2; exit 77 ;;
esac
exit 3
