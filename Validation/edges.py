"""The edge probe: in each browser engine, whether a lazy loader starts an image whose row is a
quarter pixel inside its margin, exactly on it, or a quarter pixel outside, below the viewport
and above it; next to what scrollsim's strategy for that engine does there (its margin and
whether a row touching the margin counts; the same numbers WebBoundaryTests checks).

Usage: edges.py OUT.md [--engines chromium,firefox,webkit]
Exits 3 when an engine does something other than its strategy says."""

import argparse
import os
import sys
import traceback

from engines import ENGINES
from server import Server

SCROLL = 1000.0
OFFSETS = [("inside", -0.25), ("on", 0.0), ("outside", 0.25)]

# engine → (rule, root margin for "io", scrollsim strategy, its margin as a function of the
# viewport's height, whether a touching row counts)
LOADERS = {
    "chromium": [("lazy", 0, "chromium-lazy (4g)", lambda v: 1250, False)],
    "firefox": [("lazy", 0, "firefox-lazy", lambda v: 600, True)],
    "webkit": [("lazy", 0, "webkit-lazy", lambda v: v, True)],
}
APP_OBSERVERS = [("io", 0, "intersection-observer", lambda v: 0, True),
                 ("io", 300, "intersection-observer rootMargin=300", lambda v: 300, True)]


def probe(engine, image_origin, rule, root_margin, side, gap, viewport):
    """Whether the probed row loads with its near edge `gap` px past the margin's edge."""
    if side == "below":  # row 0's top at scroll + viewport + margin + gap
        scroll = SCROLL
        spacer = scroll + viewport + gap
        rows = 3
    else:  # row 0's bottom at scroll − margin − gap
        scroll = SCROLL + 4000
        spacer = scroll - gap - 100
        rows = int((viewport + 4000 + 100) // 100) + 3
    result = engine.run("return runProbe(arguments[0]);", {
        "spacer": spacer, "rows": rows, "scrollTo": scroll, "rule": rule, "rootMargin": root_margin,
        "imageOrigin": image_origin})
    if abs(result["scrollY"] - scroll) > 1e-6 or abs(result["top"] - spacer) > 0.02:
        raise RuntimeError(f"{engine.name}: page at {result['scrollY']} with row 0 at {result['top']}, "
                           f"not {scroll} and {spacer}")
    return 0 in result["loaded"]


def check(engine_name, server, viewport=(400, 800)):
    engine = ENGINES[engine_name]()
    rows = []
    try:
        pages, images = server.ports
        url = f"http://127.0.0.1:{pages}/edges.html"
        engine.open(url, *viewport)
        height = engine.run("return innerHeight;")
        for rule, root_margin, strategy, margin_of, touching in LOADERS[engine_name] + APP_OBSERVERS:
            margin = margin_of(height)
            for side in ("below", "above"):
                for where, delta in OFFSETS:
                    engine.open(url, *viewport)
                    gap = margin + delta
                    loaded = probe(engine, f"http://127.0.0.1:{images}", rule, root_margin, side, gap, height)
                    expected = delta < 0 or (delta == 0 and touching)
                    rows.append((strategy, margin, side, where, gap, expected, loaded))
                    engine.close_page()
        return engine.version, rows
    finally:
        engine.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    args = parser.parse_args()
    server = Server()
    server.start()
    lines = ["# Lazy loaders' edges in three engines", "",
             "Written by `Validation/edges.py`: a row placed with its near edge a quarter pixel inside a",
             "loader's margin, exactly on it, or a quarter pixel outside, below the viewport (its top) and",
             "above it (its bottom), in a 400 × 800 viewport scrolled to a whole pixel; whether the",
             "engine starts loading its image, next to what scrollsim's strategy does there.", ""]
    failures = 0
    for name in args.engines.split(","):
        try:
            version, rows = check(name, server)
        except Exception as error:  # say what failed, go on with the next engine
            traceback.print_exc()
            lines += [f"## {name}", "", f"Could not be driven here: {error}", ""]
            failures += 1
            continue
        wrong = sum(expected != loaded for *_, expected, loaded in rows)
        failures += wrong
        lines += [f"## {name} {version}", "",
                  "| strategy | margin px | side | row | gap px | scrollsim loads | engine loads | same |",
                  "|---|---:|---|---|---:|:-:|:-:|:-:|"]
        for strategy, margin, side, where, gap, expected, loaded in rows:
            yes = lambda b: "yes" if b else "no"
            lines.append(f"| {strategy} | {margin:g} | {side} | {where} | {gap:g} | {yes(expected)} | {yes(loaded)} | "
                         f"{'✓' if expected == loaded else '✗'} |")
        lines += ["", f"{len(rows) - wrong} of {len(rows)} probes as scrollsim's strategy says.", ""]
        print(f"{name}: {len(rows) - wrong} of {len(rows)} edges as modelled", flush=True)
    server.stop()
    with open(args.out, "w") as f:
        f.write("\n".join(lines))
    sys.exit(3 if failures else 0)


if __name__ == "__main__":
    main()
