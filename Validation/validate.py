"""Runs scrollsim's prediction and a real browser's measurement of the same configurations and
writes the comparison (Validation/README.md). The parts: `configs.py` (what runs, as named
records), `predict.py` (scrollsim's side), `engines.py` (the one driver interface for Chromium,
Firefox and WebKit), `measure.py` (the browser's side), `report.py` (the comparison).

Usage: validate.py SCROLLSIM_BINARY OUT_DIR [--quick] [--only NAME] [--frames] [--memory] [--engine E]
       validate.py SCROLLSIM_BINARY OUT_DIR --traces FILE... [--images-margin PX] [--sentinel-margin PX]
       validate.py SCROLLSIM_BINARY OUT_DIR --tune [--sessions N]
"""

import argparse
import atexit
import json
import os
import shutil
import statistics
import sys
import tempfile

import configs
import measure
import predict
import report
import tune_check
from engines import ENGINES
from server import Server


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("out")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only")
    parser.add_argument("--frames", action="store_true", help="only the frame checks (Chromium)")
    parser.add_argument("--memory", action="store_true", help="only the decoded image memory checks (Chromium)")
    parser.add_argument("--engine", default="chromium", choices=sorted(ENGINES),
                        help="firefox, webkit: their offsets replays only")
    parser.add_argument("--traces", nargs="+", metavar="FILE", help="replay these trace files instead")
    parser.add_argument("--images-margin", type=int, default=0, help="--traces: the images' rootMargin, px")
    parser.add_argument("--sentinel-margin", type=int, default=0, help="--traces: the sentinel's rootMargin, px")
    parser.add_argument("--latency", type=float, default=0.5, help="--traces, --tune: median server time, s")
    parser.add_argument("--tune", action="store_true", help="tune --stack web, checked on held-out sessions")
    parser.add_argument("--sessions", type=int, default=36, help="--tune: the population's size")
    return parser.parse_args()


def main():
    args = parse_arguments()
    if args.memory:
        return memory_checks(args)
    if args.traces or args.tune:
        return given_traces(args)
    chromium = args.engine == "chromium"
    feeds = [] if args.frames else configs.chosen(
        configs.FEEDS, configs.QUICK_FEEDS if chromium else configs.QUICK_ENGINE_FEEDS, args.quick, args.only)
    if not chromium:
        feeds = [f for f in feeds if f.name in configs.ENGINE_FEEDS]
    flings = [] if args.frames or not chromium else configs.chosen(
        configs.FLINGS, configs.QUICK_FLINGS, args.quick, args.only)
    frames = configs.chosen(configs.FRAMES, configs.QUICK_FRAMES, args.quick, args.only) if chromium else []
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="scrollsim-validation-")
    atexit.register(shutil.rmtree, work, True)  # its files are intermediate; KEEP copies what is worth a look
    scrollsim = predict.Scrollsim(args.binary, work)
    server = Server()
    server.start()
    engine = ENGINES[args.engine]()
    try:
        fling_rows = [fling_row(scrollsim, engine, fling) for fling in flings]
        rows = []
        for feed in feeds:
            rows += feed_rows(args, scrollsim, engine, server, feed)
        frame_rows, decodes = frame_checks(args, scrollsim, engine, server, frames)
        version = engine.version
    finally:
        engine.close()
        server.stop()
    write(args, feeds, rows, fling_rows, frame_rows, decodes, version)


def fling_row(scrollsim, chromium, fling):
    predicted = scrollsim.fling(fling)
    measured = measure.fling_rest(chromium, fling.touches)
    print(f"{fling.name}: rest {predicted:.1f}/{measured:.1f}", flush=True)
    return {"config": fling.name, "strategy": "chromium physics", "metric": "restOffset",
            "predicted": predicted, "measured": float(measured)}


