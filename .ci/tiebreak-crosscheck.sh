#!/usr/bin/env bash
# Cross-check our tie-breaks against FIDE's tie-break checker (gacrux.tiebreakchecker) on
# the last round of every tournament in ../shared/conformance. Exits non-zero on any
# difference that .ci/tiebreak-crosscheck.py does not explain by an article of C.07.
# Environment: GACRUX_VENV (default /tmp/gacrux-venv), GACRUX_VERSION (default 1.11.65).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${GACRUX_VENV:-/tmp/gacrux-venv}"
version="${GACRUX_VERSION:-1.11.65}"
if [ ! -d ../shared/conformance ]; then
  echo "SKIPPED: ../shared/conformance is absent"
  exit 0
fi
if ! "$venv/bin/python" -c "import gacrux.tiebreakchecker" 2>/dev/null; then
  # The checker is an oracle from PyPI; without Python's venv or the registry it cannot
  # run, and the cross-check says so instead of failing the build.
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "gacrux==$version"; }; then
    echo "SKIPPED: could not install gacrux $version from PyPI (python3-venv or the registry missing)"
    exit 0
  fi
fi
cargo build --release --no-default-features
python3 .ci/tiebreak-crosscheck.py --binary target/release/swiss-arbiter \
  --gacrux-python "$venv/bin/python" "$@"
