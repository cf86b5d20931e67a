#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The benchmark pane through a GPU host (issue "The GPU across the network", parts 2, 4 and 6):
# the window's own BenchRunner runs the real reducescope-cli here with --gpu-host, which reaches
# sshd_env.sh's real sshd on 127.0.0.1; the host's reducescope-cli is the real one too
# (remote-serve, the GPU lock), with the pane tests' fake GPU child (tests/app/bench/data/fake_cli.sh)
# in place of the kernels. The Qt test (tst_bench_pane_remote) checks that the lines fill the pane
# as they arrive, that the run is saved under the host's name, and that Cancel leaves no process
# on the host within 5 s with the rows received so far kept and the saved file marked incomplete.
#   bash tst_remote_pane.sh REDUCESCOPE_CLI TESTS_SOURCE_DIR QT_TEST_BINARY
set -u
CLI=$(realpath "$1")
SRC=$(realpath "$2")
TEST=$(realpath "$3")
. "$SRC/remote/sshd_env.sh"
mkdir -p "$RS_TMP/locks"
FAKE="$SRC/app/bench/data/fake_cli.sh"
# The host's children: the whole fake run, and one that prints 5 lines and then waits (to cancel).
printf '#!/bin/sh\nFAKE_CLI_MODE=ok exec sh "%s" "$@"\n' "$FAKE" > "$RS_TMP/child_ok"
printf '#!/bin/sh\nhead -n 5 "%s"\nexec sleep 41.%s\n' "$SRC/app/bench/data/fake_lines.jsonl" "$RS_PORT" > "$RS_TMP/child_sleep"
for kind in ok sleep; do
  printf '#!/bin/sh\nif [ "$1" = remote-serve ]; then exec "%s" remote-serve --lock-dir "%s" --child "%s"; fi\nexec "%s" "$@"\n' \
    "$CLI" "$RS_TMP/locks" "$RS_TMP/child_$kind" "$CLI" > "$RS_TMP/host_$kind"
  chmod +x "$RS_TMP/child_$kind" "$RS_TMP/host_$kind"
done
export RS_DEST RS_HOST_OK="$RS_TMP/host_ok" RS_HOST_SLEEP="$RS_TMP/host_sleep" RS_SLEEP_MARK="sleep 41.$RS_PORT"
export REDUCESCOPE_CLI="$CLI" XDG_DATA_HOME="$RS_TMP/data" XDG_CONFIG_HOME="$RS_TMP/config" QT_QPA_PLATFORM=offscreen
"$TEST"
