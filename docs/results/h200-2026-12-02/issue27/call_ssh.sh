#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 26's last row, the real GPU through ssh (tests/remote/gpu_check.sh), on the GPU machine,
# which has no OpenSSH: Debian 12's sshd, ssh and ssh-keygen and the libraries they need that are
# not glibc's travel in .device-carry/ssh.tar.xz, run from /tmp/ssh with LD_LIBRARY_PATH. sshd's
# privilege separation needs a user `sshd` (added to /etc/passwd of that throwaway machine when it
# is missing). Then the GPU tests that no earlier call reached. Packs /tmp/o into $OUT/calls_ssh.tgz.
set -u
O=/tmp/o; mkdir -p $O/remote
mkdir -p /tmp/ssh && tar xJf .device-carry/ssh.tar.xz -C /tmp/ssh
id sshd >/dev/null 2>&1 || { echo 'sshd:x:101:65534::/run/sshd:/usr/sbin/nologin' >> /etc/passwd; echo "added user sshd" >> $O/summary.txt; }
{ date -u; git log -1 --format='%h %s' 2>/dev/null; getent passwd root; } > $O/machine_ssh.txt 2>&1
kernels/bench/run_on_gpu.sh $O build
export PATH=/tmp/ssh:$PATH LD_LIBRARY_PATH=/tmp/ssh
echo "== $(date -u +%H:%M:%S) gpu_check.sh (real GPU through ssh)" >> $O/summary.txt
SSHD=/tmp/ssh/sshd OUT=$O/remote timeout 200 bash tests/remote/gpu_check.sh /tmp/rs-build/kernels/cli/reducescope-cli > $O/remote/run.log 2>&1
echo "gpu_check rc=$?" >> $O/summary.txt; cat $O/remote/summary.txt >> $O/summary.txt 2>/dev/null; tail -5 $O/remote/run.log >> $O/summary.txt
unset LD_LIBRARY_PATH
echo "== $(date -u +%H:%M:%S) the GPU tests no earlier call reached" >> $O/summary.txt
(cd /tmp/rs-build && timeout 110 ctest -R "gpu_trace_on_gpu|gpu_recording_match|gpu_ncu_traffic" --timeout 100 --output-on-failure) > $O/ctest_rest.log 2>&1
echo "ctest rc=$?" >> $O/summary.txt; grep -E "Test +#|tests passed" $O/ctest_rest.log >> $O/summary.txt
echo "== $(date -u +%H:%M:%S) done" >> $O/summary.txt
cp $O/summary.txt "$OUT/summary_ssh.txt"
tar czf "$OUT/calls_ssh.tgz" -C $O .
