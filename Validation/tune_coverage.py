#!/usr/bin/env python3
"""Does tune's printed interval hold on the next population? (issue 62, docs/tuning.md)

Each trial generates a population of N users (seed s), tunes a stack on it on one device and
network, then generates a fresh population of the same kind (seed s + 1000), runs your setting
and the tuned one on all its sessions (`compare`, the same device and network) and checks
whether the measured change of the mean wait lies inside the interval tune printed: the
prediction interval for a new population (`gain.predictedLower/Upper`) and, for comparison, the
held-out interval (`gain.relativeLower/Upper`), which describes the held-out sessions' mean only.
Trials whose tuned setting is yours claim nothing and are left out. Fails when the prediction
interval covers fewer than 90 % of the trials.

    Validation/tune_coverage.py BIN [--trials 80] [--users 80]
"""
import argparse
import json
import subprocess
import sys
import tempfile

CASES = [  # stack, physics, device, network, as the trials of issue 62
    ("flutter", "flutter-android", "low-end", "4g"),
    ("android", "android", "mid", "4g"),
]


def run(binary, *arguments):
    return subprocess.run([binary, *arguments], check=True, capture_output=True, text=True).stdout


def mean_wait(binary, folder, stack_strategy, setting, device, network):
    params = [word for key, value in setting.items() for word in ("--param", f"{key}={value}")]
    report = json.loads(run(binary, "compare", "--strategies", stack_strategy, *params, "--device", device,
                            "--network", network, "--limit", "none", "--format", "json", folder))
    return report["strategies"][0]["waitMean"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--trials", type=int, default=80)
    parser.add_argument("--users", type=int, default=80)
    args = parser.parse_args()
    predicted_held, heldout_held, counted = 0, 0, 0
    with tempfile.TemporaryDirectory() as scratch:
        for trial in range(args.trials):
            stack, physics, device, network = CASES[trial % len(CASES)]
            seed = 100 + trial
            first, fresh = f"{scratch}/a{trial}", f"{scratch}/b{trial}"
            for folder, population_seed in [(first, seed), (fresh, seed + 1000)]:
                run(args.binary, "generate", "--profile", "feed", "--population", str(args.users), "--seed",
                    str(population_seed), "--physics", physics, "-o", folder)
            tuned = json.loads(run(args.binary, "tune", "--stack", stack, "--device", device, "--network", network,
                                   "--seed", str(seed), "--format", "json", first))
            if tuned["chosen"] == tuned["current"]:
                print(f"trial {trial} ({stack}, seed {seed}): the tuned setting is yours; no claim")
                continue
            gain = tuned["gain"]
            current = mean_wait(args.binary, fresh, tuned["strategy"], tuned["current"], device, network)
            chosen = mean_wait(args.binary, fresh, tuned["strategy"], tuned["chosen"], device, network)
            measured = chosen / current - 1
            in_predicted = gain["predictedLower"] <= measured <= gain["predictedUpper"]
            in_heldout = gain["relativeLower"] <= measured <= gain["relativeUpper"]
            counted += 1
            predicted_held += in_predicted
            heldout_held += in_heldout
            print(f"trial {trial} ({stack} on {device}, seed {seed}): measured {measured:+.1%}; "
                  f"new population {gain['predicted']:+.1%} [{gain['predictedLower']:+.1%}, {gain['predictedUpper']:+.1%}] "
                  f"{'holds' if in_predicted else 'MISSES'}; held-out [{gain['relativeLower']:+.1%}, "
                  f"{gain['relativeUpper']:+.1%}] {'holds' if in_heldout else 'misses'}")
    if counted == 0:
        sys.exit("no trial made a claim")
    print(f"prediction interval held in {predicted_held} of {counted} trials ({predicted_held / counted:.0%}); "
          f"the held-out interval in {heldout_held} of {counted} ({heldout_held / counted:.0%})")
    sys.exit(0 if predicted_held >= 0.9 * counted else 1)


if __name__ == "__main__":
    main()