def feed_rows(args, scrollsim, engine, server, feed):
    """One feed configuration predicted, then measured over the server loaded with its draws."""
    strategy, params = predict.strategy_of(feed.rule, feed.margin, args.engine)
    predicted, trace, common = scrollsim.feed(feed, strategy, params)
    server.load(*scrollsim.draws(feed.name, common))
    offsets, touches, viewport = predict.trace_input(trace)
    measured = measure.feed(engine, server, measure.page_config(feed.rule, feed.margin), viewport,
                            predicted["sessionSeconds"], offsets=offsets, touches=touches)
    print(feed.name, json.dumps(measured), file=sys.stderr)
    if os.environ.get("KEEP"):  # for a closer look: the page's and server's records, scrollsim's timeline
        json.dump(measured, open(os.path.join(args.out, feed.name + "-measured.json"), "w"))
        shutil.copy(scrollsim.path(f"{feed.name}-events.jsonl"), args.out)
    print(f"{feed.name}: " + ", ".join(f"{m} {predicted[m]:.2f}/{measured[m]:.2f}" for m in configs.METRICS),
          flush=True)
    return [{"config": feed.name, "strategy": strategy, "metric": metric, "predicted": predicted[metric],
             "measured": float(measured[metric]) if metric == "restingOffset" else measured[metric]}
            for metric in ["restingOffset"] + configs.METRICS]


def frame_checks(args, scrollsim, chromium, server, frames):
    """Predicts and measures (REPEATS times) the dropped frames of each frame check. A decode's
    cost is drawn from the decodes the page timed in the check's own runs (this machine's
    speed drifts by half between minutes: a calibration taken once before the runs read 40.6 ms
    in one run and 60.8 ms in the next), not their median: near a vsync's edge the median puts
    every decode on one side of it; the calibration's prediction is reported beside it."""
    if not frames:
        return [], None
    decodes = measure.decode_times(chromium, server, 25)
    decode_ms = statistics.median(decodes)
    print(f"decode of a {configs.IMAGE_SIDE} px image on the main thread: median {decode_ms:.1f} ms "
          f"({decodes[0]:.1f}-{decodes[-1]:.1f})", flush=True)
    rows = []
    for check in frames:
        strategy, params = predict.strategy_of("io", check.margin)
        trace = scrollsim.path(f"{check.name}.json")
        predict.frame_trace(check.trace, trace)
        calibrated, common = scrollsim.frames(check, trace, strategy, params, decode_ms)
        draws = scrollsim.draws(check.name, common)
        offsets, _, viewport = predict.trace_input(trace)
        page = measure.page_config("io", check.margin, bindMs=check.bind_ms,
                                   decode=check.decode if check.decode != "none" else None,
                                   imageSide=configs.IMAGE_SIDE if check.decode != "none" else 1)
        measured, run_decodes = [], []
        for repeat in range(configs.REPEATS):
            server.load(*draws)
            result = measure.feed(chromium, server, page, viewport, calibrated["sessionSeconds"], offsets=offsets)
            measured.append(measure.dropped_frames(result))
            run_decodes += result["decodeTimes"]
            if os.environ.get("KEEP"):
                json.dump(result, open(os.path.join(args.out, f"{check.name}-{repeat}-measured.json"), "w"))
        predicted = calibrated
        if run_decodes:
            predicted, _ = scrollsim.frames(check, trace, strategy, params, run_decodes)
        rows.append({"config": check.name, "profile": check.trace, "bind": check.bind_ms, "decode": check.decode,
                     "predicted": predicted["droppedFrames"], "calibrated": calibrated["droppedFrames"],
                     "measured": statistics.median(measured), "runs": measured,
                     "hitch": predicted["hitchTimeRatio"], "decodes": sorted(run_decodes)})
        print(f"{check.name}: dropped {predicted['droppedFrames']} (calibrated {calibrated['droppedFrames']}) / "
              f"{measured}", flush=True)
    return rows, decodes


def start(args, engine):
    """What a run of checks needs: the output folder, scrollsim with a scratch folder (removed
    at exit), the loopback server started, and the engine."""
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="scrollsim-validation-")
    atexit.register(shutil.rmtree, work, True)
    server = Server()
    server.start()
    return predict.Scrollsim(args.binary, work), server, ENGINES[engine]()


def memory_prediction(scrollsim, check):
    """One memory configuration's prediction: its strategy, its images' height, the prediction,
    the run's common arguments, the offsets replayed and the viewport."""
    height = round(check.width * configs.ROW_HEIGHT / 390)
    strategy, params = predict.strategy_of(check.feed.rule, check.feed.margin)
    settings = ["--set", f'image.sourceWidth={{"kind":"fixed","value":{check.width}}}',
                "--set", f"cache.memory={configs.DESKTOP_DECODE_BUDGET}"]
    predicted, trace, common = scrollsim.feed(check.feed, strategy, params, settings, density=1)
    offsets, _, viewport = predict.trace_input(trace)
    return strategy, height, predicted, common, offsets, viewport


