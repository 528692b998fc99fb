#!/usr/bin/env bash
# The test command of the README: formatting, lints, then every test.
# Long checks live behind `cargo test -- --ignored` (see docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --all-targets --locked
