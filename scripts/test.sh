#!/usr/bin/env bash
# The test command of the README: formatting, lints, then every test.
# Benchmarks are type-checked by clippy --all-targets but not run (cargo bench runs them).
# Long checks live behind `cargo test -- --ignored` (see docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# The library's API docs build without warnings (a link to a private item or a broken one fails).
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet
# The real tools the route tests run (MiniZinc + Gecode, minisat+, clasp, … from apt; xcover, dimod
# and dwave-samplers in the project venv): installed first in CI or with GRIDREDUCE_SOLVERS=1, so
# `cargo test` runs those tests; elsewhere they print SKIPPED when a tool is missing.
if [ -n "${CI:-}" ] || [ "${GRIDREDUCE_SOLVERS:-0}" = 1 ]; then
  scripts/install-solvers.sh
  scripts/python-venv.sh
fi
# The proof checker the certificate tests and the check-proof examples run (tests/certificates.rs,
# docs/certificates.md): drat-trim, built from its vendored source in about 2 s.
GRIDREDUCE_DRAT_TRIM="$(scripts/install-drat-trim.sh)"
export GRIDREDUCE_DRAT_TRIM
cargo test --locked
# Sharded runs as a Slurm job array on a one-machine Slurm (scripts/slurm-local.sh installs and
# starts it; docs/cluster.md): always in CI, else GRIDREDUCE_SLURM=1; SKIPPED with the reason when
# the daemons cannot be started. About 3-5 minutes, most of it Slurm's own time-limit and requeue
# delays.
if [ -n "${CI:-}" ] || [ "${GRIDREDUCE_SLURM:-0}" = 1 ]; then
  scripts/slurm-test.sh
fi
# --- The Python package (python/, docs/python.md) -------------------------------------------------
# Built into the project venv with the dev profile (reusing what `cargo test` compiled), then its
# pytest suite, which compares it with the debug CLI that `cargo test` built.
scripts/python-package.sh --dev
target/notebooks-venv/bin/python -m pytest -q python/tests
# --- end of the Python package ---------------------------------------------------------------------
# The notebooks, executed headless on small samples with the debug binary (under 3 minutes), so
# they cannot rot; `scripts/notebooks.sh` without --quick is the full run that the committed
# outputs and docs/results.md come from.
scripts/notebooks.sh --quick
# Fuzzing is opt-in (it needs cargo-fuzz and a few minutes): GRIDREDUCE_FUZZ=1 scripts/test.sh runs
# every fuzz target for 30 s on the committed corpora (docs/reliability.md).
if [ "${GRIDREDUCE_FUZZ:-0}" = 1 ]; then
  scripts/fuzz.sh --brief
fi
# The `highs` feature is opt-in here (it installs cmake and libclang with apt when missing, and
# HiGHS takes about 6 minutes to build); CI turns it on: GRIDREDUCE_HIGHS=1 scripts/test.sh.
if [ "${GRIDREDUCE_HIGHS:-0}" = 1 ]; then
  scripts/test-highs.sh
fi
# The explorer page in headless chromium (scripts/browser-test.sh installs chromium, chromium-driver
# and a pinned venv when missing; about a minute): always in CI, else GRIDREDUCE_BROWSER=1.
if [ -n "${CI:-}" ] || [ "${GRIDREDUCE_BROWSER:-0}" = 1 ]; then
  scripts/browser-test.sh
fi
# The statically linked build that timings of short runs use (scripts/build-static.sh), linked on
# the dev profile from what `cargo test` compiled and compared with the ordinary build on a few
# commands (about 15 s).
scripts/test-static.sh
