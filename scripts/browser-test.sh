#!/usr/bin/env bash
# The explorer page in a real browser (tests/browser/test_explorer.py): Debian's chromium, headless,
# driven by selenium through Debian's chromium-driver; nothing is downloaded at run time.
#   scripts/browser-test.sh                 install what is missing, build, run the browser tests
#   scripts/browser-test.sh --screenshots   the same, and write docs/img/explorer-*.png
# Installs chromium and chromium-driver with apt when missing (as root; otherwise the tests are
# skipped with a message), and selenium + pytest, pinned in tests/browser/requirements.txt, into
# target/browser-venv (reinstalled when that file changes).
set -euo pipefail
cd "$(dirname "$0")/.."
shots=""
for arg in "$@"; do
  case "$arg" in
    --screenshots) shots="$PWD/docs/img" ;;
    *) echo "usage: scripts/browser-test.sh [--screenshots]" >&2; exit 2 ;;
  esac
done
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "browser-test: SKIPPED: chromium and chromium-driver are missing and this is not root" \
      "(apt-get install chromium chromium-driver, then run again)" >&2
    exit 0
  fi
  echo "browser-test: installing chromium and chromium-driver (apt)" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
venv=target/browser-venv
req=tests/browser/requirements.txt
if [ ! -x "$venv/bin/pytest" ] || ! cmp -s "$req" "$venv/requirements.txt"; then
  echo "browser-test: installing $req into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$req"
  cp "$req" "$venv/requirements.txt"
fi
cargo build --locked --quiet
target_dir="${CARGO_TARGET_DIR:-target}"
status=0
GRIDREDUCE_BIN="$(realpath "$target_dir")/debug/gridreduce" GRIDREDUCE_SCREENSHOTS="$shots" \
  "$venv/bin/pytest" -q -p no:cacheprovider tests/browser || status=$?
if [ "$status" != 0 ]; then
  echo "browser-test: FAILED (pytest exit code $status)" >&2
fi
exit "$status"
