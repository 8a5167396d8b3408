#!/usr/bin/env bash
# The action's second step (action.yml): the baseline on the base commit (its traces, scenario
# and options, as that commit had them), then the head gated on it with the assertions file —
# compare, and the sweep when sweep-args is given; with tune-args, `tune --check` on the head. Each gate writes its JUnit, annotations and
# Markdown summary from the one run; this prints the annotations (GitHub reads them from the
# step's output) and adds the summaries to the job's. Exit 1 when an error assertion held.
set -euo pipefail
work="$RUNNER_TEMP/scrollsim"
results="$work/results"
workspace="$(pwd)"
read -r -a compare_args <<< "$SCROLLSIM_COMPARE_ARGS"
read -r -a sweep_args <<< "$SCROLLSIM_SWEEP_ARGS"
read -r -a tune_args <<< "${SCROLLSIM_TUNE_ARGS:-}"
replicates=(--replicates "$SCROLLSIM_REPLICATES")

# The pull request that adds the first traces has nothing to be compared with: say so, pass.
shopt -s nullglob
# shellcheck disable=SC2206 # the traces are a pattern, expanded in the base checkout
base_traces=($(cd "$work/base" && echo $SCROLLSIM_TRACES))
shopt -u nullglob
if [ ${#base_traces[@]} -eq 0 ]; then
  echo "::notice title=scrollsim::the base commit has no traces matching $SCROLLSIM_TRACES: nothing to gate on yet"
  echo "scrollsim: the base commit has no traces matching \`$SCROLLSIM_TRACES\`: nothing to gate on yet." >> "$GITHUB_STEP_SUMMARY"
  { echo "passed=true"; echo "results=$results"; } >> "$GITHUB_OUTPUT"
  exit 0
fi

echo "== baseline on the base commit"
(
  cd "$work/base"
  # shellcheck disable=SC2086 # the traces are a pattern, expanded in each checkout
  "$SCROLLSIM_BASE_BIN" compare "${replicates[@]}" "${compare_args[@]}" --format json -o "$work/base.json" $SCROLLSIM_TRACES
  if [ ${#sweep_args[@]} -gt 0 ]; then
    # shellcheck disable=SC2086
    "$SCROLLSIM_BASE_BIN" sweep "${replicates[@]}" "${sweep_args[@]}" -o "$work/base-sweep.csv" $SCROLLSIM_TRACES \
      > /dev/null 2>&1
  fi
)

gate() {  # gate NAME COMMAND ARGS...: one gated run on the traces, writing NAME.junit.xml, .annotations, .md
  local name="$1"
  shift
  local status=0
  # shellcheck disable=SC2086 # the traces are a pattern
  "$@" --assert "$workspace/$SCROLLSIM_ASSERTIONS" --junit "$results/$name.junit.xml" \
    --annotations "$results/$name.annotations" --gate-summary "$results/$name.md" $SCROLLSIM_TRACES || status=$?
  if [ -f "$results/$name.annotations" ]; then cat "$results/$name.annotations"; fi
  if [ -f "$results/$name.md" ]; then
    { echo "### scrollsim $name"; echo; cat "$results/$name.md"; echo; } >> "$GITHUB_STEP_SUMMARY"
  fi
  return $status
}

echo "== the pull request's head, gated"
status=0
gate compare "$SCROLLSIM_HEAD_BIN" compare "${replicates[@]}" "${compare_args[@]}" --baseline "$work/base.json" \
  --html "$results/report.html" || status=$?   # the delta table in the log; the rest in files
if [ ${#sweep_args[@]} -gt 0 ]; then
  sweep_status=0
  gate sweep "$SCROLLSIM_HEAD_BIN" sweep "${replicates[@]}" "${sweep_args[@]}" --baseline "$work/base-sweep.csv" \
    -o "$results/sweep.csv" --summary "$results/sweep-summary.md" || sweep_status=$?
  # A usage or input error (64-66) outranks a failed assertion (1).
  [ $sweep_status -gt $status ] && status=$sweep_status
fi
if [ ${#tune_args[@]} -gt 0 ]; then
  # The team's setting against the best within its budgets, on the head's sessions (tune-args
  # names them): exit 1 when a setting beats it by more than the margin (docs/tuning.md).
  tune_status=0
  "$SCROLLSIM_HEAD_BIN" tune --check "${tune_args[@]}" -o "$results/tune.md" --html "$results/tune.html" \
    || tune_status=$?
  if [ -f "$results/tune.md" ]; then
    { echo "### scrollsim tune"; echo; cat "$results/tune.md"; echo; } >> "$GITHUB_STEP_SUMMARY"
  fi
  if [ $tune_status = 1 ]; then
    echo "::error title=scrollsim tune::a setting within the budgets beats yours by more than the margin (the job summary has the code)"
  fi
  [ $tune_status -gt $status ] && status=$tune_status
fi
{ echo "passed=$([ $status = 0 ] && echo true || echo false)"; echo "results=$results"; } >> "$GITHUB_OUTPUT"
exit $status
