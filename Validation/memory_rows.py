"""Which rows Chromium decoded, and how often: one memory configuration of `run.sh --memory`
measured with each image 16 px wider than the one before (the server's `&vary=1`), so that each
`cc/image_memory` entry names its row by its size, beside each row's first and last byte from
the server's log. What it found is in docs/memory.md ("A second decode of an image drawn while
its bytes arrive"); run by hand:

    Validation/.venv/bin/python Validation/memory_rows.py memory-skimmer-io1000-2000 [RUNS]

The varied images are compressed before the clock starts: compressing each on its first request
held the server's loop for tens of ms, which delayed the other requests' arrival and stretched
their transfers (an earlier reading of these dumps was taken that way).
"""
import argparse
import collections
import os
import sys

import configs
import measure
import server as server_module
from engines import memory_infra_dump
from validate import memory_prediction, start

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    name = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    check = next(m for m in configs.MEMORY if m.name == name)
    binary = os.path.join(HERE, "..", ".build", "release", "scrollsim")
    scrollsim, server, chromium = start(argparse.Namespace(binary=binary, out="/tmp/scrollsim-memory-rows"), "chromium")
    _, height, predicted, common, offsets, viewport = memory_prediction(scrollsim, check)
    print(f"{name}: predicted {predicted['decodedMemoryAtEnd'] / 2**20:.1f} MiB (images not varied)")
    for index in range(80):
        server_module.big_idat(check.width + 16 * index, height)
    page = measure.page_config(check.feed.rule, check.feed.margin, imageSide=check.width, imageHeight=height,
                               imageVary=True)

    def entries(engine):
        found = []
        for event in engine._await(memory_infra_dump(engine.context, engine.page)):
            if event.get("ph") != "v":
                continue
            for key, dump in event["args"]["dumps"].get("allocators", {}).items():
                if key.startswith("cc/image_memory/") and "size" in dump.get("attrs", {}):
                    found.append((key, int(dump["attrs"]["size"]["value"], 16)))
        return [(k, v) for k, v in found if not any(o.startswith(k + "/") for o, _ in found)]

    try:
        for run in range(runs):
            server.load(*scrollsim.draws(check.name, common))
            result = measure.feed(chromium, server, page, viewport, predicted["sessionSeconds"], offsets=offsets,
                                  settled=entries)
            leaves = result["settled"]
            # A decode of row i holds (width + 16 i) x height pixels of 4 bytes (a mip level less).
            decodes = collections.Counter(round((size / 4 / height - check.width) / 16) for _, size in leaves
                                          if size / 4 / height >= check.width - 8)
            total = sum(size for _, size in leaves) / 2**20
            print(f"run {run}: {total:.1f} MiB in {len(leaves)} entries")
            for entry in result["serverLog"]:
                if entry["kind"] != "content" or "end" not in entry:
                    continue
                first = entry.get("firstByte", entry["arrival"])
                print(f"  row {entry['index']:3d} first byte {first:6.2f} s, last {entry['end']:6.2f} s, "
                      f"transfer {entry['end'] - first:5.2f} s, decodes {decodes.get(entry['index'], 0)}")
    finally:
        chromium.close()
        server.stop()


if __name__ == "__main__":
    main()
