#!/usr/bin/env bash
# Installs what the validation needs, once: Debian's chromium (if no Chromium is on the PATH)
# and Playwright from PyPI in Validation/.venv (it drives the system browser; its own browser
# download is not used).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v chromium > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
fi
if [ ! -x "$here/.venv/bin/python" ] || ! "$here/.venv/bin/python" -c "import playwright" 2> /dev/null; then
  python3 -m venv "$here/.venv"
  "$here/.venv/bin/pip" install -q "playwright==1.65.2"
fi
