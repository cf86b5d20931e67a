#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `--gpu-host` through a real OpenSSH server on 127.0.0.1 (sshd_env.sh starts it and stops it):
# the host's exit 77 and message passed through, lines streamed as they are printed, Cancel and a
# killed connection leaving no process on the host, the version handshake, clear errors within
# 15 s, arguments and a host CLI path that the host's shell must not expand, the GPU lock, and a
# results file written here with the host recorded.
#   bash tst_remote_ssh.sh REDUCESCOPE_CLI TESTS_SOURCE_DIR
set -u
CLI=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/remote/sshd_env.sh"
. "$SRC/remote/remote_checks.sh"

gone_within() {  # PATTERN SECONDS: no process matches PATTERN within SECONDS
  local t0; t0=$(now)
  while pgrep -f -- "$1" >/dev/null; do
    if awk -v e="$(elapsed "$t0")" -v s="$2" 'BEGIN { exit !(e > s) }'; then return 1; fi
    sleep 0.1
  done
  return 0
}

# ---- 1. the real CLI on this host: what it says without a GPU passes through, naming the host ----
for cmd in "devices" "bench --n 1K --strategies shared" "trace --strategy shared --input 1,2,3,4 --on-gpu"; do
  local_err=$("$CLI" $cmd 2>&1 >/dev/null); local_rc=$?
  remote_err=$("$CLI" $cmd --gpu-host "$RS_DEST" --gpu-host-cli "$CLI" 2>&1 >/dev/null); remote_rc=$?
  if [ "$local_rc" = 77 ]; then
    check "$remote_rc" 77 "$cmd through ssh: exit 77 as on the host"
    check "$remote_err" "${local_err/reducescope-cli: /reducescope-cli: 127.0.0.1: }" "$cmd through ssh: the host's line, naming the host"
  else
    check "$remote_rc" "$local_rc" "$cmd through ssh: the host's exit code (this machine has a GPU)"
  fi
