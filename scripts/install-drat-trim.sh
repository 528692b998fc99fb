#!/usr/bin/env bash
# Builds the DRAT proof checker drat-trim from its vendored public source (third_party/drat-trim,
# unchanged upstream file) into target/tools/bin/drat-trim and prints the binary's path.
# Idempotent: rebuilds only when the source is newer. Needs gcc (or $CC).
# Use it with:  export GRIDREDUCE_DRAT_TRIM="$(scripts/install-drat-trim.sh)"
set -euo pipefail
cd "$(dirname "$0")/.."
src=third_party/drat-trim/drat-trim.c
out=target/tools/bin/drat-trim
mkdir -p "$(dirname "$out")"
if [ ! -x "$out" ] || [ "$src" -nt "$out" ]; then
  "${CC:-gcc}" -O2 -w -o "$out.tmp" "$src"
  mv "$out.tmp" "$out"
  echo "install-drat-trim: built $out" >&2
fi
echo "$PWD/$out"
