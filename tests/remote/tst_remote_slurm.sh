#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `--gpu-host ... --srun "OPTIONS"` through a real single-node Slurm (slurm_env.sh: munged,
# slurmctld -D, slurmd -D in a temporary folder) behind a real sshd on 127.0.0.1 (sshd_env.sh; its
# sessions get SLURM_CONF through sshd's SetEnv): srun answers, the command runs inside a job, its
# lines stream back, srun's queue state is shown while the job waits, and a cancelled run leaves
# no process. Skipped (77) with a reason where slurmctld, munged or sshd is missing.
#   bash tst_remote_slurm.sh REDUCESCOPE_CLI TESTS_SOURCE_DIR
set -u
CLI=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/remote/slurm_env.sh"
RS_ON_EXIT=rs_slurm_stop
RS_SSHD_EXTRA="SetEnv SLURM_CONF=$SLURM_CONF"
. "$SRC/remote/sshd_env.sh"
. "$SRC/remote/remote_checks.sh"

t0=$(now)
out=$(srun --partition rsq hostname 2>&1); rc=$?
check "$rc/$out" "0/$(hostname)" "srun hostname answers ($(elapsed "$t0") s)"
out=$(ssh -F "$REDUCESCOPE_SSH_CONFIG" -p "$RS_PORT" "$RS_USER@127.0.0.1" srun hostname 2>&1)
check "$out" "$(hostname)" "srun through ssh answers (the session has SLURM_CONF)"

cli=$(host_cli env 'export FAKE_MODE=env')
out=$("$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$cli" --srun "--partition rsq --time 1 --job-name rs-test" 2>&1); rc=$?
check "$rc" 0 "--srun: exit 0"
job=$(printf '%s' "$out" | sed -n 's/.*"slurm_job_id":"\([0-9]*\)".*/\1/p')
[ -n "$job" ] && ok "--srun: the command ran inside Slurm job $job" || bad "--srun: no SLURM_JOB_ID in [$out]"

cli=$(host_cli stream 'export FAKE_MODE=stream FAKE_LINES=3 FAKE_GAP=1')
"$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$cli" --srun "--partition rsq" | while IFS= read -r line; do echo "$(now) $line"; done > "$RS_TMP/stream.txt"
check "$(wc -l < "$RS_TMP/stream.txt")" 3 "--srun streaming: 3 lines"
awk '{ t[NR] = $1; match($2, /"printed":[0-9.]+/); p[NR] = substr($2, RSTART + 10, RLENGTH - 10) }
     END { for (k = 1; k < NR; ++k) if (!(t[k] < p[k + 1])) exit 1 }' "$RS_TMP/stream.txt" \
  && ok "--srun streaming: each line arrives before the next is printed" || bad "--srun streaming: lines held back: $(cat "$RS_TMP/stream.txt")"

err=$("$CLI" devices --gpu-host "$RS_DEST" --gpu-host-cli "$CLI" --srun "--partition rsq" 2>&1 >/dev/null); rc=$?
local_err=$("$CLI" devices 2>&1 >/dev/null); local_rc=$?
check "$rc" "$local_rc" "--srun devices with the real CLI: the host's exit code"
[ "$local_rc" = 77 ] && has "$err" "reducescope-cli: 127.0.0.1: ${local_err#reducescope-cli: }" "--srun devices: the host's line, naming the host"

# The queue state: the node held by an exclusive job, ours waits and says so.
srun --partition rsq --exclusive sleep 4 &
hold=$!
sleep 1.5
out=$("$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$(host_cli env2 'export FAKE_MODE=env')" --srun "--partition rsq --exclusive" 2>&1); rc=$?
wait "$hold"
check "$rc" 0 "--srun while the node is busy: waits, then runs"
has "$out" "reducescope-cli: 127.0.0.1: srun: job" "--srun while busy: srun's queue state shown, naming the host"
has "$out" "queued and waiting for resources" "--srun while busy: it says queued"

# Cancel: the local CLI killed, nothing of the run left (within 5 s).
marker="$((3600 + RANDOM % 5000))"
cli=$(host_cli hang "export FAKE_MODE=hang FAKE_SLEEP=$marker")
"$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$cli" --srun "--partition rsq" > "$RS_TMP/cancel.txt" 2>&1 &
pid=$!
for i in $(seq 150); do [ -s "$RS_TMP/cancel.txt" ] && grep -q index "$RS_TMP/cancel.txt" && break; sleep 0.1; done
pgrep -f "sleep $marker" >/dev/null && ok "--srun cancel: the command runs in the job" || bad "--srun cancel: not running: $(cat "$RS_TMP/cancel.txt")"
kill -KILL "$pid"; wait "$pid" 2>/dev/null
t0=$(now); left=1
for i in $(seq 50); do pgrep -f "sleep $marker" >/dev/null || { left=0; break; }; sleep 0.1; done
[ "$left" = 0 ] && ok "--srun cancel: nothing left within 5 s" || bad "--srun cancel: $(pgrep -af "sleep $marker")"

echo "$failures failures"
[ "$failures" = 0 ]
