#!/usr/bin/env bash
# The checker fed random tournaments (C.02.03 7), small: our generator's events re-paired
# by our checker for every system it generates (`swiss-arbiter crosstest`), and the events
# of Dubov, Burstein, Lim and Double-Swiss checked again by an independent reading of their
# absolute criteria (tests/endorsement/absolute_criteria.py), which must also find every
# break made in them (--self-test). Exits non-zero on any difference, violation, or a
# system that takes longer than CROSSTEST_TIMEOUT seconds.
# Environment: CROSSTEST_N (default 200 tournaments per system), CROSSTEST_SEED (1),
# CROSSTEST_TIMEOUT (600), CROSSTEST_SYSTEMS (the systems, separated by blanks).
#
# Lim and the 1998 rating system are not in the default list because they are slow on
# some of the grid's tournaments. Lim: 300 tournaments (`crosstest --system lim --seed 1
# --n 300`) all finish and agree, in 313 s, a few taking over 30 s each (tournament 34: 49
# players, 3 rounds) in the exchange search of src/pairing/lim/exchange.rs. The 1998
# system did not finish some grid tournaments (found before the grid had unusual scores;
# not rechecked). Add them with CROSSTEST_SYSTEMS once they are fast.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${CROSSTEST_N:-200}"
seed="${CROSSTEST_SEED:-1}"
limit="${CROSSTEST_TIMEOUT:-600}"
cargo build --release --no-default-features
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
systems="${CROSSTEST_SYSTEMS:-dutch-2026 dutch-2017 dutch-2012 burstein dubov double-swiss}"
for system in $systems; do
  timeout "$limit" ./target/release/swiss-arbiter crosstest --system "$system" \
    --n "$n" --seed "$seed" --jobs 2 --write "$work/$system" \
    || { echo "crosstest $system failed or took over ${limit} s (exit $?)"; exit 1; }
done
for system in dubov burstein lim double-swiss; do
  [ -d "$work/$system" ] || continue
  python3 tests/endorsement/absolute_criteria.py --system "$system" "$work/$system"
  python3 tests/endorsement/absolute_criteria.py --system "$system" --self-test \
    $(ls "$work/$system"/*.trf | head -40)
done
