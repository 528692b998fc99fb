#!/usr/bin/env bash
# The FHCP Challenge Set as a benchmark: a sample of its graphs spread evenly over the set's
# numbering (the set is numbered in increasing order of size, 66 to 9,528 vertices, so every k-th
# graph is a sample stratified by size), run by scripts/hcp-compare.sh (ours, LKH-3 through elkai,
# Concorde's linkern; one run each, one time limit, every tour checked with `gridreduce hcp
# check`), then the solved counts and PAR-2 per solver (scripts/hcp-compare-table.py --summary)
# and a cactus plot (`gridreduce plot --kind cactus`, PNG and SVG).
#
# The set is not shipped (1,001 graphs, about 90 MB): FHCP_DIR is a folder holding its graphs as
# graphN.hcp (the FHCP project's TSPLIB files) or graphN.col (DIMACS, as in the wizardap/HCP
# repository's FHCPCS-col folder). data/hcp/fhcp and data/hcp/fhcp-col hold the 12 that are
# shipped; FHCP_DIR=data/hcp runs those.
#
# Environment (besides hcp-compare.sh's GRIDREDUCE, LKH_PYTHON, LINKERN):
#   FHCP_DIR  folder searched (recursively) for graphN.hcp / graphN.col   (required)
#   COUNT     graphs in the sample (default 100; 1001 or more: every graph found)
#   LIMIT     seconds per solver and graph (default 300)
#   OUT       stem of the outputs (default docs/data/fhcp-sample-DATE): OUT.csv, OUT.png, OUT.svg
# Usage: FHCP_DIR=~/fhcpcs scripts/fhcp-benchmark.sh
#        FHCP_DIR=data/hcp LIMIT=60 OUT=/tmp/fhcp scripts/fhcp-benchmark.sh
set -euo pipefail
cd "$(dirname "$0")/.."

[ -n "${FHCP_DIR:-}" ] || { echo "fhcp-benchmark: set FHCP_DIR to a folder of FHCP graphN.hcp/.col files" >&2; exit 2; }
[ -d "$FHCP_DIR" ] || { echo "fhcp-benchmark: $FHCP_DIR: no such folder" >&2; exit 2; }
COUNT=${COUNT:-100}
LIMIT=${LIMIT:-300}
OUT=${OUT:-docs/data/fhcp-sample-$(date -u +%F)}
GRIDREDUCE=${GRIDREDUCE:-${CARGO_TARGET_DIR:-target}/release/gridreduce}
export GRIDREDUCE

# graph number and path of every FHCP graph found, one per number (.hcp preferred), by number.
mapfile -t found < <(find "$FHCP_DIR" -type f \( -name 'graph*.hcp' -o -name 'graph*.col' \) |
    sed -nE 's#^(.*/graph([0-9]+)\.(hcp|col))$#\2 \3 \1#p' | sort -k1,1n -k2,2r | awk '!seen[$1]++ {print $1, $3}')
[ "${#found[@]}" -gt 0 ] || { echo "fhcp-benchmark: no graphN.hcp or graphN.col under $FHCP_DIR" >&2; exit 2; }

# Evenly spaced picks over what was found: the i-th of COUNT is at position ⌊i·(F−1)/(COUNT−1)⌋,
# so the smallest and the largest graph found are always in.
total=${#found[@]}
graphs=()
if [ "$COUNT" -ge "$total" ]; then
    for line in "${found[@]}"; do graphs+=("${line#* }"); done
else
    for i in $(seq 0 $((COUNT - 1))); do
        k=$(( COUNT > 1 ? i * (total - 1) / (COUNT - 1) : 0 ))
        graphs+=("${found[$k]#* }")
    done
fi
echo "fhcp-benchmark: ${#graphs[@]} of $total graphs found, limit $LIMIT s, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

mkdir -p "$(dirname "$OUT")"
GRAPHS="${graphs[*]}" RUNS=1 LIMIT="$LIMIT" OUT="$OUT.csv" scripts/hcp-compare.sh
scripts/hcp-compare-table.py --summary "$LIMIT" "$OUT.csv"
"$GRIDREDUCE" plot "$OUT.csv" --kind cactus --y median_s --group solver --log-y \
    --title "FHCP Challenge Set sample: ${#graphs[@]} graphs, $LIMIT s each" \
    --x-label "graphs answered" --y-label "seconds (wall, one run)" -o "$OUT" >/dev/null
echo "fhcp-benchmark: wrote $OUT.csv, $OUT.png, $OUT.svg" >&2
