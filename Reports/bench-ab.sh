#!/usr/bin/env bash
# Interleaved A/B benchmark of two scrollsim builds (docs/performance.md):
#   Reports/bench-ab.sh OLD_BINARY NEW_BINARY ROUNDS [bench options...]
# runs `bench` with A, then B, ROUNDS times, so that the shared machine's noise falls on both,
# and prints per strategy the best and median wall ms of each and their ratio B/A.
set -euo pipefail
A=$1; B=$2; ROUNDS=${3:-6}; shift 3; ARGS=("$@")
out=$(mktemp -d)
for r in $(seq 1 $ROUNDS); do
  "$A" bench "${ARGS[@]}" > $out/a.$r
  "$B" bench "${ARGS[@]}" > $out/b.$r
done
python3 - "$out" "$ROUNDS" <<'PY'
import sys,glob,re
out,rounds=sys.argv[1],int(sys.argv[2])
def read(tag):
  best={}
  for f in glob.glob(f"{out}/{tag}.*"):
    for line in open(f):
      cells=[c.strip() for c in line.split("|")[1:-1]]
      if len(cells)==11 and cells[0] not in("trace","---"):
        try: ms=float(cells[3])
        except: continue
        best.setdefault(f"{cells[1]} on {cells[0]}",[]).append(ms)
  return {k:sorted(v) for k,v in best.items()}
a,b=read("a"),read("b")
print(f"{'run':40} {'A best ms':>10} {'B best ms':>10} {'B/A best':>9} {'A median':>9} {'B median':>9} {'B/A med':>8}")
for k in a:
  am,bm=a[k][len(a[k])//2],b[k][len(b[k])//2]
  print(f"{k:40} {a[k][0]:10.2f} {b[k][0]:10.2f} {b[k][0]/a[k][0]:9.3f} {am:9.2f} {bm:9.2f} {bm/am:8.3f}")
PY
