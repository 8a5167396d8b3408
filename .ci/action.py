#!/usr/bin/env python3
"""Runs the steps of a composite GitHub Action (action.yml) here, as the runner would: each `run:`
step in bash with its `env:`, the `${{ }}` expressions it uses filled in (inputs with their
defaults, github.action_path, runner.temp, steps.ID.outputs.KEY), GITHUB_OUTPUT, GITHUB_PATH and
GITHUB_STEP_SUMMARY as files, and a step's outputs and added PATH entries passed to the next. A
`uses:` step (the cache, the artifact upload) is GitHub's own and is only named.

Usage: .ci/action.py ACTION_DIR RUNNER_TEMP [input=value ...]   (run in the workspace)
Exit: the first failing step's status, as the job would end. Needs PyYAML (Validation/setup.sh).
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

action_dir = Path(sys.argv[1]).resolve()
runner_temp = Path(sys.argv[2]).resolve()
given = dict(argument.split("=", 1) for argument in sys.argv[3:])
action = yaml.safe_load((action_dir / "action.yml").read_text())
declared = action["inputs"]
unknown = set(given) - set(declared)
if unknown:
    sys.exit(f"unknown inputs: {', '.join(sorted(unknown))}")
inputs = {}
for name, spec in declared.items():
    if name in given:
        inputs[name] = given[name]
    elif spec.get("required"):
        sys.exit(f"input {name} is required")
    else:
        inputs[name] = str(spec.get("default", ""))

runner_temp.mkdir(parents=True, exist_ok=True)
files = {name: runner_temp / f"_{name.lower()}" for name in ("GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STEP_SUMMARY")}
for path in files.values():
    path.write_text("")
step_outputs = {}
added_path = []


def expression(match):
    text = match.group(1).strip()
    if text.startswith("inputs."):
        return inputs[text[len("inputs."):]]
    if text == "github.action_path":
        return str(action_dir)
    if text == "runner.temp":
        return str(runner_temp)
    found = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", text)
    if found:
        return step_outputs.get(found.group(1), {}).get(found.group(2), "")
    sys.exit(f"expression not known here: ${{{{ {text} }}}}")


def fill(text):
    return re.sub(r"\$\{\{(.*?)\}\}", expression, str(text))


for number, step in enumerate(action["runs"]["steps"], 1):
    name = step.get("name", step.get("uses", f"step {number}"))
    if "uses" in step:
        print(f"-- {name}: {step['uses']} (GitHub's own; not run here)", flush=True)
        continue
    if "if" in step:
        sys.exit(f"{name}: a run step with if: is not supported here; branch inside its script")
    print(f"-- {name}", flush=True)
    environment = dict(os.environ)
    environment.update({key: str(path) for key, path in files.items()})
    environment["RUNNER_TEMP"] = str(runner_temp)
    environment["GITHUB_ACTION_PATH"] = str(action_dir)
    environment["PATH"] = os.pathsep.join(added_path + [environment.get("PATH", "")])
    environment.update({key: fill(value) for key, value in step.get("env", {}).items()})
    files["GITHUB_OUTPUT"].write_text("")
    result = subprocess.run([step.get("shell", "bash"), "-e", "-c", fill(step["run"])], env=environment)
    outputs = {}
    for line in files["GITHUB_OUTPUT"].read_text().splitlines():
        if "=" in line:
            key, value = line.split("=", 1)
            outputs[key] = value
    if "id" in step:
        step_outputs[step["id"]] = outputs
    added_path = [line for line in files["GITHUB_PATH"].read_text().splitlines() if line] [::-1]
    if result.returncode != 0:
        print(f"-- {name}: exit {result.returncode}", flush=True)
        sys.exit(result.returncode)
for key, value in action.get("outputs", {}).items():
    print(f"output {key}={fill(value['value'])}")
