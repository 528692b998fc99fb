#!/usr/bin/env bash
# A one-machine Slurm for the cluster tests (docs/cluster.md): a controller and one node on
# localhost, with munge for authentication, everything under one state folder.
#
#   scripts/slurm-local.sh start    install the Debian packages when missing (as root), write the
#                                   configuration, start munged, slurmctld and slurmd, wait until
#                                   the node is idle; prints the lines to `eval` for the clients
#   scripts/slurm-local.sh env      those lines again (SLURM_CONF=…)
#   scripts/slurm-local.sh stop     stop the daemons (the state folder stays)
#   scripts/slurm-local.sh status   sinfo of the local cluster
#
# Idempotent: `start` on a running cluster only waits for the node. Nothing is written outside
# the state folder ($GRIDREDUCE_SLURM_DIR, default target/slurm-local) but the packages. The
# daemons listen on localhost ports 16817 and 16818 (not Slurm's defaults, so a real cluster on
# the machine is not disturbed). Exit code 3 with a SKIPPED line when the daemons cannot be
# started here (no root for the packages, a sandbox that forbids them).
set -euo pipefail
cd "$(dirname "$0")/.."
state=$(realpath -m "${GRIDREDUCE_SLURM_DIR:-target/slurm-local}")
conf=$state/slurm.conf
socket=$state/munge/munge.socket.2
host=$(hostname -s)

skip() {
    echo "SKIPPED: slurm-local: $*" >&2
    exit 3
}

client_env() {
    echo "export SLURM_CONF=$conf"
}

install() {
    local missing=()
    for tool in munged slurmctld slurmd sbatch; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    [ "$(id -u)" = 0 ] || skip "missing ${missing[*]}, and installing slurm-wlm and munge needs root"
    echo "slurm-local: installing slurm-wlm munge" >&2
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >"$state/apt.log" 2>&1; then
        apt-get update -q >>"$state/apt.log" 2>&1 || true
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >>"$state/apt.log" 2>&1 ||
            skip "apt-get install slurm-wlm munge failed (see $state/apt.log)"
    fi
}

configure() {
    mkdir -p "$state"/{munge,spool,ctld,log}
    chmod 700 "$state/munge"
    if [ ! -s "$state/munge.key" ]; then
        head -c 1024 /dev/urandom >"$state/munge.key"
    fi
    chmod 400 "$state/munge.key"
    local cpus mem user
    cpus=$(nproc)
    # Slurm's RealMemory in MB, a little below the machine's, as slurmd measures it.
    mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.95 }' /proc/meminfo)
    user=$(id -un)
    cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh: a controller and one node on this machine.
ClusterName=gridreduce-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=$user
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
# Short enough for the tests: a job over its --time is killed within a minute, a requeued one
# starts again at once.
KillWait=5
MinJobAge=30
OverTimeLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

running() {
    local pidfile=$1
    [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

start() {
    mkdir -p "$state"
    install
    configure
    if ! running "$state/munged.pid"; then
        munged --force --socket="$socket" --key-file="$state/munge.key" \
            --pid-file="$state/munged.pid" --log-file="$state/log/munged.log" \
            --seed-file="$state/munge.seed" >/dev/null 2>&1 ||
            skip "munged did not start (see $state/log/munged.log)"
    fi
    export SLURM_CONF=$conf
    if ! running "$state/slurmctld.pid"; then
        slurmctld -f "$conf" >/dev/null 2>&1 || skip "slurmctld did not start (see $state/log/slurmctld.log)"
    fi
    if ! running "$state/slurmd.pid"; then
        slurmd -f "$conf" >/dev/null 2>&1 || skip "slurmd did not start (see $state/log/slurmd.log)"
    fi
    # Wait (up to a minute) for the node to register and be idle; a node left down or drained by
    # an earlier run is resumed.
    local state_now
    for _ in $(seq 1 120); do
        state_now=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
        case $state_now in
            idle | mix | alloc) client_env; return 0 ;;
            down* | drain* | drng*) scontrol update NodeName="$host" State=RESUME >/dev/null 2>&1 || true ;;
        esac
        sleep 0.5
    done
    skip "the node did not become idle (state '${state_now:-none}'; see $state/log/)"
}

stop() {
    for daemon in slurmd slurmctld munged; do
        local pidfile=$state/$daemon.pid
        if running "$pidfile"; then
            kill "$(cat "$pidfile")" 2>/dev/null || true
            for _ in $(seq 1 50); do
                running "$pidfile" || break
                sleep 0.1
            done
            running "$pidfile" && kill -9 "$(cat "$pidfile")" 2>/dev/null || true
        fi
        rm -f "$pidfile"
    done
}

case ${1:-} in
    start) start ;;
    stop) stop ;;
    env) client_env ;;
    status) SLURM_CONF=$conf sinfo ;;
    *) echo "usage: $0 start|stop|env|status" >&2; exit 2 ;;
esac
