#!/usr/bin/env python3
"""Endorsement run: thousands of fresh tournaments per Dutch version, in both directions.

FIDE endorses a pairing program by running random tournaments through it and through a
reference, both ways. This script does that for swiss-arbiter's three Dutch versions:

  A. the reference's generator writes N tournaments over a grid of sizes (7-600 players),
     rounds, draw/forfeit/bye/retirement rates and point systems; swiss-arbiter re-pairs
     every round (`check --explain`) and, where it pairs differently, says which criterion
     decides between the two pairings;
  B. swiss-arbiter's `generate` writes N tournaments over the same grid; the reference's
     checker re-pairs every round (and, for 2026, FIDE's Gacrux checker too); where it
     pairs differently, swiss-arbiter judges the reference's pairing (`explain --pairing`).

References (given by the caller, built or downloaded outside the repository, never
committed): bbpPairings 5.0.1 (Dutch 2017), bbpPairings 6.0.0 (Dutch 2026), JaVaFo 1.4
(Dutch 2012), and optionally a Python with `gacrux` installed (2026 second opinion and
Baku-accelerated tournaments).

    tests/endorsement/run.py --ours target/release/swiss-arbiter \\
        --bbp5 /opt/bbp-5.0.1/bbpPairings.exe --bbp6 /opt/bbp-6.0.0/bbpPairings.exe \\
        --javafo /opt/javafo.jar --gacrux /opt/gacrux-venv/bin/python \\
        --n 2000 --work /tmp/endorsement

The work folder keeps every generated file and every tool's output, so a difference can be
looked at afterwards; the table goes to standard output. Every tournament's parameters
come from (--seed, version, direction, index): the same command makes the same grid.
Exit status: 0 when no round differs, 1 otherwise. A difference's class (which criterion
our judgement finds decisive, or that the reference breaks an absolute criterion) says
where to look; it does not explain the difference, so every differing round is open until
a note or a test settles it. The classes our engine cannot defend ("OURS WORSE", not
judged, errors) are counted apart as well.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import os
import pathlib
import random
import re
import subprocess
import sys
import threading

# Size classes of the grid: (share of tournaments, fewest players, most players).
SIZES = [(0.55, 7, 30), (0.27, 31, 80), (0.13, 81, 200), (0.04, 201, 400), (0.01, 401, 600)]
# Point systems: (share, win, draw); a loss is worth 0.
SCORINGS = [(0.70, "1", "0.5"), (0.15, "3", "1"), (0.15, "2", "1")]

VERSIONS = {
    "2012": {"system": "dutch-2012", "reference": "javafo"},
    "2017": {"system": "dutch-2017", "reference": "bbp5"},
    "2026": {"system": "dutch-2026", "reference": "bbp6"},
}


class Grid:
    """The parameters of one tournament, drawn from (seed, version, direction, index)."""

    def __init__(self, seed: int, version: str, direction: str, index: int):
        rng = random.Random(f"{seed}/{version}/{direction}/{index}")
        u, acc = rng.random(), 0.0
        for share, low, high in SIZES:
            acc += share
            if u < acc:
                break
        self.players = rng.randint(low, high)
        # Few players cannot be paired for many rounds without rematches.
        most = min(15, max(3, self.players // 2 + 1))
        self.rounds = rng.randint(3, most)
        self.stress = rng.random() < 0.15
        self.draw_percent = rng.randint(10, 50)
        if self.stress:
            self.forfeit_rate = rng.randint(3, 6)
            self.retired_rate = rng.randint(25, 80)
            self.half_bye_rate = rng.randint(5, 20)
        else:
            self.forfeit_rate = rng.randint(6, 60)
            self.retired_rate = rng.randint(40, 3225)
            self.half_bye_rate = rng.randint(15, 3225)
        u, acc = rng.random(), 0.0
        for share, win, draw in SCORINGS:
            acc += share
            if u < acc:
                break
        self.win, self.draw = win, draw
        # Baku acceleration (2026 only): C.04.7 needs a win worth two draws.
        self.baku = version == "2026" and rng.random() < 0.10
        if self.baku:
            self.win, self.draw = "1", "0.5"
            self.players = min(self.players, 80)
        self.number = rng.randrange(1 << 30)

    def standard_scoring(self) -> bool:
        return (self.win, self.draw) == ("1", "0.5")

    def reference_config(self, version: str) -> str:
        """bbpPairings' and JaVaFo's random tournament generator configuration. JaVaFo 1.4
        reads the half-point bye rate as `HalfPointByteRate` (its spelling) and ignores
        `HalfPointByeRate` silently: spelled so, its tournaments had no half-point byes."""
        half_bye_key = "HalfPointByteRate" if version == "2012" else "HalfPointByeRate"
        lines = [
            f"PlayersNumber={self.players}",
            f"RoundsNumber={self.rounds}",
            f"DrawPercentage={self.draw_percent}",
            f"ForfeitRate={self.forfeit_rate}",
            f"RetiredRate={self.retired_rate}",
            f"{half_bye_key}={self.half_bye_rate}",
        ]
        if not self.standard_scoring():
            lines += [f"PointsForWin={self.win}", f"PointsForDraw={self.draw}"]
        return "\n".join(lines) + "\n"

    def our_options(self) -> list[str]:
        """The same grid point in swiss-arbiter's `generate` options."""
        options = [
            "--players", str(self.players),
            "--rounds", str(self.rounds),
            "--seed", str(self.number),
            "--draw-rate", f"{self.draw_percent / 100:.2f}",
            "--forfeit-rate", f"{1 / (2 * self.forfeit_rate):.4f}",
            "--bye-rate", f"{min(0.2, 10 / self.half_bye_rate):.4f}",
            "--scoring", f"{self.win}-{self.draw}-0",
        ]
        return options + (["--baku"] if self.baku else [])


