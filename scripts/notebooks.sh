#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless (nbclient), in a venv with the pinned
# notebooks/requirements.txt and the Python package (scripts/python-package.sh).
#
#   scripts/notebooks.sh          the full run: release binary, whole collections (about 10 min);
#                                 rewrites notebooks/*.ipynb with their outputs, docs/img/*.png
#                                 and docs/results.md
#   scripts/notebooks.sh --quick  CI: the debug binary, small samples (well under 3 min); writes
#                                 only to a scratch folder, so the committed files stay as they are
#                                 (NOTEBOOKS_QUICK=1 does the same)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${NOTEBOOKS_QUICK:-0}
[ "${1:-}" = "--quick" ] && quick=1
venv=target/notebooks-venv
if [ "$quick" = 1 ]; then
    scripts/python-package.sh --dev
    cargo build --locked --quiet
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    "$venv/bin/python" scripts/notebooks.py --quick --work "$work" --bin target/debug/gridreduce
else
    scripts/python-package.sh
    cargo build --release --locked --quiet
    rm -rf target/notebooks-work
    "$venv/bin/python" scripts/notebooks.py --work target/notebooks-work --bin target/release/gridreduce
fi
