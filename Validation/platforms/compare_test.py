#!/usr/bin/env python3
"""Checks compare.py on small hand-made records: agreement, the first difference, the exact
keys, and bad input (exit 2 with the file and the field named). Run by .ci/run."""
import json
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).parent
HEADER = {"format": "scrollsim-frames", "version": 1, "viewport": {"width": 390, "height": 844}, "density": 3,
          "refreshRate": 60, "feed": "append", "pageSize": 20, "columns": 1}


def write(folder, name, lines):
    path = folder / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def frames(states, header=True):
    lines = [HEADER] if header else []
    for index, state in enumerate(states):
        line = {"t": index / 60, "ns": index * 16666667, "frame": index, "state": state}
        if header:
            line.update({"offset": 0, "contentLength": 1000, "items": 20, "viewport": HEADER["viewport"]})
        lines.append(line)
    return lines


def compare(*args):
    done = subprocess.run([sys.executable, str(HERE / "compare.py"), *map(str, args)], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def main():
    failures = []
    checks = []

    def check(what, condition):
        checks.append(what)
        if not condition:
            failures.append(what)

    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        ours = [{"first": 0, "last": 9, "n": 0}, {"first": 0, "last": 19, "n": 0}, {"first": 5, "last": 19, "n": 1},
                {"first": 5, "last": 19, "n": 1}]
        record = write(folder, "frames.jsonl", frames(ours))
        same = write(folder, "same.jsonl", frames(ours, header=False))
        code, out, _ = compare(record, same, "--keys", "first,last", "--exact", "n")
        summary = json.loads(out.splitlines()[0])
        check("equal records agree", code == 0 and summary["agreement"] == 1 and summary["changed"] == 3)

        theirs = [dict(state) for state in ours]
        theirs[2]["first"] = 4  # frame 2 differs; frames 0–3 all change on one side: 3 of 4 agree
        differs = write(folder, "differs.jsonl", frames(theirs, header=False))
        code, out, _ = compare(record, differs, "--keys", "first,last")
        summary = json.loads(out.splitlines()[0])
        check("a difference lowers the agreement", code == 1 and summary["agreed"] == 3 and summary["changed"] == 4)
        check("the first difference is named", '"frame": 2' in out and '"platform": {"first": 4' in out)
        code, _, _ = compare(record, differs, "--keys", "first,last", "--min-agreement", "0.75")
        check("--min-agreement is the bar", code == 0)

        counts = [dict(state) for state in ours]
        counts[3]["n"] = 2
        late = write(folder, "late.jsonl", frames(counts, header=False))
        code, out, _ = compare(record, late, "--keys", "first,last", "--exact", "n")
        check("an exact key differing fails", code == 1 and "first exact difference" in out and '"frame": 3' in out)

        code, _, err = compare(same, record, "--keys", "first")
        check("a record without its header is refused", code == 2 and "$.format" in err)
        short = write(folder, "short.jsonl", frames(ours[:2], header=False))
        code, _, err = compare(record, short, "--keys", "first")
        check("frames that do not match are refused", code == 2 and "replay the same file" in err)
        code, _, err = compare(record, same, "--keys", "nope")
        check("a missing key is named", code == 2 and "$.state.nope" in err)
        broken = folder / "broken.jsonl"
        broken.write_text("{not json\n")
        code, _, err = compare(record, broken, "--keys", "first")
        check("bad JSON names the file and line", code == 2 and "broken.jsonl:1" in err)

    for failure in failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    print(f"compare_test: {len(checks) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
