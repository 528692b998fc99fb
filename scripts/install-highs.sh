#!/usr/bin/env bash
# System packages the `highs` cargo feature needs to build HiGHS from source (through good_lp's
# `highs` crate): CMake and libclang for bindgen. Debian/Ubuntu, as root.
#   scripts/install-highs.sh && cargo build --features highs
set -euo pipefail
apt-get update
apt-get install -y cmake libclang-dev
