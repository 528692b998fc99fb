#!/usr/bin/env bash
# The `highs` cargo feature (HiGHS through good_lp, the real MIP solver) built and tested: the ILP
# route against every shipped 4×4, Suguru, 9×9 (incl. the 375 forum-hardest) and 16×16 with a known
# solution, and the cross-route agreement harness. HiGHS is built from source by the `highs-sys`
# crate, which needs CMake and libclang: when they are missing this installs them (apt, as root)
# with scripts/install-highs.sh. Costs about 6 minutes of build and 3 of tests on 2 cores after
# scripts/test.sh (same target dir). CI runs it: `GRIDREDUCE_HIGHS=1 scripts/test.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
have_libclang() {
  ls /usr/lib/llvm-*/lib/libclang*.so* /usr/lib/*/libclang*.so* >/dev/null 2>&1
}
if ! command -v cmake >/dev/null 2>&1 || ! have_libclang; then
  if [ "$(id -u)" != 0 ]; then
    echo "scripts/test-highs.sh: cmake and libclang are missing; run scripts/install-highs.sh as root" >&2
    exit 2
  fi
  scripts/install-highs.sh
fi
cargo test --locked --features highs --test ilp_solutions --test agreement
