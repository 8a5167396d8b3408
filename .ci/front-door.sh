#!/usr/bin/env bash
# SimCore's front door (docs/model.md, "The front door"): the README's library example is
# Examples/CustomStrategy's library-example as written; that package builds against the public
# API alone and runs; the DocC catalog (Sources/SimCore/SimCore.docc) builds with no warning;
# and SimCore's public symbols stay few. Run after `swift build` (debug): it reads the debug
# build's modules.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
max_symbols=600   # 3,270 before the front door (issue 78); 80 % fewer is 654

python3 - <<'PY'
import re, sys
readme = open("README.md").read()
block = re.search(r"```swift\n(import SimCore\n\nlet trace.*?)```", readme, re.S)
example = open("Examples/CustomStrategy/Sources/library-example/main.swift").read()
if not block or block.group(1) != example:
    sys.exit("README.md's library example is not Examples/CustomStrategy/Sources/library-example/main.swift")
PY

swift build --package-path Examples/CustomStrategy
example_bin="$(swift build --package-path Examples/CustomStrategy --show-bin-path)"
"$example_bin/library-example" > "$tmp/library-example.txt"
grep -q 'lookahead(screens=2): ' "$tmp/library-example.txt"
"$example_bin/my-scrollsim" compare --format csv Traces/fling-stress-60s.json > "$tmp/custom.csv"
grep -q '^lookahead,' "$tmp/custom.csv"
grep -q '^smart-range,' "$tmp/custom.csv"
"$example_bin/my-scrollsim" strategies > "$tmp/custom-strategies.txt"
grep -q '^lookahead (alias: ahead)' "$tmp/custom-strategies.txt"
"$example_bin/my-scrollsim" sweep --strategies lookahead --grid screens=1,2 Traces/fling-stress-60s.json \
  -o "$tmp/custom-sweep.csv" 2> /dev/null
grep -q 'screens=2' "$tmp/custom-sweep.csv"

modules="$(swift build --show-bin-path)/Modules"
mkdir "$tmp/symbols"
swift-symbolgraph-extract -module-name SimCore -target "$(uname -m)-unknown-linux-gnu" -I "$modules" \
  -minimum-access-level public -output-dir "$tmp/symbols"
count="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["symbols"]))' "$tmp/symbols/SimCore.symbols.json")"
echo "SimCore's public symbols: $count (at most $max_symbols)"
[ "$count" -le "$max_symbols" ] || { echo "SimCore exports more than $max_symbols public symbols"; exit 1; }
docc convert Sources/SimCore/SimCore.docc --additional-symbol-graph-dir "$tmp/symbols" \
  --fallback-display-name SimCore --fallback-bundle-identifier scrollsim.SimCore \
  --output-path "$tmp/docs" --warnings-as-errors
test -s "$tmp/docs/data/documentation/simcore/writingastrategy.json"
test -s "$tmp/docs/data/documentation/simcore/runningstrategies.json"
echo "DocC catalog built: $(find "$tmp/docs/data/documentation" -name '*.json' | wc -l) pages"
