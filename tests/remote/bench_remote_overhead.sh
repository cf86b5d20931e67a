#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What `--gpu-host` adds over loopback (sshd_env.sh's sshd on 127.0.0.1): the first run (a new
# ssh connection: key exchange, login), the later runs (OpenSSH connection sharing: one channel
# on the open connection), each over the same command run here directly; and the delay of a
# streamed line, from the host printing it to this side reading it. Goals (docs/remote.md):
# later runs add <= 0.1 s, a line arrives <= 0.5 s after it is printed. Reports; fails only
# when a run fails.
#   bash bench_remote_overhead.sh REDUCESCOPE_CLI TESTS_SOURCE_DIR [RUNS]
set -u
CLI=$(realpath "$1")
SRC=$(realpath "$2")
RUNS=${3:-20}
. "$SRC/remote/sshd_env.sh"
FAKE="$SRC/remote/fake_gpu_cli.sh"
mkdir -p "$RS_TMP/locks"
mk() {
  printf '#!/bin/sh\n%s\nif [ "$1" = remote-serve ]; then exec "%s" remote-serve --lock-dir "%s" --child "%s"; fi\nexec "%s" "$@"\n' \
    "$2" "$CLI" "$RS_TMP/locks" "$FAKE" "$CLI" > "$RS_TMP/$1"; chmod +x "$RS_TMP/$1"; echo "$RS_TMP/$1"
}
now() { date +%s.%N; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
timed() { local t0; t0=$(now); "$@" >/dev/null 2>&1 || { echo "FAIL: $*" >&2; exit 1; }; awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.4f\n", b - a }'; }

quick=$(mk quick 'export FAKE_MODE=stream FAKE_LINES=1')
# The command alone on this machine: the fake, as remote-serve would start it.
here=$(for i in $(seq "$RUNS"); do FAKE_MODE=stream FAKE_LINES=1 timed "$FAKE" bench; done | median)
# The first run: no shared connection yet.
first=$(timed "$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$quick")
later=$(for i in $(seq "$RUNS"); do timed "$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$quick"; done | median)
# Without sharing (each run its own connection), for comparison.
unshared=$(for i in $(seq 5); do REDUCESCOPE_SSH_CONTROL_DIR=/nonexistent/x timed "$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$quick"; done | median)
# ssh itself on the shared connection: a session that runs `true` through the user's login shell
# (sshd starts every command through it; a shell whose rc file is slow costs that on every run).
ssh_true=$(for i in $(seq "$RUNS"); do timed ssh -F "$REDUCESCOPE_SSH_CONFIG" -o BatchMode=yes -o ControlMaster=auto \
  -o "ControlPath=$REDUCESCOPE_SSH_CONTROL_DIR/%C" -o ControlPersist=600 -p "$RS_PORT" "$RS_USER@127.0.0.1" true; done | median)
# bash reads ~/.bashrc for a command sshd starts (Debian's SSH_SOURCE_BASHRC): its own cost.
shell_rc=0
if [ "$(basename "$(getent passwd "$RS_USER" | cut -d: -f7)")" = bash ] && [ -f "$HOME/.bashrc" ]; then
  shell_rc=$(for i in $(seq 5); do timed bash -c '. "$HOME/.bashrc"'; done | median)
fi
# The real CLI through ssh against here, on a command without a GPU (the step model).
real_here=$(for i in $(seq 5); do timed "$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --json; done | median)
real_later=$(for i in $(seq 5); do timed "$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --json --gpu-host "$RS_DEST" --gpu-host-cli "$CLI"; done | median)

stream=$(mk stream 'export FAKE_MODE=stream FAKE_LINES=10 FAKE_GAP=0.2')
"$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$stream" | while IFS= read -r line; do echo "$(now) $line"; done > "$RS_TMP/lines.txt"
delays=$(awk '{ match($2, /"printed":[0-9.]+/); printf "%.4f\n", $1 - substr($2, RSTART + 10, RLENGTH - 10) }' "$RS_TMP/lines.txt")
lines=$(printf '%s\n' "$delays" | wc -l)
[ "$lines" = 10 ] || { echo "FAIL: $lines of 10 streamed lines arrived"; exit 1; }

awk -v h="$here" -v f="$first" -v l="$later" -v u="$unshared" -v st="$ssh_true" -v sh="$shell_rc" -v rh="$real_here" -v rl="$real_later" -v n="$RUNS" \
    -v dmed="$(printf '%s\n' "$delays" | median)" -v dmax="$(printf '%s\n' "$delays" | sort -g | tail -n 1)" 'BEGIN {
  printf "bench_remote_overhead (loopback sshd, %d runs each, medians)\n", n
  printf "  the command here, alone:                    %.3f s\n", h
  printf "  first run through ssh (new connection):     %.3f s  (+%.3f s)\n", f, f - h
  printf "  later runs (shared connection):             %.3f s  (+%.3f s; goal <= +0.100 s)\n", l, l - h
  printf "  of which ssh + login shell (ssh HOST true): %.3f s; reading ~/.bashrc alone %.3f s\n", st, sh
  printf "  the share of --gpu-host in a later run:     %+.3f s (later run - ssh HOST true)\n", l - st
  printf "  runs without sharing, for comparison:       %.3f s  (+%.3f s)\n", u, u - h
  printf "  real CLI (trace --json) here / through ssh: %.3f s / %.3f s (+%.3f s)\n", rh, rl, rl - rh
  printf "  streamed line, printed -> read here:        median %.4f s, max %.4f s (goal <= 0.5 s)\n", dmed, dmax
}'
