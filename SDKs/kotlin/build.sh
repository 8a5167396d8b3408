#!/bin/sh
# Builds the Kotlin SDK as a library jar with its version in the name:
# build/scrollsim-strategy-VERSION.jar (package `scrollsim`, no Kotlin runtime inside: a
# strategy's own build adds it, `kotlinc -cp build/scrollsim-strategy-VERSION.jar Mine.kt
# -include-runtime -d mine.jar`). VERSION is scrollsim's (SDKs/python/pyproject.toml and
# SDKs/typescript/package.json carry the same). Prints the jar's path.
set -eu
cd "$(dirname "$0")"
version=0.2.0
mkdir -p build
kotlinc src/scrollsim/Strategy.kt -d "build/scrollsim-strategy-$version.jar" 2> build/kotlinc.log || {
  cat build/kotlinc.log >&2
  exit 1
}
echo "build/scrollsim-strategy-$version.jar"
