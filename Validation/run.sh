#!/usr/bin/env bash
# scrollsim's predictions next to Chromium's measurements (Validation/README.md).
#   Validation/run.sh            every configuration; writes Reports/validation.csv and .md
#   Validation/run.sh --quick    three configurations, two flings and one frame check, into a temporary folder (CI); fails when
#                                one is outside the tolerances
#   Validation/run.sh --only NAME [--out DIR]
#   Validation/run.sh --frames --out DIR   only the frame checks (about 12 minutes)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
"$here/setup.sh"
swift build -c release --package-path "$root" > /dev/null
bin="$(swift build -c release --package-path "$root" --show-bin-path)/scrollsim"
out="$root/Reports"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) args+=(--quick); out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT ;;
    --only) args+=(--only "$2"); shift ;;
    --frames) args+=(--frames) ;;
    --out) out="$2"; shift ;;
    *) echo "unknown argument: $1 (see the header of $0)"; exit 64 ;;
  esac
  shift
done
cd "$here"
log="$(mktemp)"
status=0
"$here/.venv/bin/python" validate.py "$bin" "$out" "${args[@]}" 2> "$log" || status=$?
# 3: the comparison was written and is outside its tolerances; anything else: it broke.
[ "$status" -eq 0 ] || [ "$status" -eq 3 ] || { cat "$log"; rm -f "$log"; exit 1; }
rm -f "$log"
cat "$out/validation.md"
[ "$status" -eq 3 ] && { echo "validation: outside the tolerances (see above)"; exit 1; }
echo "validation: within the tolerances"
