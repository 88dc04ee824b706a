#!/usr/bin/env python3
"""An independent check of the absolute criteria of the Dubov, Burstein, Lim and
Double-Swiss systems on TRF files (Python 3, standard library only).

Written from the rule texts (FIDE C.04.1 Basic Rules, C.04.2 General Handling Rules, the
Lim text C.04.4.3, and the summaries of C.04.4.1 Dubov, C.04.4.2 Burstein and C.04.5
Double-Swiss), not from swiss-arbiter's code, so that a misreading shared by our engines
and our checker can show here. For every round of every file it checks:

- the round is consistent: each game recorded by both players with opposite colours and
  matching results; at most one pairing-allocated bye (PAB, `U`), and one exactly when the
  players paired are odd in number (C.04.1 c);
- C.04.1 b: no two players meet twice, a game not actually played (a forfeit) not counting
  (C.04.2 3.5; Double-Swiss: a match counts unless forfeited);
- C.04.1 Art. 4 (2026): no PAB for a player who already had a PAB or scored, in a round
  without playing, as many points as a win (a forfeit win, a full-point bye);
- colours, from played games only (C.04.2 3.4): no player with a colour difference beyond
  ±2, none with the same colour three times running. Dubov and Burstein: always (their
  absolute criterion C3 has no topscorer exception); Lim: except in the last round (Lim 6);
  Double-Swiss: no colour criterion;
- the PAB given to the player the text names, among those eligible: Dubov 3.1 the lowest
  score, then most games played, then the largest pairing number; Burstein the lowest
  score, then most games played (its Index, the last key, is not recomputed here); Lim 1.1
  the lowest score, then the lowest ranked (the largest pairing number; round 1, 7.1: the
  lowest rated). A PAB elsewhere is allowed only when the players left could not all be
  paired (completion): such a round is tried exhaustively before it is reported. Not for
  Double-Swiss, whose match scores TRF does not hold (one result per round).

Usage: absolute_criteria.py --system dubov|burstein|lim|double-swiss FILE_OR_DIR...
Prints one line per violation and a summary; exit 1 when any is found.
       absolute_criteria.py --system S --self-test FILE
Breaks clean files four ways (a rematch, a second PAB, a colour three times running, a
PAB to the wrong player; Double-Swiss, which has no colour criterion and whose PAB order is
not checked, the first two) and exits 1 unless the files are clean, every kind of break
could be made from them and each break made is named.
"""

import argparse
import os
import sys

SYSTEMS = ("dubov", "burstein", "lim", "double-swiss")

# TRF result codes: played over the board, won by forfeit, lost by forfeit, unplayed.
PLAYED = {"1", "0", "=", "W", "D", "L"}
OPPOSITE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D",
            "+": "-", "-": "+"}


class Player:
    def __init__(self, number, rating, entries):
        self.number = number
        self.rating = rating
        # Per round: (opponent or None, colour 'w'/'b'/'-', result code or ' ').
        self.entries = entries

    def entry(self, rnd):
        if rnd <= len(self.entries):
            return self.entries[rnd - 1]
        return (None, "-", " ")


class Event:
    def __init__(self, path):
        self.path = path
        self.players = {}
        self.rounds = 0
        self.planned = None
        # TRF-2026 162: W win (forfeit win, FPB), D draw (HPB), L loss, A absence (ZPB,
        # forfeit loss), P the PAB (defaults: 1, 0.5, 0, 0, the win).
        self.points = {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0}
        pab = None
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if line.startswith("001"):
                    self.read_player(line, number)
                elif line.startswith("162"):
                    rest = line[3:]
                    for i in range(0, len(rest), 9):
                        field = rest[i:i + 9]
                        symbol, value = field[:3].strip(), field[3:].strip()
                        if symbol and value:
                            if symbol == "P":
                                pab = float(value)
                            else:
                                self.points[symbol] = float(value)
                elif line.startswith("142") or line.startswith("XXR"):
                    self.planned = int(line[3:].split()[0])
        self.points["P"] = self.points["W"] if pab is None else pab
        self.rounds = max((len(p.entries) for p in self.players.values()), default=0)
        if self.planned is None:
            self.planned = self.rounds

    def read_player(self, line, number):
        def fail(why):
            raise ValueError(f"{self.path}:{number}: {why}")
        try:
            pid = int(line[4:8])
        except ValueError:
            fail("no pairing number in columns 5-8")
        rating_text = line[48:52].strip()
        rating = int(rating_text) if rating_text.isdigit() else 0
        entries = []
        col = 91
        while col + 8 <= len(line) + 1:
            field = line[col:col + 8].ljust(8)
            opp_text, colour, result = field[0:4].strip(), field[5], field[7]
            if opp_text in ("", "0000", "0"):
                opp = None
            else:
                try:
                    opp = int(opp_text)
                except ValueError:
                    fail(f"round {len(entries) + 1}: opponent {opp_text!r}")
            entries.append((opp, colour, result))
            col += 10
        while entries and entries[-1] == (None, " ", " "):
            entries.pop()
        self.players[pid] = Player(pid, rating, entries)

    def value(self, result, opponent):
        """Points of one round's result."""
        if result in ("1", "W") or (result == "+" and opponent is not None):
            return self.points["W"]
        if result in ("=", "D"):
            return self.points["D"]
        if result in ("0", "L"):
            return self.points["L"]
        if result == "U":
            return self.points["P"]
        if result in ("F", "+"):
            return self.points["W"]
        if result == "H":
            return self.points["D"]
        return self.points["A"]


