"""The cheapest Python helper: the handshake, then no action for every event, without parsing
a line. Its cost per decision is Python's share of the transport (docs/performance.md)."""
import sys

out = sys.stdout.buffer
for line in sys.stdin.buffer:
    if line.startswith(b'{"type":"hello"'):
        out.write(b'{"type":"strategy","protocol":2,"name":"answer-nothing-py","role":"content","partner":"paging3",'
                  b'"events":["listDidLoad","willDisplay","didEndDisplaying","frameDidFinish"]}\n')
    elif line.startswith(b'{"type":"begin"'):
        out.write(b'{"type":"ready"}\n')
    else:
        out.write(b'{"actions":[]}\n')
    out.flush()
