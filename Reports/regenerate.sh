#!/usr/bin/env bash
# Rebuilds the example reports in Reports/ from Traces/ with a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release
bin="$(swift build -c release --show-bin-path)/scrollsim"
"$bin" compare --format md -o Reports/default.md
"$bin" compare --format md -o Reports/traces.md Traces/*.json
"$bin" compare --format csv -o Reports/traces.csv Traces/*.json
{
  "$bin" run --strategy threshold --param mode=static --format md Traces/fling-stress-60s.json
  "$bin" run --strategy threshold --param mode=dynamic --format md Traces/fling-stress-60s.json | tail -n 1
} > Reports/threshold-modes.md
{
  echo "## wifi"; echo
  "$bin" compare --network wifi --replicates 10 --format md Traces/fling-stress-60s.json
  echo; echo "## slow-3g"; echo
  "$bin" compare --network slow-3g --replicates 10 --format md Traces/fling-stress-60s.json
} > Reports/networks.md
"$bin" sweep --strategies threshold --grid threshold=0.5:0.95:0.05 --grid mode=static,dynamic \
  --networks wifi,slow-4g --replicates 3 Traces/*.json -o "$(mktemp)" --summary Reports/sweep-threshold.md 2> /dev/null
echo "Reports regenerated."