def unplayed_win(event, result, opponent):
    """C.04.1 Art. 4 (2026): a PAB, or points as many as a win without playing."""
    if result == "U":
        return True
    if result in PLAYED:
        return False
    return event.value(result, opponent) >= event.points["W"] and result != " "


def colours_before(player, rnd):
    """The colours of the games actually played before round `rnd` (C.04.2 3.4)."""
    return [c for (o, c, r) in player.entries[:rnd - 1] if o is not None and r in PLAYED]


def check_event(event, system):
    problems = []
    say = lambda rnd, text: problems.append(f"{event.path}: round {rnd}: {text}")
    players = event.players
    for rnd in range(1, event.rounds + 1):
        paired, pabs = [], []
        for p in players.values():
            opp, colour, result = p.entry(rnd)
            if opp is not None:
                paired.append(p.number)
                q = players.get(opp)
                if q is None:
                    say(rnd, f"player {p.number} meets {opp}, who is not registered")
                    continue
                qo, qc, qr = q.entry(rnd)
                # A game is scored as its players' results mirror, or with one of the
                # unusual scores an arbiter may give (½-0, 0-½, 0-0: FIDE's checklist for
                # tournament programs, VCL.13); both players absent is -/-.
                unusual = {result, qr} == {"=", "0"} or result == qr == "0"
                if qo != p.number or {colour, qc} != {"w", "b"} \
                        or OPPOSITE.get(result) != qr and not (result == qr == "-") \
                        and not unusual:
                    say(rnd, f"players {p.number} and {opp} record their game differently")
            elif result == "U":
                pabs.append(p.number)
        present = len(paired) + len(pabs)
        if len(pabs) > 1 or (present % 2 == 1) != (len(pabs) == 1):
            say(rnd, f"{len(pabs)} PABs for {present} players paired")
        # C.04.1 b: no rematch of a game actually played.
        for pid in paired:
            p = players[pid]
            opp, colour, result = p.entry(rnd)
            if pid > opp:
                continue
            for earlier in range(1, rnd):
                eo, _, er = p.entry(earlier)
                if eo == opp and (er in PLAYED or
                                  (system == "double-swiss" and er not in ("+", "-"))):
                    say(rnd, f"players {pid} and {opp} met in round {earlier}")
        # C.04.1 Art. 4: the PAB bar.
        for pid in pabs:
            p = players[pid]
            for earlier in range(1, rnd):
                eo, _, er = p.entry(earlier)
                if unplayed_win(event, er, eo):
                    say(rnd, f"PAB to player {pid}, who scored a win unplayed ({er!r}) in round {earlier}")
        # Colours.
        if system in ("dubov", "burstein") or (system == "lim" and rnd < event.planned):
            for pid in paired:
                p = players[pid]
                opp, colour, result = p.entry(rnd)
                if result not in PLAYED:
                    continue
                seq = colours_before(p, rnd) + [colour]
                difference = seq.count("w") - seq.count("b")
                if abs(difference) > 2:
                    say(rnd, f"player {pid} has a colour difference of {difference:+d} ({''.join(seq)})")
                if len(seq) >= 3 and len(set(seq[-3:])) == 1:
                    say(rnd, f"player {pid} has {seq[-1]} three times running ({''.join(seq)})")
        # The PAB to the player the text names.
        if system != "double-swiss" and len(pabs) == 1:
            given = pab_key(event, system, rnd, pabs[0])
            before = sorted((pab_key(event, system, rnd, pid), pid) for pid in paired
                            if eligible_for_pab(event, pid, rnd)
                            and pab_key(event, system, rnd, pid) < given)
            everyone = paired + pabs
            for _, pid in before:
                if completable(event, system, rnd, [x for x in everyone if x != pid]):
                    say(rnd, f"PAB to player {pabs[0]} {given}; the text names {pid} "
                             f"{pab_key(event, system, rnd, pid)} before, and the others "
                             f"can be paired without them")
                    break
    return problems


def score_before(event, p, rnd):
    return sum(event.value(r, o) for (o, c, r) in p.entries[:rnd - 1])


