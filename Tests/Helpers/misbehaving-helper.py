"""A helper that speaks protocol 2 correctly, then misbehaves as asked, for ProcessStrategyTests.

    python3 misbehaving-helper.py MODE [AT]

It loads each row that displays; at its AT-th event (default 5) it does MODE:
ok (nothing), chatty (nothing wrong; writes a stderr line at its handshake and at each begin), crash (writes to stderr, exits 3), hang (sleeps), garbage (answers non-JSON),
unknown-row (asks for a row that does not exist), two-lines (answers twice), page-from-content (declares the content
role and asks for a page), error (reports an exception), silent-exit (exits without a word),
bad-quiet (declares a quiet with a fact that does not exist), bad-utf8-field (an answer whose
unknown field holds a byte that is not UTF-8), bad-utf8-line (a line of bytes that are not UTF-8),
cut-utf8 (an answer that ends inside a character), hang-begin (sleeps at a run's begin message,
before any event).
Handshake modes: bad-utf8-handshake (a summary with a byte that is not UTF-8), no-handshake (exits at once), builtin-name (calls itself "threshold"),
bad-parameter (declares a parameter whose default is out of range), bad-partner (names a
partner that is no built-in), old-protocol (speaks protocol 1).
"""
import json
import sys
import time

mode = sys.argv[1]
at = int(sys.argv[2]) if len(sys.argv) > 2 else 5
if mode == "no-handshake":
    sys.exit(2)



def write(line):
    """Writes raw bytes as one line: the UTF-8 modes need bytes json.dumps would escape."""
    sys.stdout.flush()
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


events = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "chatty":
            print("handshake from the helper", file=sys.stderr, flush=True)
        answer = {"type": "strategy", "protocol": 2, "name": "misbehaving-" + mode,
                  "events": ["willDisplay", "didScroll"],
                  "parameters": [{"name": "rows", "kind": "number", "min": 0, "max": 10, "default": 2}]}
        if mode == "page-from-content":
            answer.update(role="content", partner="paging3")
        if mode == "builtin-name":
            answer["name"] = "threshold"
        if mode == "bad-partner":
            answer.update(role="content", partner="nosuch")
        if mode == "old-protocol":
            answer["protocol"] = 1
        if mode == "bad-parameter":
            answer["parameters"][0]["default"] = 11
        if mode == "bad-utf8-handshake":
            answer["summary"] = "SUMMARY"
            write(json.dumps(answer).encode().replace(b"SUMMARY", b"caf\xe9"))
            continue
        print(json.dumps(answer), flush=True)
        continue
    if message["type"] == "begin":
        if mode == "hang-begin":
            time.sleep(60)
        if mode == "chatty":
            print("a run begins, seed", message["seed"], file=sys.stderr, flush=True)
        print('{"type":"ready"}', flush=True)
        continue
    events += 1
    actions = []
    if message["event"] == "willDisplay":
        actions.append(["requestContent", message["item"]])
    if events == at:
        if mode == "crash":
            print("Traceback: something broke in the rule", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "silent-exit":
            sys.exit(0)
        if mode == "hang":
            time.sleep(60)
        if mode == "garbage":
            print("this is not JSON", flush=True)
            continue
        if mode == "two-lines":
            print(json.dumps({"actions": actions}) + "\n" + json.dumps({"actions": []}), flush=True)
            continue
        if mode == "unknown-row":
            actions.append(["requestContent", 10 ** 9])
        if mode == "page-from-content":
            actions.append(["requestPage", 1])
        if mode == "error":
            print(json.dumps({"error": "ValueError: the rule divided by zero"}), flush=True)
            continue
        if mode == "bad-utf8-field":
            write(json.dumps({"actions": actions, "note": "NOTE"}).encode().replace(b"NOTE", b"\xff"))
            continue
        if mode == "bad-utf8-line":
            write(b"\xfe\xff")
            continue
        if mode == "cut-utf8":
            write(json.dumps({"actions": actions, "note": "NOTE"}).encode().replace(b"NOTE\"}", b"\xe2\x82"))
            continue
        if mode == "bad-quiet":
            print(json.dumps({"actions": actions, "quiet": {"facts": {"itemcount": 3}}}), flush=True)
            continue
    print(json.dumps({"actions": actions}), flush=True)
