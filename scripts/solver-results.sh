#!/usr/bin/env bash
# The side-by-side measurement of docs/solver-results.md: samples of the shipped 9×9 sets, the
# 16×16 set and the Suguru 180 through every target × every external solver profile found here
# (`gridreduce run --solver`, each answer decoded and verified) and through the in-process routes
# (`gridreduce solve --via R --times`), one row per puzzle into a CSV.
#
#   scripts/solver-results.sh [--sample N] [--slow-sample M] [--time-limit SECS] [--out CSV]
#                             [--part all|external|in-process] [--sets NAME,NAME…]
#
# Defaults: the first 20 puzzles of each set (N), the first 5 for the slow tools (M: the Python
# ones, which pay their start-up and JIT per puzzle, and the HCP heuristics), 10 s per puzzle and
# solver, docs/data/solver-results.csv. Everything runs on one core (--jobs 1) with the release
# binary ($GRIDREDUCE_BIN, else built here). Profiles whose tool is missing are left out and
# listed on stderr. About 30 minutes on the shared 2-core project machine with the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
N=20 M=5 LIMIT=10 OUT=docs/data/solver-results.csv PART=all ONLY=
while [ $# -gt 0 ]; do
    case "$1" in
        --sample) N=$2; shift 2 ;;
        --slow-sample) M=$2; shift 2 ;;
        --time-limit) LIMIT=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        --part) PART=$2; shift 2 ;;
        --sets) ONLY=",$2,"; shift 2 ;;
        *) echo "scripts/solver-results.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ -z "${GRIDREDUCE_BIN:-}" ]; then
    cargo build --release --locked --quiet
    GRIDREDUCE_BIN=${CARGO_TARGET_DIR:-target}/release/gridreduce
fi
G=$GRIDREDUCE_BIN
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# set name, file, kind
SETS="royle17 data/sudoku/royle17.txt sudoku
norvig_easy50 data/sudoku/norvig_easy50.txt sudoku
norvig_top95 data/sudoku/norvig_top95.txt sudoku
forum_hardest_1106 data/sudoku/forum_hardest_1106.txt sudoku
gecode_9x9_18 data/sudoku/gecode_9x9_18.txt sudoku
sudoku16_vu_kr_100 data/sudoku/sudoku16_vu_kr_100.txt sudoku
backtrack-180 data/suguru/backtrack-180.txt suguru"

# target (pipeline body), solvers reading it
TARGETS="cnf|to: cnf|minisat cadical kissat
lp|to: lp|glpsol cbc highs highspy
opb|to: opb|minisat+ clasp
mzn|to: mzn|minizinc
xcc|to: xcc|xcover
qubo|to: qubo\nformat: json|anneal
hcp-reduced|to: hcp\nstage: reduced\nformat: tsplib|elkai lkh
hcp-reduced-concorde|to: hcp\nstage: reduced\nformat: concorde|concorde"
SLOW=" highspy xcover anneal elkai lkh concorde "
ROUTES_SUDOKU="search sat ilp hcp cover human"
ROUTES_SUGURU="search backtrack sat ilp hcp cover"

found=$("$G" solvers | awk 'NR > 1 && !/not found/ {print $1}' | tr '\n' ' ')
echo "solvers found: $found" >&2
echo "set,kind,target,solver,name,status,seconds,peak_kb" > "$work/rows.csv"

# The first $2 puzzles of file $1 (Sudoku: lines; Suguru: blank-line separated blocks).
sample() {
    python3 - "$1" "$2" <<'EOF'
import sys
path, n = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read()
if "\nsize " in text or text.startswith("size "):
    blocks = [b for b in text.split("\n\n") if any(l.startswith("size ") for l in b.splitlines())]
    sys.stdout.write("\n\n".join(blocks[:n]) + "\n")
else:
    lines = [l for l in text.splitlines() if l.strip() and not l.startswith("#")]
    sys.stdout.write("\n".join(lines[:n]) + "\n")
EOF
}

