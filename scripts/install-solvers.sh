#!/usr/bin/env bash
# The external solvers the real-tool tests and docs use, from Debian/Ubuntu packages, as root:
#   minizinc (brings Gecode)  tests/route_mzn.rs, docs/target-mzn.md
#   minisat+ clasp            tests/route_opb.rs, docs/target-opb.md
#   minisat cadical           CNF exports (docs/sat-ilp.md)
#   glpk-utils coinor-cbc     LP exports (docs/sat-ilp.md)
#   all of them               the solver profiles of `run` (tests/solver_run.rs, docs/solvers.md)
# Idempotent: installs only the packages that are missing (one `apt-get update` then) and prints
# what it installed. scripts/test.sh runs it when CI is set or GRIDREDUCE_SOLVERS=1.
set -euo pipefail
packages=(minizinc minisat+ clasp minisat cadical glpk-utils coinor-cbc)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-solvers: all present (${packages[*]})"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-solvers: missing ${missing[*]}; run as root to install them" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-solvers: installed ${missing[*]}"
