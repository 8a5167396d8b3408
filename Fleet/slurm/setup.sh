#!/usr/bin/env bash
# A one-node Slurm cluster on loopback, for running scrollsim's shards as a job array here and
# in CI (docs/sweeps.md, "Fleet scale"): Debian's slurm-wlm and munge, installed when missing,
# a munge key and a slurm.conf of the project's own under $SLURM_STATE (default
# /tmp/scrollsim-slurm), and munged, slurmctld and slurmd started on 127.0.0.1 only
# (CommunicationParameters=NoInAddrAny). Idempotent: a running cluster is left as it is.
#
#   source Fleet/slurm/setup.sh     # exports SLURM_CONF; then sbatch, squeue, sinfo work
#   Fleet/slurm/setup.sh stop       # stops the daemons
set -euo pipefail
state="${SLURM_STATE:-/tmp/scrollsim-slurm}"
export SLURM_CONF="$state/slurm.conf"

if [ "${1:-}" = stop ]; then
  for daemon in slurmd slurmctld; do
    [ -f "$state/$daemon.pid" ] && kill "$(cat "$state/$daemon.pid")" 2> /dev/null || true
  done
  [ -f "$state/munged.pid" ] && kill "$(cat "$state/munged.pid")" 2> /dev/null || true
  exit 0
fi

missing=()
command -v slurmctld > /dev/null || missing+=(slurm-wlm)
command -v munged > /dev/null || missing+=(munge)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} (Debian)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
fi

mkdir -p "$state"/{munge,spool,ctld,log}
chmod 700 "$state/munge"
# munge: a key of our own, a socket of our own.
if [ ! -f "$state/munge/munge.key" ]; then
  dd if=/dev/urandom bs=1 count=1024 of="$state/munge/munge.key" status=none
  chmod 400 "$state/munge/munge.key"
fi
socket="$state/munge/munge.socket"
if ! munge -n -S "$socket" > /dev/null 2>&1; then
  munged --force --key-file="$state/munge/munge.key" --socket="$socket" \
    --pid-file="$state/munged.pid" --log-file="$state/log/munged.log" --seed-file="$state/munge/seed"
fi

# The node is "localhost", whatever the machine is called: it resolves to 127.0.0.1 everywhere,
# so every daemon binds there.
node=localhost
cpus="$(nproc)"
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
cat > "$SLURM_CONF" <<CONF
ClusterName=scrollsim
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=6917
SlurmdPort=6918
CommunicationParameters=NoInAddrAny,NoCtldInAddrAny
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=scrollsim Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF

if ! scontrol ping 2> /dev/null | grep -q UP; then
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF" -N "$node"
fi
for _ in $(seq 1 60); do
  if sinfo -h -o '%T' 2> /dev/null | grep -qE '^(idle|mixed|allocated)'; then
    echo "slurm: node $node up on 127.0.0.1 ($cpus CPUs; SLURM_CONF=$SLURM_CONF)" >&2
    return 0 2> /dev/null || exit 0
  fi
  sleep 1
done
echo "slurm: the node did not come up; logs in $state/log" >&2
sinfo >&2 || true
tail -20 "$state/log/slurmctld.log" "$state/log/slurmd.log" >&2 || true
return 1 2> /dev/null || exit 1