def games_before(p, rnd):
    return sum(1 for (o, c, r) in p.entries[:rnd - 1] if o is not None and r in PLAYED)


def pab_key(event, system, rnd, pid):
    """The order in which the system's text gives the PAB, smallest first."""
    p = event.players[pid]
    if system == "lim" and rnd == 1:
        return (p.rating, -pid)
    score = score_before(event, p, rnd)
    if system == "lim":
        return (score, -pid)
    if system == "dubov":
        return (score, -games_before(p, rnd), -pid)
    # Burstein: lowest score, most games; its Index, the last key, is not recomputed here.
    return (score, -games_before(p, rnd))


def eligible_for_pab(event, pid, rnd):
    """C.04.1 Art. 4 (2026): no PAB after a PAB or a win scored without playing."""
    return not any(unplayed_win(event, r, o) for (o, c, r) in event.players[pid].entries[:rnd - 1])


def compatible(event, system, rnd, a, b):
    """Whether a and b may meet in round `rnd` under the absolute criteria: not met in a
    played game, and (Dubov, Burstein, Lim before the last round) a colour allocation that
    keeps both within the colour limits."""
    pa, pb = event.players[a], event.players[b]
    for earlier in range(1, rnd):
        eo, _, er = pa.entry(earlier)
        if eo == b and er in PLAYED:
            return False
    if not (system in ("dubov", "burstein") or (system == "lim" and rnd < event.planned)):
        return True

    def fits(seq, colour):
        seq = seq + [colour]
        return abs(seq.count("w") - seq.count("b")) <= 2 and not (
            len(seq) >= 3 and len(set(seq[-3:])) == 1)
    sa, sb = colours_before(pa, rnd), colours_before(pb, rnd)
    return (fits(sa, "w") and fits(sb, "b")) or (fits(sa, "b") and fits(sb, "w"))


def completable(event, system, rnd, ids, budget=200000):
    """Whether `ids` can all be paired under the absolute criteria (a search for a perfect
    matching, most constrained player first; an exhausted budget counts as pairable)."""
    ids = list(ids)
    if len(ids) % 2:
        return False
    partners = {a: {b for b in ids if b != a and compatible(event, system, rnd, a, b)} for a in ids}
    steps = [0]

    def search(free):
        if not free:
            return True
        steps[0] += 1
        if steps[0] > budget:
            return True
        a = min(free, key=lambda x: len(partners[x] & free))
        for b in sorted(partners[a] & free):
            if search(free - {a, b}):
                return True
        return False
    return search(frozenset(ids))


def write_entry(line, rnd, opp, colour, result):
    """`line` with round `rnd`'s entry replaced (TRF columns 92-99, then every 10)."""
    col = 91 + 10 * (rnd - 1)
    line = line.ljust(col + 8)
    field = f"{opp if opp else '0000':>4} {colour} {result}"
    return line[:col] + field + line[col + 8:]


