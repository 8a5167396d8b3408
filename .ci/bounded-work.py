#!/usr/bin/env python3
"""Bounded work for any short trace (issue 30; docs/reliability.md): seeded random traces of 2-20
touch samples -- samples a nanosecond to hours apart, positions up to the format's 1e9 pt, every
physics preset, viewports and refresh rates -- each compared over every strategy and the limit
by the release CLI. Each must finish in under 1 s and 200 MB (peak resident set, /usr/bin/time)
with a result or a refusal (exit 0 or 65), never a trap.

    .ci/bounded-work.py BIN_DIR [COUNT] [FIRST_SEED]
"""
import json, os, random, subprocess, sys, tempfile

SECONDS, MEGABYTES = 1.0, 200
PRESETS = ["ios", "ios-fast", "android", "flutter-ios", "flutter-android", "chromium", "chromium-chromeos"]


def trace(seed):
    r = random.Random(seed)
    t = r.choice([0.0, 0.5, r.uniform(0, 86000)])
    samples, phase = [], "ended"
    count = r.randint(2, 20)
    for i in range(count):
        t = min(86400, t + r.choice([1e-9, 1e-6, 1e-3, 0.008, 0.1, r.uniform(0, 10), r.uniform(0, 86400 / count)]))
        y = r.choice([r.uniform(-1e9, 1e9), r.uniform(0, 900), r.choice([-1e9, 1e9, 0])])
        phase = "began" if phase == "ended" else r.choice(["moved", "moved", "ended"])
        if i == count - 1 and phase != "began":
            phase = "ended"
        samples.append({"t": t, "y": y, "phase": phase})
    device = {"viewport": {"width": 390, "height": r.choice([844, 100, 2000])},
              "refreshRate": r.choice([60, 120, 480]), "physics": r.choice(PRESETS), "density": r.choice([1, 3])}
    return {"format": "scrollsim-trace", "version": 1, "device": device, "touches": samples}


def main():
    binary = os.path.join(sys.argv[1], "scrollsim")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    worst_time, worst_mb, failures = 0.0, 0.0, []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(first, first + count):
            path = os.path.join(folder, "trace-%d.json" % seed)
            with open(path, "w") as f:
                json.dump(trace(seed), f)
            run = subprocess.run(["/usr/bin/time", "-f", "%e %M", binary, "compare", path],
                                 capture_output=True, text=True)
            seconds, kilobytes = run.stderr.strip().splitlines()[-1].split()
            seconds, megabytes = float(seconds), int(kilobytes) / 1024
            worst_time, worst_mb = max(worst_time, seconds), max(worst_mb, megabytes)
            if run.returncode not in (0, 65) or seconds >= SECONDS or megabytes >= MEGABYTES:
                kept = "bounded-work-%d.json" % seed
                with open(kept, "w") as f:
                    json.dump(trace(seed), f)
                failures.append("seed %d: exit %d, %.2f s, %.0f MB (kept as %s)" % (
                    seed, run.returncode, seconds, megabytes, kept))
    print("%d short traces, every strategy and the limit: at most %.2f s and %.0f MB each (budget %g s, %d MB)" % (
        count, worst_time, worst_mb, SECONDS, MEGABYTES))
    for failure in failures:
        print("over the budget or trapped:", failure)
    sys.exit(1 if failures else 0)


main()
