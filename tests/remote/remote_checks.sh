# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by tst_remote_ssh.sh and tst_remote_slurm.sh after sshd_env.sh (it needs CLI, SRC and
# RS_TMP): the rows the tests print and count, the clock, and host_cli, a host CLI for the tests.
#   ok TEXT / bad TEXT               a row "ok   TEXT" / "FAIL TEXT" (bad counts it in $failures)
#   check GOT WANT TEXT              ok when GOT equals WANT, else bad naming both
#   has GOT PART TEXT                ok when GOT holds PART, else bad naming both
#   now / elapsed T0                 seconds since the epoch; seconds since T0, to 0.01 s
#   host_cli NAME 'export X=1; ...'  writes $RS_TMP/NAME, the host's CLI: the real remote-serve
#                                    (GPU lock in $RS_TMP/locks) running the fake GPU CLI
#                                    (fake_gpu_cli.sh) with that environment; prints its path
FAKE="$SRC/remote/fake_gpu_cli.sh"
failures=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; failures=$((failures + 1)); }
check() { if [ "$1" = "$2" ]; then ok "$3"; else bad "$3: expected [$2], got [$1]"; fi; }
has() { case "$1" in *"$2"*) ok "$3" ;; *) bad "$3: [$2] not in [$1]" ;; esac; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
mkdir -p "$RS_TMP/locks"
host_cli() {
  local f="$RS_TMP/$1"
  cat > "$f" <<SH
#!/bin/sh
$2
if [ "\$1" = remote-serve ]; then exec "$CLI" remote-serve --lock-dir "$RS_TMP/locks" --child "$FAKE"; fi
exec "$CLI" "\$@"
SH
  chmod +x "$f"
  echo "$f"
}
