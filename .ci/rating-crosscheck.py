#!/usr/bin/env python3
"""Compare our rating changes (`swiss-arbiter ratings --format csv`) with an independent
computation built on FIDE's own rating module (gacrux.rating: table 8.1(b) as
ComputeExpectedScore) on generated events.

Each event comes from our generator; its ratings, birth dates, end date (TRF 052) and time
control (TRF 222) are then changed here so that the cases of B.02 and the rapid and blitz
regulations all occur: unrated players, juniors (K 40), players from 2400 (K 10) and from
2650, gaps of more than 400 and of 600 points; events ending before and from 1 October 2025
(the 2650 exemption of B.02 8.3.1), before and from 1 December 2024 (the 600-point rule of
rapid and blitz 7.3.1), and with no date (today's rules, no junior rule: the age is not
known); standard controls of 120, 90 and 75 minutes for 60 moves (B.02 1.1: 120 needed
when a player is rated 2400 or more, 90 from 1800, 60 below), a rapid 15 + 10 (list
rapid: 400-point rule for everyone, 600-point rule by date), 3 + 0 (not rated at all:
blitz is more than 3 minutes, rapid and blitz 1.1.2) and none.

This script reads the TRF itself, keeps the games played over the board against rated
opponents that these rules rate, applies the 400-point rule and the K rules (8.3.1, 8.3.3)
itself, takes each expected score from gacrux, and rounds K x (score - expected) as
gacrux's rating simulation does (Decimal ROUND_HALF_UP). Every column of every row must
agree; exit 1 otherwise.

Usage (from the repository root):
    python3 .ci/rating-crosscheck.py --binary target/release/swiss-arbiter \
        --gacrux-python /tmp/gacrux-venv/bin/python [--events 50]
"""

import argparse
import json
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
    elif born and event_year and event_year - born <= 18 and own < 2300:
        k = 40
    else:
        k = 20
    if k * games > 700:
        k = 700 // games
    return k

def day(text):
    return tuple(int(x) for x in text.replace("-", "/").split("/")) if text else None

def rows(path, event):
    end = day(event["end"])
    # No date: the rules in force today (both changes).
    exemption_2650 = end is None or end >= (2025, 10, 1)
    gap_600 = end is None or end >= (2024, 12, 1)
    control = event["control"]  # seconds for 60 moves, or None
    rapid = control is not None and 600 < control < 3600
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

    def rated(own, theirs):
        if theirs is None:
            return False
        if control is None:
            return True
        if control <= 180:
            return False
        highest = max(own or 0, theirs)
        if rapid:
            return not (gap_600 and own is not None and abs(own - theirs) >= 600
                        and highest > 2600)
        needed = 120 if highest >= 2400 else 90 if highest >= 1800 else 60
        return control >= needed * 60

    out = []
    for no in sorted(players):
        p = players[no]
        own = p["rating"]
        games = [(players[o]["rating"], {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}[res])
                 for o, res in p["rounds"]
                 if o is not None and res in "1=0" and rated(own, players[o]["rating"])]
        score = sum((s for _, s in games), Decimal(0))
        if own is None:
            out.append([str(no), p["fide"], "", "", str(len(games)), f"{score:.1f}", "", ""])
            continue
        expected = Decimal(0)
        for opp, _ in games:
            if rapid or not exemption_2650 or own < 2650:
                opp = min(max(opp, own - 400), own + 400)
            expected += fide_rating.ComputeExpectedScore(own, opp)
        k = k_factor(own, p["born"], end[0] if end else None, len(games))
        change = int(((score - expected) * k).quantize(Decimal("0"), rounding=ROUND_HALF_UP))
        out.append([str(no), p["fide"], str(own), str(k), str(len(games)), f"{score:.1f}",
                    f"{expected:.2f}", str(change)])
    return out

events = json.load(open(sys.argv[1]))
for path, event in events:
    print(json.dumps([path, rows(path, event)]))
'''

# (TRF 222, seconds for 60 moves)
CONTROLS = [(None, None), ("5400+30", 7200), ("5400", 5400), ("3600+15", 4500),
            ("900+10", 1500), ("900+10", 1500), ("180", 180)]
# Standard events on either side of 1 October 2025, rapid ones of 1 December 2024.
END_DATES = ["2026/09/30", "2025/09/30", "2025-10-01", None]
RAPID_END_DATES = ["2024/11/30", "2024/12/01", "2026/09/30", None]


def mutate(path, rng):
    """Unrated players, juniors, 2400+ and 2650+ players, wide gaps; an end date and a time
    control drawn from END_DATES and CONTROLS. Returns what the checker must know."""
    lines = open(path, encoding="utf-8").read().split("\n")
    code, seconds = rng.choice(CONTROLS)
    end = rng.choice(RAPID_END_DATES if code == "900+10" else END_DATES)
    out = []
    for line in lines:
        if line[:3] in ("042", "052", "222"):
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
    if end:
        out.insert(1, f"052 {end}")
    if code:
        out.insert(1, f"222 {code}")
    open(path, "w", encoding="utf-8").write("\n".join(out))
    return {"end": end, "control": seconds}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/swiss-arbiter")
    ap.add_argument("--gacrux-python", default="/tmp/gacrux-venv/bin/python")
    ap.add_argument("--events", type=int, default=50)
    args = ap.parse_args()
    rng = random.Random(2026)
    work = tempfile.mkdtemp(prefix="rating-crosscheck-")
    paths = []
    events = []
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
        events.append((path, mutate(path, rng)))
        paths.append(path)
    listing = os.path.join(work, "events.json")
    with open(listing, "w", encoding="utf-8") as f:
        json.dump(events, f)
    done = subprocess.run([args.gacrux_python, "-c", CHECKER, listing],
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return 1
    theirs = dict(json.loads(line) for line in done.stdout.splitlines())
    rows = differences = rated_games = 0
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
            rated_games += int(b[4])
            if a != b:
                differences += 1
                if differences <= 10:
                    print(f"{os.path.basename(path)}: ours {a} gacrux-based {b}")
    kinds = {}
    for _, event in events:
        key = f"end {event['end'] or 'none'}, control {event['control'] or 'none'}"
        kinds[key] = kinds.get(key, 0) + 1
    print(f"rating changes: {len(paths)} events ({len(kinds)} kinds of date and control), "
          f"{rows} players, {rated_games} rated games (per player), {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
