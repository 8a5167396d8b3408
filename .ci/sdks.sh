#!/usr/bin/env bash
# Strategies in other languages (docs/protocol.md, SDKs/): each SDK's tests and conformance test
# (its ports of threshold and gapworker give the built-ins' metrics byte for byte), a helper
# written from docs/protocol.md alone in run, compare, sweep (serial = parallel), tune and
# bench, and helpers that crash, hang or lie: exit 65 within the timeout, naming what and
# where, the other rows of a compare kept, no output half-written. Installs Debian's nodejs,
# node-typescript, kotlin and default-jdk-headless if missing.
# Usage: .ci/sdks.sh BIN (the scrollsim binary)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
source .ci/helpers.sh

ensure() {
  command -v "$1" > /dev/null && return
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" > /dev/null
}
ensure node nodejs
ensure tsc node-typescript
ensure java default-jdk-headless
ensure kotlinc kotlin

for sdk in python typescript kotlin; do
  echo "-- SDKs/$sdk/conformance.sh"
  start=$(date +%s)
  SCROLLSIM="$bin" "SDKs/$sdk/conformance.sh"
  echo "($(( $(date +%s) - start )) s)"
done

echo "-- the Python SDK as a package: pip install into a fresh venv, imported from another folder; mypy --strict"
/usr/bin/python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q SDKs/python
rm -rf SDKs/python/build SDKs/python/*.egg-info
(cd "$tmp" && "$tmp/venv/bin/python" -c "import scrollsim_strategy as s; assert 'site-packages' in s.__file__, s.__file__")
ensure mypy mypy
(cd SDKs/python && mypy --strict scrollsim_strategy examples/*.py)
echo "ok: pip install SDKs/python, import scrollsim_strategy from $tmp, mypy --strict clean"

echo "-- the docs' example in three languages: one sweep, the same metrics from each (the same rule)"
lookahead=(--strategies "process:python3 SDKs/python/examples/lookahead.py,process:node SDKs/typescript/dist/examples/lookahead.js,process:java -cp SDKs/kotlin/build/scrollsim-examples.jar scrollsim.examples.LookaheadKt"
  --grid rows=1,8 --networks 4g,lossy --jobs 2 Traces/fling-stress-60s.json Traces/lab/flinger-60s.json)
"$bin" sweep "${lookahead[@]}" -o "$tmp/lookahead.csv" > /dev/null 2>&1
for language in py ts kt; do
  grep ",lookahead-$language," "$tmp/lookahead.csv" | cut -d, -f5- | sort > "$tmp/lookahead-$language.csv"
done
test "$(wc -l < "$tmp/lookahead-py.csv")" = 8
cmp "$tmp/lookahead-py.csv" "$tmp/lookahead-ts.csv" && cmp "$tmp/lookahead-py.csv" "$tmp/lookahead-kt.csv"
echo "ok: lookahead in Python, TypeScript and Kotlin: 8 runs each, every metric the same"

echo "-- each SDK README's first example (lookahead, which pages and fills rows) waits no more than threshold"
for helper in "process:python3 SDKs/python/examples/lookahead.py" "process:node SDKs/typescript/dist/examples/lookahead.js" \
  "process:java -cp SDKs/kotlin/build/scrollsim-examples.jar scrollsim.examples.LookaheadKt"; do
  "$bin" compare --strategies "threshold,$helper" --format json Traces/fling-stress-60s.json 2> /dev/null > "$tmp/first.json"
  python3 - "$tmp/first.json" <<'PY'
import json, sys
rows = {row["strategy"]: row["waitSeconds"] for row in json.load(open(sys.argv[1]))["runs"]}
mine = [wait for name, wait in rows.items() if name.startswith("lookahead-")][0]
assert mine <= rows["threshold"], rows
print("ok:", rows)
PY
done

echo "-- the packages: the Kotlin jar by its script, the TypeScript package by its name"
jar=$(SDKs/kotlin/build.sh)
[ "$jar" = build/scrollsim-strategy-0.2.0.jar ] && unzip -l "SDKs/kotlin/$jar" | grep 'scrollsim/Strategy.class' > /dev/null
mkdir -p "$tmp/ts/node_modules" && ln -s "$PWD/SDKs/typescript" "$tmp/ts/node_modules/scrollsim-strategy"
(cd "$tmp/ts" && node -e 'const s = require("scrollsim-strategy"); if (typeof s.run !== "function") process.exit(1)')
echo "ok: SDKs/kotlin/$jar; require(\"scrollsim-strategy\") through package.json's exports"

echo "-- a helper written from docs/protocol.md alone: run, compare, sweep, tune, bench"
docs_helper='process:node Tests/Helpers/from-the-docs.js'
"$bin" run --strategy "$docs_helper" --param margin=30 Traces/fling-stress-60s.json | grep -q 'from-the-docs(margin=30)'
"$bin" compare --strategies "threshold,$docs_helper" Traces/fling-stress-60s.json Traces/lab/reader-60s.json \
  | grep -q '^.  from-the-docs '
sweep=(--strategies "$docs_helper,threshold" --grid margin=5:45:20 --grid ahead=0,4 --networks 4g,lossy
  Traces/fling-stress-60s.json Traces/lab/reader-60s.json)
"$bin" sweep "${sweep[@]}" --jobs 1 -o "$tmp/serial.csv" > /dev/null 2>&1
"$bin" sweep "${sweep[@]}" --jobs 2 -o "$tmp/parallel.csv" > /dev/null 2>&1
cmp "$tmp/serial.csv" "$tmp/parallel.csv"
grep -c '^[0-9]*,[0-9]*,[0-9a-f]*,from-the-docs,' "$tmp/serial.csv" | grep -qx 24
"$bin" tune --strategy "$docs_helper" --knobs margin=0,10,40 --knobs ahead=0,3 --candidates 6 --holdout 0.5 \
  Traces/population -o "$tmp/tune.md" 2> /dev/null
grep -q -- "--strategy 'process:node Tests/Helpers/from-the-docs.js' --param margin=" "$tmp/tune.md"
"$bin" bench --strategies "$docs_helper" --repetitions 1 --duration 20 | grep -q '| from-the-docs |'
echo "ok: sweep serial = parallel ($(($(wc -l < "$tmp/serial.csv") - 1)) rows), tune answers as options, bench counts decisions"

echo "-- helpers that crash, hang, lie or break the protocol: exit 65 within the timeout, what and where"
helper='python3 Tests/Helpers/misbehaving-helper.py'
for mode in crash hang garbage unknown-row page-from-content error bad-utf8-field bad-utf8-line; do
  started=$(date +%s)
  SCROLLSIM_PROCESS_TIMEOUT=2 expect_exit 65 "$bin" run --strategy "process:$helper $mode 4" -o "$tmp/out-$mode.md" \
    Traces/fling-stress-60s.json
  grep -q "strategy \"misbehaving-$mode\" failed at " "$tmp/err"
  [ $(( $(date +%s) - started )) -le 10 ] || { echo "$mode: took more than 10 s"; exit 1; }
  test ! -e "$tmp/out-$mode.md" || { echo "$mode: a failed run wrote its report"; exit 1; }
done
grep -q "did not answer within 2 s" <(SCROLLSIM_PROCESS_TIMEOUT=2 "$bin" run --strategy "process:$helper hang 4" \
  Traces/fling-stress-60s.json 2>&1 || true)
expect_exit 65 "$bin" run --strategy "process:$helper no-handshake" Traces/fling-stress-60s.json
expect_exit 65 "$bin" run --strategy "process:$helper builtin-name" Traces/fling-stress-60s.json
expect_exit 65 "$bin" run --strategy 'process:no-such-helper-program' Traces/fling-stress-60s.json
# compare keeps the other strategies' rows, says which failed, and exits 65.
set +e
"$bin" compare --strategies "threshold,process:$helper crash 4,smart" -o "$tmp/compare.txt" \
  Traces/fling-stress-60s.json 2> "$tmp/compare.err"
got=$?
set -e
[ "$got" = 65 ] || { echo "compare with a crashing helper: exit $got, expected 65"; exit 1; }
grep -q '^misbehaving-crash failed and is left out of this report' "$tmp/compare.txt"
grep -q ' threshold ' "$tmp/compare.txt" && grep -q ' smart-range ' "$tmp/compare.txt"
"$bin" compare --strategies threshold,smart Traces/fling-stress-60s.json | tail -n 2 > "$tmp/alone.txt"
tail -n 2 "$tmp/compare.txt" | cmp - "$tmp/alone.txt"
echo "ok: compare kept threshold and smart-range (their rows as without the helper), named the failure, exit 65"

echo "-- SCROLLSIM_HELPER_STDERR=inherit: a helper's stderr passed through on success, each line under its name"
SCROLLSIM_HELPER_STDERR=inherit "$bin" compare --strategies "threshold,process:$helper chatty" --seed 4 \
  Traces/lab/reader-60s.json > /dev/null 2> "$tmp/inherit.err"
grep -qx '\[misbehaving-chatty\] handshake from the helper' "$tmp/inherit.err"
grep -qx '\[misbehaving-chatty\] a run begins, seed 4' "$tmp/inherit.err"
"$bin" compare --strategies "process:$helper chatty" Traces/lab/reader-60s.json > /dev/null 2> "$tmp/kept.err"
! grep -q 'handshake from the helper' "$tmp/kept.err"
SCROLLSIM_HELPER_STDERR=loud expect_exit 64 "$bin" run --strategy "process:$helper chatty" Traces/lab/reader-60s.json
grep -q 'SCROLLSIM_HELPER_STDERR="loud" is not a setting' "$tmp/err"
echo "ok: inherit passes the lines through under the strategy's name; the default keeps them; a bad value is exit 64"
