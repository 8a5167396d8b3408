#!/usr/bin/env bash
# Interleaved A/B benchmark of two scrollsim builds (docs/performance.md):
#   Reports/bench-ab.sh OLD_BINARY NEW_BINARY ROUNDS [bench options...]
# runs `bench` with A and B ROUNDS times, in turns (A then B, then B then A, so that neither
# always runs second), pinned to one core when `taskset` is there, and prints per strategy the
# best wall ms of each, their ratio B/A, and the median and quartiles of the rounds' paired
# ratios. Both binaries are first copied to fresh files: on this VM an identical copy of a
# binary measured 8-12 % slower than the file it was copied from (2026-11-26), so comparing an
# old file with a newly built one measures the files as much as the code.
set -euo pipefail
A=$1; B=$2; ROUNDS=${3:-6}; shift 3; ARGS=("$@")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cp "$A" "$out/a.bin"; cp "$B" "$out/b.bin"
pin=(); command -v taskset > /dev/null && pin=(taskset -c 1)
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="a b"; else order="b a"; fi
  for tag in $order; do "${pin[@]}" "$out/$tag.bin" bench "${ARGS[@]}" > "$out/$tag.$r"; done
done
python3 - "$out" "$ROUNDS" <<'PY'
import statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def read(tag, r):
  ms = {}
  for line in open(f"{out}/{tag}.{r}"):
    cells = [c.strip() for c in line.split("|")[1:-1]]
    if len(cells) == 11 and cells[0] not in ("trace", "---"):
      try: ms[f"{cells[1]} on {cells[0]}"] = float(cells[3])
      except ValueError: pass
  return ms
a = [read("a", r) for r in range(1, rounds + 1)]
b = [read("b", r) for r in range(1, rounds + 1)]
print(f"{'run':40} {'A best ms':>10} {'B best ms':>10} {'B/A best':>9} {'B/A paired median':>18} {'quartiles':>12}")
for key in a[0]:
  ratios = sorted(y[key] / x[key] for x, y in zip(a, b))
  q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
  best_a, best_b = min(x[key] for x in a), min(y[key] for y in b)
  print(f"{key:40} {best_a:10.2f} {best_b:10.2f} {best_b / best_a:9.3f} {statistics.median(ratios):18.3f} "
        f"{q[0]:.3f}-{q[2]:.3f}")
PY
