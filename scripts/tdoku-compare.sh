#!/usr/bin/env bash
# 9×9 solving side by side with tdoku (t-dillon/tdoku), whole process over a file, one core each,
# the two solvers alternating run by run, every answer of both checked against the other's.
#
#   scripts/tdoku-compare.sh TDOKU_SRC [RUNS] [SET ...]
#
# TDOKU_SRC: a checkout of https://github.com/t-dillon/tdoku. It is built with the project's own
# build script (`./BUILD.sh`, CMake, -O3 -march=native) into libtdoku_static.a, and its
# example/solve.c (read puzzles on stdin, print puzzle:count:solution) is linked against it; `solve 1`
# asks one solution, as `gridreduce solve` does. Needs cmake and g++.
# SETs default to the shipped 17-clue list, forum hardest and Norvig's top95 (data/sudoku/).
# Prints one line per set: the median wall time of each over RUNS (default 5) and puzzles per
# second; `uptime`'s load first.
set -euo pipefail
src=${1:?usage: scripts/tdoku-compare.sh TDOKU_SRC [RUNS] [SET ...]}
runs=${2:-5}
shift $(($# < 2 ? $# : 2))
root=$(cd "$(dirname "$0")/.." && pwd)
sets=("$@")
if [ ${#sets[@]} -eq 0 ]; then
    sets=("$root/data/sudoku/sudoku17_complete_49158.txt" "$root/data/sudoku/forum_hardest_1905_11plus.txt"
          "$root/data/sudoku/forum_hardest_1106.txt" "$root/data/sudoku/norvig_top95.txt")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -x "$src/build/solve" ]; then
    (cd "$src" && ./BUILD.sh tdoku_static >/dev/null 2>&1 || { mkdir -p build && cd build && cmake .. >/dev/null && make tdoku_static >/dev/null; })
    g++ -O3 -march=native -o "$src/build/solve" "$src/example/solve.c" "$src/build/libtdoku_static.a"
fi
(cd "$root" && cargo build --release --locked --quiet)
ours=$root/target/release/gridreduce
tdoku=$src/build/solve
echo "load: $(uptime | sed 's/.*load average: //'); commit $(git -C "$root" rev-parse --short HEAD); $(date -u +%F)"
printf '%-32s %8s %10s %8s %10s %6s\n' set puzzles "ours s" "ours/s" "tdoku s" "tdoku/s"
for set in "${sets[@]}"; do
    grep -v '^#' "$set" | grep -E '^.{81}' | cut -c1-81 > "$work/in.txt"
    n=$(wc -l < "$work/in.txt")
    : > "$work/ours.t"; : > "$work/tdoku.t"
    for _ in $(seq "$runs"); do
        s=$(date +%s.%N); taskset -c 0 "$ours" solve "$work/in.txt" --jobs 1 > "$work/ours.out"; e=$(date +%s.%N)
        echo "$e - $s" | bc >> "$work/ours.t"
        s=$(date +%s.%N); taskset -c 0 "$tdoku" 1 < "$work/in.txt" > "$work/tdoku.out"; e=$(date +%s.%N)
        echo "$e - $s" | bc >> "$work/tdoku.t"
    done
    # Every puzzle of these sets has one solution: both must print the same grids, line by line.
    cut -d: -f3 "$work/tdoku.out" | cmp -s - "$work/ours.out" || { echo "answers differ on $set" >&2; exit 1; }
    mo=$(sort -n "$work/ours.t" | sed -n "$(((runs + 1) / 2))p")
    mt=$(sort -n "$work/tdoku.t" | sed -n "$(((runs + 1) / 2))p")
    printf '%-32s %8d %10.3f %8.0f %10.3f %6.0f\n' "$(basename "$set" .txt)" "$n" "$mo" "$(echo "$n / $mo" | bc -l)" "$mt" "$(echo "$n / $mt" | bc -l)"
done
