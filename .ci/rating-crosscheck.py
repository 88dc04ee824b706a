#!/usr/bin/env python3
"""Compare our rating changes (`swiss-arbiter ratings --format csv`) with an independent
computation built on FIDE's own rating module (gacrux.rating: table 8.1(b) as
ComputeExpectedScore) on generated events.

Each event comes from our generator; its ratings and birth dates are then changed here so
that the cases of B.02 8.3 all occur: unrated players, juniors (K 40), players from 2400
(K 10) and from 2650 (no 400-point rule), and gaps of more than 400 points. This script
reads the TRF itself, keeps the games played over the board against rated opponents,
applies the 400-point rule and the K rules (8.3.1, 8.3.3) itself, takes each expected
score from gacrux, and rounds K x (score - expected) as gacrux's rating simulation does
(Decimal ROUND_HALF_UP). Every column of every row must agree; exit 1 otherwise.

Usage (from the repository root):
    python3 .ci/rating-crosscheck.py --binary target/release/swiss-arbiter \
        --gacrux-python /tmp/gacrux-venv/bin/python [--events 50]
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

CHECKER = r'''
import json, sys
from decimal import Decimal, ROUND_HALF_UP
from gacrux import rating as fide_rating

def k_factor(own, born, event_year, games):
    if own >= 2400:
        k = 10
    elif born and event_year - born <= 18 and own < 2300:
        k = 40
    else:
        k = 20
    if k * games > 700:
        k = 700 // games
    return k

def rows(path, event_year):
    players = {}
    for line in open(path, encoding="utf-8"):
        if not line.startswith("001"):
            continue
        no = int(line[4:8])
        rating = line[48:52].strip()
        fide = line[57:68].strip()
        born = line[69:73].strip()
        rounds = []
        r = 0
        while 91 + 10 * r + 8 <= len(line.rstrip("\n")):
            start = 91 + 10 * r
            opp = line[start:start + 4].strip()
            result = line[start + 7:start + 8]
            rounds.append((int(opp) if opp.isdigit() and int(opp) > 0 else None, result))
            r += 1
        players[no] = dict(rating=int(rating) if rating and int(rating) > 0 else None,
                           fide=fide, born=int(born) if born.isdigit() else None,
                           rounds=rounds)
    out = []
    for no in sorted(players):
        p = players[no]
        games = [(players[o]["rating"], {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}[res])
                 for o, res in p["rounds"]
                 if o is not None and res in "1=0" and players[o]["rating"] is not None]
        score = sum((s for _, s in games), Decimal(0))
        own = p["rating"]
        if own is None:
            out.append([str(no), p["fide"], "", "", str(len(games)), f"{score:.1f}", "", ""])
            continue
        expected = Decimal(0)
        for opp, _ in games:
            if own < 2650:
                opp = min(max(opp, own - 400), own + 400)
            expected += fide_rating.ComputeExpectedScore(own, opp)
        k = k_factor(own, p["born"], event_year, len(games))
        change = int(((score - expected) * k).quantize(Decimal("0"), rounding=ROUND_HALF_UP))
        out.append([str(no), p["fide"], str(own), str(k), str(len(games)), f"{score:.1f}",
                    f"{expected:.2f}", str(change)])
    return out

for path in sys.argv[2:]:
    print(json.dumps([path, rows(path, int(sys.argv[1]))]))
'''


def mutate(path, rng):
    """Unrated players, juniors, 2400+ and 2650+ players, wide gaps; the event ends in 2026."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for line in lines:
        if line.startswith("052") or line.startswith("042"):
            continue
        if line.startswith("001"):
            line = line.ljust(91)
            roll = rng.random()
            if roll < 0.12:
                rating = "    "
            elif roll < 0.2:
                rating = str(rng.randint(2650, 2800))
            elif roll < 0.35:
                rating = str(rng.randint(2400, 2649))
            else:
                rating = str(rng.randint(1400, 2399))
            born = rng.choice(["2008", "2009", "2012", "1990", "1975", "    "])
            line = line[:48] + rating.rjust(4) + line[52:69] + born.ljust(10) + line[79:]
            line = line.rstrip()
        out.append(line)
    out.insert(1, "052 2026/09/30")
    open(path, "w", encoding="utf-8").write("\n".join(out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/swiss-arbiter")
    ap.add_argument("--gacrux-python", default="/tmp/gacrux-venv/bin/python")
    ap.add_argument("--events", type=int, default=50)
    args = ap.parse_args()
    rng = random.Random(2026)
    work = tempfile.mkdtemp(prefix="rating-crosscheck-")
    paths = []
    for seed in range(1, args.events + 1):
        players = rng.choice([9, 14, 23, 40, 64, 101])
        rounds = rng.randint(5, 11)
        path = os.path.join(work, f"event-{seed:03}.trf")
        cmd = [args.binary, "generate", "--system", "dutch-2026", "--players", str(players),
               "--rounds", str(rounds), "--seed", str(seed), "--forfeit-rate", "0.05",
               "--bye-rate", "0.05", "-o", path]
        subprocess.run(cmd, check=False, capture_output=True)
        if not os.path.exists(path):
            print(f"generate failed: {' '.join(cmd)}", file=sys.stderr)
            return 1
        mutate(path, rng)
        paths.append(path)
    done = subprocess.run([args.gacrux_python, "-c", CHECKER, "2026", *paths],
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return 1
    import json
    theirs = dict(json.loads(line) for line in done.stdout.splitlines())
    rows = differences = 0
    for path in paths:
        ours = subprocess.run([args.binary, "ratings", path, "--format", "csv"],
                              capture_output=True, text=True)
        if ours.returncode != 0:
            print(f"{path}: {ours.stderr}", file=sys.stderr)
            return 1
        lines = ours.stdout.splitlines()
        if lines[0] != "StartNo,FideId,Rating,K,Games,Score,Expected,Change":
            print(f"{path}: header {lines[0]!r}", file=sys.stderr)
            return 1
        mine = [line.split(",") for line in lines[1:]]
        if len(mine) != len(theirs[path]):
            print(f"{path}: {len(mine)} rows against {len(theirs[path])}")
            differences += 1
        for a, b in zip(mine, theirs[path]):
            rows += 1
            if a != b:
                differences += 1
                if differences <= 10:
                    print(f"{os.path.basename(path)}: ours {a} gacrux-based {b}")
    print(f"rating changes: {len(paths)} events, {rows} players, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
