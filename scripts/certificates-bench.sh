#!/usr/bin/env bash
# The costs of certificates (docs/certificates.md): for each set, the time of `count` without and
# with --proof (so the cost of proving), the proof sizes, and the time of `check-proof` (drat-trim
# included). Prints one Markdown table row per set. Uses the release binary; builds drat-trim.
#   scripts/certificates-bench.sh            # the sets of docs/certificates.md
#   ROYLE=1000 scripts/certificates-bench.sh # more of the 17-clue list (default 200)
#   ONLY="suguru-180 graphs" scripts/certificates-bench.sh   # some rows only (names as printed)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin=target/release/gridreduce
GRIDREDUCE_DRAT_TRIM="$(scripts/install-drat-trim.sh)"
export GRIDREDUCE_DRAT_TRIM
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
head -n "${ROYLE:-200}" data/sudoku/royle17.txt > "$work/royle17-sample.txt"
head -n "${SERG:-100}" data/sudoku/nonunique/serg_benchmark.txt > "$work/serg-sample.txt"
echo "| set | puzzles | claim | count s | count --proof s | proofs (total / largest) | check-proof s |"
echo "|---|---:|---|---:|---:|---:|---:|"
wanted() { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $1 "* ]]; }
row() { # name file limit
  local name=$1 file=$2 limit=$3 dir="$work/$1"
  wanted "$name" || return 0
  local t0 t1 t2 t3
  t0=$(now); "$bin" count "$file" --limit "$limit" > /dev/null; t1=$(now)
  "$bin" count "$file" --limit "$limit" --proof "$dir" > "$work/$name.out"; t2=$(now)
  local n; n=$(wc -l < "$work/$name.out")
  "$bin" check-proof "$dir" > "$work/$name.check"; t3=$(now)
  local accepted; accepted=$(grep -c ': accepted: ' "$work/$name.check" || true)
  [ "$accepted" = "$n" ] || { echo "$name: $accepted of $n accepted" >&2; exit 1; }
  local claims; claims=$(sed -E 's/.*\(([a-z ]+[a-z]).*/\1/; s/exactly [0-9]+ solutions/exactly k/' "$work/$name.out" | sort | uniq -c | awk '{c=$1; $1=""; printf "%s%s×%s", sep, c, $0; sep=", "}')
  local total largest
  total=$(find "$dir" -name refute.drat -printf '%s\n' | awk '{s+=$1} END {printf "%.1f KB", s/1000}')
  largest=$(find "$dir" -name refute.drat -printf '%s\n' | sort -n | tail -1 | awk '{printf "%.1f KB", $1/1000}')
  printf '| %s | %s | %s | %.2f | %.2f | %s / %s | %.2f |\n' "$name" "$n" "$claims" \
    "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$total" "$largest" "$(echo "$t3 - $t2" | bc)"
}
row unsolvable-4x4 data/sudoku/unsolvable/sudoku4_vu_kr_contradicted.txt 2
row unsolvable-9x9 data/sudoku/unsolvable/norvig_top95_contradicted.txt 2
row royle17-first-${ROYLE:-200} "$work/royle17-sample.txt" 2
row norvig-top95 data/sudoku/norvig_top95.txt 2
row serg-nonunique-first-${SERG:-100} "$work/serg-sample.txt" 100000
row sudoku16-janko data/sudoku/sudoku16_gecode_janko_55.txt 2
row sudoku25-frisch data/sudoku/sudoku25_gecode_frisch_16.txt 2
row suguru-180 data/suguru/backtrack-180.txt 2
wanted graphs || exit 0
echo
echo "| graph | vertices | edges | cuts | cut loop s | proof s | proof | check-proof s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
graphs=(data/hcp/nonhamiltonian/{petersen,herschel,gp-11-2,gp-17-2,gp-23-2,gp-29-2,gp-59-2}.hcp)
for i in 1 2 3; do
  "$bin" reduce data/sudoku/unsolvable/norvig_top95_contradicted.txt --index "$i" --to hcp -o "$work/top95-$i" > /dev/null
  graphs+=("$work/top95-$i.hcp")
done
for g in "${graphs[@]}"; do
  name=$(basename "$g" .hcp); dir="$work/hc-$name"
  set +e; line=$("$bin" hcp solve "$g" --proof "$dir"); rc=$?; set -e
  [ "$rc" = 1 ] || { echo "$g: exit $rc: $line" >&2; exit 1; }
  t0=$(now); "$bin" hcp check-proof "$dir" > /dev/null; t1=$(now)
  v=$(awk '/DIMENSION/ {print $3}' "$g"); e=$(awk '/EDGE_DATA_SECTION/ {on=1; next} /^-1/ {on=0} on' "$g" | wc -l)
  cuts=$(echo "$line" | sed -E 's/.*: ([0-9]+) subtour cuts.*/\1/')
  cs=$(echo "$line" | sed -E 's/.*, ([0-9.]+) s cuts.*/\1/'); ps=$(echo "$line" | sed -E 's/.* \+ ([0-9.]+) s proof.*/\1/')
  size=$(stat -c %s "$dir/model.drat" | awk '{printf "%.1f KB", $1/1000}')
  printf '| %s | %s | %s | %s | %s | %s | %s | %.2f |\n' "$name" "$v" "$e" "$cuts" "$cs" "$ps" "$size" "$(echo "$t1 - $t0" | bc)"
done
