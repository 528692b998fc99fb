#!/usr/bin/env bash
# Reruns the "Side by side with LKH-3 and Concorde" table of docs/hcp-solver.md: `gridreduce hcp
# solve`, LKH-3 (PyPI's elkai, through scripts/lkh-elkai.py) and Concorde's `linkern` on the FHCP
# graphs and TSPLIB alb instances of data/hcp (and of EXTRA) plus four generated dense graphs, one
# run at a time, the solvers taking turns run by run, every tour checked with `gridreduce hcp
# check`. Writes CSV (default docs/data/hcp-compare.csv); scripts/hcp-compare-table.py turns it
# into the Markdown rows of the docs' table.
#
# A peer that is not installed is skipped with a line on stderr and rows with status "absent", so
# the script runs on any machine. Nothing here builds or downloads a peer (see docs/hcp-solver.md).
#
# Environment:
#   GRIDREDUCE  the binary (default: target/release/gridreduce under CARGO_TARGET_DIR or ./target)
#               (the docs' rows of a few milliseconds: target/static/release/gridreduce, from
#               scripts/build-static.sh, which starts about 0.5 ms sooner)
#   LKH_PYTHON  a Python that can `import elkai` (default python3)
#   LINKERN     Concorde's linkern binary (default: `linkern` on PATH)
#   LIMIT       seconds per run (default 60)   RUNS  runs per solver and graph, median kept (default 5)
#   GRAPHS      space-separated graph files instead of the default set
#   EXTRA       a folder whose .hcp/.col files join the default set (e.g. more FHCP Challenge graphs)
#   OUT         CSV path (default docs/data/hcp-compare.csv)
# Usage: scripts/hcp-compare.sh                 # whole table, about 10 minutes when all peers win
#        GRAPHS="data/hcp/fhcp/graph8.hcp" RUNS=1 OUT=/tmp/x.csv scripts/hcp-compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."

LIMIT=${LIMIT:-60}
RUNS=${RUNS:-5}
OUT=${OUT:-docs/data/hcp-compare.csv}
GRIDREDUCE=${GRIDREDUCE:-${CARGO_TARGET_DIR:-target}/release/gridreduce}
LKH_PYTHON=${LKH_PYTHON:-python3}
LINKERN=${LINKERN:-linkern}

