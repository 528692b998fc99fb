#!/usr/bin/env bash
# Runs the cargo-fuzz (libFuzzer) targets of fuzz/, one after the other (one job: the machine is
# shared). The stable toolchain is used with RUSTC_BOOTSTRAP=1 (cargo-fuzz needs nightly flags); no
# other toolchain is needed. Installs cargo-fuzz from crates.io if missing. See docs/reliability.md.
#
#   scripts/fuzz.sh --brief            30 s per target on a scratch copy of the committed corpora
#                                      (what CI runs with GRIDREDUCE_FUZZ=1 scripts/test.sh)
#   scripts/fuzz.sh 300                5 minutes per target, growing fuzz/corpus/<target>
#   scripts/fuzz.sh --cmin 300 tour    one target, then minimise its corpus (cargo fuzz cmin)
#
# Inputs are capped at 4096 bytes (-max_len) to keep the corpora small; a crash stops the run and
# leaves the input under fuzz/artifacts/<target>/. Logs go to fuzz/logs/<target>.log; the last
# line of each run (executions, coverage, corpus size) is printed as it finishes.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
brief=0
cmin=0
while [ $# -gt 0 ]; do
  case "$1" in
    --brief) brief=1; shift ;;
    --cmin) cmin=1; shift ;;
    *) break ;;
  esac
done
seconds=30
if [ $brief -eq 0 ] && [ $# -gt 0 ]; then
  seconds="$1"
  shift
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)
mkdir -p logs

scratch=""
if [ $brief -eq 1 ]; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
fi
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  if [ $brief -eq 1 ]; then
    # New inputs go to the scratch folder; the committed corpus is only read.
    dirs=("$scratch/$t" "corpus/$t")
    mkdir -p "$scratch/$t"
  else
    dirs=("corpus/$t")
  fi
  echo "== $t ($seconds s)"
  cargo fuzz run -O "$t" "${dirs[@]}" -- -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 >"logs/$t.log" 2>&1 || {
    tail -40 "logs/$t.log"
    echo "fuzz target $t failed (log: fuzz/logs/$t.log)" >&2
    exit 1
  }
  grep -E '^(#[0-9]+\s+DONE|Done [0-9]+ runs)' "logs/$t.log" | tr '\n' ' '
  echo
  if [ $cmin -eq 1 ]; then
    cargo fuzz cmin -O "$t" "corpus/$t" -- -max_len=4096 >"logs/$t.cmin.log" 2>&1
    echo "   minimised: $(ls "corpus/$t" | wc -l) files, $(du -sh "corpus/$t" | cut -f1)"
  fi
done
