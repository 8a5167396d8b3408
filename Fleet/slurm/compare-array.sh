#!/usr/bin/env bash
# A comparison over a population as a Slurm job array: task K of N runs
# `scrollsim compare --shard K/N --format json` on the population's sessions, and once every
# task is done `scrollsim merge` joins the parts into the report one machine would print
# (docs/sweeps.md, "Fleet scale").
#
#   Fleet/slurm/compare-array.sh SHARDS POPULATION_DIR OUT_DIR [compare options...]
#   e.g. Fleet/slurm/compare-array.sh 8 users/ out/ --strategies all --network slow-4g
#
# Needs a cluster: SLURM_CONF of a running one (source Fleet/slurm/setup.sh for one here), and
# the scrollsim binary on every node at $SCROLLSIM (default: the release build) with the
# population on a shared path. Writes OUT_DIR/part-K.json, OUT_DIR/report.json and
# OUT_DIR/report.md; exits non-zero if any task failed.
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,13p' "$0" >&2
  exit 64
fi
shards="$1"
population="$(cd "$2" && pwd)"
out="$3"
shift 3
scrollsim="${SCROLLSIM:-$(cd "$(dirname "$0")/../.." && swift build -c release --show-bin-path)/scrollsim}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out"/part-*.json "$out"/task-*.log
quoted="$(printf ' %q' "$@")"
# One task per shard; --wait returns when every task has ended, non-zero if one failed.
sbatch --wait --array="1-$shards" --job-name=scrollsim-compare --output="$out/task-%a.log" \
  --cpus-per-task=1 --wrap "\"$scrollsim\" compare$quoted --shard \$SLURM_ARRAY_TASK_ID/$shards --format json -o \"$out/part-\$SLURM_ARRAY_TASK_ID.json\" \"$population\""
"$scrollsim" merge "$out"/part-*.json --format json -o "$out/report.json"
"$scrollsim" merge "$out"/part-*.json --format md -o "$out/report.md"
echo "merged $shards shards into $out/report.json and $out/report.md" >&2
