#!/usr/bin/env python3
"""Compare our tie-break values with FIDE's tie-break checker (gacrux.tiebreakchecker).

For every TRF file of the corpus, both programs compute the standings after the last
round with the same list of tie-breaks, Direct Encounter right after the score so that it
works on the real score groups. Every value of every player is compared, and the final
ranks too. A difference is "explained" only by an entry of EXPLAINED below, which cites
the article of the regulations that decides it; anything else is unexplained and makes
the script exit 1.

Usage (from the repository root; see .ci/tiebreak-crosscheck.sh for the set-up):
    python3 .ci/tiebreak-crosscheck.py [--binary target/release/swiss-arbiter]
        [--gacrux-python /tmp/gx/bin/python] [--jobs N] [--show N] [DIR_OR_FILE ...]
"""

import argparse
import concurrent.futures
import csv
import io
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from decimal import Decimal

# The tie-breaks compared. DE comes right after the score, so that it works on the real
# score groups. Our values do not depend on the position in the list; gacrux's do in one
# way: computing FB stores the final round as each player's last round that is not a
# voluntary unplayed round, and the tie-breaks computed after it keep that (a player whose
# last rounds are a zero-point bye and a forfeit loss is then seen with 0 for the bye, not
# the draw of C.07 16.3.2). So the Fore Buchholz family comes last.
TIEBREAKS = [
    "DE", "BH/C1", "BH", "BH/M1", "BH/C2", "BH/M2", "BH/P", "SB", "SB/C1", "SB/P", "AOB",
    "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "REP", "STD", "TPN", "RTNG", "ARO", "ARO/C1",
    "ARO/M1", "TPR", "PTP", "APRO", "APPO", "KS", "FB", "FB/C1", "AOB/F",
]
FORE = ["FB", "FB/C1", "AOB/F"]

# The tie-breaks whose unplayed rounds follow C.07 16, compared a second time under the
# 2023/2024 text (the dummy opponent not capped): ours with `--rules 2023`, gacrux with
# its `/V2024` modifier.
EDITION_2023 = ["BH/C1", "BH", "BH/M1", "SB", "SB/C1", "AOB", "FB", "FB/C1"]

# Unrated players (in examples/) count with this rating, so that the rating-based
# tie-breaks are compared there too (C.07 10: the tournament rules may set one).
UNRATED = "1000"


def gacrux_list():
    """Our main list, then the 2023 variants, with every Fore Buchholz column last."""
    plain = [c for c in TIEBREAKS if c not in FORE]
    versioned = [c + "/V2024" for c in EDITION_2023]
    return (plain + [c for c in versioned if not c.startswith("FB")] + FORE
            + [c for c in versioned if c.startswith("FB")])

CORPUS = ["dutch-2012", "dutch-2017", "dutch-2026", "examples"]


# Differences with the article that decides them. Each is shown, not assumed: gacrux is
# run again on the file with one coding changed (`recode`), and a difference counts as
# explained only if gacrux then gives our value.
EXPLAINED = [
    {
        "name": "JaVaFo half-point bye",
        # JaVaFo 1.4 (the dutch-2012 files) writes a half-point bye as `0000 - =`, as the
        # corpus README says. Gacrux reads `=` without an opponent as a game played; we
        # read the half-point bye that JaVaFo means, as if it were written `0000 - H`. A
        # half-point bye is a requested bye, so a voluntary unplayed round (C.07 16.1):
        # REP does not count it (7.6), Cut-1 drops it first (16.5), and when it is
        # followed only by voluntary unplayed rounds the opponents see it as a draw
        # (16.2.5, 16.3.2).
        "article": "C.07 16.1, 16.2.5, 16.3.2, 16.5, 7.6: `0000 - =` is a half-point bye",
        "recode": lambda block: block[:7] + "H" if block.startswith("0000") and block[7:8] == "=" else block,
    },
]


def parse_csv(text):
    """Rows by start number: {id: {"Rank": ..., code: value}}; "-0"/"None"/"" are None."""
    rows = {}
    reader = csv.DictReader(io.StringIO(text))
    for row in reader:
        try:
            start_no = int(row["StartNo"])
        except (KeyError, TypeError, ValueError):
            continue
        rows[start_no] = {
            k: (None if v in ("", "-0", "None", None) else v) for k, v in row.items()
        }
    return rows


def blocks(line):
    """The 10-column round blocks of a 001 line (round 1 first)."""
    rest = line.rstrip("\r\n")[91:]
    return [rest[i:i + 10] for i in range(0, len(rest), 10)]


def paired_round(lines):
    """The last round in which someone was paired (an opponent or a PAB)."""
    last = 0
    for line in lines:
        if line.startswith("001"):
            for r, block in enumerate(blocks(line), 1):
                if block[:4].strip() not in ("", "0000") or block[7:8] in ("U", "+"):
                    last = max(last, r)
    return last


