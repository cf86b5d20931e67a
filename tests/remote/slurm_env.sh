# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the Slurm test: a single-node Slurm on this machine in a temporary folder, nothing of
# the system's touched: munged with its own key, socket and pid file; slurmctld -D and slurmd -D
# with a slurm.conf that points at them (AuthInfo=socket=..., ProctrackType=proctrack/linuxproc,
# one node "rsnode" at 127.0.0.1). Sets SLURM_CONF and RS_SLURM (the folder); stops all on exit
# (rs_slurm_stop). Exits 77 with a reason when slurmctld, slurmd, munged or srun is missing, and
# when not root (slurmd must be).
for p in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/munged; do
  [ -x "$p" ] || { echo "skipped: $p is not installed (apt install slurm-wlm munge)"; exit 77; }
done
command -v srun >/dev/null || { echo "skipped: srun is not installed (apt install slurm-client)"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "skipped: slurmd runs as root (run the test as root, as CI does)"; exit 77; }
RS_SLURM=$(mktemp -d /tmp/rs-slurm-XXXXXX)
chmod 755 "$RS_SLURM"
mkdir -p "$RS_SLURM/state" "$RS_SLURM/spool" "$RS_SLURM/munge"
chmod 700 "$RS_SLURM/munge"
rs_slurm_stop() {
  for f in slurmd slurmctld; do
    [ -f "$RS_SLURM/$f.pid" ] && kill "$(cat "$RS_SLURM/$f.pid")" 2>/dev/null
  done
  [ -n "${RS_SLURM_PIDS:-}" ] && kill $RS_SLURM_PIDS 2>/dev/null
  sleep 0.5
  [ -f "$RS_SLURM/munge/munged.pid" ] && kill "$(cat "$RS_SLURM/munge/munged.pid")" 2>/dev/null
  rm -rf "$RS_SLURM"
}
dd if=/dev/urandom of="$RS_SLURM/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$RS_SLURM/munge/munge.key"
/usr/sbin/munged --force --key-file="$RS_SLURM/munge/munge.key" --socket="$RS_SLURM/munge/munge.sock" \
  --pid-file="$RS_SLURM/munge/munged.pid" --log-file="$RS_SLURM/munge/munged.log" \
  --seed-file="$RS_SLURM/munge/munged.seed" || { echo "FAIL: munged did not start: $(tail -n 2 "$RS_SLURM/munge/munged.log")"; rs_slurm_stop; exit 1; }
p1=$(( 30000 + RANDOM % 15000 )); p2=$((p1 + 1))
cpus=$(nproc)
cat > "$RS_SLURM/slurm.conf" <<CFG
ClusterName=rstest
SlurmctldHost=$(hostname)(127.0.0.1)
SlurmctldPort=$p1
SlurmdPort=$p2
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$RS_SLURM/munge/munge.sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$RS_SLURM/state
SlurmdSpoolDir=$RS_SLURM/spool
SlurmctldPidFile=$RS_SLURM/slurmctld.pid
SlurmdPidFile=$RS_SLURM/slurmd.pid
SlurmctldLogFile=$RS_SLURM/slurmctld.log
SlurmdLogFile=$RS_SLURM/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=2
NodeName=rsnode NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=rsq Nodes=rsnode Default=YES MaxTime=INFINITE State=UP
CFG
export SLURM_CONF="$RS_SLURM/slurm.conf"
/usr/sbin/slurmctld -D -i -f "$SLURM_CONF" > "$RS_SLURM/slurmctld.out" 2>&1 &
RS_SLURM_PIDS="$!"
/usr/sbin/slurmd -D -N rsnode -f "$SLURM_CONF" > "$RS_SLURM/slurmd.out" 2>&1 &
RS_SLURM_PIDS="$RS_SLURM_PIDS $!"
ready=
for i in $(seq 150); do
  if sinfo -h -o %t 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; then ready=1; break; fi
  sleep 0.2
done
if [ -z "$ready" ]; then
  echo "FAIL: the Slurm node did not come up: $(sinfo -h 2>&1 | head -n 2) | $(tail -n 3 "$RS_SLURM/slurmctld.log" "$RS_SLURM/slurmd.log" 2>/dev/null)"
  rs_slurm_stop
  exit 1
fi
