"""The validation's report (Reports/validation*.md and .csv): the tolerances, each
configuration's prediction beside its measurement, and the ranking within each group."""

import csv
import math
import statistics

from configs import (FRAME_MS, FRAMES_WITHIN, IMAGE_SIDE, LAYOUT_PAGE_MS, MEMORY_TOLERANCE, MEMORY_WITHIN, REFRESH,
                     REPEATS, SEED)


def ranking(values, close):
    """`values`: name → (predicted, measured). The names ordered by prediction and by
    measurement (ties by name), and the verdict: "same", "same within the tolerance" (every pair
    the measurement orders otherwise has predictions `close` to each other, so the prediction
    could not rank it), or "differs"."""
    by = lambda k: sorted(values, key=lambda n: (values[n][k], n))
    predicted, measured = by(0), by(1)
    flipped = [(a, b) for a in values for b in values
               if values[a][0] < values[b][0] and values[a][1] > values[b][1] and not close(values[a][0], values[b][0])]
    verdict = "same" if predicted == measured else ("same within the tolerance" if not flipped else "differs")
    return predicted, measured, verdict


def blank_ok(predicted, measured):
    """Within 15 %, or 1 cell·s when small."""
    return abs(predicted - measured) <= max(0.15 * measured, 1.0)


def rest_ok(predicted, measured):
    """Within 3 % (or 2 px when small)."""
    return abs(predicted - measured) <= max(0.03 * abs(measured), 2.0)


def count_ok(predicted, measured):
    """Within 5 % (exact below 20)."""
    return abs(predicted - measured) <= 0.05 * measured


def frames_ok(predicted, measured):
    """Within 20 % (or 2 frames when few)."""
    return abs(predicted - measured) <= max(0.2 * measured, 2)


def memory_ok(predicted, measured):
    """Within MEMORY_TOLERANCE of the measurement."""
    return abs(predicted - measured) <= MEMORY_TOLERANCE * measured


def memory_report(rows, version):
    """The memory checks' validation.md, and whether the check fails (non-zero): fewer than
    MEMORY_WITHIN configurations (all of a smaller run) within the tolerance."""
    mib = 1024 * 1024
    lines = [
        f"# scrollsim against Chromium {version}: decoded image memory",
        "",
        "Each configuration's session replayed in headless Chromium (software raster, device pixel ratio 1), "
        "then, once the page has rested, one memory-infra dump: `cc/image_memory`, every decode the compositor "
        "keeps. scrollsim predicts `decodedMemoryAtEnd` with the `chromium` memory policy and a memory tier of "
        "512 MiB (a desktop's discardable memory). Tolerance: "
        f"{MEMORY_TOLERANCE:.0%} of the measurement (the median of {REPEATS} runs), for at least "
        f"{MEMORY_WITHIN} configurations. How it runs: `Validation/README.md`; the model: `docs/memory.md`.",
        "",
        "| configuration | image px | strategy | predicted MiB | measured MiB | difference | |",
        "|---|---:|---|---:|---:|---:|---|",
    ]
    failures = 0
    for row in rows:
        ok = memory_ok(row["predicted"], row["measured"])
        failures += not ok
        difference = (row["predicted"] - row["measured"]) / row["measured"] if row["measured"] else math.inf
        lines.append(f"| {row['config']} | {row['width']} x {row['height']} | {row['strategy']} | "
                     f"{row['predicted'] / mib:.1f} | {row['measured'] / mib:.1f} | {difference:+.0%} | "
                     f"{'✓' if ok else '✗'} |")
    within = len(rows) - failures
    holds = within >= min(MEMORY_WITHIN, len(rows))
    lines += ["", f"Decoded memory: {within} of {len(rows)} configurations within the tolerance: the check "
              + ("holds." if holds else "does not hold."), ""]
    return "\n".join(lines), 0 if holds else 1