def gacrux_input(lines, rounds, recode=None, truncate=False):
    """The same tournament in a form gacrux reads, and what was changed:
    - bbpPairings' scoring lines (BBW, BBD, ...) become the TRF-2026 record 162 that
      gacrux reads (it ignores BB lines and guesses the scoring from the totals, and stops
      with an error on a file without a draw);
    - with `truncate`, rounds after the standings round are removed (used only when gacrux
      refuses a file because a bye recorded for the next round is not yet counted in the
      points column);
    - `recode`, if given, rewrites round blocks (for EXPLAINED)."""
    changes = []
    symbols = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "Z", "BBF": "A", "BBU": "P"}
    scoring = [(symbols[l[:3]], l[4:].strip()) for l in lines if l[:3] in symbols]
    out = [l for l in lines if l[:3] not in symbols]
    if scoring:
        record = "162 " + "".join(f" {sym}{float(val):4.1f}   " for sym, val in scoring)
        out.insert(1, record.rstrip())
        changes.append("BB lines as 162")
    for i, line in enumerate(out):
        if not line.startswith("001"):
            continue
        head, rest = line[:91], blocks(line)
        if truncate and len(rest) > rounds and any(b.strip() for b in rest[rounds:]):
            changes.append("later rounds removed")
            rest = rest[:rounds]
        if recode:
            rest = [recode(b) for b in rest]
        out[i] = (head + "".join(b.ljust(10) for b in rest)).rstrip()
    return out, sorted(set(changes))


def run_gacrux(gacrux_python, lines, rounds, tmpdir, name):
    path = os.path.join(tmpdir, name)
    with open(path, "w", encoding="latin-1") as fh:
        fh.write("\n".join(lines) + "\n")
    done = subprocess.run(
        [gacrux_python, "-m", "gacrux.tiebreakchecker", "-i", path, "-s", "-n", str(rounds),
         "-u", UNRATED, "-d", "C", "-r", "-t", "PTS"] + gacrux_list(),
        capture_output=True, text=True)
    if done.returncode == 0 and done.stdout.startswith("Rank"):
        return done.stdout, ""
    return None, (done.stderr or done.stdout).strip()[-300:]


def run_file(path, binary, gacrux_python):
    with open(path, encoding="latin-1") as fh:
        lines = fh.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")
    rounds = paired_round(lines)
    def our_standings(tiebreaks, *options):
        done = subprocess.run(
            [binary, "standings", path, "--round", str(rounds), "--format", "csv",
             "--unrated-rating", UNRATED, "--tiebreaks", ",".join(tiebreaks), *options],
            capture_output=True, text=True)
        return (done.stdout if done.returncode == 0 else None), done.stderr.strip()

    ours, ours_error = our_standings(TIEBREAKS, "--rules", "2026")
    ours_2023, _ = our_standings(EDITION_2023, "--rules", "2023")
    with tempfile.TemporaryDirectory() as tmpdir:
        truncate = False
        adapted, changes = gacrux_input(lines, rounds)
        theirs, error = run_gacrux(gacrux_python, adapted, rounds, tmpdir, "file.trf")
        if theirs is None and "Incorrect score" in error:
            truncate = True
            adapted, changes = gacrux_input(lines, rounds, truncate=True)
            theirs, error = run_gacrux(gacrux_python, adapted, rounds, tmpdir, "file.trf")
        recoded = []
        for e in EXPLAINED:
            variant, _ = gacrux_input(lines, rounds, e["recode"], truncate)
            if variant != adapted:
                text, _ = run_gacrux(gacrux_python, variant, rounds, tmpdir, "recoded.trf")
                recoded.append((e, parse_csv(text) if text else {}))
    return {
        "path": path,
        "ours": ours,
        "ours_2023": ours_2023,
        "ours_error": ours_error,
        "theirs": theirs,
        "theirs_error": error,
        "changes": changes,
        "recoded": recoded,
    }


def same_number(a, b, code):
    if a is None or b is None:
        return a is None and b is None
    x, y = Decimal(a), Decimal(b)
    if code.startswith("AOB"):
        # An average: both programs round it for display (we to 0.01, gacrux to 0.01 or
        # 0.001 by the number of rounds); equal within the two roundings.
        tolerance = Decimal("0.005") + Decimal(1).scaleb(y.as_tuple().exponent) / 2
        return abs(x - y) <= tolerance
    return x == y


def sign(x):
    return (x > 0) - (x < 0)


