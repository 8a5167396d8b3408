#!/usr/bin/env bash
# Rebuilds the example reports in Reports/ from Traces/ with a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release
bin="$(swift build -c release --show-bin-path)/scrollsim"
"$bin" compare --format md -o Reports/default.md
"$bin" run --strategy smart --network slow-4g --svg docs/images/timeline.svg Traces/lab/mixed-60s.json > /dev/null
# The HTML page's first screen and its replay at mid-run, as a reader sees them (headless Chromium).
shots="$(mktemp -d)"
"$bin" compare --html "$shots/report.html" Traces/fling-stress-60s.json Traces/lab/reader-60s.json Traces/lab/skimmer-60s.json \
  > /dev/null 2>&1
bash Validation/setup.sh > /dev/null
Validation/.venv/bin/python Validation/html_report_check.py "$shots/report.html" --png "$shots"
cp "$shots/report.html.top.png" docs/images/report-top.png
cp "$shots/report.html.replay.png" docs/images/report-replay.png
rm -rf "$shots"
"$bin" compare --format md -o Reports/traces.md Traces/*.json
"$bin" compare --format csv -o Reports/traces.csv Traces/*.json
{
  "$bin" run --strategy threshold --param mode=static --format md Traces/fling-stress-60s.json
  "$bin" run --strategy threshold --param mode=dynamic --format md Traces/fling-stress-60s.json | tail -n 1
} > Reports/threshold-modes.md
{
  echo "## wifi"; echo
  "$bin" compare --network wifi --replicates 10 --format md Traces/fling-stress-60s.json
  echo; echo "## slow-3g"; echo
  "$bin" compare --network slow-3g --replicates 10 --format md Traces/fling-stress-60s.json
} > Reports/networks.md
"$bin" sweep --strategies threshold --grid threshold=0.5:0.95:0.05 --grid mode=static,dynamic \
  --networks wifi,slow-4g --replicates 3 Traces/*.json -o /tmp/scrollsim-sweep-threshold.csv --summary Reports/sweep-threshold.md 2> /dev/null
platforms=paging3+gapworker,paging3+glide,compose,uikit,smart-range,flutter,flatlist,flashlist,chromium-lazy,firefox-lazy
{
  echo "# Which platform default wins where"
  echo
  echo "Every platform's prefetcher at its defaults (Android: Paging 3 with RecyclerView's GapWorker"
  echo "or Glide's preloader, and Jetpack Compose's LazyColumn with Paging Compose and Coil; iOS: UIKit"
  echo "prefetching under seed 003's page rule, and Texture; Flutter;"
  echo "React Native's FlatList and FlashList; the web's loading=\"lazy\" in Chromium and Firefox under"
  echo "a sentinel), on every bundled trace and four networks, 3 replicates each:"
  echo
  echo '```sh'
  echo "scrollsim sweep --strategies $platforms \\"
  echo "  --networks wifi,4g,slow-4g,3g --replicates 3 Traces/*.json -o platforms.csv --summary platforms.md"
  echo '```'
  echo
  echo "The objective is the default: the user's wait (seconds of a blank screen, the time stuck at"
  echo "the end of the loaded list included; docs/metrics.md) plus 0.01 s per wasted request."
  echo
  "$bin" sweep --strategies "$platforms" --networks wifi,4g,slow-4g,3g --replicates 3 Traces/*.json \
    -o /tmp/scrollsim-platforms.csv --summary /dev/stdout 2> /dev/null
} > Reports/platforms.md
rm -f /tmp/scrollsim-sweep-threshold.csv /tmp/scrollsim-platforms.csv
# scrollsim tune's answer for an Android feed (docs/tuning.md, the README): 100 feed sessions on Android
# (seed 7) on three networks.
sessions="$(mktemp -d)"
"$bin" generate --profile feed --population 100 --seed 7 --physics android -o "$sessions/sessions" 2> /dev/null
(cd "$sessions" && "$bin" tune --stack android --networks wifi,4g,slow-4g sessions/ 2> /dev/null) > Reports/tune-android.md
rm -rf "$sessions"
echo "Reports regenerated."