def write_rows(f, rows):
    """validation.csv's header and the prediction/measurement rows; returns the writer."""
    writer = csv.DictWriter(f, fieldnames=["config", "strategy", "metric", "predicted", "measured"])
    writer.writeheader()
    for row in rows:
        writer.writerow({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in row.items()})
    return writer


def frames_report(rows, decodes):
    """The frame checks' section of validation.md, and whether the check fails (non-zero): fewer
    than FRAMES_WITHIN of the configurations within the tolerance, or a trace ranked otherwise.
    Single configurations are left outside it on this noisy machine (docs/main-thread.md)."""
    if not rows:
        return [], 0
    lines = [
        "## Frames",
        "",
        "The feed with main-thread costs, replayed by offsets (the page scrolls in",
        "`requestAnimationFrame`, so the scroll waits for the main thread, as scrollsim's frames do).",
        f"Each row created runs *bind* ms of script (20 land with each page); each image is {IMAGE_SIDE} px",
        "square, decoded on the main thread in the first frame that shows its row (*main*: drawn into",
        "a canvas, as a platform that decodes at first draw) or off it before it goes into the row",
        "(*offthread*: `HTMLImageElement.decode()`). *none*: 1 px images, nothing to decode; only",
        "the binds cost frames. Dropped frames are vsyncs at which no frame began while the list",
        "moved: gaps between rAF timestamps (Chromium's `PipelineReporter` counts the same ones",
        "`STATE_DROPPED`). The prediction is `scrollsim run` with the same costs",
        "(`mainThread.bindTime`; `cell.renderTime` = the median of the decodes the page timed in",
        "the configuration's runs, fixed, since this machine's speed drifts between minutes;",
        f"`mainThread.decode` `main` or `background`; `frameTime` {FRAME_MS:g} ms and `layoutPageTime` {LAYOUT_PAGE_MS:g} ms assumed). "
        f"Measured {REPEATS} times: median, and the runs.",
        "",
        f"Main-thread decode of one image here, calibrated once before the runs: median "
        f"{statistics.median(decodes):.1f} ms, {decodes[0]:.1f}–{decodes[-1]:.1f} ms over {len(decodes)};",
        "the prediction with that cost is the *calibrated* column.",
        "",
        "| config | bind ms | decode | dropped predicted | calibrated | measured (median) | runs | error | ok | decodes in the runs (n: median, p90 ms) |",
        "|---|---:|---|---:|---:|---:|---|---:|:-:|---|",
    ]
    failures = 0
    for row in rows:
        p, m = row["predicted"], row["measured"]
        ok = frames_ok(p, m)
        error = f"{(p - m) / m * 100:+.0f} %" if m else "–"
        spread = row["decodes"]
        spread = (f"{len(spread)}: {statistics.median(spread):.1f}, {spread[int(0.9 * (len(spread) - 1))]:.1f}"
                  if spread else "–")
        lines.append(f"| {row['config']} | {row['bind']} | {row['decode']} | {p} | {row['calibrated']} | {m:g} | "
                     f"{', '.join(str(r) for r in row['runs'])} | {error} | {'✓' if ok else '✗'} | {spread} |")
    lines += ["", "Within 20 % (or 2 frames when few). Ranking by dropped frames within each trace:", ""]
    ranked_same = 0
    groups = {}
    for row in rows:
        groups.setdefault(row["profile"], []).append(row)
    for profile, group in groups.items():
        predicted, measured, verdict = ranking(
            {r["config"]: (r["predicted"], r["measured"]) for r in group}, frames_ok)
        ranked_same += verdict != "differs"
        lines.append(f"- {profile}: predicted {' < '.join(predicted)}; measured {' < '.join(measured)}: **{verdict}**")
        failures += verdict == "differs"
    within = sum(frames_ok(r["predicted"], r["measured"]) for r in rows)
    needed = math.ceil(FRAMES_WITHIN * len(rows))
    failures += within < needed
    lines += ["", f"{within} of {len(rows)} frame configurations within the tolerance (the check asks for {needed}: "
              f"three quarters); {ranked_same} of {len(groups)} traces ranked the same (it asks for all).", ""]
    return lines, failures