TIMEOUT = 900


def run(command: list[str], timeout: int | None = None) -> subprocess.CompletedProcess:
    """Runs a tool; one that takes longer than `timeout` seconds counts as failed."""
    timeout = timeout or TIMEOUT
    try:
        return subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -1, "", f"timed out after {timeout} s")


def text_lines(path: pathlib.Path) -> list[str]:
    """A TRF file's lines whatever its line ends (the reference engines write CR)."""
    return path.read_bytes().decode("latin-1").replace("\r\n", "\n").replace("\r", "\n").split("\n")


# ---------------------------------------------------------------- reading the tools


ROUND_DIFF = re.compile(r"^(?P<file>.+): round (?P<round>\d+): (?:engine|error)")
VERDICT = re.compile(r"^Compared with the engine's pairing: (?P<verdict>.*)$")
ERROR_LINE = re.compile(r"^  (?P<article>\S+): ")


def classify(verdict: str, errors: list[str]) -> str:
    """One class per difference, from our judgement of the reference's pairing."""
    m = re.match(r"(WORSE|better) (?:in bracket \d+|for the round) at (\S+(?: \S+)?) \(", verdict)
    if m and m.group(1) == "WORSE":
        return f"reference worse at {m.group(2)}"
    if m:
        return f"OURS WORSE at {m.group(2)} (bug)"
    if verdict.startswith("as good as the engine's on every criterion; in bracket"):
        return "equal quality, order of generation (B.8/4.x sequence)"
    if verdict.startswith("as good as"):
        return "equal on every criterion (a tie the text leaves open)"
    if verdict.startswith("not compared"):
        return "reference breaks " + (", ".join(sorted(set(errors))) or "an absolute criterion")
    return "unclassified: " + verdict


def judgements(text: str) -> list[tuple[str, int, str]]:
    """(file, round, class) for every differing round in `check --explain` output."""
    found: list[tuple[str, int, str]] = []
    current: tuple[str, int] | None = None
    errors: list[str] = []
    in_errors = False
    for line in text.splitlines():
        m = ROUND_DIFF.match(line)
        if m and " error: " in line:
            found.append((m.group("file"), int(m.group("round")), "error: " + line.split(" error: ", 1)[1]))
            current = None
            continue
        if m:
            current, errors, in_errors = (m.group("file"), int(m.group("round"))), [], False
            continue
        if current is None:
            continue
        if line.startswith("ERRORS"):
            in_errors = True
            continue
        e = ERROR_LINE.match(line)
        if in_errors and e:
            errors.append(e.group("article"))
            continue
        in_errors = False
        v = VERDICT.match(line)
        if v:
            found.append((current[0], current[1], classify(v.group("verdict"), errors)))
            current = None
    return found


CHECKER_ROUND = re.compile(r"Round #(\d+)")
CHECKER_PAIR = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s+(\d+)\s*-\s*(\d+)\s*$")


def checker_differences(text: str) -> dict[int, list[tuple[int, int]]]:
    """Round -> the checker's pairs where they differ from the tournament's, read from the
    two-column table that JaVaFo, bbpPairings and Gacrux print (`-c`)."""
    rounds: dict[int, list[tuple[int, int]]] = {}
    current = None
    for line in text.splitlines():
        r = CHECKER_ROUND.search(line)
        if r:
            current = int(r.group(1))
            continue
        p = CHECKER_PAIR.match(line)
        if p and current is not None:
            rounds.setdefault(current, []).append((int(p.group(1)), int(p.group(2))))
    return rounds


