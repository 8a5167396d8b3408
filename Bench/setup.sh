#!/usr/bin/env bash
# Installs what `scrollsim-equivalent` (the benchmark harness) needs beside the toolchain, once: a C compiler
# (Debian's gcc, if no `cc` is on the PATH) for the C floor, and SimPy 4.1.2 from PyPI in
# Bench/.venv for the SimPy peer (../shared/bench/README.md names that version).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v cc > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc > /dev/null
fi
if [ ! -x "$here/.venv/bin/python" ] || ! "$here/.venv/bin/python" -c "import simpy" 2> /dev/null; then
  python3 -m venv "$here/.venv"
  "$here/.venv/bin/pip" install -q "simpy==4.1.2"
fi
