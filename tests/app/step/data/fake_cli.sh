#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for reducescope-cli in the step pane's recorder tests (StepState::setCliPath points
# here), in the pattern of tests/app/bench/data/fake_cli.sh.
# `devices --json`: FAKE_CLI_DEVICES = ok | nodevice | hang | crash.
# `trace --on-gpu --json`: FAKE_CLI_MODE =
#   ok       records shared only (recorded_shared_seed.json, device "Test GPU (sm_90)", no
#            description); any other strategy is refused as the real CLI refuses it (exit 2)
#   refuse   exit 2 with the recording's own message
#   crash    a SIGSEGV after a line on stderr
#   sleep    runs 30 s (for Cancel)
#   nodevice exit 77
#   garbage  prints what is not a trace, exit 0
# FAKE_CLI_ARGS: a file that receives the arguments, one per line.
dir="$(dirname "$0")"
if [ -n "$FAKE_CLI_ARGS" ]; then printf '%s\n' "$@" > "$FAKE_CLI_ARGS"; fi
if [ "$1" = devices ]; then
  case "${FAKE_CLI_DEVICES:-ok}" in
    ok) echo '{"devices": [{"index": 0, "name": "Test GPU", "compute_capability": "9.0", "sms": 132, "l2_bytes": 62914560, "memory_bytes": 150754820096, "peak_bandwidth_gbs": 4915.2, "driver_version": "13.0", "runtime_version": "13.0"}]}'
        exit 0 ;;
    nodevice) echo "reducescope-cli: no CUDA driver found" >&2; exit 77 ;;
    hang) exec sleep 30 ;;
    crash) kill -SEGV $$ ;;
  esac
  exit 3
fi
strategy=""
prev=""
for a in "$@"; do
  if [ "$prev" = --strategy ]; then strategy="$a"; fi
  prev="$a"
done
case "${FAKE_CLI_MODE:-ok}" in
  ok)
    if [ "$strategy" != shared ]; then
      echo "reducescope-cli: strategy '$strategy' has no GPU recording (this fake CLI records only shared)" >&2
      exit 2
    fi
    sed -e '/^ "description": /d' -e 's/"device": "none (hand-made test recording, see description)"/"device": "Test GPU (sm_90)"/' \
      "$dir/recorded_shared_seed.json"
    exit 0 ;;
  refuse) echo "reducescope-cli: the warp kernels need whole warps: block size must be at least 32" >&2; exit 2 ;;
  crash) echo "reducescope-cli: CUDA error: an illegal memory access was encountered" >&2; kill -SEGV $$ ;;
  sleep) exec sleep 30 ;;
  nodevice) echo "reducescope-cli: no GPU: no CUDA driver found" >&2; exit 77 ;;
  garbage) echo "warming up the GPU..."; exit 0 ;;
esac
exit 3