[ -x "$GRIDREDUCE" ] || { echo "hcp-compare: no $GRIDREDUCE (cargo build --release)" >&2; exit 2; }
have_lkh=1
"$LKH_PYTHON" -c 'import elkai' 2>/dev/null || { have_lkh=0; echo "hcp-compare: skipping LKH-3: $LKH_PYTHON cannot import elkai (pip install elkai)" >&2; }
have_linkern=1
command -v "$LINKERN" >/dev/null 2>&1 || { have_linkern=0; echo "hcp-compare: skipping linkern: $LINKERN not found (set LINKERN=path)" >&2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The dense graphs of the table, as TSPLIB EDGE_LIST files (G(n, p) with Python's seeded random:
# the same graph on every machine, not the one benches/hcp_solve.rs draws).
dense() { # name kind n p
    python3 - "$work/$1.hcp" "$2" "$3" "$4" <<'PY'
import random, sys
path, kind, n, p = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
rng = random.Random(18)
if kind == "bip":  # K_{n, n+1}: no Hamiltonian cycle
    m = n + 1
    edges = [(a, n + 1 + b) for a in range(1, n + 1) for b in range(m)]
    n = n + m
else:
    edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if kind == "complete" or rng.random() < p]
with open(path, "w") as f:
    f.write(f"NAME : {path}\nTYPE : HCP\nDIMENSION : {n}\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n")
    f.writelines(f"{a} {b}\n" for a, b in edges)
    f.write("-1\nEOF\n")
PY
    echo "$work/$1.hcp"
}

if [ -n "${GRAPHS:-}" ]; then
    read -r -a graphs <<<"$GRAPHS"
else
    # The shipped graphs, then those of EXTRA (a folder of .hcp/.col files: the public FHCP
    # Challenge Set's graph9–30 and TSPLIB's alb2000–alb5000 gave the docs' table; they are not
    # shipped), then the generated dense graphs.
    mapfile -t graphs < <(ls data/hcp/fhcp/*.hcp data/hcp/tsplib/*.hcp | sort -V)
    if [ -n "${EXTRA:-}" ]; then
        mapfile -t -O "${#graphs[@]}" graphs < <(ls "$EXTRA"/*.hcp "$EXTRA"/*.col 2>/dev/null | sort -V)
    fi
    graphs+=("$(dense K_200 complete 200 1)" "$(dense K_500 complete 500 1)")
    graphs+=("$(dense G_1000_0.1 gnp 1000 0.1)" "$(dense K_250_251 bip 250 0)")
fi

# Runs "$@" once with the time limit; sets SECS (wall) and RC. The clock is bash's own
# EPOCHREALTIME (bash 5; a decimal comma in some locales): `$(date +%s.%N)` put the start of a
# `date` process inside every measured interval, about a millisecond, as much as the whole run
# of a trivial graph.
timed() {
    local t0 t1
    t0=${EPOCHREALTIME/,/.}
    set +e
    timeout "$LIMIT" "$@" >"$work/out" 2>&1
    RC=$?
    set -e
    t1=${EPOCHREALTIME/,/.}
    SECS=$(echo "$t1 - $t0" | bc -l)
}
# To a tenth of a millisecond: runs of a few milliseconds (graph2, graph6) tie at the millisecond.
# Empty input (a solver that never ran) gives an empty string.
median() { tr ' ' '\n' | sort -g | awk 'NF {a[++k] = $1} END {if (k) printf "%.4f", a[int((k + 1) / 2)]}'; }
# The note of a failed peer run, from its exit code and time.
why_failed() {
    case "$RC" in
    0) echo "tour is not a Hamiltonian cycle ($(printf %.1f "$SECS") s)" ;;
    124) echo "no answer in ${LIMIT} s" ;;
    *) echo "exit $RC: $(tail -1 "$work/out" | tr -d ',' | cut -c1-80)" ;;
    esac
}
check() { "$GRIDREDUCE" hcp check "$1" "$2" >/dev/null 2>&1; }

mkdir -p "$(dirname "$OUT")"
tmp_csv="$OUT.tmp.$$"
echo "graph,vertices,edges,solver,status,median_s,runs,note,load" >"$tmp_csv"
row() { echo "$1,$2,$3,$4,$5,$6,$7,$8,$(cut -d' ' -f1 /proc/loadavg)" >>"$tmp_csv"; }

# One run of each solver on graph $g, run $1 (linkern's seed). Each sets its solver's STATUS and
# NOTE and appends to its TIMES; a failure is final (the caller stops running that solver).
run_ours() {
    rm -f "$work/ours.tour"
    timed "$GRIDREDUCE" hcp solve "$g" -o "$work/ours.tour"
    TIMES[ours]+=" $SECS"
    if [ "$RC" = 0 ] && check "$g" "$work/ours.tour"; then
        NOTE[ours]=$(grep -o '([a-zA-Z -]*\(heuristic\|model\|reductions\|restarts\|cuts\|branching\)' "$work/out" | head -1 | tr -d '(' || true)
    elif [ "$RC" = 1 ]; then
        STATUS[ours]=none NOTE[ours]="proved no cycle"
    else
        # Like a peer's, our first failure ends the runs on this graph.
        STATUS[ours]=fail NOTE[ours]=$(why_failed)
    fi
}
# LKH-3: writes a tour even without a cycle; check decides. It reads TSPLIB only: a DIMACS .col
# file is converted first (not timed, before the runs).
run_lkh() {
    rm -f "$work/lkh.tour"
    timed "$LKH_PYTHON" scripts/lkh-elkai.py "$lkh_in" "$work/lkh.tour"
    TIMES[lkh]+=" $SECS"
    if ! { [ "$RC" = 0 ] && check "$g" "$work/lkh.tour"; }; then STATUS[lkh]=fail NOTE[lkh]=$(why_failed); fi
}
# linkern: stop at a tour of length n (graph edges only); seed = run number.
run_linkern() {
    rm -f "$work/g.lk"
    timed "$LINKERN" -s "$1" -N 10 -g "$work/g.edg" -h "$n" -t "$LIMIT" -Q -o "$work/g.lk" "$work/g.edg"
    TIMES[linkern]+=" $SECS"
    if ! { [ "$RC" = 0 ] && check "$g" "$work/g.lk"; }; then STATUS[linkern]=fail NOTE[linkern]=$(why_failed); fi
}

declare -A TIMES STATUS NOTE
for g in "${graphs[@]}"; do
    name=$(basename "$g")
    name=${name%.*}
    "$GRIDREDUCE" hcp convert "$g" --to concorde -o "$work/g.edg" >/dev/null 2>&1
    read -r n m <"$work/g.edg"
    lkh_in=$g
    if [ "$have_lkh" = 1 ]; then
        case "$g" in *.col)
            lkh_in="$work/g.hcp"
            "$GRIDREDUCE" hcp convert "$g" --to tsplib -o "$lkh_in" >/dev/null 2>&1 ;;
        esac
    fi
    TIMES=([ours]="" [lkh]="" [linkern]="")
    STATUS=([ours]=ok [lkh]=ok [linkern]=ok)
    NOTE=([ours]="" [lkh]="OPTIMUM=0 SUBGRADIENT=NO MAX_TRIALS=1000" [linkern]="-N 10 -h n; seeds 1..$RUNS")
    [ "$have_lkh" = 1 ] || STATUS[lkh]=absent NOTE[lkh]="elkai not installed"
    [ "$have_linkern" = 1 ] || STATUS[linkern]=absent NOTE[linkern]="linkern not found"
    # The solvers take turns run by run, so that a drift of the machine's speed (on a shared VM,
    # a quarter of a few-millisecond run either way within a minute) falls on all of them alike.
    for run in $(seq "$RUNS"); do
        [ "${STATUS[ours]}" = fail ] || run_ours
        [ "${STATUS[lkh]}" != ok ] || run_lkh
        [ "${STATUS[linkern]}" != ok ] || run_linkern "$run"
    done

    for solver in ours lkh linkern; do
        case $solver in ours) label=gridreduce ;; lkh) label=lkh3-elkai ;; *) label=linkern ;; esac
        med=$(echo "${TIMES[$solver]}" | median)
        runs=$(echo "${TIMES[$solver]}" | wc -w)
        case "${STATUS[$solver]}" in
        fail) med="" ;;
        absent) med="" runs=0 ;;
        esac
        row "$name" "$n" "$m" "$label" "${STATUS[$solver]}" "$med" "$runs" "${NOTE[$solver]}"
        if [ "${STATUS[$solver]}" != absent ]; then
            echo "$name $label ${STATUS[$solver]} $med s ${NOTE[$solver]}" >&2
        fi
    done
done
mv "$tmp_csv" "$OUT"
echo "hcp-compare: wrote $OUT (${#graphs[@]} graphs, load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
