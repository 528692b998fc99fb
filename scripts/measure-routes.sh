#!/usr/bin/env bash
# Measures every route of `gridreduce solve` (and `count --limit 2` with --count) on every shipped
# puzzle set, one puzzle after the other (--jobs 1), and prints one markdown row per set and route:
# puzzles, solved, timed out, total and median seconds (a timed-out puzzle counts as the limit).
# The table of docs/routes.md comes from this script.
#
# Usage: scripts/measure-routes.sh [--count] GRIDREDUCE LIMIT_SECS FIRST_K SET... 
#   FIRST_K: only the first K puzzles of each set (0: all). ROUTES="auto sat" in the environment
#   measures only those routes.
set -euo pipefail
mode=solve
if [[ "${1:-}" == --count ]]; then mode=count; shift; fi
bin=$1 limit=$2 first=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for set in "$@"; do
  name=$(basename "$set" .txt)
  input=$set
  if [[ "$first" != 0 && "$set" != *suguru* ]]; then
    head -n "$first" "$set" > "$tmp/$name.txt"
    input=$tmp/$name.txt
  fi
  case "$set" in
    *suguru*) routes="auto search backtrack human cover sat ilp hcp" ;;
    *) routes="auto search human cover sat ilp hcp" ;;
  esac
  for route in ${ROUTES:-$routes}; do
    if [[ $mode == solve ]]; then
      "$bin" solve "$input" --via "$route" --jobs 1 --time-limit "$limit" --times "$tmp/t.csv" \
        > /dev/null 2> "$tmp/err" || true
      python3 - "$tmp/t.csv" "$tmp/err" "$limit" "$name" "$route" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
err = open(sys.argv[2]).read()
limit = float(sys.argv[3])
timeouts = err.count("time limit")
secs = [float(r["seconds"]) for r in rows] + [limit] * timeouts
solved = sum(r["solved"] == "true" for r in rows)
routes = sorted({r["route"] for r in rows})
print(f"| {sys.argv[4]} | {sys.argv[5]} | {len(secs)} | {solved} | {timeouts} | "
      f"{sum(secs):.3f} | {statistics.median(secs) if secs else 0:.4f} | {max(secs) if secs else 0:.3f} | {'/'.join(routes)} |")
PY
    else
      /usr/bin/time -f "%e" -o "$tmp/time" "$bin" count "$input" --via "$route" --jobs 1 \
        --time-limit "$limit" > /dev/null 2> "$tmp/err" || true
      timeouts=$(grep -c "time limit" "$tmp/err" || true)
      echo "| $name | $route | count | $timeouts | $(cat "$tmp/time") s wall |"
    fi
    rm -f "$tmp/t.csv"
  done
done
