#!/usr/bin/env bash
# CI's cluster test (docs/cluster.md): on the one-machine Slurm of scripts/slurm-local.sh, the
# repository's job scripts shard a shipped collection over a job array, a dependent job merges
# the shards, and the result must equal the unsharded run (timing columns aside) — with an
# in-process route and with an external solver profile (minisat) — then the faults a cluster
# produces:
#   - a task run twice (resubmitted after it finished): the merged result is the same;
#   - a node drained while tasks wait: they stay pending, and run once it is resumed;
#   - a task cancelled while it runs (scancel) and rerun: the rerun resumes and completes the set;
#   - a task requeued while it runs (scontrol requeue, as pre-emption does): it resumes;
#   - a task past its Slurm time limit is killed: merge names that shard and refuses; rerunning
#     only that task completes the set;
#   - a missing shard: the merge job fails, naming the shard.
# Prints SKIPPED with the reason (exit 0) when the daemons cannot be started here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=${GRIDREDUCE:-$root/target/debug/gridreduce}
[ -x "$bin" ] || cargo build --locked --quiet --bin gridreduce
# A cluster this script starts, it stops again at the end (one already running is left running).
was_running=$(scripts/slurm-local.sh status >/dev/null 2>&1 && echo yes || true)
if ! lines=$(scripts/slurm-local.sh start); then
    echo "slurm-test: SKIPPED (the local Slurm could not be started; see above)"
    exit 0