def recorded_round(path: pathlib.Path, rnd: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairs (white, black) and the PAB of one round of a TRF file."""
    pairs, byes = [], []
    column = 91 + 10 * (rnd - 1)
    for line in text_lines(path):
        if not line.startswith("001") or len(line) < column + 8:
            continue
        cell = line[column : column + 8]
        me = int(line[4:8])
        opponent, colour, result = cell[0:4].strip(), cell[5], cell[7]
        if opponent.isdigit() and int(opponent) != 0 and colour == "w":
            pairs.append((me, int(opponent)))
        elif opponent in ("", "0000", "0") and result in "U+":
            byes.append(me)
    return pairs, byes


def reference_pairing(path: pathlib.Path, rnd: int, checker_pairs: list[tuple[int, int]]) -> str:
    """The reference's pairing of a round in JaVaFo's pairing format: the file's pairs that
    the checker did not list, and the checker's own; whoever of the file's paired players
    is left over gets the bye."""
    recorded, byes = recorded_round(path, rnd)
    listed = {p for pair in checker_pairs for p in pair}
    pairs = [p for p in recorded if p[0] not in listed and p[1] not in listed]
    pairs += [p for p in checker_pairs if p[0] != 0 and p[1] != 0]
    seated = {p for pair in pairs for p in pair}
    everyone = {p for pair in recorded for p in pair} | set(byes)
    lines = [f"{w} {b}" for w, b in pairs] + [f"{p} 0" for p in sorted(everyone - seated)]
    return f"{len(lines)}\n" + "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the two directions


class Run:
    def __init__(self, args):
        self.args = args
        self.work = pathlib.Path(args.work)
        self.lock = threading.Lock()

    def reference_generate(self, version: str, grid: Grid, out: pathlib.Path) -> str | None:
        """Writes a reference-paired tournament; returns a reason when none was written."""
        a = self.args
        if grid.baku:
            if not a.gacrux:
                return "no gacrux for Baku"
            zpb = 1 / grid.retired_rate
            hpb = 1 / grid.half_bye_rate
            forfeit = 1 / (2 * grid.forfeit_rate)
            cmd = [a.gacrux, "-m", "gacrux.tournamentgenerator", "-g", "1", "-p", str(grid.players),
                   "-N", str(grid.rounds), "-a", "-S", f"{zpb:.4f}", f"{hpb:.4f}", f"{forfeit:.4f}",
                   "-o", str(out)]
        else:
            config = out.with_suffix(".cfg")
            config.write_text(grid.reference_config(version))
            if version == "2012":
                cmd = ["java", "-jar", a.javafo, "-g", str(config), "-o", str(out)]
            else:
                engine = a.bbp5 if version == "2017" else a.bbp6
                cmd = [engine, "--dutch", "-g", str(config), "-o", str(out), "-s", str(grid.number)]
        result = run(cmd)
        if result.returncode != 0 or not out.exists():
            return f"generator failed ({result.returncode}): {result.stderr.strip()[:200]}"
        if version == "2012" and not grid.standard_scoring():
            # JaVaFo writes no XXS line and infers the scoring from the points column;
            # the configuration it was given is the scoring.
            lines = [line for line in text_lines(out) if line]
            first = next(i for i, line in enumerate(lines) if line.startswith("001"))
            lines.insert(first, f"XXS W={grid.win} D={grid.draw}")
            out.write_text("\n".join(lines) + "\n")
        return None

    def direction_a(self, version: str, index: int) -> dict:
        grid = Grid(self.args.seed, version, "A", index)
        folder = self.work / version / "A"
        out = folder / f"{version}-A{index:05d}-n{grid.players:03d}-r{grid.rounds:02d}.trf"
        why = self.reference_generate(version, grid, out)
        if why:
            return {"tournaments": 0, "skipped": why}
        system = VERSIONS[version]["system"]
        result = run([self.args.ours, "check", "--explain", "--system", system, str(out)])
        (out.with_suffix(".check")).write_text(result.stdout + result.stderr)
        summary = re.search(r"checked (\d+) rounds in \d+ files: (\d+) identical, (\d+) different, (\d+) errors", result.stdout)
        if not summary:
            return {"tournaments": 1, "rounds": 0, "identical": 0,
                    "differences": [(out.name, 0, "no summary: " + result.stderr.strip()[:200])]}
        rounds, identical = int(summary.group(1)), int(summary.group(2))
        differences = [(out.name, r, c) for _, r, c in judgements(result.stdout)]
        return {"tournaments": 1, "rounds": rounds, "identical": identical, "differences": differences,
                "players": grid.players}

    def reference_check(self, version: str, checker: str, trf: pathlib.Path) -> tuple[int, dict, str | None]:
        """Rounds the checker went through, its differing pairs by round, and why it
        failed (it timed out or exited with an error), if it did."""
        a = self.args
        if checker == "javafo":
            cmd = ["java", "-jar", a.javafo, str(trf), "-c"]
        elif checker == "gacrux":
            cmd = [a.gacrux, "-m", "gacrux.pairingchecker", "-c", "-i", str(trf), "-d", "B"]
        else:
            cmd = [a.bbp5 if checker == "bbp5" else a.bbp6, "--dutch", str(trf), "-c"]
        result = run(cmd)
        (trf.with_suffix(f".{checker}")).write_text(result.stdout + result.stderr)
        rounds = len(set(int(r) for r in CHECKER_ROUND.findall(result.stdout)))
        failed = None
        if result.returncode != 0:
            failed = f"{checker}: " + (result.stderr.strip().splitlines() or [f"exit {result.returncode}"])[-1]
        return rounds, checker_differences(result.stdout), failed

    def direction_b(self, version: str, index: int) -> dict:
        a = self.args
        grid = Grid(a.seed, version, "B", index)
        system = VERSIONS[version]["system"]
        folder = self.work / version / "B"
        out = folder / f"{version}-B{index:05d}-n{grid.players:03d}-r{grid.rounds:02d}.trf"
        result = run([a.ours, "generate", "--system", system, *grid.our_options(), "-o", str(out)])
        if result.returncode != 0:
            return {"tournaments": 0, "skipped": f"our generator: {result.stderr.strip()[:200]}"}
        # The references read TRF-16 (bbpPairings' BB? scoring lines, JaVaFo's XXA
        # acceleration); JaVaFo 1.4 reads byes in its own older codes.
        old = out.with_suffix(".16.trf")
        run([a.ours, "convert", "--to", "trf16", str(out), "-o", str(old)])
        if version == "2012":
            text = old.read_text()
            for ours, theirs in (("0000 - U", "0000 - +"), ("0000 - H", "0000 - ="), ("0000 - Z", "0000 - -")):
                text = text.replace(ours, theirs)
            old.write_text(text)
        checkers = [VERSIONS[version]["reference"]]
        if version == "2026" and a.gacrux and grid.players <= a.gacrux_max_players:
            checkers.append("gacrux")
        row = {"tournaments": 1, "players": grid.players, "by_checker": {}}
        for checker in checkers:
            trf = old
            if checker == "gacrux":
                trf = with_250_records(out, old)
            rounds, differing, failed = self.reference_check(version, checker, trf)
            if failed:
                # A checker that did not finish compares nothing: the tournament is
                # listed as skipped for it, not counted.
                row["by_checker"][checker] = {"skipped": failed[:120]}
                continue
            differences = []
            for rnd, checker_pairs in sorted(differing.items()):
                pairing = out.with_suffix(f".{checker}.r{rnd}.pairing")
                pairing.write_text(reference_pairing(out, rnd, checker_pairs))
                judged = run([a.ours, "explain", "--system", system, "--round", str(rnd),
                              "--pairing", str(pairing), str(out)])
                verdict = next((VERDICT.match(line).group("verdict") for line in judged.stdout.splitlines()
                                if VERDICT.match(line)), None)
                errors = [ERROR_LINE.match(line).group("article") for line in judged.stdout.splitlines()
                          if ERROR_LINE.match(line)]
                judged_class = classify(verdict, errors) if verdict else "not judged: " + judged.stderr.strip()[:120]
                differences.append((out.name, rnd, judged_class))
            row["by_checker"][checker] = {"rounds": rounds, "identical": rounds - len(differing),
                                          "differences": differences}
        return row


def with_250_records(out: pathlib.Path, old: pathlib.Path) -> pathlib.Path:
    """The TRF-2026 file with its virtual points as `250` records (Gacrux reads those, not
    the Baku code of record 192): one record per player and round, from the XXA lines."""
    xxa = [line for line in text_lines(old) if line.startswith("XXA")]
    if not xxa:
        return out
    records = []
    for line in xxa:
        fields = line.split()
        player = int(fields[1])
        for rnd, value in enumerate(fields[2:], start=1):
            if float(value) != 0:
                records.append(f"250      {float(value):>4.1f} {rnd:>3} {rnd:>3} {player:>4} {player:>4}")
    lines = [line for line in text_lines(out) if line]
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[first:first] = records
    target = out.with_suffix(".250.trf")
    target.write_text("\n".join(lines) + "\n")
    return target


# ---------------------------------------------------------------- the table


def table(version: str, a_rows: list[dict], b_rows: list[dict], out) -> tuple[int, int]:
    """Prints the version's table; returns (differing rounds, of which our judgement cannot
    defend our own pairing: ours worse, not judged, errors)."""
    differing = 0
    indefensible = 0

    def block(title: str, tournaments: int, rounds: int, identical: int, differences, skipped):
        nonlocal differing, indefensible
        print(f"| {version} | {title} | {tournaments} | {rounds} | {identical} | {len(differences)} |", file=out)
        differing += len(differences)
        classes = collections.Counter(c for _, _, c in differences)
        for c, count in classes.most_common():
            example = next(f"{f} round {r}" for f, r, k in differences if k == c)
            print(f"|  |   {c} |  |  |  | {count} (e.g. {example}) |", file=out)
            if "bug" in c or c.startswith(("unclassified", "error", "not judged", "no summary")):
                indefensible += count
        for why, count in collections.Counter(skipped).most_common():
            print(f"|  |   skipped: {why[:80]} | {count} |  |  |  |", file=out)

    done = [r for r in a_rows if r.get("tournaments")]
    block("A: reference generates, ours re-pairs", len(done), sum(r["rounds"] for r in done),
          sum(r["identical"] for r in done), [d for r in done for d in r["differences"]],
          [r["skipped"] for r in a_rows if not r.get("tournaments")])
    done_b = [r for r in b_rows if r.get("tournaments")]
    checkers = sorted({c for r in done_b for c in r["by_checker"]})
    for checker in checkers:
        ran = [r["by_checker"][checker] for r in done_b if checker in r["by_checker"]]
        rows = [r for r in ran if "skipped" not in r]
        block(f"B: ours generates, {checker} checks", len(rows), sum(r["rounds"] for r in rows),
              sum(r["identical"] for r in rows), [d for r in rows for d in r["differences"]],
              [r["skipped"] for r in b_rows if not r.get("tournaments")]
              + [r["skipped"] for r in ran if "skipped" in r])
    return differing, indefensible


def main() -> int:
    global TIMEOUT
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ours", required=True, help="swiss-arbiter binary (release build)")
    p.add_argument("--bbp5", help="bbpPairings 5.0.1 (Dutch 2017)")
    p.add_argument("--bbp6", help="bbpPairings 6.0.0 (Dutch 2026)")
    p.add_argument("--javafo", help="JaVaFo 1.4 jar (Dutch 2012)")
    p.add_argument("--gacrux", help="a Python with gacrux installed (2026: second checker, Baku)")
    p.add_argument("--gacrux-max-players", type=int, default=200,
                   help="Gacrux checks direction-B tournaments up to this size (it is slow)")
    p.add_argument("--versions", default="2012,2017,2026")
    p.add_argument("--n", type=int, default=2000, help="tournaments per version and direction")
    p.add_argument("--first", type=int, default=0, help="first index (to extend a run)")
    p.add_argument("--directions", default="A,B")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--work", default="endorsement-work")
    p.add_argument("--timeout", type=int, default=900,
                   help="seconds a tool may take on one tournament; slower ones count as skipped")
    args = p.parse_args()
    TIMEOUT = args.timeout
    r = Run(args)
    differing = indefensible = 0
    print("| version | direction / class | tournaments | rounds | identical | different |")
    print("|---|---|---|---|---|---|")
    for version in args.versions.split(","):
        needed = {"2012": args.javafo, "2017": args.bbp5, "2026": args.bbp6}[version]
        if not needed:
            print(f"| {version} | skipped: no reference engine given |  |  |  |  |")
            continue
        for d in "AB":
            (r.work / version / d).mkdir(parents=True, exist_ok=True)
        indices = range(args.first, args.first + args.n)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            a_rows = list(pool.map(lambda i: r.direction_a(version, i), indices)) if "A" in args.directions else []
            b_rows = list(pool.map(lambda i: r.direction_b(version, i), indices)) if "B" in args.directions else []
        d, i = table(version, a_rows, b_rows, sys.stdout)
        differing += d
        indefensible += i
        sys.stdout.flush()
    print(f"\nopen differences: {differing} (each differing round, whatever its class), "
          f"of which our judgement cannot defend our pairing: {indefensible}")
    return 0 if differing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
