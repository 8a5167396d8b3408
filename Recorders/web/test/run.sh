#!/usr/bin/env bash
# Runs the web recorder in headless Chromium on test/list.html and checks that scrollsim
# accepts the traces it writes. Usage: Recorders/web/test/run.sh path/to/scrollsim
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="$1"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then echo "no Chromium found"; exit 1; fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=20000 \
  --dump-dom "file://$here/list.html" > "$out/dom.html" 2> "$out/chromium.log" || { cat "$out/chromium.log"; exit 1; }
python3 - "$out" <<'PY'
import html, re, sys
out = sys.argv[1]
dom = open(out + "/dom.html").read()
for kind in ("touches", "offsets"):
    match = re.search(r'<pre id="%s">(.*?)</pre>' % kind, dom, re.S)
    if not match or not match.group(1).strip():
        sys.exit("the page wrote no %s trace" % kind)
    open("%s/%s.json" % (out, kind), "w").write(html.unescape(match.group(1)))
PY
"$bin" trace info "$out/touches.json" "$out/offsets.json"
"$bin" run --strategy smart --format csv "$out/touches.json" > /dev/null
"$bin" run --strategy lazy --format csv "$out/offsets.json" > /dev/null
gestures=$("$bin" trace info --format json "$out/touches.json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["traces"][0]["gestures"])')
[ "$gestures" = "1" ] || { echo "expected 1 gesture, got $gestures"; exit 1; }
python3 -c 'import json,sys; t=json.load(open(sys.argv[1])); sys.exit(0 if (t.get("deviceProfile"), t.get("networkProfile")) == ("mid", "4g") else "the trace lost its profiles")' "$out/touches.json"
echo "web recorder: traces accepted"
