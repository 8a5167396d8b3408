#!/usr/bin/env bash
# CI: a comparison over a population of feed sessions run as a Slurm job array on a one-node
# cluster on loopback (Fleet/slurm/setup.sh installs and starts it), its merged report compared
# byte for byte with one machine's run of the same comparison.
#
#   .ci/fleet.sh BIN   (the scrollsim binary)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"; Fleet/slurm/setup.sh stop' EXIT
source Fleet/slurm/setup.sh
"$bin" generate --profile feed --population 40 --seed 46 --physics android -o "$tmp/population"
SCROLLSIM="$bin" Fleet/slurm/compare-array.sh 4 "$tmp/population" "$tmp/fleet" --strategies all --network slow-4g
"$bin" compare --strategies all --network slow-4g --format json "$tmp/population" > "$tmp/whole.json"
cmp "$tmp/fleet/report.json" "$tmp/whole.json"
grep -q '"shard"' "$tmp/fleet/part-1.json"
head -n 3 "$tmp/fleet/report.md"
echo "fleet: 4 Slurm array tasks over 40 sessions, merged, equal one machine's report byte for byte"
