#!/bin/sh
# The Kotlin SDK's build (kotlinc) and tests, then its conformance test: the ports of three
# built-ins (seed 001's threshold, which decides pages and content; RecyclerView's GapWorker,
# the content half of paging3+gapworker; seed 001's infinite-list, ported from
# docs/strategies.md alone) must give exactly the built-ins' metrics on
# every bundled trace, network and list (`scrollsim conformance`). Exit non-zero on any
# difference. Extra arguments go to `scrollsim conformance`. scrollsim: $SCROLLSIM, else on
# PATH, else this checkout's release build.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scrollsim=${SCROLLSIM:-$(command -v scrollsim || echo "$root/.build/release/scrollsim")}
case $scrollsim in /*) ;; *) scrollsim="$(pwd)/$scrollsim" ;; esac
cd "$(dirname "$0")"
[ -x "$scrollsim" ] || { echo "conformance.sh: no scrollsim at $scrollsim; build it (swift build -c release) or set SCROLLSIM" >&2; exit 66; }
mkdir -p build
kotlinc src/scrollsim/Strategy.kt test/StrategyTest.kt -include-runtime -d build/scrollsim-test.jar
java -cp build/scrollsim-test.jar scrollsim.test.StrategyTestKt
kotlinc src/scrollsim/Strategy.kt examples/*.kt -include-runtime -d build/scrollsim-examples.jar
"$scrollsim" conformance threshold "process:java -cp build/scrollsim-examples.jar scrollsim.examples.ThresholdKt" "$@"
"$scrollsim" conformance gapworker "process:java -cp build/scrollsim-examples.jar scrollsim.examples.GapWorkerKt" "$@"
"$scrollsim" conformance infinite-list "process:java -cp build/scrollsim-examples.jar scrollsim.examples.InfiniteListKt" "$@"
