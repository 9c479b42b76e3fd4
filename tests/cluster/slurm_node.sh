#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, everything under one scratch
# folder, for the tests of the Slurm backend of library(tabula/jobs):
#
#   slurm_node.sh start DIR    munged, slurmctld and slurmd; waits for the node
#   slurm_node.sh stop DIR     kills the daemons it started (by their pid files)
#   slurm_node.sh status DIR   exit 0 iff all three run and the node answers
#
# Clients then need `export SLURM_CONF=DIR/slurm.conf` (also in DIR/env).
# Where the daemons cannot start, start prints why (their log lines) and
# exits 77, the skip code of ctest, after stopping what it had started.
#
# Environment: SLURM_NODE_MAX_ARRAY (MaxArraySize, default 1001) lets a test
# make the array limit bite with a handful of jobs.
set -uo pipefail

usage() { echo "usage: $0 start|stop|status DIR" >&2; exit 2; }
(($# == 2)) || usage
cmd=$1
mkdir -p "$2" || exit 2
dir=$(cd "$2" && pwd)
conf=$dir/slurm.conf
host=$(hostname -s)
daemons=(slurmd slurmctld munged)   # the order in which stop ends them

skip() { echo "slurm_node: cannot run a Slurm node here: $*" >&2; exit 77; }

pid_of() { # prints the pid of daemon $1 if it runs
  local f=$dir/$1.pid p
  [ -s "$f" ] || return 1
  p=$(tr -dc 0-9 <"$f")
  [ -n "$p" ] && kill -0 "$p" 2>/dev/null && echo "$p"
}

# Asked of our slurmctld only: without it, sinfo would try the system's.
node_state() {
  [ -f "$conf" ] && pid_of slurmctld >/dev/null || return 0
  SLURM_CONF=$conf timeout 10 sinfo -h -N -n "$host" -o %T 2>/dev/null | sed -n 1p
}

stop() {
  local d p i left=()
  # Jobs first, so that no slurmstepd outlives its slurmd.
  if [ -f "$conf" ] && pid_of slurmctld >/dev/null; then
    SLURM_CONF=$conf timeout 10 scancel --quiet --partition=debug 2>/dev/null
    for ((i = 0; i < 40; i++)); do
      [ -z "$(SLURM_CONF=$conf timeout 10 squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.25
    done
  fi
  for d in "${daemons[@]}"; do
    p=$(pid_of "$d") || continue
    kill -TERM "$p" 2>/dev/null
    for ((i = 0; i < 100; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$p" 2>/dev/null; then kill -KILL "$p" 2>/dev/null; sleep 0.5; fi
    if kill -0 "$p" 2>/dev/null; then left+=("$d($p)"); else rm -f "$dir/$d.pid"; fi
  done
  if ((${#left[@]})); then echo "slurm_node: still running: ${left[*]}" >&2; return 1; fi
  return 0
}

# Shows why a start failed, stops what did start, and skips.
give_up() {
  local f
  echo "slurm_node: $1" >&2
  for f in munged slurmctld slurmd; do
    [ -s "$dir/log/$f.log" ] || continue
    echo "--- last lines of $dir/log/$f.log" >&2
    tail -n 15 "$dir/log/$f.log" >&2
  done
  stop >/dev/null 2>&1
  exit 77
}

free_port() { # a TCP port nothing listens on, away from the usual ones
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 30000))
    [ -n "$(ss -Htln "sport = :$p" 2>/dev/null)" ] || { echo "$p"; return; }
  done
  echo 0
}

write_conf() {
  local mem ctld_port slurmd_port
  mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
  ctld_port=$(free_port) slurmd_port=$(free_port)
  cat >"$conf" <<EOF
# Written by tests/cluster/slurm_node.sh: one node, all state in $dir.
ClusterName=tabula
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MaxArraySize=${SLURM_NODE_MAX_ARRAY:-1001}
MaxJobCount=10000
MinJobAge=300
KillWait=5
InactiveLimit=0
MailProg=/bin/true
SchedulerParameters=sched_interval=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  local d i state
  for d in munged mungekey slurmctld slurmd sinfo sbatch; do
    command -v "$d" >/dev/null || PATH=$PATH:/usr/sbin command -v "$d" >/dev/null ||
      skip "$d is not installed (scripts/install installs slurm-wlm, slurm-client and munge)"
  done
  export PATH=$PATH:/usr/sbin
  if status >/dev/null 2>&1; then echo "slurm_node: already running in $dir"; return 0; fi
  stop >/dev/null 2>&1 || give_up "daemons of an earlier start would not stop"
  mkdir -p "$dir/state" "$dir/spool" "$dir/log" && chmod 755 "$dir" || skip "cannot write $dir"

  if [ ! -s "$dir/munge.key" ]; then
    mungekey --create --keyfile="$dir/munge.key" 2>/dev/null ||
      dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge.key"
  fi
  rm -f "$dir/munge.socket"
  munged --force --socket="$dir/munge.socket" --key-file="$dir/munge.key" \
    --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" \
    --seed-file="$dir/munged.seed" 2>>"$dir/log/munged.log" ||
    give_up "munged did not start"
  munge -n -S "$dir/munge.socket" | unmunge -S "$dir/munge.socket" >/dev/null 2>&1 ||
    give_up "munged does not answer on $dir/munge.socket"

  write_conf
  export SLURM_CONF=$conf
  echo "export SLURM_CONF=$conf" >"$dir/env"
  slurmctld -f "$conf" 2>>"$dir/log/slurmctld.log" || give_up "slurmctld did not start"
  slurmd -f "$conf" 2>>"$dir/log/slurmd.log" || give_up "slurmd did not start"

  # The node registers within a few seconds; 60 s is for a loaded machine.
  for ((i = 0; i < 120; i++)); do
    state=$(node_state)
    case $state in
      idle*|mixed*|allocated*) echo "slurm_node: node $host $state (SLURM_CONF=$conf)"; return 0 ;;
    esac
    for d in munged slurmctld slurmd; do
      pid_of "$d" >/dev/null || give_up "$d exited"
    done
    sleep 0.5
  done
  give_up "node $host is ${state:-not known to slurmctld} after 60 s"
}

status() {
  local d p bad=0 state
  for d in munged slurmctld slurmd; do
    if p=$(pid_of "$d"); then echo "$d running ($p)"; else echo "$d not running"; bad=1; fi
  done
  state=$(node_state)
  echo "node $host: ${state:-no answer}"
  case $state in idle*|mixed*|allocated*|completing*) ;; *) bad=1 ;; esac
  return $bad
}

case $cmd in
  start) start ;;
  stop) stop && echo "slurm_node: stopped" ;;
  status) status ;;
  *) usage ;;
esac
