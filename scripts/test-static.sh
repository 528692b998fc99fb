#!/usr/bin/env bash
# CI's check of the statically linked build (scripts/build-static.sh): on the dev profile, reusing
# what `cargo test` compiled (about 15 s of linking), it must link without a dynamic loader and
# print what the ordinary debug build prints on commands that reach the C++ SAT solver, the threads
# of the portfolio and the batch runner, the graph solver and the file writers.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --locked --quiet --bin gridreduce
cp "$target/debug/gridreduce" "$work/gridreduce-dynamic"
# The reference must be the ordinary build (cargo relinks it after an earlier static link), or the
# comparison below would compare the static build with itself.
if ! readelf --program-headers "$work/gridreduce-dynamic" | grep -q INTERP; then
    echo "test-static: $target/debug/gridreduce is not dynamically linked" >&2
    exit 1
fi
scripts/build-static.sh --dev
static=$(cd "$target/static/debug" && pwd)/gridreduce
root=$PWD
head -20 data/sudoku/nonunique/serg_benchmark.txt >"$work/several.txt"
# Each binary runs in a folder of its own, where the files it writes must match too.
checks=(
    "solve $root/data/sudoku/gecode_9x9_18.txt"
    "solve $root/data/sudoku/gecode_9x9_18.txt --via sat --jobs 2"
    "count $work/several.txt --limit 3"
    "hcp solve $root/data/hcp/fhcp/graph2.hcp -o tour"
    "reduce $root/data/sudoku/gecode_9x9_18.txt --to cnf -o cnf"
)
for args in "${checks[@]}"; do
    for build in dynamic static; do
        binary="$work/gridreduce-dynamic"
        [ "$build" = static ] && binary=$static
        rm -rf "${work:?}/$build" && mkdir "$work/$build"
        # shellcheck disable=SC2086 # the arguments are split on purpose
        (cd "$work/$build" && "$binary" $args >../$build.txt 2>/dev/null)
    done
    # Files must match byte for byte; stdout too, but for the wall time of `hcp solve`'s summary
    # (", 0.012 s"), the one thing documented to change from run to run (docs/testing.md,
    # "Reproducibility").
    for build in dynamic static; do
        sed -E 's/, [0-9]+\.[0-9]{3} s( \(|;|$)/, T s\1/' "$work/$build.txt" >"$work/$build.timeless"
    done
    if ! cmp -s "$work/dynamic.timeless" "$work/static.timeless" || ! diff -r "$work/dynamic" "$work/static" >/dev/null; then
        echo "test-static: \`gridreduce $args\` answers differently when linked statically" >&2
        exit 1
    fi
    if [ ! -s "$work/static.txt" ] && [ -z "$(ls "$work/static")" ]; then
        echo "test-static: \`gridreduce $args\` gave nothing" >&2
        exit 1
    fi
done
echo "test-static: the statically linked build answers as the dynamic one (${#checks[@]} commands)"