done
# The real CLI's model output through ssh equals the local one byte for byte.
a=$("$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --json | md5sum)
b=$("$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --json --gpu-host "$RS_DEST" --gpu-host-cli "$CLI" | md5sum)
check "$b" "$a" "trace --json through ssh: stdout byte for byte as here"

# ---- 2. streaming: each line arrives while the host is still printing the next -----------------
cli=$(host_cli stream 'export FAKE_MODE=stream FAKE_LINES=3 FAKE_GAP=1')
"$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$cli" | while IFS= read -r line; do echo "$(now) $line"; done > "$RS_TMP/stream.txt"
check "$(wc -l < "$RS_TMP/stream.txt")" 3 "streaming: 3 lines arrive"
# line k arrives before line k+1 is printed on the host (1 s later): it was not held back.
awk '{ t[NR] = $1; match($2, /"printed":[0-9.]+/); p[NR] = substr($2, RSTART + 10, RLENGTH - 10) }
     END { for (k = 1; k < NR; ++k) if (!(t[k] < p[k + 1])) { print "line " k " arrived at " t[k] " after line " k + 1 " was printed at " p[k + 1]; exit 1 } }' \
  "$RS_TMP/stream.txt" && ok "streaming: each line arrives before the next is printed" || bad "streaming: lines held back"
awk '{ match($2, /"printed":[0-9.]+/); d = $1 - substr($2, RSTART + 10, RLENGTH - 10); printf "  line %d: %.3f s from the host printing it to here\n", NR, d }' "$RS_TMP/stream.txt"

# ---- 3. Cancel and a killed connection leave no process on the host ------------------------------
marker="$((3600 + RANDOM % 5000))"
cli=$(host_cli hang "export FAKE_MODE=hang FAKE_SLEEP=$marker")
"$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > "$RS_TMP/cancel.txt" 2>&1 &
pid=$!
for i in $(seq 100); do [ -s "$RS_TMP/cancel.txt" ] && break; sleep 0.1; done
has "$(cat "$RS_TMP/cancel.txt")" '"index":0' "cancel: the run started (its first line arrived)"
pgrep -f "sleep $marker" >/dev/null && ok "cancel: the host's command runs" || bad "cancel: no command on the host"
kill -KILL "$pid"; wait "$pid" 2>/dev/null
if gone_within "sleep $marker" 5 && gone_within "remote-serve --lock-dir $RS_TMP" 5; then
  ok "cancel (the local CLI killed): nothing left on the host within 5 s"
else bad "cancel: $(pgrep -af "sleep $marker|remote-serve --lock-dir $RS_TMP")"; fi

marker="$((3600 + RANDOM % 5000))"
cli=$(host_cli hang2 "export FAKE_MODE=hang FAKE_SLEEP=$marker")
"$CLI" bench --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > "$RS_TMP/drop.txt" 2> "$RS_TMP/drop.err" &
pid=$!
for i in $(seq 100); do [ -s "$RS_TMP/drop.txt" ] && break; sleep 0.1; done
serve=$(pgrep -f "remote-serve --lock-dir $RS_TMP" | head -n 1)
session=$(ps -o ppid= -p "$serve" | tr -d ' ')
t0=$(now)
kill -KILL "$session"  # the host's end of the connection dies (sshd's session process)
wait "$pid"; rc=$?
check "$rc" 69 "killed connection: exit 69"
has "$(cat "$RS_TMP/drop.err")" "connection to 127.0.0.1 was lost mid-run" "killed connection: one line naming the host"
awk -v e="$(elapsed "$t0")" 'BEGIN { exit !(e < 15) }' && ok "killed connection: answered within 15 s" || bad "killed connection: took $(elapsed "$t0") s"
if gone_within "sleep $marker" 5; then ok "killed connection: nothing left on the host within 5 s"; else bad "killed connection: $(pgrep -af "sleep $marker")"; fi

# ---- 4. the handshake: another version on the host ------------------------------------------------
cat > "$RS_TMP/old_cli" <<'SH'
#!/bin/sh
if [ "$1" = remote-serve ]; then head -n 1 >/dev/null; echo '{"type":"remote_hello","protocol":1,"version":"0.0.1","schema":1,"hostname":"old","ok":false}'; exit 0; fi
SH
chmod +x "$RS_TMP/old_cli"
err=$("$CLI" devices --gpu-host "$RS_DEST" --gpu-host-cli "$RS_TMP/old_cli" 2>&1); rc=$?
check "$rc" 69 "version mismatch: exit 69"
mine=$("$CLI" --version | sed 's/reducescope-cli //')
has "$err" "127.0.0.1 runs reducescope-cli 0.0.1 (results schema 1), this computer $mine" "version mismatch: both versions named"
has "$err" "install reducescope $mine on 127.0.0.1" "version mismatch: what to install"
cat > "$RS_TMP/older_cli" <<'SH'
#!/bin/sh
if [ "$1" = --version ]; then echo "reducescope-cli 0.0.2"; exit 0; fi
echo "reducescope-cli: unknown subcommand '$1': the subcommands are list, trace, bench" >&2; exit 2
SH
chmod +x "$RS_TMP/older_cli"
err=$("$CLI" devices --gpu-host "$RS_DEST" --gpu-host-cli "$RS_TMP/older_cli" 2>&1); rc=$?
check "$rc" 69 "a CLI without remote-serve: exit 69"
has "$err" "runs reducescope-cli 0.0.2" "a CLI without remote-serve: its version asked and named"

# ---- 5. clear errors, each within 15 s, none a prompt ---------------------------------------------
ssh-keygen -q -t ed25519 -N '' -f "$RS_TMP/other_key"
sed "s|$RS_TMP/user_key|$RS_TMP/other_key|" "$RS_TMP/ssh_config" > "$RS_TMP/ssh_config_other"
t0=$(now)
err=$(REDUCESCOPE_SSH_CONTROL_DIR="$RS_TMP/control2" REDUCESCOPE_SSH_CONFIG="$RS_TMP/ssh_config_other" "$CLI" devices --gpu-host "$RS_DEST" </dev/null 2>&1); rc=$?
check "$rc" 69 "authentication failure: exit 69"
has "$err" "127.0.0.1 refused the login of $RS_USER" "authentication failure: one line naming the host"
awk -v e="$(elapsed "$t0")" 'BEGIN { exit !(e < 15) }' && ok "authentication failure: answered in $(elapsed "$t0") s (< 15)" || bad "authentication failure: took $(elapsed "$t0") s"
ssh-keygen -q -t ed25519 -N '' -f "$RS_TMP/fake_host_key"
echo "[127.0.0.1]:$RS_PORT $(cut -d' ' -f1,2 "$RS_TMP/fake_host_key.pub")" > "$RS_TMP/known_hosts_changed"
sed "s|$RS_TMP/known_hosts|$RS_TMP/known_hosts_changed|" "$RS_TMP/ssh_config" > "$RS_TMP/ssh_config_changed"
err=$(REDUCESCOPE_SSH_CONTROL_DIR="$RS_TMP/control2" REDUCESCOPE_SSH_CONFIG="$RS_TMP/ssh_config_changed" "$CLI" devices --gpu-host "$RS_DEST" 2>&1); rc=$?
check "$rc" 69 "host key changed: exit 69"
has "$err" "the host key of 127.0.0.1 has changed" "host key changed: named, with what to do"
: > "$RS_TMP/known_hosts_empty"
sed "s|$RS_TMP/known_hosts|$RS_TMP/known_hosts_empty|" "$RS_TMP/ssh_config" > "$RS_TMP/ssh_config_unknown"
err=$(REDUCESCOPE_SSH_CONTROL_DIR="$RS_TMP/control2" REDUCESCOPE_SSH_CONFIG="$RS_TMP/ssh_config_unknown" "$CLI" devices --gpu-host "$RS_DEST" 2>&1); rc=$?
check "$rc" 69 "unknown host key: exit 69"
has "$err" "the host key of 127.0.0.1 is not known here" "unknown host key: named, with what to do"
err=$("$CLI" devices --gpu-host "$RS_DEST" --gpu-host-cli "$RS_TMP/no such cli" 2>&1); rc=$?
check "$rc" 69 "no reducescope-cli on the host: exit 69"
has "$err" "127.0.0.1 has no reducescope-cli at '$RS_TMP/no such cli'" "no reducescope-cli on the host: named"
free_port=$((RS_PORT + 1)); [ "$free_port" -gt 65000 ] && free_port=$((RS_PORT - 1))
t0=$(now)
err=$("$CLI" devices --gpu-host "127.0.0.1:$free_port" 2>&1); rc=$?
check "$rc" 69 "connection refused: exit 69"
has "$err" "127.0.0.1 refused the connection on port $free_port" "connection refused: named"
err=$("$CLI" devices --gpu-host "no-such-host.invalid" 2>&1); rc=$?
check "$rc" 69 "unknown host: exit 69"
has "$err" "unknown host no-such-host.invalid" "unknown host: named"
err=$("$CLI" devices --gpu-host 'a;b' 2>&1); rc=$?
check "$rc" 2 "a bad --gpu-host: exit 2"
has "$err" "--gpu-host: the host 'a;b' holds a character a host name cannot" "a bad --gpu-host: the field and what it allows"
for bad in "--gpu-host|--gpu-host needs a value" "--gpu-host=|--gpu-host: empty" "--srun x|--srun needs --gpu-host" \
           "--gpu-host-cli x|--gpu-host-cli needs --gpu-host" "--gpu-host a --gpu-host b|--gpu-host is given twice" \
           "--gpu-host a:0|the port 0 is outside 1..65535" "--gpu-host -oProxyCommand=x|holds a character a host name cannot" \
           "--gpu-host $(printf 'h%.0s' $(seq 1 254))|254 characters long, more than a host name's 253"; do
  IFS='|' read -r words want <<< "$bad"
  err=$("$CLI" bench $words 2>&1); rc=$?
  check "$rc" 2 "bench $words: exit 2"
  has "$err" "$want" "bench $words: the option named"
done
err=$("$CLI" remote-serve </dev/null 2>&1); rc=$?
check "$rc" 2 "remote-serve, stdin closed at once: exit 2"
has "$err" "remote-serve: stdin ended before a request" "remote-serve, stdin closed at once: said"
err=$("$CLI" remote-serve --lock-dir "$RS_TMP/no-such-dir" </dev/null 2>&1); rc=$?
check "$rc" 2 "remote-serve --lock-dir missing: exit 2"
has "$err" "--lock-dir must be an existing folder" "remote-serve --lock-dir missing: named"
err=$("$CLI" list --gpu-host a 2>&1); rc=$?
check "$rc" 2 "list --gpu-host: refused (list runs here)"
err=$("$CLI" frobnicate 2>&1)
check "$err" "reducescope-cli: unknown subcommand 'frobnicate': the subcommands are list, trace, kernel, bench, compare, devices, selftest (see --help)" "the hidden remote-serve is not listed"
err=$("$CLI" devices --gpu-host "$RS_DEST" --gpu-host-cli "$(host_cli nodev 'export FAKE_MODE=nodevice')" 2>&1); rc=$?
check "$rc" 77 "no GPU on the host: exit 77"
check "$err" "reducescope-cli: 127.0.0.1: no CUDA device (cudaGetDeviceCount: no CUDA-capable device is detected)" "no GPU on the host: its line, naming the host"

# ---- 6. arguments arrive unchanged; the host's shell expands nothing -------------------------------
cli=$(host_cli args "export FAKE_MODE=args FAKE_ARGS='$RS_TMP/args.bin'")
nl='line one
line two'
args=(bench --n "a b  c" "it's" '"dq"' "x;touch $RS_TMP/pwned1" "\$(touch $RS_TMP/pwned2)" '`touch '"$RS_TMP"'/pwned3`' '*' "$nl" '\' '$HOME' '' '--')
"$CLI" "${args[@]}" --gpu-host "$RS_DEST" --gpu-host-cli "$cli" >/dev/null
printf '%s\0' "${args[@]}" > "$RS_TMP/args.want"
cmp -s "$RS_TMP/args.bin" "$RS_TMP/args.want" && ok "arguments: every one arrives byte for byte (spaces, quotes, ;, \$(...), \`...\`, *, newline, empty)" \
  || bad "arguments differ: $(od -c "$RS_TMP/args.bin" | head -n 5)"
ls "$RS_TMP"/pwned* >/dev/null 2>&1 && bad "arguments: the host's shell ran something" || ok "arguments: the host's shell ran nothing (no pwned file)"
weird="$RS_TMP/dir with 'quotes' \"dq\" \$(touch $RS_TMP/pwned4) ;"
mkdir -p "$weird"
cp "$(host_cli dev_ok 'export FAKE_MODE=stream FAKE_LINES=1')" "$weird/cli"
out=$("$CLI" devices --gpu-host "$RS_DEST" --gpu-host-cli "$weird/cli"); rc=$?
check "$rc" 0 "a host CLI path with spaces, quotes and \$(...): it runs"
has "$out" '"index":1' "a host CLI path with spaces, quotes and \$(...): its line arrives"
ls "$RS_TMP"/pwned* >/dev/null 2>&1 && bad "host CLI path: the host's shell ran something" || ok "host CLI path: the host's shell ran nothing"

# ---- 7. the GPU lock: two runs at once, the second waits, then runs -------------------------------
cli=$(host_cli hold 'export FAKE_MODE=hold FAKE_SLEEP=2')
"$CLI" bench --device 0 --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > "$RS_TMP/lock_a.txt" 2> "$RS_TMP/lock_a.err" &
pa=$!
for i in $(seq 100); do [ -s "$RS_TMP/lock_a.txt" ] && break; sleep 0.1; done
"$CLI" bench --device 0 --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > "$RS_TMP/lock_b.txt" 2> "$RS_TMP/lock_b.err"
rb=$?
wait "$pa"; ra=$?
check "$ra/$rb" "0/0" "lock: both runs finish"
has "$(cat "$RS_TMP/lock_b.err")" "reducescope-cli: 127.0.0.1: waiting for GPU 0, held by $RS_USER since $(date +%H:)" "lock: the second says for whom it waits"
a_done=$(sed -n 's/.*"type":"done","at":\([0-9.]*\).*/\1/p' "$RS_TMP/lock_a.txt")
b_start=$(sed -n 's/.*"index":0,"at":\([0-9.]*\).*/\1/p' "$RS_TMP/lock_b.txt")
awk -v a="$a_done" -v b="$b_start" 'BEGIN { exit !(b >= a) }' && ok "lock: the second started after the first ended ($b_start >= $a_done)" \
  || bad "lock: overlap (first done $a_done, second started $b_start)"
"$CLI" bench --device 1 --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > /dev/null 2> "$RS_TMP/lock_c.err" &
pc=$!
"$CLI" bench --device 0 --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > /dev/null 2> "$RS_TMP/lock_d.err"
wait "$pc"
check "$(cat "$RS_TMP/lock_c.err" "$RS_TMP/lock_d.err")" "" "lock: runs on two GPUs do not wait for each other"

# ---- 8. bench --json FILE: written here, the host recorded ----------------------------------------
cli=$(host_cli results "export FAKE_MODE=results FAKE_RESULTS='$SRC/app/bench/data/fixture_1m.json' FAKE_RESULTS_LINES='$SRC/app/bench/data/fake_lines.jsonl'")
"$CLI" bench --json "$RS_TMP/here.json" --gpu-host "$RS_DEST" --gpu-host-cli "$cli" > /dev/null; rc=$?
check "$rc" 0 "bench --json: exit 0"
has "$(cat "$RS_TMP/here.json" 2>/dev/null)" "\"gpu_host\": \"$RS_DEST\"" "bench --json: the file is here and records the host"
has "$(cat "$RS_TMP/here.json" 2>/dev/null)" "\"gpu_hostname\": \"$(hostname)\"" "bench --json: and the name the host gave"
ls /tmp/reducescope-remote-* >/dev/null 2>&1 && echo "note: /tmp/reducescope-remote-* exist (other runs?)"

echo "$failures failures"
[ "$failures" = 0 ]
