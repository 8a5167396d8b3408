#!/usr/bin/env bash
# scrollsim's predictions next to Chromium's measurements (Validation/README.md).
#   Validation/run.sh            every configuration; writes Reports/validation.csv and .md
#   Validation/run.sh --quick    three configurations, two flings and one frame check, into a temporary folder (CI); fails when
#                                one is outside the tolerances
#   Validation/run.sh --only NAME [--out DIR]
#   Validation/run.sh --frames --out DIR   only the frame checks (about 12 minutes)
#   Validation/run.sh --engine firefox|webkit [--quick] [--out DIR]   offsets replays in Firefox or WebKit
#                                (writes Reports/validation-ENGINE.csv and .md)
#   Validation/run.sh --memory [--quick] [--out DIR]   decoded image memory against Chromium's own dumps
#                                (writes Reports/validation-memory.csv and .md)
#   Validation/run.sh --edges [--out DIR]   the lazy loaders' margin edges in all three engines
#                                (Reports/validation-edges.md)
#   Validation/run.sh --traces FILE... [--images-margin PX] [--sentinel-margin PX] [--latency S] [--out DIR]
#                                your own trace files replayed in Chromium: waitSeconds and the rest,
#                                predicted / measured (into a temporary folder unless --out)
#   Validation/run.sh --tune [--sessions N] [--latency S] [--out DIR]   tune --stack web on a generated
#                                population, its held-out sessions replayed with the current setting and
#                                the answer (writes Reports/validation-tune.md and tune.json)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
"$here/setup.sh"
swift build -c release --package-path "$root" > /dev/null
bin="$(swift build -c release --package-path "$root" --show-bin-path)/scrollsim"
out="$root/Reports"
args=()
engine=chromium
suffix=""
edges=false
quick=false
traces=false
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) args+=(--quick); quick=true ;;
    --only) args+=(--only "$2"); shift ;;
    --frames) args+=(--frames) ;;
    --engine) engine="$2"; suffix="$2"; args+=(--engine "$2"); shift ;;
    --memory) suffix=memory; args+=(--memory) ;;
    --edges) edges=true ;;
    --tune) suffix=tune; args+=(--tune) ;;
    --sessions|--images-margin|--sentinel-margin|--latency) args+=("$1" "$2"); shift ;;
    --traces)
      traces=true; args+=(--traces)
      while [ $# -gt 1 ] && [ "${2#--}" = "$2" ]; do
        [ -f "$2" ] || { echo "--traces: $2: no such file"; exit 66; }
        args+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift
      done ;;
    --out) out="$2"; shift ;;
    *) echo "unknown argument: $1 (see the header of $0)"; exit 64 ;;
  esac
  shift
done
if { $quick || $traces; } && [ "$out" = "$root/Reports" ]; then out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT; fi
cd "$here"
log="$(mktemp)"
status=0
if $edges; then
  name="$out/validation-edges.md"
  "$here/.venv/bin/python" edges.py "$name" 2> "$log" || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 3 ] || { cat "$log"; rm -f "$log"; exit 1; }
  rm -f "$log"
  cat "$name"
  [ "$status" -eq 3 ] && { echo "edges: an engine differs from its strategy (see above)"; exit 1; }
  echo "edges: every engine as its strategy says"
  exit 0
fi
if [ -n "$suffix" ] && [ "$out" = "$root/Reports" ]; then
  # Beside Chromium's feed reports, not over them.
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  "$here/.venv/bin/python" validate.py "$bin" "$work" "${args[@]}" 2> "$log" || status=$?
  for ext in csv md; do
    if [ -f "$work/validation.$ext" ]; then cp "$work/validation.$ext" "$out/validation-$suffix.$ext"; fi
  done
  if [ -f "$work/tune.json" ]; then cp "$work/tune.json" "$out/validation-tune.json"; fi
  out="$work"
else
  "$here/.venv/bin/python" validate.py "$bin" "$out" "${args[@]}" 2> "$log" || status=$?
fi
# 3: the comparison was written and is outside its tolerances; anything else: it broke.
[ "$status" -eq 0 ] || [ "$status" -eq 3 ] || { cat "$log"; rm -f "$log"; exit 1; }
rm -f "$log"
cat "$out/validation.md"
[ "$status" -eq 3 ] && { echo "validation: outside the tolerances (see above)"; exit 1; }
echo "validation: within the tolerances"
