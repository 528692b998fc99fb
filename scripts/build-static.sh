#!/usr/bin/env bash
# Builds a statically linked release binary, target/static/release/gridreduce, for runs where the
# start of the process is a large share of the work: a shell loop over thousands of small graph or
# puzzle files, or a side-by-side timing with C tools (scripts/hcp-compare.sh, docs/hcp-solver.md).
#
# Why a script and not the default: the dynamic loader's work (loading libgcc_s and running its CPU
# detection, relocating the binary) takes about 0.5 ms of every run, a third of `hcp solve` on a
# 70-vertex graph (docs/performance.md, "Start-up"). `-C target-feature=+crt-static` removes it, but
# set for the whole build (RUSTFLAGS or .cargo/config.toml) it also reaches the proc-macro crates and
# the Python extension, which cannot be static ("cannot produce proc-macro ... as the target does
# not support these crate types"). `cargo rustc` passes the flag to the binary's own compilation
# only; every library is the ordinary release build, shared with `cargo build --release`.
#
# Needs the static C library (`libc.a`, in Debian's libc6-dev, which every Rust build here has).
# Usage: scripts/build-static.sh          # release: target/static/release/gridreduce
#        scripts/build-static.sh --dev    # dev profile, reusing `cargo test`'s build (CI's check)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
profile=release release=(--release)
[ "${1:-}" = --dev ] && profile=debug release=()
cargo rustc "${release[@]}" --locked --quiet --bin gridreduce -- -C target-feature=+crt-static
out="$target/static/$profile"
mkdir -p "$out"
# Copied out: the next `cargo build` links $target/$profile/gridreduce dynamically again. (A copy
# also starts faster than the file as the linker wrote it: docs/hcp-solver.md, "process start".)
cp "$target/$profile/gridreduce" "$out/gridreduce.tmp"
mv "$out/gridreduce.tmp" "$out/gridreduce"
# A dynamically linked binary names its loader in a PT_INTERP program header; a static one has none.
if readelf --program-headers "$out/gridreduce" | grep -q INTERP; then
    echo "build-static: $out/gridreduce is not statically linked" >&2
    exit 1
fi
echo "built $out/gridreduce (statically linked)" >&2
