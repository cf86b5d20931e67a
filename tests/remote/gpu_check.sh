#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The real GPU through ssh, on a machine with a GPU and the OpenSSH server installed: starts a
# loopback sshd (sshd_env.sh: throwaway keys in a temp folder, the system's sshd untouched), then
#   reducescope-cli devices --json                         (here)
#   reducescope-cli devices --json --gpu-host ROOT@127.0.0.1:PORT
#   reducescope-cli bench --n 1M --strategies shared,warp_shuffle,cub --reps 20 --gpu-host ... --json FILE
#   the same bench twice at once (the second waits for the GPU lock), and selftest on one strategy
# and writes everything under $OUT (default ./remote-gpu-check): the outputs, exit codes, timings,
# and summary.txt (PASS/FAIL per row). Exit 0 when every row passes, 1 otherwise, 77 without sshd.
#   bash tests/remote/gpu_check.sh [path/to/reducescope-cli]
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
CLI=$(realpath "${1:-build/kernels/cli/reducescope-cli}")
OUT=${OUT:-$PWD/remote-gpu-check}
mkdir -p "$OUT"
. "$here/remote/sshd_env.sh"
summary="$OUT/summary.txt"
: > "$summary"
failures=0
row() { echo "$1 $2" | tee -a "$summary"; [ "$1" = PASS ] || failures=$((failures + 1)); }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
R=(--gpu-host "$RS_DEST" --gpu-host-cli "$CLI")
{ echo "date: $(date -u +%FT%TZ)"; echo "cli: $CLI ($("$CLI" --version))"; echo "dest: $RS_DEST"; nvidia-smi -L 2>&1; } > "$OUT/about.txt"

"$CLI" devices --json > "$OUT/devices_local.json" 2> "$OUT/devices_local.err"; rc_l=$?
t0=$(now); "$CLI" devices --json "${R[@]}" > "$OUT/devices_remote.json" 2> "$OUT/devices_remote.err"; rc_r=$?; t_first=$(secs "$t0")
t0=$(now); "$CLI" devices "${R[@]}" > "$OUT/devices_remote.txt" 2>&1; t_later=$(secs "$t0")
echo "devices: first run $t_first s, later run $t_later s" > "$OUT/timings.txt"
[ "$rc_l/$rc_r" = 0/0 ] && row PASS "devices here and through ssh: exit 0" || row FAIL "devices: exit $rc_l here, $rc_r through ssh ($(cat "$OUT/devices_remote.err"))"
# Same devices (free memory differs from moment to moment: compared without it).
strip() { grep -v '"free' "$1"; }
[ "$(strip "$OUT/devices_local.json")" = "$(strip "$OUT/devices_remote.json")" ] && row PASS "devices --json through ssh: the same GPUs as here" \
  || row FAIL "devices --json differ (see devices_local.json, devices_remote.json)"

t0=$(now)
"$CLI" bench --n 1M --strategies shared,warp_shuffle,cub --reps 20 --json "$OUT/bench_remote.json" "${R[@]}" \
  > "$OUT/bench_remote.jsonl" 2> "$OUT/bench_remote.err"; rc=$?
echo "bench --n 1M (3 strategies, 20 reps) through ssh: $(secs "$t0") s" >> "$OUT/timings.txt"
[ "$rc" = 0 ] && row PASS "bench through ssh: exit 0 (verified)" || row FAIL "bench through ssh: exit $rc ($(tail -n 2 "$OUT/bench_remote.err"))"
n=$(grep -c '"type":"result"' "$OUT/bench_remote.jsonl")
[ "$n" = 3 ] && row PASS "bench through ssh: 3 result lines streamed" || row FAIL "bench through ssh: $n result lines"
grep -q "\"gpu_host\": \"$RS_DEST\"" "$OUT/bench_remote.json" 2>/dev/null && row PASS "bench --json: written here, gpu_host recorded" \
  || row FAIL "bench --json: no gpu_host in $OUT/bench_remote.json"
"$CLI" compare "$OUT/bench_remote.json" "$OUT/bench_remote.json" > "$OUT/compare_self.txt" 2>&1 && row PASS "the results file reads back (compare with itself)" \
  || row FAIL "the results file does not read back: $(tail -n 1 "$OUT/compare_self.txt")"

# Two at once on GPU 0: the second waits for the lock, then runs.
"$CLI" bench --n 16M --strategies shared,cub --reps 50 "${R[@]}" > "$OUT/lock_a.jsonl" 2> "$OUT/lock_a.err" &
pa=$!
for i in $(seq 300); do grep -q '"type":"start"' "$OUT/lock_a.jsonl" 2>/dev/null && break; sleep 0.1; done
"$CLI" bench --n 16M --strategies shared,cub --reps 50 "${R[@]}" > "$OUT/lock_b.jsonl" 2> "$OUT/lock_b.err"; rb=$?
wait "$pa"; ra=$?
[ "$ra/$rb" = 0/0 ] && row PASS "two benches at once: both exit 0" || row FAIL "two benches at once: exit $ra and $rb"
grep -q "waiting for GPU 0, held by" "$OUT/lock_b.err" && row PASS "the second waited: $(grep -m1 waiting "$OUT/lock_b.err")" \
  || row FAIL "the second did not wait (the first may have ended first; see lock_b.err)"

"$CLI" selftest --strategies shared "${R[@]}" > "$OUT/selftest_remote.txt" 2>&1; rc=$?
[ "$rc" = 0 ] && row PASS "selftest --strategies shared through ssh: exit 0" || row FAIL "selftest through ssh: exit $rc"
"$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --on-gpu --json "${R[@]}" > "$OUT/trace_on_gpu_remote.json" 2> "$OUT/trace_on_gpu_remote.err"; rc=$?
"$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --on-gpu --json > "$OUT/trace_on_gpu_local.json" 2>/dev/null
[ "$rc" = 0 ] && cmp -s "$OUT/trace_on_gpu_remote.json" "$OUT/trace_on_gpu_local.json" && row PASS "trace --on-gpu through ssh: the same recording as here" \
  || row FAIL "trace --on-gpu through ssh: exit $rc or it differs from here"

# Cancel mid-run: nothing left within 5 s.
"$CLI" bench --n 256M --strategies all --min-time 5 "${R[@]}" > "$OUT/cancel.jsonl" 2>&1 &
pc=$!
for i in $(seq 300); do grep -q '"type":"progress"' "$OUT/cancel.jsonl" 2>/dev/null && break; sleep 0.1; done
kill -KILL "$pc"; wait "$pc" 2>/dev/null
left=1
for i in $(seq 50); do pgrep -f "remote-serve" >/dev/null || pgrep -xf "$CLI bench --n 256M.*" >/dev/null || { left=0; break; }; sleep 0.1; done
[ "$left" = 0 ] && row PASS "cancel mid-run: no reducescope-cli of the run left within 5 s" || row FAIL "cancel: $(pgrep -af remote-serve)"

echo "$failures rows failed" | tee -a "$summary"
cp "$RS_TMP/sshd.log" "$OUT/sshd.log" 2>/dev/null
[ "$failures" = 0 ]
