#!/bin/sh
# The Python SDK's tests, then its conformance test: the ports of five built-ins (seed 001's
# threshold, which decides pages and content; RecyclerView's GapWorker, the content half of
# paging3+gapworker; seed 001's lazy-target-rect, Glide's preloader and Paging 3's page rule,
# ported from docs/strategies.md alone; Paging 3's beside GapWorker's port, two helpers in one
# pair) must give exactly the built-ins' metrics on every bundled trace, network and list (`scrollsim conformance`). Exit non-zero on any difference. Extra arguments go to
# `scrollsim conformance` (e.g. --networks 4g --sessions 1). scrollsim: $SCROLLSIM, else on PATH,
# else this checkout's release build.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scrollsim=${SCROLLSIM:-$(command -v scrollsim || echo "$root/.build/release/scrollsim")}
case $scrollsim in /*) ;; *) scrollsim="$(pwd)/$scrollsim" ;; esac
cd "$(dirname "$0")"
[ -x "$scrollsim" ] || { echo "conformance.sh: no scrollsim at $scrollsim; build it (swift build -c release) or set SCROLLSIM" >&2; exit 66; }
python3 -m unittest discover -s tests
"$scrollsim" conformance threshold "process:python3 examples/threshold.py" "$@"
"$scrollsim" conformance gapworker "process:python3 examples/gapworker.py" "$@"
"$scrollsim" conformance lazy-target-rect "process:python3 examples/lazy_target_rect.py" "$@"
"$scrollsim" conformance glide "process:python3 examples/glide.py" "$@"
# Both halves of a pair as helpers: each hears every change of the list since its own last event.
"$scrollsim" conformance paging3+gapworker "process:python3 examples/paging3.py+process:python3 examples/gapworker.py" "$@"
