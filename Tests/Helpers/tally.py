"""Counts what a helper heard in a log of relay.py: messages per event, and how many of them the
helper answered with at least one action (docs/performance.md, issue 63).

    scrollsim run --strategy 'process:python3 Tests/Helpers/relay.py LOG python3 mine.py' trace.json
    python3 Tests/Helpers/tally.py LOG
"""
import collections
import json
import sys

heard = collections.Counter()
acted = collections.Counter()
event = None
for line in open(sys.argv[1]):
    direction, message = json.loads(line)
    if direction == "to":
        event = message.get("event") if message.get("type") == "event" else None
    elif event is not None:
        heard[event] += 1
        acted[event] += bool(message.get("actions"))
        event = None
print(f"{sum(heard.values())} messages, {sum(acted.values())} answered with actions")
for name, count in heard.most_common():
    print(f"  {name}: {count} ({acted[name]} with actions)")
