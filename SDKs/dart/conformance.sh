#!/bin/sh
# The Dart SDK's tests and conformance test (threshold and GapWorker ports against the
# built-ins, byte for byte; `scrollsim conformance`). UNTESTED HERE: the machines this project
# is built on have no Dart toolchain, so CI does not run it. Exit non-zero on any difference.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scrollsim=${SCROLLSIM:-$(command -v scrollsim || echo "$root/.build/release/scrollsim")}
case $scrollsim in /*) ;; *) scrollsim="$(pwd)/$scrollsim" ;; esac
cd "$(dirname "$0")"
[ -x "$scrollsim" ] || { echo "conformance.sh: no scrollsim at $scrollsim; build it (swift build -c release) or set SCROLLSIM" >&2; exit 66; }
command -v dart > /dev/null || { echo "conformance.sh: no dart on PATH (https://dart.dev/get-dart)" >&2; exit 69; }
dart pub get
dart test
dart compile exe example/threshold.dart -o build/threshold
dart compile exe example/gapworker.dart -o build/gapworker
"$scrollsim" conformance threshold "process:build/threshold" "$@"
"$scrollsim" conformance gapworker "process:build/gapworker" "$@"
