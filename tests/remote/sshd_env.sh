# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the remote tests: starts Debian's OpenSSH server on 127.0.0.1 on a free port in a
# temporary folder, with a throwaway host key and user key (key-only login, passwords off; the
# system's sshd configuration and keys are not touched), and points reducescope-cli's ssh at it:
#   REDUCESCOPE_SSH_CONFIG        an ssh_config with the test's key and known_hosts
#   REDUCESCOPE_SSH_CONTROL_DIR   a private folder for the shared connections
#   RS_DEST                       the --gpu-host value (USER@127.0.0.1:PORT)
#   RS_TMP                        the folder (removed on exit, with sshd and the shared connection)
# RS_SSHD_EXTRA: more sshd_config lines (the Slurm test's SetEnv SLURM_CONF=...); RS_ON_EXIT:
# a command run after the cleanup.
# Exits 77 (skipped) with a reason when sshd or ssh is missing. Needs root (sshd's privilege
# separation) or an sshd that lets this user log in as itself.
SSHD=${SSHD:-/usr/sbin/sshd}
if [ ! -x "$SSHD" ] || ! command -v ssh >/dev/null || ! command -v ssh-keygen >/dev/null; then
  echo "skipped: needs the OpenSSH server and client (apt install openssh-server openssh-client)"
  exit 77
fi
RS_TMP=$(mktemp -d /tmp/rs-sshd-XXXXXX)
chmod 755 "$RS_TMP"
rs_cleanup() {
  if [ -n "${REDUCESCOPE_SSH_CONTROL_DIR:-}" ]; then
    for s in "$REDUCESCOPE_SSH_CONTROL_DIR"/*; do
      [ -S "$s" ] && ssh -o ControlPath="$s" -O exit dummy >/dev/null 2>&1
    done
  fi
  [ -f "$RS_TMP/sshd.pid" ] && kill "$(cat "$RS_TMP/sshd.pid")" 2>/dev/null
  rm -rf "$RS_TMP"
}
trap 'rs_cleanup; ${RS_ON_EXIT:-true}' EXIT
ssh-keygen -q -t ed25519 -N '' -f "$RS_TMP/host_key" -C rs-test-host
ssh-keygen -q -t ed25519 -N '' -f "$RS_TMP/user_key" -C rs-test-user
cp "$RS_TMP/user_key.pub" "$RS_TMP/authorized_keys"
chmod 600 "$RS_TMP/authorized_keys"
[ -d /run/sshd ] || mkdir -p /run/sshd 2>/dev/null  # sshd's privilege-separation folder
RS_USER=$(id -un)
started=
for attempt in 1 2 3 4 5 6 7 8; do
  RS_PORT=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
  cat > "$RS_TMP/sshd_config" <<CFG
ListenAddress 127.0.0.1
Port $RS_PORT
HostKey $RS_TMP/host_key
PidFile $RS_TMP/sshd.pid
AuthorizedKeysFile $RS_TMP/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
AllowUsers $RS_USER
UsePAM no
StrictModes no
MaxStartups 100:30:200
MaxSessions 100
LogLevel ERROR
${RS_SSHD_EXTRA:-}
CFG
  "$SSHD" -f "$RS_TMP/sshd_config" -E "$RS_TMP/sshd.log"
  for i in $(seq 50); do
    [ -s "$RS_TMP/sshd.pid" ] && break
    sleep 0.1
  done
  if [ -s "$RS_TMP/sshd.pid" ] && kill -0 "$(cat "$RS_TMP/sshd.pid")" 2>/dev/null; then started=1; break; fi
done
if [ -z "$started" ]; then
  echo "FAIL: sshd did not start: $(tail -n 3 "$RS_TMP/sshd.log" 2>/dev/null)"
  exit 1
fi
echo "[127.0.0.1]:$RS_PORT $(cut -d' ' -f1,2 "$RS_TMP/host_key.pub")" > "$RS_TMP/known_hosts"
cat > "$RS_TMP/ssh_config" <<CFG
Host *
  IdentityFile $RS_TMP/user_key
  IdentitiesOnly yes
  UserKnownHostsFile $RS_TMP/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  LogLevel ERROR
CFG
mkdir -m 700 "$RS_TMP/control"
export REDUCESCOPE_SSH_CONFIG="$RS_TMP/ssh_config"
export REDUCESCOPE_SSH_CONTROL_DIR="$RS_TMP/control"
RS_DEST="$RS_USER@127.0.0.1:$RS_PORT"
# Wait until it answers a login (a slow machine takes a moment after the pid file appears).
for i in $(seq 50); do
  ssh -F "$REDUCESCOPE_SSH_CONFIG" -o BatchMode=yes -p "$RS_PORT" "$RS_USER@127.0.0.1" true 2>/dev/null && break
  sleep 0.2
done
