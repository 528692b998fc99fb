#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 30) with cargo-fuzz (libFuzzer).
# The stable toolchain is used with RUSTC_BOOTSTRAP=1 (cargo-fuzz needs nightly flags); no other
# toolchain is needed. Installs cargo-fuzz from crates.io if missing.
#   scripts/fuzz.sh            30 s per target (the CI-sized run)
#   scripts/fuzz.sh 600        the 10-minute budget of docs/reliability.md
#   scripts/fuzz.sh 600 tour   one target
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${1:-30}"
shift || true
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  echo "== $t ($seconds s)"
  cargo fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -max_len=4096
done
