#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for reducescope-cli in the benchmark pane tests (REDUCESCOPE_CLI points here).
# FAKE_CLI_MODE: ok | sleep | crash | error | garbage | nodevice | badinput.
# FAKE_CLI_ARGS: a file that receives the arguments, one per line.
mode="${FAKE_CLI_MODE:-ok}"
dir="$(dirname "$0")"
if [ -n "$FAKE_CLI_ARGS" ]; then printf '%s\n' "$@" > "$FAKE_CLI_ARGS"; fi
if [ "$mode" = nodevice ]; then
  echo "reducescope-cli: no CUDA device (cudaGetDeviceCount: no CUDA-capable device is detected)" >&2
  exit 77
fi
if [ "$1" = devices ]; then cat "$dir/fake_devices.json"; exit 0; fi
case "$mode" in
  ok) cat "$dir/fake_lines.jsonl"; exit 0 ;;
  sleep) head -n 5 "$dir/fake_lines.jsonl"; exec sleep 30 ;;
  crash)
    head -n 5 "$dir/fake_lines.jsonl"
    echo "reducescope-cli: CUDA error: an illegal memory access was encountered (cudaDeviceSynchronize)" >&2
    kill -SEGV $$ ;;
  error)
    head -n 5 "$dir/fake_lines.jsonl"
    echo '{"type":"error","message":"cudaMalloc: out of memory (4294967296 bytes for N = 1073741824)"}'
    exit 1 ;;
  garbage) echo "warming up the GPU..."; cat "$dir/fake_lines.jsonl"; exit 0 ;;
  badinput) echo "reducescope-cli: --block-size: expected a multiple of 32 in 32..1024, got 48" >&2; exit 2 ;;
esac
exit 3
