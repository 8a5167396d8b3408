#!/usr/bin/env python3
"""Compares a strategy's per-frame state in a scrollsim frame record (`scrollsim run --frames`)
with a referee's record of the platform's own code on the same frames, decision by decision.

A referee record is JSON lines `{"frame": N, "ns": T, "state": {...}}`, one per frame line of the
scrollsim record it replayed (docs/events.md, "Refereeing a model"). Only the keys given with
--keys are compared. A frame counts as a change where either side's compared state differs
from its own previous frame; the agreement is the share of those frames where both sides'
states are equal. `--exact KEY` keys (counters such as onEndReached calls) must agree on every
frame. Prints one JSON summary line and, for the first difference, its frame, time and both
states; exits 0 when the agreement is at least --min-agreement and every exact key agrees,
1 when not, 2 on bad input.

usage: compare.py FRAMES.jsonl REFEREE.jsonl --keys first,last,mask [--exact endReached]
                  [--min-agreement 0.99] [--label NAME]
"""
import argparse
import json
import sys


def fail(message):
    print(f"compare.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_lines(path, what):
    try:
        with open(path, encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if not text.strip():
                    continue
                try:
                    yield number, json.loads(text)
                except json.JSONDecodeError as error:
                    fail(f"{path}:{number}: {what} line is not JSON ({error.msg})")
    except OSError as error:
        fail(f"{path}: cannot read the {what} ({error.strerror})")


def frames_of(path, what, needs_header):
    frames = []
    for number, line in read_lines(path, what):
        if needs_header and number == 1:
            if line.get("format") != "scrollsim-frames":
                fail(f"{path}:1: $.format: expected \"scrollsim-frames\" (write it with `scrollsim run --frames`)")
            continue
        if "frame" not in line:
            continue
        if not isinstance(line.get("state"), dict):
            fail(f"{path}:{number}: $.state: missing (the strategy reports no state)")
        frames.append((line["frame"], line.get("ns"), line["state"]))
    if not frames:
        fail(f"{path}: no frame lines")
    return frames


def project(state, keys, path, frame):
    missing = [key for key in keys if key not in state]
    if missing:
        fail(f"{path}: frame {frame}: $.state.{missing[0]}: missing")
    return {key: state[key] for key in keys}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("frames")
    parser.add_argument("referee")
    parser.add_argument("--keys", required=True, help="state keys compared for agreement, comma-separated")
    parser.add_argument("--exact", default="", help="state keys that must agree on every frame")
    parser.add_argument("--min-agreement", type=float, default=0.99)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    keys = [key for key in args.keys.split(",") if key]
    exact = [key for key in args.exact.split(",") if key]
    ours = frames_of(args.frames, "scrollsim frame record", True)
    theirs = frames_of(args.referee, "referee record", False)
    if [frame for frame, _, _ in ours] != [frame for frame, _, _ in theirs]:
        fail(
            f"{args.referee}: its frames ({len(theirs)}) are not the record's ({len(ours)}): "
            "replay the same file")
    changed = agreed = 0
    first_difference = None
    exact_difference = None
    previous = (None, None)
    for (frame, ns, mine), (_, _, platform) in zip(ours, theirs):
        a, b = project(mine, keys, args.frames, frame), project(platform, keys, args.referee, frame)
        if a != previous[0] or b != previous[1]:
            changed += 1
            if a == b:
                agreed += 1
            elif first_difference is None:
                first_difference = {"frame": frame, "t": ns / 1e9 if ns is not None else None, "scrollsim": a, "platform": b}
        previous = (a, b)
        if exact_difference is None:
            ea, eb = project(mine, exact, args.frames, frame), project(platform, exact, args.referee, frame)
            if ea != eb:
                exact_difference = {"frame": frame, "t": ns / 1e9 if ns is not None else None, "scrollsim": ea, "platform": eb}
    agreement = agreed / changed if changed else 1.0
    summary = {"label": args.label, "frames": len(ours), "changed": changed, "agreed": agreed,
               "agreement": round(agreement, 6), "exactAgrees": exact_difference is None}
    print(json.dumps(summary))
    if first_difference:
        print("first difference: " + json.dumps(first_difference))
    if exact_difference:
        print("first exact difference: " + json.dumps(exact_difference))
    return 0 if agreement >= args.min_agreement and exact_difference is None else 1


if __name__ == "__main__":
    sys.exit(main())
