#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for reducescope-cli in the benchmark pane tests (REDUCESCOPE_CLI points here).
# FAKE_CLI_MODE: ok | sleep | crash | error | garbage | nodevice | badinput, and the fault drills:
# incomplete (start and 2 results, no done, exit 0) | silent (nothing, exit 0) |
# errorzero (an error line, exit 0) | false (nothing, exit 1) | partial (half a JSON line at the
# end) | bigstderr (100 MB on stderr without a newline, exit 3) | flood (30000 result lines) |
# lines (prints the file FAKE_CLI_LINES, then hangs until killed: a run to cancel) | stream (prints
# FAKE_CLI_LINES and exits 0: a whole run, for the streaming benchmark).
# FAKE_CLI_GARBAGE: how many stray lines garbage prints first (default 1).
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
  garbage)
    i=0; while [ "$i" -lt "${FAKE_CLI_GARBAGE:-1}" ]; do echo "warming up the GPU..."; i=$((i + 1)); done
    cat "$dir/fake_lines.jsonl"; exit 0 ;;
  lines) cat "$FAKE_CLI_LINES"; exec sleep 30 ;;
  stream) cat "$FAKE_CLI_LINES"; exit 0 ;;
  incomplete) head -n 5 "$dir/fake_lines.jsonl"; exit 0 ;;
  silent) exit 0 ;;
  errorzero)
    head -n 5 "$dir/fake_lines.jsonl"
    echo '{"type":"error","message":"cudaMemcpy: unspecified launch failure"}'
    exit 0 ;;
  false) exit 1 ;;
  partial) head -n 5 "$dir/fake_lines.jsonl"; printf '%s' '{"type":"result","strategy":"cub","fam'; exit 0 ;;
  bigstderr)
    head -n 5 "$dir/fake_lines.jsonl"
    head -c 100000000 /dev/zero | tr '\0' 'x' >&2
    exit 3 ;;
  flood)
    head -n 1 "$dir/fake_lines.jsonl"
    yes "$(sed -n 3p "$dir/fake_lines.jsonl")" | head -n "${FAKE_CLI_FLOOD:-30000}"
    tail -n 1 "$dir/fake_lines.jsonl"
    exit 0 ;;
  badinput) echo "reducescope-cli: --block-size: expected a multiple of 32 in 32..1024, got 48" >&2; exit 2 ;;
esac
exit 3
