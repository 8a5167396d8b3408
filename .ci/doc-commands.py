#!/usr/bin/env python3
"""Runs every scrollsim command the README and docs show, as written, so the docs cannot drift
from the tool: each line of a ```sh block (continuations joined), and each inline `scrollsim …`
span without placeholders (NAME, V[,V…], a|b). Commands run in order, file by file, in a
scratch folder where Traces/ and docs/ are the repository's and the files the docs name
(fling.json, capture.har, log.txt, strokes.csv, …) are fixtures, so a command that needs an
earlier one's output (generate before run) finds it only if the docs put them in that order.

`swift run -c release scrollsim` is run as the release binary given (the same program; `swift
run` needs the package folder). Lines that drive other tools, write into the repository or run
for many minutes are skipped, each with its reason, and are covered elsewhere in `.ci/run`.

    python3 .ci/doc-commands.py BIN_DIR
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = ["README.md"] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))) + [
    os.path.join(ROOT, "Validation", "README.md"), os.path.join(ROOT, "Traces", "README.md")]

# What is not run here, and why.
SKIPS = [
    (r"^swift test", "the test command: .ci/run runs it first"),
    (r"^((KEEP|SEED)=[0-9]+ )?Validation/run\.sh", "the browser validation: .ci/run runs --quick"),
    (r"^Reports/regenerate\.sh", "rewrites Reports/ in the repository"),
    (r"^adb ", "needs an Android device"),
    (r"^(for |done$|  )", "regenerates Traces/ in the repository"),
    (r"scrollsim generate .* -o Traces/", "regenerates Traces/ in the repository"),
    (r"scrollsim bench", "a benchmark: minutes of timing (docs/performance.md says how to run it)"),
    (r"scrollsim-equivalent", "the benchmark harness against ../shared/bench: .ci/run runs one round"),
    (r"^/usr/bin/time", "a timing of a 10,000-configuration sweep (docs/performance.md)"),
    (r"^cd Examples/", ".ci/run builds and runs Examples/CustomStrategy"),
    (r"threshold=0\.0001:1:0\.0001", "a 10,000-configuration sweep (docs/performance.md)"),
    (r"/results/", "a Kubernetes volume's path (the Job example)"),
    (r"Fleet/slurm/", "starts a Slurm cluster: .ci/fleet.sh runs it"),
    (r"--svg docs/", "redraws the docs' picture in the repository (Reports/regenerate.sh does)"),
    (r"^Fuzz/run|scrollsim-fuzz ", "the fuzzers: .ci/run runs each for 5 s; a long run takes minutes per target"),
    (r"^(Release/package\.sh|cd dist|tar -xzf scrollsim-)", "the packed binary: .ci/run builds, checks and runs it"),
    (r"^swift build -c release && cp ", "installs into /usr/local/bin"),
    (r"^\(cd SDKs/", "builds an SDK inside the repository: .ci/sdks.sh builds and checks each"),
]

FIXTURES = {
    "capture.har": os.path.join(ROOT, "docs", "examples", "feed.har"),
    "log.txt": os.path.join(ROOT, "..", "shared", "data", "getevent", "Emulator", "emulator-drag.txt"),
    "strokes.csv": os.path.join(ROOT, "..", "shared", "data", "swipes-vertical-strokes.csv"),
    "Swipe1.txt": os.path.join(ROOT, "..", "shared", "data", "swipes", "Swipe1.txt"),
    "logs/": os.path.join(ROOT, "..", "shared", "data", "getevent", "Phone"),
}


def commands(path):
    text = open(path, encoding="utf-8").read()
    found = []
    for block in re.findall(r"```(?:sh|bash|shell)\n(.*?)```", text, re.S):
        lines = block.split("\n")
        index = 0
        while index < len(lines):
            command = lines[index]
            while command.rstrip().endswith("\\") and index + 1 < len(lines):
                index += 1
                command = command.rstrip()[:-1] + " " + lines[index].strip()
            index += 1
            command = re.sub(r"\s+#\s.*$", "", command).rstrip()
            if command.strip() and not command.lstrip().startswith("#"):
                found.append(command)
    # Inline mentions: only whole commands (an option, and a file or a command that needs
    # none), not a command's name in a sentence or a fragment of one.
    for span in re.findall(r"`(scrollsim [^`]+)`", text):
        span = " ".join(span.split())
        words = span.split()
        whole = "--" in span and (
            words[1] in ("physics", "networks", "strategies", "scenario", "draws", "compare")
            or any(re.search(r"\.(json|csv|har|txt|md|svg|html|jsonl)$", word) for word in words))
        if whole and not re.search(r"[A-Z]{2,}|…|\||\[|<|\.\.\.|~", span.replace("--", "")):
            found.append(span)
    return found


def main():
    bin_dir = os.path.abspath(sys.argv[1])
    # The docs' ../shared/... paths resolve from the scratch folder as from the project: its
    # parent holds a link to the shared/ beside the project (wherever the clone is).
    parent = tempfile.mkdtemp(prefix="scrollsim-doc-commands-")
    scratch = os.path.join(parent, "main")
    os.mkdir(scratch)
    if os.path.isdir(os.path.join(ROOT, "..", "shared")):
        os.symlink(os.path.abspath(os.path.join(ROOT, "..", "shared")), os.path.join(parent, "shared"))
    for folder in ["Traces", "docs", "SDKs", "Tests"]:
        os.symlink(os.path.join(ROOT, folder), os.path.join(scratch, folder))
    for name, source in FIXTURES.items():
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(scratch, name))
        elif os.path.exists(source):
            shutil.copy(source, os.path.join(scratch, name))
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
    ran, skipped, failed = 0, 0, []
    try:
        for path in DOCS:
            name = os.path.relpath(os.path.join(ROOT, path), ROOT)
            for command in commands(os.path.join(ROOT, path)):
                reason = next((why for pattern, why in SKIPS if re.search(pattern, command)), None)
                if reason is None and any(f in command.split() and not os.path.exists(os.path.join(scratch, f))
                                          for f in FIXTURES):
                    reason = "its input (../shared/data) is not beside the project"
                if reason:
                    skipped += 1
                    print(f"skip {name}: {command[:90]}  ({reason})")
                    continue
                runnable = command.replace("swift run -c release scrollsim", "scrollsim")
                # Placeholder inputs the docs use for "your trace": a trace generated just now.
                for placeholder in ["trace.json", "my-trace.json", "t.json"]:
                    target = os.path.join(scratch, placeholder)
                    if placeholder in runnable.split() and not os.path.exists(target):
                        subprocess.run(["scrollsim", "generate", "--profile", "mixed", "--duration", "20", "-o", target],
                                       env=env, check=True)
                result = subprocess.run(["bash", "-c", "set -o pipefail; " + runnable], cwd=scratch, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
                ran += 1
                if result.returncode != 0:
                    failed.append(f"{name}: {command}\n    exit {result.returncode}: {result.stderr.strip()[-400:]}")
                    print(f"FAIL {name}: {command[:90]}")
                else:
                    print(f"ok   {name}: {command[:90]}")
    finally:
        shutil.rmtree(parent, ignore_errors=True)
    print(f"{ran} documented commands ran, {len(failed)} failed, {skipped} skipped")
    for failure in failed:
        print(failure)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