def mutants(path, system):
    """The file broken in each way the check must find, as (what, text)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    event = Event(path)
    index = {int(l[4:8]): i for i, l in enumerate(lines) if l.startswith("001")}
    found = []

    def games(rnd):
        return sorted((p.number, p.entry(rnd)) for p in event.players.values()
                      if p.entry(rnd)[0] is not None and p.number < p.entry(rnd)[0]
                      and p.entry(rnd)[2] in PLAYED)
    # A rematch: two boards of the last round exchange opponents so that two players of a
    # game played earlier meet again.
    last = event.rounds
    boards = games(last)
    done = False
    for a, (b, ca, ra) in boards:
        if done:
            break
        for earlier in range(1, last):
            eo, _, er = event.players[a].entry(earlier)
            if eo is None or er not in PLAYED or eo == b:
                continue
            other = [(x, e) for x, e in boards if eo in (x, e[0]) and x != a]
            if not other:
                continue
            x, (y, cx, rx) = other[0]
            partner = y if x == eo else x  # eo's opponent in the last round
            text = list(lines)
            cb = "b" if ca == "w" else "w"
            text[index[a]] = write_entry(text[index[a]], last, eo, ca, ra)
            text[index[eo]] = write_entry(text[index[eo]], last, a, cb, OPPOSITE[ra])
            cp = event.players[partner].entry(last)[1]
            text[index[b]] = write_entry(text[index[b]], last, partner, "b" if cp == "w" else "w",
                                         event.players[b].entry(last)[2])
            text[index[partner]] = write_entry(text[index[partner]], last, b, cp,
                                               OPPOSITE[event.players[b].entry(last)[2]])
            found.append(("a rematch", "\n".join(text)))
            done = True
            break
    # A second PAB: a player who had the PAB gets it again in a later round, his opponent
    # then getting it too (so that the count stays legal is not needed: both are errors
    # the check must name; the bar is what is tested, so the opponent is taken out).
    for p in event.players.values():
        first = next((r for r in range(1, last) if p.entry(r)[2] == "U"), None)
        if first is None:
            continue
        later = [r for r in range(first + 1, last + 1) if p.entry(r)[0] is not None
                 and not any(q.entry(r)[2] == "U" for q in event.players.values())]
        if not later:
            continue
        r = later[0]
        opp = p.entry(r)[0]
        text = list(lines)
        text[index[p.number]] = write_entry(text[index[p.number]], r, None, "-", "U")
        text[index[opp]] = write_entry(text[index[opp]], r, None, "-", "Z")
        found.append(("a second PAB", "\n".join(text)))
        break
    # A colour three times running: a player with the same colour in two played rounds
    # running, and his colour swapped with his opponent's in the next.
    if system != "double-swiss":
        for p in event.players.values():
            for r in range(3, last):
                seq = [p.entry(r - 2), p.entry(r - 1), p.entry(r)]
                if all(e[0] is not None and e[2] in PLAYED for e in seq) \
                        and seq[0][1] == seq[1][1] != seq[2][1]:
                    opp = seq[2][0]
                    text = list(lines)
                    text[index[p.number]] = write_entry(text[index[p.number]], r, opp,
                                                        seq[1][1], seq[2][2])
                    oe = event.players[opp].entry(r)
                    text[index[opp]] = write_entry(text[index[opp]], r, p.number,
                                                   seq[2][1], oe[2])
                    found.append(("a colour three times running", "\n".join(text)))
                    break
            else:
                continue
            break
    # The PAB to the wrong player: the PAB of a round given instead to the player with the
    # highest score, who played that round (his opponent is absent instead).
    if system != "double-swiss":
        for r in range(2, last + 1):
            pab = [p for p in event.players.values() if p.entry(r)[2] == "U"]
            if not pab:
                continue
            top = max((p for p in event.players.values() if p.entry(r)[0] is not None
                       and eligible_for_pab(event, p.number, r)),
                      key=lambda p: score_before(event, p, r), default=None)
            if top is None or score_before(event, top, r) <= score_before(event, pab[0], r):
                continue
            opp = top.entry(r)[0]
            text = list(lines)
            text[index[top.number]] = write_entry(text[index[top.number]], r, None, "-", "U")
            text[index[opp]] = write_entry(text[index[opp]], r, pab[0].number,
                                           top.entry(r)[1], event.players[opp].entry(r)[2])
            text[index[pab[0].number]] = write_entry(
                text[index[pab[0].number]], r, opp, "b" if top.entry(r)[1] == "w" else "w",
                OPPOSITE[event.players[opp].entry(r)[2]])
            found.append(("the PAB to the wrong player", "\n".join(text)))
            break
    return found


# Each break, and the words of the violation that must name it.
BREAKS = {
    "a rematch": ("met in round",),
    "a second PAB": ("scored a win unplayed",),
    "a colour three times running": ("three times running", "colour difference"),
    "the PAB to the wrong player": ("the text names",),
}


def self_test(paths, system):
    """Each file must be clean; each break made from them must be named; every kind of
    break (those the system has) must have been made from at least one file."""
    import tempfile
    failed = 0
    made_kinds = set()
    for path in paths:
        clean = check_event(Event(path), system)
        if clean:
            print("\n".join(clean))
            print(f"self-test: {path} is not clean")
            failed += 1
        for what, text in mutants(path, system):
            with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False,
                                             encoding="utf-8") as f:
                f.write(text)
            problems = check_event(Event(f.name), system)
            os.unlink(f.name)
            named = [p for p in problems if any(w in p for w in BREAKS[what])]
            made_kinds.add(what)
            if not named:
                print(f"self-test: {path}: {what}: NOT FOUND ({problems[:2]})")
                failed += 1
    kinds = set(BREAKS) - ({"a colour three times running", "the PAB to the wrong player"}
                           if system == "double-swiss" else set())
    for what in sorted(kinds - made_kinds):
        print(f"self-test: {what}: could not be made from the files given")
        failed += 1
    print(f"self-test ({system}): {len(paths)} files, breaks made: {', '.join(sorted(made_kinds))}; "
          f"{failed} failures")
    return 1 if failed else 0


def trf_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.lower().endswith(".trf"):
                    yield os.path.join(path, name)
        else:
            yield path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", required=True, choices=SYSTEMS)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test(list(trf_files(args.paths)), args.system)
    files = rounds = 0
    problems = []
    for path in trf_files(args.paths):
        try:
            event = Event(path)
        except (OSError, ValueError) as e:
            problems.append(f"{path}: not read: {e}")
            continue
        files += 1
        rounds += event.rounds
        problems += check_event(event, args.system)
    for line in problems:
        print(line)
    print(f"{args.system}: checked {rounds} rounds in {files} files: {len(problems)} violations")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
