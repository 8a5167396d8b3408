#!/bin/sh
# The TypeScript SDK's build (tsc --strict) and tests, then its conformance test: the ports of
# three built-ins (seed 001's threshold, which decides pages and content; RecyclerView's
# GapWorker, the content half of paging3+gapworker; Flutter's ListView, ported from
# docs/strategies.md alone) must give exactly the built-ins' metrics on every bundled trace,
# network and list (`scrollsim conformance`). Exit non-zero on any difference. Extra arguments
# go to `scrollsim conformance`. scrollsim: $SCROLLSIM, else on PATH, else this checkout's
# release build.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scrollsim=${SCROLLSIM:-$(command -v scrollsim || echo "$root/.build/release/scrollsim")}
case $scrollsim in /*) ;; *) scrollsim="$(pwd)/$scrollsim" ;; esac
cd "$(dirname "$0")"
[ -x "$scrollsim" ] || { echo "conformance.sh: no scrollsim at $scrollsim; build it (swift build -c release) or set SCROLLSIM" >&2; exit 66; }
tsc -p .
node --test dist/test/
"$scrollsim" conformance threshold "process:node dist/examples/threshold.js" "$@"
"$scrollsim" conformance gapworker "process:node dist/examples/gapworker.js" "$@"
"$scrollsim" conformance flutter "process:node dist/examples/flutter.js" "$@"
