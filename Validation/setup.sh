#!/usr/bin/env bash
# Installs what the validation needs, once: Debian's chromium (if no Chromium is on the PATH),
# firefox-esr, webkit2gtk-driver (WebKitWebDriver and WebKitGTK's MiniBrowser) and xvfb (WebKitGTK
# needs a display), and in Validation/.venv from PyPI: Playwright (drives the system Chromium;
# its own browser download is not used), marionette-driver (Firefox's own remote protocol),
# Selenium (W3C WebDriver, for WebKitWebDriver), jsonschema (.ci/schemas.py checks every file
# format against schemas/) and PyYAML (.ci/action.py reads action.yml).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
missing=()
command -v chromium > /dev/null || missing+=(chromium)
command -v firefox-esr > /dev/null || missing+=(firefox-esr)
command -v WebKitWebDriver > /dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb > /dev/null || missing+=(xvfb)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
fi
if [ ! -x "$here/.venv/bin/python" ] \
  || ! "$here/.venv/bin/python" -c "import playwright, marionette_driver, selenium, jsonschema, yaml" 2> /dev/null; then
  python3 -m venv "$here/.venv"
  "$here/.venv/bin/pip" install -q "playwright==1.65.2" "marionette-driver==3.7.1" "selenium==4.51.0" "jsonschema==4.26.0" \
    "pyyaml==6.0.3"
fi
