import sys
f, r = sys.argv[1], int(sys.argv[2]); ids = [int(x) for x in sys.argv[3:]]
opp = {}
for line in open(f):
    if not line.startswith("001"): continue
    me = int(line[4:8]); opp[me] = []
    for k in range(r - 1):
        c = line[91+10*k: 99+10*k]
        if len(c) < 8: continue
        o = c[0:4].strip()
        if o.isdigit() and int(o) and c[7] not in "+-": opp[me].append((int(o), c[5], c[7]))
    opp[me+0] = opp[me]
for a in ids:
    print(a, "met:", [o for o, _, _ in opp[a] if o in ids], "colours:", "".join(c for _, c, _ in opp[a]))
