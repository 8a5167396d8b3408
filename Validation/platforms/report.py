#!/usr/bin/env python3
"""Makes Reports/validation-platforms.md's tables from compare.py's output: one file per
platform, each holding the summary lines (and first differences) of its (trace,
configuration) runs, the label being "TRACE CONFIGURATION".

usage: report.py NAME=FILE [NAME=FILE ...] > tables.md
"""
import json
import sys


def runs(path):
    rows = []
    for text in open(path, encoding="utf-8"):
        if text.startswith("{"):
            rows.append({"summary": json.loads(text), "difference": None})
        elif text.startswith("first difference: ") and rows:
            rows[-1]["difference"] = json.loads(text[len("first difference: "):])
        elif text.startswith("first exact difference: ") and rows:
            rows[-1]["exact"] = json.loads(text[len("first exact difference: "):])
    return rows


def main():
    for argument in sys.argv[1:]:
        name, _, path = argument.partition("=")
        rows = runs(path)
        traces = sorted({row["summary"]["label"].split(" ", 1)[0] for row in rows})
        agreeing = sum(1 for row in rows if row["summary"]["agreement"] == 1 and row["summary"]["exactAgrees"])
        worst = min((row["summary"]["agreement"] for row in rows), default=1)
        print(f"### {name}\n")
        print(f"{len(rows)} runs ({len(traces)} traces); {agreeing} agree on every frame that changes; "
              f"lowest agreement {worst:.4f}.\n")
        print("| trace | configuration | frames | frames that change | agree | exact keys | first difference |")
        print("|---|---|---:|---:|---:|---|---|")
        for row in rows:
            summary = row["summary"]
            trace, _, configuration = summary["label"].partition(" ")
            difference = row.get("exact") or row["difference"]
            where = "—" if difference is None else (
                f"frame {difference['frame']} ({difference['t']:.3f} s): scrollsim `{json.dumps(difference['scrollsim'])}`, "
                f"platform `{json.dumps(difference['platform'])}`")
            print(f"| {trace} | {configuration} | {summary['frames']} | {summary['changed']} | "
                  f"{summary['agreement'] * 100:.2f} % | {'yes' if summary['exactAgrees'] else 'no'} | {where} |")
        print()


if __name__ == "__main__":
    main()