def compare(f, show, out):
    """Counts per code: compared, equal, explained, unexplained (with examples)."""
    ours, theirs = parse_csv(f["ours"]), parse_csv(f["theirs"])
    ours_2023 = parse_csv(f["ours_2023"] or "")
    stats = defaultdict(Counter)
    if set(ours) != set(theirs) or set(ours) != set(ours_2023):
        stats["players"]["unexplained"] += 1
        out.append(f"{f['path']}: different players: {sorted(set(ours) ^ set(theirs))}")
        return stats
    # (label, our rows, our column, gacrux's column)
    columns = [(c, ours, c, c) for c in ["PTS"] + [c for c in TIEBREAKS if c != "DE"]]
    columns += [(c + " 2023", ours_2023, c, c + "/V2024") for c in EDITION_2023]
    for label, rows, code, their_code in columns:
        for player in rows:
            a, b = rows[player].get(code), theirs[player].get(their_code)
            stats[label]["compared"] += 1
            if same_number(a, b, code):
                stats[label]["equal"] += 1
                continue
            if any(same_number(a, recoded.get(player, {}).get(their_code), code)
                   for _, recoded in f["recoded"]):
                stats[label]["explained"] += 1
            else:
                stats[label]["unexplained"] += 1
                if len(out) < show:
                    out.append(f"{f['path']}: player {player} {label}: ours {a}, gacrux {b}")
    # DE orders the players of a score group: compare the order of every pair in it
    # (gacrux prints 0 for players DE leaves tied, we print their shared place).
    groups = defaultdict(list)
    for player, row in ours.items():
        groups[row["PTS"]].append(player)
    for members in groups.values():
        for player in members:
            stats["DE"]["compared"] += 1
            agree = all(
                sign(int(ours[player]["DE"]) - int(ours[o]["DE"]))
                == sign(int(theirs[player]["DE"]) - int(theirs[o]["DE"]))
                for o in members)
            if agree:
                stats["DE"]["equal"] += 1
            else:
                stats["DE"]["unexplained"] += 1
                if len(out) < show:
                    out.append(f"{f['path']}: player {player} DE order differs")
    # Ranks: equal, or equal to gacrux's on the re-coded file that explains the values.
    for player in ours:
        stats["Rank"]["compared"] += 1
        if ours[player]["Rank"] == theirs[player]["Rank"]:
            stats["Rank"]["equal"] += 1
        elif any(ours[player]["Rank"] == recoded.get(player, {}).get("Rank")
                 for _, recoded in f["recoded"]):
            stats["Rank"]["explained"] += 1
        else:
            stats["Rank"]["unexplained"] += 1
            if len(out) < show:
                out.append(f"{f['path']}: player {player} rank: ours {ours[player]['Rank']}, "
                           f"gacrux {theirs[player]['Rank']}")
    return stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--binary", default="target/release/swiss-arbiter")
    parser.add_argument("--gacrux-python", default=sys.executable)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--show", type=int, default=30, help="unexplained examples to print")
    args = parser.parse_args()
    roots = args.paths or [os.path.join("..", "shared", "conformance", d) for d in CORPUS]
    files = []
    for root in roots:
        if os.path.isdir(root):
            files += sorted(os.path.join(root, n) for n in os.listdir(root) if n.endswith(".trf"))
        elif os.path.isfile(root):
            files.append(root)
    if not files:
        print("no TRF files found in " + ", ".join(roots), file=sys.stderr)
        return 2
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda p: run_file(p, args.binary, args.gacrux_python), files))
    total = defaultdict(Counter)
    examples = []
    failures = 0
    for f in results:
        if f["ours"] is None or f["theirs"] is None:
            failures += 1
            examples.append(f"{f['path']}: could not compare (ours: {f['ours_error'] or 'ok'}; "
                            f"gacrux: {f['theirs_error'] or 'ok'})")
            continue
        for code, counts in compare(f, args.show, examples).items():
            total[code].update(counts)
    elapsed = time.time() - start

    print(f"{len(files)} files ({failures} not comparable), {elapsed:.0f} s")
    print(f"{'code':<11} {'compared':>9} {'equal':>9} {'explained':>9} {'unexplained':>11}")
    order = (["PTS", "DE"] + [c for c in TIEBREAKS if c != "DE"]
             + [c + " 2023" for c in EDITION_2023] + ["Rank", "players"])
    for code in order:
        c = total.get(code)
        if c:
            print(f"{code:<11} {c['compared']:>9} {c['equal']:>9} {c['explained']:>9} "
                  f"{c['unexplained']:>11}")
    values = [total[c] for c in order if c not in ("Rank", "players") and c in total]
    compared = sum(c["compared"] for c in values)
    equal = sum(c["equal"] for c in values)
    explained = sum(c["explained"] for c in values)
    unexplained = sum(c["unexplained"] for c in values) + total["players"]["unexplained"]
    unexplained += total["Rank"]["unexplained"]
    print(f"values: {compared} compared, {equal} equal, {explained} explained, "
          f"{unexplained} unexplained")
    adapted = Counter(c for f in results for c in f["changes"])
    for change, n in sorted(adapted.items()):
        print(f"gacrux input adapted ({change}): {n} files")
    for e in EXPLAINED:
        n = sum(1 for f in results if any(r[0] is e for r in f["recoded"]))
        print(f"explained by re-coding ({e['name']}, {n} files): {e['article']}")
    for line in examples:
        print(line)
    return 1 if unexplained or failures else 0


if __name__ == "__main__":
    sys.exit(main())
