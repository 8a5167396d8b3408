#!/usr/bin/env python3
"""Every JSON file format against its schema in schemas/ (JSON Schema 2020-12, `jsonschema`
from PyPI, installed by Validation/setup.sh): the bundled traces and golden timelines, the
default scenario, and each JSON output the CLI writes, made here by running it.

Usage: .ci/schemas.py BIN_DIR   (the folder holding the scrollsim binary)
Exit 1 names the file, the JSON path and what is wrong.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from jsonschema import Draft202012Validator

root = Path(__file__).resolve().parent.parent
binary = str(Path(sys.argv[1]) / "scrollsim")
schemas = {}
for path in sorted((root / "schemas").glob("*.schema.json")):
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    schemas[path.name.removesuffix(".schema.json")] = Draft202012Validator(schema)
checked = {name: 0 for name in schemas}


def validate(name, document, where):
    errors = sorted(schemas[name].iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        for error in errors[:5]:
            print(f"{where}: {error.json_path}: {error.message[:300]}", file=sys.stderr)
        sys.exit(f"{where} does not match schemas/{name}.schema.json")
    checked[name] += 1


def run(*arguments):
    result = subprocess.run([binary, *arguments], capture_output=True, text=True, cwd=root)
    if result.returncode not in (0, 1):
        sys.exit(f"scrollsim {' '.join(arguments)}: exit {result.returncode}\n{result.stderr}")
    return result.stdout


def output(name, *arguments):
    validate(name, json.loads(run(*arguments)), "scrollsim " + " ".join(arguments))


# Bundled files.
for path in sorted((root / "Traces").glob("*.json")):
    validate("trace", json.loads(path.read_text()), path.relative_to(root))
for path in sorted((root / "Tests/Goldens").glob("*/*.jsonl")):
    for number, line in enumerate(path.read_text().splitlines(), 1):
        validate("event", json.loads(line), f"{path.relative_to(root)}:{number}")

with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    output("scenario", "scenario")
    output("trace-info", "trace", "info", "--format", "json", "Traces/lab/reader-60s.json", "Traces/offsets-example.json")
    output("trace-info", "trace", "info", "--format", "json", "Traces/population")
    trace = scratch / "generated.json"
    run("generate", "--profile", "fling-stress", "--duration", "20", "-o", str(trace))
    validate("trace", json.loads(trace.read_text()), "scrollsim generate")
    offsets = run("trace", "offsets", "--physics", "android", "Traces/lab/skimmer-60s.json")
    validate("trace", json.loads(offsets), "scrollsim trace offsets")
    output("run", "run", "--strategy", "smart", "--format", "json", "Traces/lab/reader-60s.json")
    output("replicated-comparison", "run", "--strategy", "smart", "--replicates", "3", "--format", "json",
           "Traces/lab/reader-60s.json")
    output("comparison", "compare", "--format", "json", "Traces/fling-stress-60s.json", "Traces/lab/flinger-60s.json")
    output("replicated-comparison", "compare", "--strategies", "threshold,smart,oracle", "--replicates", "3",
           "--format", "json", "Traces/fling-stress-60s.json", "Traces/lab/reader-60s.json")
    baseline = scratch / "base.json"
    run("compare", "--strategies", "threshold,smart", "--format", "json", "-o", str(baseline),
        "Traces/fling-stress-60s.json", "Traces/lab/reader-60s.json")
    validate("comparison", json.loads(baseline.read_text()), "compare baseline")
    output("gate", "compare", "--strategies", "threshold,smart", "--network", "3g", "--baseline", str(baseline),
           "--fail-if", "wait_time > +10%", "--format", "json", "Traces/fling-stress-60s.json",
           "Traces/lab/reader-60s.json")
    output("gate", "compare", "--strategies", "threshold,smart", "--network", "3g", "--baseline", str(baseline),
           "--assert", "docs/examples/assertions.json", "--format", "json", "Traces/fling-stress-60s.json",
           "Traces/lab/reader-60s.json")
    # Assertions files: the example is valid, and what the schema refuses scrollsim refuses too.
    validate("assertions", json.loads((root / "docs/examples/assertions.json").read_text()),
             "docs/examples/assertions.json")
    head = '{"format": "scrollsim-assertions", "version": 1, "assertions": [%s]}'
    for bad in ['{"metric": "wait_time", "max": 1, "min": 0}', '{"metric": "wait_time"}',
                '{"condition": "wait_time > 1", "max": 2}', '{"metric": "wait_time", "maxRise": "-5%"}',
                '{"metric": "wait_time", "max": 1, "level": "fatal"}', '{"metric": "wait_time", "max": 1, "x": 1}']:
        document = json.loads(head % bad)
        if not list(schemas["assertions"].iter_errors(document)):
            sys.exit(f"schemas/assertions.schema.json accepts {bad}, which scrollsim refuses")
        path = scratch / "bad-assertions.json"
        path.write_text(json.dumps(document))
        refused = subprocess.run([binary, "compare", "--assert", str(path), "Traces/lab/reader-60s.json"],
                                 capture_output=True, text=True, cwd=root)
        if refused.returncode != 65 or "$.assertions[0]" not in refused.stderr:
            sys.exit(f"scrollsim did not refuse {bad} by its path (exit {refused.returncode}): {refused.stderr}")
    history = scratch / "history.jsonl"
    for label, source in [("plain", baseline), ("replicated", None)]:
        if source is None:
            source = scratch / "replicated.json"
            run("compare", "--strategies", "threshold,smart", "--replicates", "3", "--format", "json", "-o",
                str(source), "Traces/lab/reader-60s.json")
        run("history", "add", str(source), "--to", str(history), "--label", label)
    for number, line in enumerate(history.read_text().splitlines(), 1):
        validate("history", json.loads(line), f"history add line {number}")
    output("physics", "physics", "--preset", "android", "--velocity", "1000,8000", "--format", "json")
    output("physics", "physics", "--velocity", "1000,8000", "--format", "json")
    events = scratch / "events.jsonl"
    trace_events = scratch / "trace.json"
    run("run", "--strategy", "lazy", "--network", "slow-3g", "--events", str(events), "--trace-events",
        str(trace_events), "Traces/fling-stress-60s.json")
    for number, line in enumerate(events.read_text().splitlines(), 1):
        validate("event", json.loads(line), f"run --events line {number}")
    validate("trace-events", json.loads(trace_events.read_text()), "run --trace-events")
    for strategy in ("flatlist", "flashlist", "paging3+glide", "smart"):
        frames = scratch / f"frames-{strategy}.jsonl"
        run("run", "--strategy", strategy, "--frames", str(frames), "Traces/offsets-example.json")
        for number, line in enumerate(frames.read_text().splitlines(), 1):
            validate("frames", json.loads(line), f"run --strategy {strategy} --frames line {number}")
    population = scratch / "population"
    run("generate", "--profile", "feed", "--population", "6", "--seed", "3", "-o", str(population))
    for path in sorted(population.glob("*.json")):
        validate("trace", json.loads(path.read_text()), f"generate --population {path.name}")
    output("population", "compare", "--strategies", "threshold,smart,oracle", "--format", "json", str(population))
    output("population", "compare", "--strategies", "threshold,flatlist", "--for", "p90", "--format", "json",
           str(population))
    mixed = scratch / "mixed"
    run("generate", "--profile", "feed", "--population", "6", "--duration", "20", "--seed", "3", "--device-mix", "default",
        "--network-mix", "default", "-o", str(mixed))
    for path in sorted(mixed.glob("*.json")):
        validate("trace", json.loads(path.read_text()), f"generate --device-mix {path.name}")
    output("population", "compare", "--by", "device", "--strategies", "threshold,smart", "--format", "json", str(mixed))
    output("population", "compare", "--by", "network", "--shard", "1/2", "--format", "json", str(mixed))
    output("tune", "tune", "--stack", "flutter", "--candidates", "6", "--holdout", "0.5", "--format", "json", str(mixed))
    output("tune", "tune", "--stack", "web", "--candidates", "9", "--holdout", "0.5", "--format", "json", str(population))
    output("tune", "tune", "--stack", "ios", "--candidates", "4", "--for", "p90", "--budget", "bytes<=1KB",
           "--network", "slow-4g", "--format", "json", str(population))
    folder = scratch / "events"
    run("compare", "--strategies", "flatlist,oracle", "--network", "slow-3g", "--trace-events", str(folder),
        "Traces/fling-stress-60s.json")
    for path in sorted(folder.glob("*.json")):
        validate("trace-events", json.loads(path.read_text()), f"compare --trace-events {path.name}")

# The helper protocol (docs/protocol.md): every message of real runs, each against its schema,
# through a relay that logs both directions (Python's SDK, a placeholder feed and a waterfall too).
for path in sorted((root / "schemas/protocol").glob("*.schema.json")):
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    name = "protocol/" + path.name.removesuffix(".schema.json")
    schemas[name] = Draft202012Validator(schema)
    checked[name] = 0
with tempfile.TemporaryDirectory() as scratch:
    log = Path(scratch) / "protocol.jsonl"
    for example, settings in [("threshold", []), ("gapworker", ["--set", 'feed.kind="placeholder"', "--set",
                               "feed.totalItems=500", "--set", "list.columns=2"])]:
        helper = f"process:python3 Tests/Helpers/relay.py {log} python3 SDKs/python/examples/{example}.py"
        run("run", "--strategy", helper, *settings, "Traces/fling-stress-60s.json")
    answers_to = {"hello": "strategy", "begin": "ready", "event": "answer"}
    expected = None
    for number, line in enumerate(log.read_text().splitlines(), 1):
        direction, message = json.loads(line)
        if direction == "to":
            validate("protocol/" + message["type"], message, f"protocol line {number}")
            expected = answers_to[message["type"]]
        else:
            validate("protocol/" + expected, message, f"protocol line {number} (answer)")

missing = [name for name, count in checked.items() if count == 0]
if missing:
    sys.exit(f"schemas with nothing checked against them: {', '.join(missing)}")
print("schemas: " + ", ".join(f"{name} {count}" for name, count in checked.items()))