# Appends the rows of run folder $1's stats.csv (set $2, target $3).
collect_run() {
    python3 - "$1/stats.csv" "$2" "$3" >> "$work/rows.csv" <<'EOF'
import csv, sys
path, set_, target = sys.argv[1:]
for r in csv.DictReader(open(path, encoding="utf-8")):
    status = r.get("solver_status") or ("bad-export:" + r.get("status", ""))
    print(",".join([set_, "external", target, r["solver"], '"%s"' % r["name"], status,
                    r["solver_seconds"], r["solver_peak_kb"]]))
EOF
}

# Appends the rows of `solve --times` CSV $1 (set $2, route $3, time limit $4, sample file $5).
# A puzzle that ran out of time has no row there (or no CSV at all when every one did): each
# puzzle of the sample without a row is counted as a timeout at the limit.
collect_solve() {
    python3 - "$1" "$2" "$3" "$4" "$5" >> "$work/rows.csv" <<'EOF'
import csv, os, sys
path, set_, route, limit, sample = sys.argv[1:]
text = open(sample, encoding="utf-8").read()
suguru = any(l.startswith("size ") for l in text.splitlines())
total = sum(1 for l in text.splitlines() if (l.startswith("size ") if suguru else l.strip()))
rows = list(csv.DictReader(open(path, encoding="utf-8"))) if os.path.exists(path) else []
for r in rows:
    solved = r["solved"] in ("true", "1", "yes")
    status = "solved" if solved else ("timeout" if float(r["seconds"] or 0) >= float(limit) * 0.99 else "unsolved")
    print(",".join([set_, "in-process", route, "gridreduce", '"%s"' % r["name"], status,
                    "%.4f" % float(r["seconds"]), ""]))
for k in range(total - len(rows)):
    print(",".join([set_, "in-process", route, "gridreduce", '"(no answer %d)"' % (k + 1), "timeout",
                    "%.4f" % float(limit), ""]))
EOF
}

start=$(date +%s)
while read -r set file kind; do
    case "$ONLY" in "" | *",$set,"*) ;; *) continue ;; esac
    sample "$file" "$N" > "$work/$set-$N.txt"
    sample "$file" "$M" > "$work/$set-$M.txt"
    while IFS='|' read -r target body solvers; do
        [ "$PART" = in-process ] && break
        printf 'source: %s\ndescription: %s, %s (scripts/solver-results.sh)\n%b\n' \
            "$kind" "$set" "$target" "$body" > "$work/$kind-$target.yaml"
        for s in $solvers; do
            case " $found " in *" $s "*) ;; *) continue ;; esac
            n=$N
            case "$SLOW" in *" $s "*) n=$M ;; esac
            dir="$work/run-$set-$target-$n"
            echo "[$(( $(date +%s) - start )) s] $set $target $s ($n puzzles)" >&2
            "$G" run "$work/$kind-$target.yaml" "$work/$set-$n.txt" --solver "$s" \
                --time-limit "$LIMIT" --jobs 1 -o "$dir" < /dev/null > /dev/null 2> "$dir.log" || true
            [ -f "$dir/stats.csv" ] && collect_run "$dir" "$set" "$target"
        done
    done <<< "$TARGETS"
    routes=$ROUTES_SUDOKU
    [ "$kind" = suguru ] && routes=$ROUTES_SUGURU
    [ "$PART" = external ] && routes=
    for r in $routes; do
        echo "[$(( $(date +%s) - start )) s] $set in-process $r ($N puzzles)" >&2
        "$G" solve "$work/$set-$N.txt" --via "$r" --jobs 1 --time-limit "$LIMIT" \
            --times "$work/times-$set-$r.csv" < /dev/null > /dev/null 2>&1 || true
        collect_solve "$work/times-$set-$r.csv" "$set" "$r" "$LIMIT" "$work/$set-$N.txt"
    done
    mkdir -p "$(dirname "$OUT")"
    cp "$work/rows.csv" "$OUT"
done <<< "$SETS"
echo "wrote $OUT ($(( $(tail -n +2 "$OUT" | wc -l) )) rows) in $(( $(date +%s) - start )) s; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