def feeds_report(rows, configs, fling_rows, browser="Chromium"):
    value = {(r["config"], r["metric"]): (r["predicted"], r["measured"]) for r in rows}
    lines = [
        f"# scrollsim against {browser}",
        "",
        "Written by `Validation/run.sh` (Validation/README.md): each configuration is predicted by",
        f"`scrollsim run` and measured in {browser} on the same trace, with a loopback server",
        "that gives every request the latency and size scrollsim drew for it (`scrollsim draws`).",
        "Blank cell·s must agree within 15 % (or 1 cell·s), requests within 5 %; a touch fling's rest",
        "within 3 %.",
        "",
    ]
    failures = 0
    if fling_rows:
        lines += [
            "## Touch flings against the `chromium` preset",
            "",
            "Touches sent through the DevTools protocol at their times, each stamped with its time, so",
            "that Chromium's own gesture detector, velocity tracker, resampling and fling move a",
            "1 000 000 px page; predicted by `scrollsim trace offsets --physics chromium` on the same touches.",
            "",
            "| gesture | rest px predicted | measured | error | ok |",
            "|---|---:|---:|---:|:-:|",
        ]
        for row in fling_rows:
            p, m = row["predicted"], row["measured"]
            ok = rest_ok(p, m)
            failures += not ok
            error = f"{(p - m) / m * 100:+.2f} %" if m else "–"
            lines.append(f"| {row['config']} | {p:.1f} | {m:.0f} | {error} | {'✓' if ok else '✗'} |")
        lines += [""]
    lines += [
        "## Feeds",
        "",
        "Offsets replays scroll the page to the trace's offsets in `requestAnimationFrame`; touch replays",
        "(Chromium only) send the trace's touches as above, and the rest is the browser's (rest px: where",
        "the list was at the end, informative).",
        "",
        "| config | replay | strategy | blank cell·s predicted | measured | error | content req | page req | stall s | rest px | ok |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|",
    ]
    for config in configs:
        name, replay = config.name, config.replay
        strategy = next(r["strategy"] for r in rows if r["config"] == name)
        bp, bm = value[(name, "blankCellSeconds")]
        cp, cm = value[(name, "contentRequests")]
        pp, pm = value[(name, "pageRequests")]
        sp, sm = value[(name, "stallSeconds")]
        ok = blank_ok(bp, bm) and count_ok(cp, cm) and count_ok(pp, pm)
        failures += not ok
        error = f"{(bp - bm) / bm * 100:+.1f} %" if bm > 0 else "–"
        rp, rm = value[(name, "restingOffset")]
        lines.append(f"| {name} | {replay} | {strategy} | {bp:.2f} | {bm:.2f} | {error} | {cp:.0f} / {cm:.0f} | "
                     f"{pp:.0f} / {pm:.0f} | {sp:.2f} / {sm:.2f} | {rp:.0f} / {rm:.0f} | {'✓' if ok else '✗'} |")
    lines += ["", "Pairs: predicted / measured.", "", "## Ranking within each trace, replay and latency", ""]
    groups = {}
    for config in configs:
        groups.setdefault((config.profile, config.replay, config.latency), []).append(config.name)
    same_groups = 0
    for (profile, replay, latency), names in groups.items():
        if len(names) < 2:
            continue
        predicted, measured, verdict = ranking({n: value[(n, "blankCellSeconds")] for n in names}, blank_ok)
        same_groups += verdict != "differs"
        lines.append(f"- {profile}, {replay}, {latency} s: predicted {' < '.join(predicted)}; measured "
                     f"{' < '.join(measured)}: **{verdict}**")
    checked = len(configs) + len(fling_rows)
    lines += ["", f"{checked - failures} of {checked} configurations and flings within the tolerances; "
              f"{same_groups} of {sum(len(n) > 1 for n in groups.values())} groups ranked the same.", ""]
    lines += ["## Reading", ""]
    names_of = [config.name for config in configs]
    errors = [(abs(value[(n, "blankCellSeconds")][0] - value[(n, "blankCellSeconds")][1]), n) for n in names_of]
    worst = max(errors)[1] if errors else None
    off = [n for n in names_of if not blank_ok(*value[(n, "blankCellSeconds")])]
    counts = [n for n in names_of
              if not (count_ok(*value[(n, "contentRequests")]) and count_ok(*value[(n, "pageRequests")]))]
    lines.append(f"Blank cell·s agree within the tolerance in {len(configs) - len(off)} of {len(configs)} "
                 f"configurations; the largest difference is {worst}'s.")
    if off:
        lines.append(f"Outside it: {', '.join(off)}.")
    if counts:
        lines.append(f"Request counts differ by more than 5 % in: {', '.join(counts)}.")
    lines += ["Where a prediction is off, `docs/model.md` (\"Checked against a browser, and the limits "
              "found\") says what is known of why.", ""]
    return "\n".join(lines)


