#!/usr/bin/env bash
# The GitHub Action (action.yml) run as written (.ci/action.py), the way a team's repository
# would use it: a scratch repository with two traces, a scenario and an assertions file; the
# packed binary installed with no Swift toolchain on the PATH; compare and a sweep gated.
#   - a pull request that slows the network link fails (exit 1) on a real error assertion, and
#     leaves JUnit (valid XML), annotations and the job summary for both gates, and the report;
#   - a pull request that changes nothing passes;
#   - the pull request that adds the first traces passes with a notice (nothing to compare).
# Usage: .ci/action-check.sh ARCHIVE SCRATCH   (ARCHIVE: Release/package.sh's .tar.gz)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
archive="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
scratch="$2"
python="$root/Validation/.venv/bin/python"
bare_path=/usr/local/bin:/usr/bin:/bin
if PATH="$bare_path" command -v swift > /dev/null; then
  echo "swift is on $bare_path: this check cannot show the action runs without it"
  exit 1
fi
packed="$(mktemp -d)"
tar -xzf "$archive" -C "$packed"
scrollsim="$(find "$packed" -mindepth 2 -maxdepth 2 -name scrollsim -type f)"

app="$scratch/app"
rm -rf "$app" && mkdir -p "$app/Traces"
cd "$app"
git init -q
git config user.name ci && git config user.email ci@localhost
git commit -q --allow-empty -m "before scrollsim"
empty="$(git rev-parse HEAD)"
cp "$root/Traces/fling-stress-60s.json" "$root/Traces/lab/skimmer-60s.json" Traces/
cp "$root/docs/examples/assertions.json" scrollsim-assertions.json
"$scrollsim" generate --profile feed --population 6 --duration 30 -o users 2> /dev/null
"$scrollsim" scenario > scenario.json
git add -A && git commit -qm base
base="$(git rev-parse HEAD)"
"$scrollsim" scenario --scenario scenario.json --set network.link.latency=0.6 > slower.json
mv slower.json scenario.json
git commit -qam "a slower link"

run_action() {  # run_action BASE RUNNER_TEMP: the action on the workspace's head against BASE
  env PATH="$bare_path" "$python" "$root/.ci/action.py" "$root" "$2" install="$archive" \
    assertions=scrollsim-assertions.json replicates=3 \
    "compare-args=--strategies threshold,smart,glide --scenario scenario.json" \
    "sweep-args=--strategies threshold --grid threshold=0.6,0.8 --scenario scenario.json" \
    "tune-args=--stack flutter --candidates 4 --holdout 0.5 --margin ${3:-99.9%} --scenario scenario.json users" base="$1"
}

status=0
run_action "$base" "$scratch/runner-regression" > "$scratch/regression.log" 2>&1 || status=$?
results="$scratch/runner-regression/scrollsim/results"
if [ "$status" != 1 ]; then
  cat "$scratch/regression.log"
  echo "the slower link: expected exit 1 (an error assertion holds), got $status"
  exit 1
fi
grep -q '^::error file=Traces/fling-stress-60s.json,title=scrollsim%3A wait_time > +10%25::' "$scratch/regression.log"
grep -q '^::warning ' "$scratch/regression.log"
for gate in compare sweep; do
  "$python" -c "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); assert r.tag == 'testsuites' and int(r.get('failures')) > 0, r.attrib" \
    "$results/$gate.junit.xml"
  grep -q "^### scrollsim $gate" "$scratch/runner-regression/_github_step_summary"
  grep -q '^::error ' "$results/$gate.annotations"
done
grep -q 'gate FAILED' "$scratch/runner-regression/_github_step_summary"
grep -q '^### scrollsim tune' "$scratch/runner-regression/_github_step_summary"
grep -q '^```dart$' "$scratch/runner-regression/_github_step_summary"
test -s "$results/report.html"
echo "a slower link: exit 1; $(grep -c '^::error ' "$scratch/regression.log") error and $(grep -c '^::warning ' "$scratch/regression.log") warning annotations, JUnit and summaries for compare and sweep, the report"

run_action "$(git rev-parse HEAD)" "$scratch/runner-same" > "$scratch/same.log" 2>&1 || {
  cat "$scratch/same.log"
  echo "no change: expected the gate to pass"
  exit 1
}
grep -q '^output passed=true' "$scratch/same.log"
grep -q 'gate passed' "$scratch/runner-same/_github_step_summary"
echo "no change: exit 0, passed=true"

# tune --check with no margin to spare: Flutter's default 250 px over the slower link is beaten.
status=0
run_action "$(git rev-parse HEAD)" "$scratch/runner-tune" 0% > "$scratch/tune.log" 2>&1 || status=$?
if [ "$status" != 1 ] || ! grep -q '^::error title=scrollsim tune::' "$scratch/tune.log"; then
  cat "$scratch/tune.log"
  echo "tune --check with a 0% margin: expected exit 1 and an error annotation, got $status"
  exit 1
fi
echo "tune-args with a 0% margin: exit 1 and an error annotation"

run_action "$empty" "$scratch/runner-first" > "$scratch/first.log" 2>&1 || {
  cat "$scratch/first.log"
  echo "a base without traces: expected a pass with a notice"
  exit 1
}
grep -q '^::notice title=scrollsim::the base commit has no traces' "$scratch/first.log"
echo "a base without traces (the pull request that adds them): exit 0 with a notice"
rm -rf "$packed"
