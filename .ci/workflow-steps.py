#!/usr/bin/env python3
"""Prints the `run:` steps of the first ```yaml block with any of a Markdown file as one bash script,
so `.ci/run` executes a documented GitHub Actions workflow as written (docs/ci.md)."""
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
blocks = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if re.search(r"^\s*run: \|", b, re.M)]
block = blocks[0].splitlines() if blocks else []
script = ["set -euo pipefail"]
index = 0
while index < len(block):
    line = block[index]
    match = re.match(r"^(\s*)run: \|\s*$", line)
    index += 1
    if not match:
        continue
    indent = None
    while index < len(block):
        body = block[index]
        if body.strip() == "":
            index += 1
            continue
        width = len(body) - len(body.lstrip())
        if width <= len(match.group(1)):
            break
        indent = width if indent is None else indent
        script.append(body[indent:])
        index += 1
if len(script) == 1:
    sys.exit(f"{sys.argv[1]}: no run: steps in its yaml block")
print("\n".join(script))
