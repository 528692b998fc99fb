#!/usr/bin/env bash
# How hard 36x36 Sudoku are by the fraction of cells given (docs/routes.md, issue 18): for each
# fraction, COUNT puzzles drawn by scripts/make-sudoku36.py (a random part of a scrambled valid
# grid, seed 36), each solved alone by plain `gridreduce solve` (the default route) within LIMIT
# seconds, counted up to two solutions by plain `gridreduce count --limit 2` (status: the count, so
# 1 = unique), and solved by kissat on the exported CNF (extended, simplified) when KISSAT names its
# binary. Wall seconds per puzzle, CSV on stdout: given,puzzle,solver,seconds,status.
#
# Usage: scripts/sudoku36-sweep.sh GRIDREDUCE [FRACTIONS] [COUNT] [LIMIT]
#   e.g. KISSAT=/path/to/kissat scripts/sudoku36-sweep.sh target/release/gridreduce "0.4 0.5 0.6" 6 10
# Run it on an idle machine: the default route races two solvers on two cores.
set -euo pipefail
g=$(realpath "$1")
fractions=${2:-"0.40 0.45 0.50 0.55 0.60 0.65 0.70"}
count=${3:-6}
limit=${4:-10}
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
echo "given,puzzle,solver,seconds,status"
for f in $fractions; do
    set_file="$work/s$f.txt"
    python3 "$here/make-sudoku36.py" "$g" "$count" 36 "$set_file" "$f"
    for k in $(seq "$count"); do
        start=$(now)
        if "$g" solve "$set_file" --index "$k" --time-limit "$limit" >/dev/null 2>&1; then status=solved; else status="exit $?"; fi
        echo "$f,$k,gridreduce,$(echo "$(now) - $start" | bc),$status"
        start=$(now)
        if out=$("$g" count "$set_file" --index "$k" --limit 2 --time-limit "$limit" 2>/dev/null); then
            status="count ${out##* }"
        else
            status="exit $?"
        fi
        echo "$f,$k,gridreduce count,$(echo "$(now) - $start" | bc),$status"
        if [ -n "${KISSAT:-}" ]; then
            "$g" reduce "$set_file" --index "$k" --to cnf --encoding extended --simplify -o "$work/p.cnf" >/dev/null 2>&1
            start=$(now)
            set +e
            timeout "$limit" "$KISSAT" -q "$work/p.cnf" >/dev/null 2>&1
            rc=$?
            set -e
            case $rc in 10) status=solved ;; 124) status=timeout ;; *) status="exit $rc" ;; esac
            echo "$f,$k,kissat,$(echo "$(now) - $start" | bc),$status"
        fi
    done
done
