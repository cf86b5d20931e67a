#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for `reducescope-cli kernel check|trace` (the CPU engine's commands, issue 25) in the
# kernel editor's tests, until the engine is built: it answers as the contract in
# docs/your-own-kernel.md says, from the step model. REDUCESCOPE_REAL_CLI names this build's real
# reducescope-cli; every other command goes to it unchanged.
#   kernel check --source FILE [--json]: the __global__ functions of FILE, one per line found.
#   kernel trace --source FILE|- --input LIST [--kernel K] [--block-size N] [--grid G]
#                [--elements-per-thread E] [--shared-bytes S] [--warp-size W] [--banks B] [--json]:
#     the step model's trace of the strategy the source names: a line `// fake-strategy: ID`, else
#     the first step tag `@ID.` in kernel K (or in the source; the catalogue's files carry them),
#     else `simple`. --grid, --elements-per-thread and --shared-bytes are taken and not used (the
#     model plans its own launch).
# Markers in the source (first one found wins) choose what it answers instead:
#   FAKE_COMPILE_ERROR  exit 2, a Clang-style error at the marker's line and column (stderr) and
#                       {"diagnostics": [...]} (stdout, with --json); `__syncthreds(` (a typo) too
#   FAKE_FAULT          exit 1, a fault line at the marker (stderr) and the trace with "faults"
#   FAKE_SLEEP          waits 2 s before it answers (stale runs)
#   FAKE_GARBAGE        prints what is not a trace, exit 0
# FAKE_KERNEL_ARGS: a file that receives the arguments, one per line.
real="${REDUCESCOPE_REAL_CLI:?REDUCESCOPE_REAL_CLI must name the real reducescope-cli}"
if [ -n "$FAKE_KERNEL_ARGS" ]; then printf '%s\n' "$@" > "$FAKE_KERNEL_ARGS"; fi
if [ "$1" != kernel ]; then exec "$real" "$@"; fi
shift
cmd="$1"; shift
source=""; input=""; block=""; warp=""; banks=""; json=0; kname=""
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source="$2"; shift ;;
    --input) input="$2"; shift ;;
    --input=*) input="${1#--input=}" ;;
    --kernel) kname="$2"; shift ;;
    --block-size) block="$2"; shift ;;
    --grid|--elements-per-thread|--shared-bytes) shift ;;
    --warp-size) warp="$2"; shift ;;
    --banks) banks="$2"; shift ;;
    --json) json=1 ;;
    --output) shift ;;
    *) echo "reducescope-cli: kernel $cmd: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
tmp="$(mktemp)"
trap 'rm -f "$tmp" "$tmp.out"' EXIT
if [ "$source" = - ]; then cat > "$tmp"; name="<stdin>"; else cat "$source" > "$tmp" || exit 2; name="$source"; fi
# line:column of the first marker $1 (1-based), or nothing
where() { awk -v m="$1" 'index($0, m) { print NR ":" index($0, m); exit }' "$tmp"; }
# Clang's words for an undeclared identifier: the marker, or the common typo of __syncthreads.
err="$(where FAKE_COMPILE_ERROR)"; what="use of undeclared identifier 'FAKE_COMPILE_ERROR'"
if [ -z "$err" ]; then
  err="$(where '__syncthreds(')"; what="use of undeclared identifier '__syncthreds'; did you mean '__syncthreads'?"
fi
if [ -n "$err" ]; then
  line="${err%%:*}"; col="${err#*:}"
  echo "$name:$line:$col: error: $what" >&2
  if [ $json = 1 ]; then
    printf '{"diagnostics":[{"line":%s,"column":%s,"severity":"error","message":"%s"}]}\n' "$line" "$col" "$what"
  fi
  exit 2
fi
if [ "$cmd" = check ]; then
  list="$(awk '/__global__/ { s = $0; gsub(/__launch_bounds__\([^)]*\)/, "", s); sub(/\(.*/, "", s); n = split(s, w, /[ \t*&]+/); name = w[n];
                              sig = ($0 ~ /const/) ? "input_output" : "in_place";
                              printf "%s{\"name\":\"%s\",\"line\":%d,\"signature\":\"%s\"}", sep, name, NR, sig; sep = "," }' "$tmp")"
  if [ $json = 1 ]; then echo "{\"kernels\":[$list],\"diagnostics\":[]}"; else echo "$list"; fi
  exit 0
fi
if [ "$cmd" != trace ]; then echo "reducescope-cli: kernel: unknown command $cmd" >&2; exit 2; fi
if [ -n "$(where FAKE_SLEEP)" ]; then sleep 2; fi
if [ -n "$(where FAKE_GARBAGE)" ]; then echo "this is not a trace"; exit 0; fi
strategy="$(sed -n 's/.*\/\/ fake-strategy: *\([a-z_]*\).*/\1/p' "$tmp" | head -n 1)"
# --kernel K: the first step tag after K's __global__ line
if [ -z "$strategy" ] && [ -n "$kname" ]; then
  strategy="$(awk -v k="$kname(" '/__global__/ { inside = index($0, k) > 0 }
                                  inside && match($0, /@[a-z_]+\./) { print substr($0, RSTART + 1, RLENGTH - 2); exit }' "$tmp")"
fi
[ -n "$strategy" ] || strategy="$(grep -o '@[a-z_]*\.' "$tmp" | head -n 1 | tr -d '@.')"
[ -n "$strategy" ] || strategy=simple
set -- trace --strategy "$strategy" --input "$input"
[ -n "$block" ] && set -- "$@" --block-size "$block"
[ -n "$warp" ] && set -- "$@" --warp-size "$warp"
[ -n "$banks" ] && set -- "$@" --banks "$banks"
[ $json = 1 ] && set -- "$@" --json
"$real" "$@" > "$tmp.out"
rc=$?
if [ $rc -ne 0 ]; then cat "$tmp.out"; exit $rc; fi
fault="$(where FAKE_FAULT)"
if [ -n "$fault" ]; then
  line="${fault%%:*}"; col="${fault#*:}"
  echo "$name:$line:$col: fault: data_race: lanes 0 and 1 write shared_data[0] with no barrier between them (lanes 0, 1, step 3)" >&2
  if [ $json = 1 ]; then
    printf '{"faults":[{"kind":"data_race","message":"lanes 0 and 1 write shared_data[0] with no barrier between them","line":%s,"column":%s,"step":2,"lanes":[0,1]}],' "$line" "$col"
    tail -c +2 "$tmp.out"
  else
    cat "$tmp.out"
  fi
  exit 1
fi
cat "$tmp.out"
