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
# Lim and the 1998 rating system are not in the default list: their engines do not finish
# some of the grid's tournaments within minutes. Lim: `crosstest --system lim --seed 1
# --first 34 --n 1` (49 players, 3 rounds) never ends round 3: the exchange search of
# src/pairing/lim/exchange.rs (`dfs`) enumerates every pairing of a group whose pairings
# the caller all rejects. The 1998 system: `--system rating-1998 --seed 1`, found in the
# same way. Add them back with CROSSTEST_SYSTEMS once they finish.
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