fi
eval "$lines"
work=$(mktemp -d "$root/target/slurm-test.XXXXXX")
cleanup() {
    scancel --quiet --name=gridreduce-shard 2>/dev/null || true
    scancel --quiet --name=gridreduce-merge 2>/dev/null || true
    rm -rf "$work"
    [ -n "$was_running" ] || "$root/scripts/slurm-local.sh" stop
}
trap cleanup EXIT
cd "$work"
fail() {
    echo "slurm-test: FAILED: $*" >&2
    for f in slurm-*.out; do [ -e "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; }; done
    exit 1
}

# Waits until none of the given jobs is pending or running (at most 5 minutes).
wait_jobs() {
    local ids
    ids=$(IFS=,; echo "$*")
    for _ in $(seq 1 600); do
        [ -z "$(squeue -h -j "$ids" 2>/dev/null)" ] && return 0
        sleep 0.5
    done
    fail "jobs $ids still queued after 5 minutes"
}

# The state of a job (or array task) as squeue sees it, empty once it left the queue.
state_of() { squeue -h -j "$1" -o %T 2>/dev/null | head -1; }

# stats.csv without its timing columns (seconds, solver_seconds, solver_peak_kb), for comparing;
# a resumed shard's `skipped` (finished by its earlier run) read as the `ok` it was then.
timeless() {
    python3 - "$1" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
drop = {i for i, c in enumerate(rows[0]) if c in ("seconds", "solver_seconds", "solver_peak_kb")}
status = rows[0].index("status")
for r in rows:
    if r[status] == "skipped":
        r[status] = "ok"
    print(",".join(c for i, c in enumerate(r) if i not in drop))
EOF
}

# The merged folder equals the unsharded one: the same files, byte for byte but for stats.csv and
# the .verdict files' timing fields, and stats.csv the same without its timing columns.
same_as() {
    local merged=$1 reference=$2 f name
    diff <(cd "$reference" && ls) <(cd "$merged" && ls) >/dev/null || fail "$merged holds other files than $reference"
    for f in "$reference"/*; do
        name=$(basename "$f")
        case $name in
            stats.csv) diff <(timeless "$f") <(timeless "$merged/$name") >/dev/null || fail "$merged/stats.csv differs from the unsharded run's" ;;
            *.verdict) ;;
            *) cmp -s "$f" "$merged/$name" || fail "$merged/$name differs from the unsharded run's" ;;
        esac
    done
}

submit_shards() { # OUT SHARDS PIPELINE PUZZLES RUN_ARGS [sbatch options…]
    local out=$1 n=$2 pipeline=$3 puzzles=$4 args=$5
    shift 5
    sbatch --parsable --array="${ARRAY:-1-$n}" "$@" \
        --export=ALL,GRIDREDUCE="$bin",SHARDS="$n",PIPELINE="$pipeline",PUZZLES="$puzzles",OUT="$out",RUN_ARGS="$args" \
        "$root/scripts/slurm/shard.sbatch"
}

submit_merge() { # OUT SHARDS [sbatch options…]
    local out=$1 n=$2
    shift 2
    sbatch --parsable "$@" --export=ALL,GRIDREDUCE="$bin",SHARDS="$n",OUT="$out" "$root/scripts/slurm/merge.sbatch"
}

pipeline=$root/reductions/sudoku-cnf-extended.yaml
puzzles=$root/data/sudoku/norvig_top95.txt

# 1. The recipe: an array of 3 shards, a dependent merge, equal to the unsharded run; with the
#    in-process route and with the minisat profile where minisat is installed.
cases=("in-process|")
if command -v minisat >/dev/null; then
    cases+=("minisat|--solver minisat --time-limit 60")
else
    echo "slurm-test: SKIPPED the external-solver case: minisat is not installed"
fi
for case in "${cases[@]}"; do
    name=${case%%|*}
    extra=${case#*|}
    # shellcheck disable=SC2086 # the extra arguments are split on purpose
    "$bin" run "$pipeline" "$puzzles" --limit 12 $extra -o "ref-$name" >/dev/null
    array=$(submit_shards "out-$name" 3 "$pipeline" "$puzzles" "--limit 12 $extra")
    merge=$(submit_merge "out-$name" 3 --dependency=afterok:"$array")
    wait_jobs "$array" "$merge"
    [ -f "out-$name/all/stats.csv" ] || fail "the merge job of the $name case wrote no result"
    same_as "out-$name/all" "ref-$name"
    echo "slurm-test: $name: 3 array tasks and the dependent merge equal the unsharded run"
done

# 2. A task run twice: task 2 resubmitted after everything finished; it skips its items, and a
#    second merge gives the same result.
again=$(ARRAY=2 submit_shards out-in-process 3 "$pipeline" "$puzzles" "--limit 12")
wait_jobs "$again"
rm -rf out-in-process/all
merge=$(submit_merge out-in-process 3)
wait_jobs "$merge"
same_as out-in-process/all ref-in-process
echo "slurm-test: a task run twice leaves the merged result unchanged"

# 3. A node drained while the tasks wait: they stay pending, and run when it is resumed.
host=$(sinfo -h -N -o %N | head -1)
scontrol update NodeName="$host" State=DRAIN Reason=slurm-test
array=$(submit_shards out-drain 2 "$pipeline" "$puzzles" "--limit 8")
sleep 2
state=$(state_of "${array}_1")
[ "$state" = PENDING ] || { scontrol update NodeName="$host" State=RESUME; fail "a task on a drained node is '$state', not PENDING"; }
scontrol update NodeName="$host" State=RESUME
merge=$(submit_merge out-drain 2 --dependency=afterok:"$array")
wait_jobs "$array" "$merge"
[ -f out-drain/all/stats.csv ] || fail "the tasks held by the drained node did not complete"
echo "slurm-test: tasks wait on a drained node and run once it is resumed"

# 4. A task cancelled while it runs: its solver is a script that takes a second an item, so it
#    is still running when scancel comes; the rerun of only that task resumes and completes the set.
cat >slow-solver.sh <<EOF
#!/bin/sh
sleep 1
exec minisat "\$1" "\$2"
EOF
chmod +x slow-solver.sh
cat >slow.yaml <<EOF
source: sudoku
description: cnf with a slow solver (slurm-test)
to: cnf
solver: {command: "$work/slow-solver.sh {input} {output}", answer: file}
EOF
if command -v minisat >/dev/null; then
    "$bin" run slow.yaml "$puzzles" --limit 6 -o ref-slow >/dev/null
    array=$(submit_shards out-slow 2 "$work/slow.yaml" "$puzzles" "--limit 6")
    for _ in $(seq 1 240); do
        [ -n "$(ls out-slow/shard-1/*.answer 2>/dev/null)" ] && break
        sleep 0.25
    done
    scancel "${array}_1"
    wait_jobs "$array"
    [ ! -f out-slow/shard-1/stats.csv ] || fail "the cancelled task finished before scancel (make its solver slower)"
    merge=$(submit_merge out-slow 2)
    wait_jobs "$merge"
    grep -q "shard 1 of 2 (.*) has not finished" slurm-"$merge".out || fail "merge did not name the cancelled shard"
    [ ! -e out-slow/all ] || fail "merge wrote a partial result"
    rerun=$(ARRAY=1 submit_shards out-slow 2 "$work/slow.yaml" "$puzzles" "--limit 6")
    merge=$(submit_merge out-slow 2 --dependency=afterok:"$rerun")
    wait_jobs "$rerun" "$merge"
    same_as out-slow/all ref-slow
    echo "slurm-test: a task cancelled mid-run is named by merge, and its rerun completes the set"

    # 4b. A task pre-empted and requeued while it runs (`scontrol requeue`): Slurm stops it and
    #     starts it again, the new run resumes, and the merged result equals the unsharded run.
    array=$(submit_shards out-requeue 2 "$work/slow.yaml" "$puzzles" "--limit 6")
    for _ in $(seq 1 240); do
        [ -n "$(ls out-requeue/shard-1/*.answer 2>/dev/null)" ] && break
        sleep 0.25
    done
    scontrol requeue "${array}_1"
    merge=$(submit_merge out-requeue 2 --dependency=afterok:"$array")
    wait_jobs "$array" "$merge"
    same_as out-requeue/all ref-slow
    grep -q "skipped (finished earlier)" slurm-"${array}"_1.out || fail "the requeued task did not resume"
    echo "slurm-test: a task requeued mid-run resumes, and the merged result equals the unsharded run"

    # 5. A task past its Slurm time limit (1 minute, the shortest Slurm takes): its solver hangs
    #    on the first item of the first run, so the task is killed at the limit; merge names the
    #    shard; rerunning the task without the limit resumes it and completes the set.
    cat >stuck-solver.sh <<EOF
#!/bin/sh
if [ ! -e "$work/stuck.once" ]; then
    touch "$work/stuck.once"
    exec sleep 600
fi
exec minisat "\$1" "\$2"
EOF
    chmod +x stuck-solver.sh
    sed "s|slow-solver.sh|stuck-solver.sh|" slow.yaml >stuck.yaml
    array=$(submit_shards out-late 1 "$work/stuck.yaml" "$puzzles" "--limit 3" --time=1)
    wait_jobs "$array"
    merge=$(submit_merge out-late 1)
    wait_jobs "$merge"
    grep -q "shard 1 of 1 (.*) has not finished" slurm-"$merge".out || fail "merge did not name the shard past its time limit"
    rerun=$(submit_shards out-late 1 "$work/stuck.yaml" "$puzzles" "--limit 3")
    merge=$(submit_merge out-late 1 --dependency=afterok:"$rerun")
    wait_jobs "$rerun" "$merge"
    [ -f out-late/all/stats.csv ] || fail "the rerun after the time limit did not complete the set"
    echo "slurm-test: a task past its time limit is named by merge, and its rerun completes the set"
else
    echo "slurm-test: SKIPPED the cancel and time-limit cases: minisat is not installed"
fi

# 6. A missing shard: the merge job fails and names it.
rm -rf out-drain/shard-2 out-drain/all
merge=$(submit_merge out-drain 2)
wait_jobs "$merge"
grep -q "shard(s) 2 of 2 missing" slurm-"$merge".out || fail "merge did not name the missing shard"
[ ! -e out-drain/all ] || fail "merge wrote a partial result"
echo "slurm-test: a missing shard is named by merge and nothing is written"
echo "slurm-test: passed"
