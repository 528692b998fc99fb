#!/usr/bin/env bash
# The project's Python venv, target/notebooks-venv, from the pinned notebooks/requirements.txt:
# the notebooks' packages and the PyPI tools of the xcc and qubo routes (xcover, dimod,
# dwave-samplers), which tests/route_xcc.rs and tests/route_qubo.rs run. Rebuilt only when the
# requirements change.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/notebooks-venv
if ! cmp -s notebooks/requirements.txt "$venv/requirements.txt" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r notebooks/requirements.txt
    cp notebooks/requirements.txt "$venv/requirements.txt"
fi
