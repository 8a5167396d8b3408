"""Relays a helper's protocol lines and logs them, for .ci/schemas.py to check each against
schemas/protocol/:

    scrollsim run --strategy 'process:python3 Tests/Helpers/relay.py LOG python3 mine.py'

LOG gets one JSON array per message: ["to", message] (scrollsim → helper) or ["from", message],
flushed as it goes (scrollsim stops a helper as soon as its last run ends). `tally.py LOG`
counts the events and the answers that acted.
"""
import json
import subprocess
import sys

log = open(sys.argv[1], "a")
helper = subprocess.Popen(" ".join(sys.argv[2:]), shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    log.write(json.dumps(["to", json.loads(line)]) + "\n")
    helper.stdin.write(line)
    helper.stdin.flush()
    answer = helper.stdout.readline()
    log.write(json.dumps(["from", json.loads(answer)]) + "\n")
    log.flush()
    sys.stdout.write(answer)
    sys.stdout.flush()
