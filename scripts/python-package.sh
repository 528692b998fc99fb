#!/usr/bin/env bash
# Installs the Python package (python/, docs/python.md) into the project venv that
# scripts/python-venv.sh makes (target/notebooks-venv: maturin, pytest, networkx, python-sat,
# dimod, pandas pinned in notebooks/requirements.txt).
#
#   scripts/python-package.sh         the release profile, as `pip install ./python` builds it
#   scripts/python-package.sh --dev   the dev profile in the shared target/: what `cargo build` and
#                                     `cargo test` compiled is reused (CI, `notebooks.sh --quick`)
#
# The venv's own maturin builds it (no build isolation, so nothing is downloaded per install).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/python-venv.sh
if [ "${1:-}" = "--dev" ]; then
    export MATURIN_PEP517_ARGS="--profile dev"
fi
# The build backend runs the `maturin` command: the venv's.
export PATH="$PWD/target/notebooks-venv/bin:$PATH"
pip install --quiet --disable-pip-version-check --no-build-isolation \
    --no-deps --force-reinstall ./python
