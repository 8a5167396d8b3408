#!/usr/bin/env python3
"""Checks trace-event files (`run --trace-events`, `compare --trace-events DIR`) the way
Perfetto's JSON importer reads them, and with Perfetto's own trace processor when one is on
the machine.

The rules come from google/perfetto src/trace_processor/importers/json/json_trace_parser_impl.cc
and src/trace_processor/importers/common/slice_tracker.cc:
- complete events ('X') on one (pid, tid) track form a stack: a slice that starts inside
  another must end inside it, or the importer cuts it and counts `misplaced_end_event`;
- 'X' needs a numeric `dur`; counters ('C') need an `args` object of numbers
  (`json_parser_failure` otherwise);
- version-2 flows: `bind_id` with `flow_out` or `flow_in` (`flow_without_direction`
  otherwise); each flow here has one start and one end, and the end is not before the start;
and the project's own: every event has a `cat` and `args`, every track it uses is named.

The trace processor: Perfetto's Python package (`perfetto` on PyPI) downloads
`trace_processor_shell` from commondatastorage.googleapis.com on first use, which this
machine cannot reach (curl exit 6). So the shell is used when it is already there: the path
in $SCROLLSIM_TRACE_PROCESSOR, or `trace_processor_shell` on the PATH. Then each file is
loaded and its `stats` of severity error or data_loss must all be 0.

Usage: trace_events_check.py FILE_OR_DIR...   (exit 1 on the first file that breaks a rule)
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path


def check(path):
    """The broken rules in one file, as messages (empty: clean)."""
    problems = []
    try:
        document = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        return [f"not JSON: {error}"]
    events = document.get("traceEvents") if isinstance(document, dict) else None
    if not isinstance(events, list) or not events:
        return ["no traceEvents array"]
    named_threads = set()
    used_threads = set()
    tracks = {}
    flows = {}
    for number, event in enumerate(events):
        where = f"traceEvents[{number}]"
        phase = event.get("ph")
        if phase == "M":
            if event.get("name") == "thread_name":
                named_threads.add((event.get("pid"), event.get("tid")))
            continue
        if not event.get("cat"):
            problems.append(f"{where} ({event.get('name')}): no cat")
        if not isinstance(event.get("args"), dict):
            problems.append(f"{where} ({event.get('name')}): no args object")
        if not isinstance(event.get("ts"), int):
            problems.append(f"{where}: ts is not a whole number of microseconds")
            continue
        if phase == "X":
            duration = event.get("dur")
            if not isinstance(duration, int) or duration < 0:
                problems.append(f"{where}: dur missing or negative")
                continue
            key = (event.get("pid"), event.get("tid"))
            used_threads.add(key)
            tracks.setdefault(key, []).append((event["ts"], event["ts"] + duration, number, event.get("name")))
            if "bind_id" in event:
                out, into = event.get("flow_out") is True, event.get("flow_in") is True
                if out == into:
                    problems.append(f"{where}: bind_id without exactly one of flow_out, flow_in")
                ends = flows.setdefault(event["bind_id"], {})
                side = "out" if out else "in"
                if side in ends:
                    problems.append(f"{where}: flow {event['bind_id']} has two {side} ends")
                ends[side] = event["ts"]
                ends[side + "_end"] = event["ts"] + duration
        elif phase == "C":
            args = event.get("args")
            if not isinstance(args, dict) or not args:
                problems.append(f"{where}: counter without values")
            elif not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in args.values()):
                problems.append(f"{where}: counter {event.get('name')} has a value that is not a number")
        else:
            problems.append(f"{where}: phase {phase!r} is not one this project writes")
    for key, slices in tracks.items():
        # The importer's order: by start, a longer slice first at the same start (the parent).
        slices.sort(key=lambda s: (s[0], -(s[1] - s[0]), s[2]))
        stack = []
        for start, end, number, name in slices:
            while stack and stack[-1][1] <= start:
                stack.pop()
            if stack and end > stack[-1][1]:
                parent = stack[-1]
                problems.append(
                    f"track pid {key[0]} tid {key[1]}: {name} [{start}, {end}] µs crosses {parent[3]} "
                    f"[{parent[0]}, {parent[1]}] µs (traceEvents[{number}])")
                continue
            stack.append((start, end, number, name))
    for key in sorted(used_threads - named_threads, key=str):
        problems.append(f"track pid {key[0]} tid {key[1]} has no thread_name")
    for flow, ends in sorted(flows.items()):
        if "out" not in ends or "in" not in ends:
            problems.append(f"flow {flow} has only one end")
        elif ends["in_end"] < ends["out"]:
            problems.append(f"flow {flow} ends before it starts")
    return problems


def trace_processor():
    """A trace_processor_shell already on this machine, or None."""
    given = os.environ.get("SCROLLSIM_TRACE_PROCESSOR")
    if given:
        return given
    return shutil.which("trace_processor_shell")


def processor_problems(shell, path):
    """Perfetto's own verdict: stats of severity error or data_loss that are not 0."""
    query = "select name, value from stats where value > 0 and severity in ('error', 'data_loss');"
    result = subprocess.run(
        [shell, "--query-file", "/dev/stdin", str(path)], input=query, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        return [f"trace_processor_shell failed: {result.stderr.strip()[-500:]}"]
    rows = [line for line in result.stdout.splitlines()[1:] if line.strip() and not line.startswith('"name"')]
    return [f"trace processor stat {row}" for row in rows]


def main(arguments):
    files = []
    for argument in arguments:
        path = Path(argument)
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        print("trace_events_check: no files", file=sys.stderr)
        return 2
    shell = trace_processor()
    for path in files:
        problems = check(path)
        if not problems and shell:
            problems = processor_problems(shell, path)
        if problems:
            print(f"{path}: {len(problems)} problem(s)", file=sys.stderr)
            for problem in problems[:20]:
                print(f"  {problem}", file=sys.stderr)
            return 1
    checker = "the importer's rules" + (f" and {shell}" if shell else " (no trace_processor_shell here)")
    print(f"trace events: {len(files)} file(s) clean by {checker}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
