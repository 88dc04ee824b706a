#!/usr/bin/env python3
"""rejudge.py BIN JAVAFO_JAR DIR: the rounds where BIN pairs a direction-B file of
run.py otherwise than the file, each re-paired by JaVaFo 1.4 (-c on the file cut after
that round, points recomputed under the file's XXS scoring) and marked FIXED (now
JaVaFo's), BROKEN (JaVaFo agreed with the file) or both-differ. JaVaFo's answers are
cached in DIR/../javafo-cache.json. JaVaFo is the caller's, run outside the repository."""
import sys, os, re, json, pathlib, subprocess, importlib.util
from concurrent.futures import ThreadPoolExecutor
spec = importlib.util.spec_from_file_location("run", pathlib.Path(__file__).with_name("run.py"))
R = importlib.util.module_from_spec(spec); spec.loader.exec_module(R)
BIN, JAR, DIR = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
CACHE = DIR.parent / "javafo-cache.json"
cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
LINE = re.compile(r"^(\S+): round (\d+): engine (.*?) \| file (.*)$")

def pairs_of(text):
    pairs, bye = set(), None
    for tok in text.split():
        if tok == "bye": continue
        if "-" in tok:
            a, b = tok.split("-"); pairs.add((int(a), int(b)))
        elif tok.isdigit(): bye = int(tok)
    return frozenset(pairs), bye

def javafo(trf, rnd):
    key = f"{trf.name}:{rnd}"
    if key in cache: return cache[key]
    old = trf.with_suffix(".16.trf")
    cut = DIR.parent / "cut" / f"{trf.stem}-r{rnd}.trf"; cut.parent.mkdir(exist_ok=True)
    out = []
    lines = R.text_lines(old)
    pts_of = {"1": 1, "+": 1, "W": 1, "U": 1, "F": 1, "=": .5, "D": .5, "H": .5}
    bye_of = dict(pts_of)
    for l in lines:
        if l.startswith("XXS"):
            kv = dict(t.split("=") for t in l[3:].split())
            pts_of = {"1": float(kv["WW"]), "W": float(kv["WW"]), "=": float(kv["WD"]), "D": float(kv["WD"]),
                      "+": float(kv["FW"]), "0": float(kv["WL"]), "-": float(kv["FL"])}
            bye_of = {"+": float(kv["PAB"]), "U": float(kv["PAB"]), "F": float(kv["FPB"]), "=": float(kv["HPB"]),
                      "H": float(kv["HPB"]), "-": float(kv["ZPB"]), "Z": float(kv["ZPB"])}
    for line in lines:
        if line.startswith("001"):
            line = line[: 91 + 10 * rnd].rstrip()
            pts = 0.0
            for k in range(rnd):
                c = line[91 + 10 * k: 91 + 10 * k + 8] if len(line) > 91 + 10 * k else ""
                res = c[7:8] if len(c) >= 8 else ""
                bye = c[0:4].strip() in ("", "0", "0000")
                pts += (bye_of if bye else pts_of).get(res, 0)
            line = line[:80] + f"{pts:4.1f}" + line[84:]
        elif line.startswith("XXR"):
            pass
        out.append(line)
    cut.write_text("\n".join(out) + "\n")
    try:
        r = subprocess.run(["java", "-jar", JAR, str(cut), "-c"], capture_output=True, text=True, timeout=90)
        diffs = R.checker_differences(r.stdout).get(rnd, [])
        val = R.reference_pairing(trf, rnd, diffs) if r.returncode == 0 else None
    except subprocess.TimeoutExpired:
        val = None
    cache[key] = val
    return val

def judge(item):
    trf, rnd, engine, file = item
    ref = javafo(trf, rnd)
    if ref is None: return (trf.name, rnd, "javafo-failed")
    lines = ref.split("\n")[1:]
    jp = frozenset(tuple(map(int, l.split())) for l in lines if l.strip() and not l.endswith(" 0"))
    e, _ = pairs_of(engine); f, _ = pairs_of(file)
    if e == jp: v = "FIXED" if f != jp else "?"
    elif f == jp: v = "BROKEN"
    else: v = "both-differ"
    return (trf.name, rnd, v)

items = []
files = sorted(p for p in DIR.glob("*.trf") if ".16." not in p.name)
def check(p):
    r = subprocess.run([BIN, "check", "--system", "dutch-2012", str(p)], capture_output=True, text=True)
    return [(p, int(m.group(2)), m.group(3), m.group(4)) for m in map(LINE.match, r.stdout.splitlines()) if m]
with ThreadPoolExecutor(2) as ex:
    for lst in ex.map(check, files): items += lst
print(f"{len(files)} files, {len(items)} rounds differ from the file", flush=True)
with ThreadPoolExecutor(2) as ex:
    res = list(ex.map(judge, items))
CACHE.write_text(json.dumps(cache))
from collections import Counter
print(Counter(v for _, _, v in res))
for n, r, v in res: print(v, n, r)
