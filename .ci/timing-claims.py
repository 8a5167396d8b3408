#!/usr/bin/env python3
"""The README's and the issue's timing claims, measured on the release CLI (issue 30):

- the README's tuning sweep (600 runs and 30 of the limit) "takes about a second and a half";
- `compare --physics chromium Traces/fling-stress-60s.json`, every strategy and the limit,
  under 2 s;
- `tune --stack S` answers a population of 100 sessions × 3 networks in at most 12 s for every
  stack (issue 63; 60 s in issue 47), each stack timed once (iOS, the slowest, about 11 s on
  two cores), with its user CPU printed beside it; `--stack web` races the virtualized lists
  beside the page (issue 79) and is held to twice 30 s.

The sweep and the compare are timed three times and the fastest counts (the machine is
shared). A claim fails at three times what it says for the sweep (4.5 s), at the 2 s it
promises for the compare, and at twice the 12 s for tune (one run each, on a machine other
jobs may share), so noise does not fail CI but a regression of the limit's or the engine's
cost does.

    .ci/timing-claims.py BIN_DIR
"""
import os, subprocess, sys, tempfile, time

binary = os.path.join(sys.argv[1], "scrollsim")
all_traces = sorted(os.path.join("Traces", f) for f in os.listdir("Traces") if f.endswith(".json"))
# (what the docs claim, the time it fails at, the command's arguments with its traces)
population = tempfile.mkdtemp()
subprocess.run([binary, "generate", "--profile", "feed", "--population", "100", "--seed", "7", "-o",
                os.path.join(population, "sessions")], check=True, stderr=subprocess.DEVNULL)
# (what the docs claim, the time it fails at, the command's arguments with its traces[, runs])
claims = [
    ("README sweep (600 runs + 30 of the limit)", 4.5,
     ["sweep", "--strategies", "threshold", "--grid", "threshold=0.5:0.95:0.05", "--grid", "mode=static,dynamic",
      "--networks", "wifi,slow-4g", "--replicates", "3"] + all_traces),
    ("compare --physics chromium on fling-stress", 2.0,
     ["compare", "--physics", "chromium", "Traces/fling-stress-60s.json"]),
] + [
    ("tune --stack %s, 100 sessions × 3 networks" % stack, 24.0,
     ["tune", "--stack", stack, "--networks", "wifi,4g,slow-4g", os.path.join(population, "sessions")], 1)
    for stack in ["android", "compose", "ios", "texture", "flutter", "react-native", "flashlist",
                  "tanstack-virtual", "react-window", "virtuoso"]
] + [
    # The page's race and, beside it, the three virtualized lists' smaller races (issue 79):
    # 25 s on a quiet machine, 35 s in a CI run; it fails at twice a claim of 30 s.
    ("tune --stack web and its three virtualized lists, 100 sessions × 3 networks", 60.0,
     ["tune", "--stack", "web", "--networks", "wifi,4g,slow-4g", os.path.join(population, "sessions")], 1)
]
failed = False
with tempfile.TemporaryDirectory() as folder:
    for name, limit, args, *runs in claims:
        extra = ["-o", os.path.join(folder, "out.csv")] if args[0] == "sweep" else []
        best, best_user = float("inf"), 0.0
        for _ in range(runs[0] if runs else 3):
            before = os.times()
            start = time.monotonic()
            subprocess.run([binary] + args + extra, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = time.monotonic() - start
            if wall < best:
                best, best_user = wall, os.times().children_user - before.children_user
        ok = best < limit
        failed |= not ok
        print("%s: %.2f s, %.2f s user (fails at %.1f s)%s" % (name, best, best_user, limit, "" if ok else "  <- TOO SLOW"))
subprocess.run(["rm", "-rf", population])
sys.exit(1 if failed else 0)