def traces_report(rows, args, version):
    """Given trace files (`--traces`): each one's figures, predicted / measured."""
    lines = [f"# scrollsim against Chromium {version} on given traces", "",
             f"Images by an IntersectionObserver with rootMargin {args.images_margin} px, the next page by a "
             f"sentinel with {args.sentinel_margin} px; server times lognormal, median {args.latency} s; "
             "each figure predicted / measured.", "",
             "| trace | waitSeconds | stall s | blank cell·s | images | pages |", "|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        cells = [f"{row[m][0]:.2f} / {row[m][1]:.2f}" for m in ["waitSeconds", "stallSeconds", "blankCellSeconds"]]
        cells += [f"{row[m][0]:.0f} / {row[m][1]:.0f}" for m in ["contentRequests", "pageRequests"]]
        lines.append(f"| {row['trace']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def tune_report(answer, rows, verdict, version):
    """`--tune`: the answer, each held-out session's wait under both settings, and the check:
    the measured change inside tune's interval and within 20 % of the predicted one."""
    current, tuned = (answer[k] for k in ("current", "answer"))
    lines = [f"# tune's answer for the web in Chromium {version}", "",
             f"`{answer['command']}` on {answer['search']['sessions']} feed sessions (`scrollsim generate --profile "
             f"feed --population {answer['search']['sessions']} --seed {SEED} --physics chromium --refresh-rate "
             f"{REFRESH}`, each turned into its offsets under the `chromium` preset), "
             f"{answer['search']['heldOutSessions']} held out. Current: images "
             f"{current['intersection-observer.rootMargin']} px, sentinel {current['sentinel.rootMargin']} px; "
             f"answer: images {tuned['intersection-observer.rootMargin']} px, sentinel "
             f"{tuned['sentinel.rootMargin']} px.", "",
             "| held-out session | setting | wait s predicted | wait s measured | stall s predicted | stall s measured |",
             "|---|---|---:|---:|---:|---:|"]
    for row in rows:
        lines.append(f"| {row['session']} | {row['setting']} | {row['predicted']:.2f} | {row['measured']:.2f} | "
                     f"{row['predictedStall']:.2f} | {row['measuredStall']:.2f} |")
    holds = verdict["inside"] and verdict["close"]
    lines += ["", f"Change in the mean wait per held-out session: predicted {verdict['predicted'] * 100:+.1f} %, "
              f"measured {verdict['measured'] * 100:+.1f} %; tune printed {verdict['tuned'] * 100:+.1f} % "
              f"[{verdict['lower'] * 100:+.1f} %, {verdict['upper'] * 100:+.1f} %].",
              f"Measured inside tune's interval: {'yes' if verdict['inside'] else 'no'}; within 20 % of the "
              f"predicted change: {'yes' if verdict['close'] else 'no'}. The check "
              f"{'holds' if holds else 'does not hold'}."]
    return "\n".join(lines) + "\n", holds
