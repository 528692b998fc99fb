#!/usr/bin/env bash
# Redraws the example graphs of docs/reductions.md from `gridreduce reduce --format dot`.
# Needs Graphviz (`apt-get install graphviz`); nothing else in the project does.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A 4x4 Sudoku with 12 clues (four blank cells); its solution is 1234/3412/2143/4321.
echo "1 0 3 4 3 4 0 2 2 1 4 0 0 3 2 1" > "$tmp/example4.txt"
for stage in directed contracted; do
    target/debug/gridreduce reduce "$tmp/example4.txt" --to hcp --stage "$stage" --format dot -o "$tmp/$stage"
done
# The directed graph (474 vertices) as an overview without labels; the contracted one labelled.
sfdp -Tsvg -Goverlap=prism -Nshape=point -Nwidth=0.05 -Nlabel="" -Earrowsize=0.3 -Gsize=8,8 \
    "$tmp/directed.dot" -o docs/img/hcp-4x4-directed.svg
neato -Tsvg -Goverlap=false -Gsplines=true -Nshape=ellipse -Nfontsize=9 -Nmargin=0.02 \
    "$tmp/contracted.dot" -o docs/img/hcp-4x4-contracted.svg
ls -l docs/img/hcp-4x4-*.svg
