"""Given trace files replayed in the browser, and tune's answer for the web checked there
(Validation/README.md, "Your traces, and tune's answer, in Chromium").

`replay` predicts and measures one trace with an IntersectionObserver for the images and a
sentinel for the next page, each with its own rootMargin, and reports `waitSeconds` on both
sides as scrollsim defines it (docs/metrics.md): stall seconds plus, outside stalls, the blank
share of the viewport times each frame's time on screen (`feed.html` measures it the same way).
`tune_in_browser` asks `scrollsim tune --stack web` for the harness's scenario over a generated
population, then replays the held-out sessions with the current setting and with the answer."""

import json
import os
import statistics

import configs
import measure
import predict

STRATEGY = "sentinel+intersection-observer"


def margins_of(setting):
    """(images' rootMargin, sentinel's rootMargin) of a tune setting."""
    return int(float(setting["intersection-observer.rootMargin"])), int(float(setting["sentinel.rootMargin"]))


def common_arguments(latency, seed):
    return [*predict.scenario_settings(latency), "--network", configs.NETWORK, "--seed", str(seed)]


def replay(scrollsim, engine, server, trace, name, images, sentinel, latency, seed):
    """One trace predicted and measured at these margins: the prediction's and the page's
    figures, waitSeconds among them. A touch trace is replayed as the offsets its flings make
    under the `chromium` preset, as the feed configurations are."""
    if "touches" in json.load(open(trace)):
        offsets_trace = scrollsim.path(f"{name}-offsets.json")
        scrollsim("trace", "offsets", "--physics", "chromium", trace, "-o", offsets_trace)
        trace = offsets_trace
    common = common_arguments(latency, seed)
    params = ["--param", f"intersection-observer.rootMargin={images}", "--param", f"sentinel.rootMargin={sentinel}"]
    predicted = json.loads(scrollsim("run", "--strategy", STRATEGY, *params, *common, "--format", "json", trace))
    server.load(*scrollsim.draws(name, common))
    offsets, _, viewport = predict.trace_input(trace)
    page = measure.page_config("io", images, sentinelMargin=sentinel)
    measured = measure.feed(engine, server, page, viewport, predicted["sessionSeconds"], offsets=offsets)
    return predicted, measured


def trace_rows(scrollsim, engine, server, traces, images, sentinel, latency, seed):
    """Each given trace file replayed at the margins: a row per trace."""
    rows = []
    for path in traces:
        name = os.path.splitext(os.path.basename(path))[0]
        predicted, measured = replay(scrollsim, engine, server, path, name, images, sentinel, latency, seed)
        row = {"trace": name, "images": images, "sentinel": sentinel}
        for metric in ["waitSeconds", "stallSeconds", "blankCellSeconds", "contentRequests", "pageRequests"]:
            row[metric] = (predicted[metric], measured[metric])
        print(f"{name}: waitSeconds {predicted['waitSeconds']:.2f}/{measured['waitSeconds']:.2f}", flush=True)
        rows.append(row)
    return rows


def tune_in_browser(scrollsim, engine, server, sessions, latency, seed, out):
    """`tune --stack web` on `sessions` generated feed sessions (as offsets under `chromium`),
    then every held-out session replayed with the current setting and with the answer. Returns
    the tune document and a row per held-out session and setting."""
    population = scrollsim.path("population")
    scrollsim("generate", "--profile", "feed", "--population", str(sessions), "--seed", str(seed),
              "--physics", "chromium", "--refresh-rate", str(configs.REFRESH), "-o", population)
    offsets = scrollsim.path("sessions")
    os.makedirs(offsets, exist_ok=True)
    for name in sorted(os.listdir(population)):
        if name.endswith(".json"):
            scrollsim("trace", "offsets", "--physics", "chromium", os.path.join(population, name),
                      "-o", os.path.join(offsets, name))
    answer = json.loads(scrollsim("tune", "--stack", "web", *predict.scenario_settings(latency), "--networks",
                                  configs.NETWORK, "--seed", str(seed), "--format", "json", offsets))
    json.dump(answer, open(os.path.join(out, "tune.json"), "w"), indent=1)
    settings = {"current": margins_of(answer["current"]), "answer": margins_of(answer["answer"])}
    rows = []
    for name in answer["search"]["heldOutNames"]:
        for label, (images, sentinel) in settings.items():
            session = os.path.splitext(name)[0]
            predicted, measured = replay(scrollsim, engine, server, os.path.join(offsets, name),
                                         f"{session}-{label}", images, sentinel, latency, seed)
            rows.append({"session": session, "setting": label, "images": images, "sentinel": sentinel,
                         "predicted": predicted["waitSeconds"], "measured": measured["waitSeconds"],
                         "predictedStall": predicted["stallSeconds"], "measuredStall": measured["stallSeconds"]})
            print(f"{session} {label} ({images}/{sentinel} px): waitSeconds {predicted['waitSeconds']:.2f}/"
                  f"{measured['waitSeconds']:.2f}", flush=True)
    return answer, rows


def verdict(answer, rows):
    """The mean wait's change from the current setting to the answer, predicted and measured on
    the held-out sessions, and whether the measured one lies in tune's interval and within 20 %
    of the predicted one."""
    def mean(setting, side):
        return statistics.mean(r[side] for r in rows if r["setting"] == setting)
    predicted = (mean("answer", "predicted") - mean("current", "predicted")) / mean("current", "predicted")
    measured = (mean("answer", "measured") - mean("current", "measured")) / mean("current", "measured")
    gain = answer["gain"]
    inside = gain["relativeLower"] <= measured <= gain["relativeUpper"]
    close = abs(measured - predicted) <= 0.2 * abs(predicted)
    return {"predicted": predicted, "measured": measured, "lower": gain["relativeLower"],
            "upper": gain["relativeUpper"], "tuned": gain["relative"], "inside": inside, "close": close}