def memory_checks(args):
    """Each memory configuration predicted, then measured over the server loaded with its draws;
    validation.csv and validation.md in `args.out`; exits 3 when one is outside the tolerance."""
    checks = configs.chosen(configs.MEMORY, configs.QUICK_MEMORY, args.quick, args.only)
    scrollsim, server, chromium = start(args, "chromium")
    rows = []
    try:
        for check in checks:
            strategy, height, predicted, common, offsets, viewport = memory_prediction(scrollsim, check)
            page = measure.page_config(check.feed.rule, check.feed.margin, imageSide=check.width, imageHeight=height)
            runs = []
            for _ in range(configs.REPEATS):
                server.load(*scrollsim.draws(check.name, common))
                runs.append(measure.feed(chromium, server, page, viewport, predicted["sessionSeconds"],
                                         offsets=offsets, settled=lambda engine: engine.decoded_image_bytes())["settled"])
            rows.append({"config": check.name, "strategy": strategy, "width": check.width, "height": height,
                         "predicted": float(predicted["decodedMemoryAtEnd"]), "measured": float(statistics.median(runs)),
                         "runs": runs})
            print(f"{check.name}: decoded MiB {rows[-1]['predicted'] / 2**20:.1f}/"
                  f"{'/'.join(f'{r / 2**20:.1f}' for r in runs)}", flush=True)
        version = chromium.version
    finally:
        chromium.close()
        server.stop()
    with open(os.path.join(args.out, "validation.csv"), "w", newline="") as f:
        report.write_rows(f, [{"config": r["config"], "strategy": r["strategy"], "metric": "decodedMemoryAtEnd",
                               "predicted": r["predicted"], "measured": r["measured"]} for r in rows])
    text, failures = report.memory_report(rows, version)
    with open(os.path.join(args.out, "validation.md"), "w") as f:
        f.write(text)
    if failures:
        sys.exit(3)  # run.sh: outside the tolerance


def given_traces(args):
    """--traces: each file replayed at the given margins; --tune: tune's answer checked on its
    held-out sessions. validation.md (and tune.json) in `args.out`; exits 3 when --tune's check
    does not hold."""
    scrollsim, server, engine = start(args, args.engine)
    try:
        if args.tune:
            answer, rows = tune_check.tune_in_browser(scrollsim, engine, server, args.sessions, args.latency,
                                                      configs.SEED, args.out)
        else:
            rows = tune_check.trace_rows(scrollsim, engine, server, args.traces, args.images_margin,
                                         args.sentinel_margin, args.latency, configs.SEED)
        version = engine.version
    finally:
        engine.close()
        server.stop()
    if args.tune:
        text, holds = report.tune_report(answer, rows, tune_check.verdict(answer, rows), version)
    else:
        text, holds = report.traces_report(rows, args, version), True
    with open(os.path.join(args.out, "validation.md"), "w") as f:
        f.write(text)
    print(text)
    if not holds:
        sys.exit(3)


def write(args, feeds, rows, fling_rows, frame_rows, decodes, version):
    """validation.csv and validation.md in `args.out`; exits 3 when outside the tolerances."""
    with open(os.path.join(args.out, "validation.csv"), "w", newline="") as f:
        writer = report.write_rows(f, fling_rows + rows)
        for row in frame_rows:
            writer.writerow({"config": row["config"], "strategy": "sentinel+intersection-observer",
                             "metric": "droppedFrames", "predicted": row["predicted"], "measured": row["measured"]})
    frame_lines, frame_failures = report.frames_report(frame_rows, decodes)
    if args.engine != "chromium":
        title = {"firefox": "Firefox", "webkit": "WebKit (WebKitGTK)"}[args.engine]
        head = report.feeds_report(rows, feeds, [], f"{title} {version}")
    elif args.frames:
        head = "# scrollsim against Chromium: frames\n\n"
    else:
        head = report.feeds_report(rows, feeds, fling_rows)
    with open(os.path.join(args.out, "validation.md"), "w") as f:
        f.write(head + "\n".join(frame_lines) + ("\nFrames: the check does not hold.\n" if frame_failures else ""))
    if frame_failures or "✗" in head:
        sys.exit(3)  # run.sh: outside the tolerances


if __name__ == "__main__":
    main()
