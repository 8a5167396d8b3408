"""scrollsim's side of the validation: the traces, the scenario, the predictions and the
draws the server replays. The scenario is the built-in one changed by `--set` (as a user
would), never a scenario file written here: `scenario_settings` is the one place it is said."""

import json
import math
import os
import subprocess
import sys

from configs import (FRAME_MS, FRAME_SECONDS, LAYOUT_PAGE_MS, NETWORK, PAGE_SIZE, REFRESH, ROW_HEIGHT, SEED,
                     TOTAL_ITEMS, FLING_VIEWPORT)


def render_time(decode):
    """A decode's cost as a distribution: a number of seconds is a fixed one."""
    return decode if isinstance(decode, dict) else {"kind": "fixed", "value": decode}


def scenario_settings(latency_median, **main_thread):
    """The validation feed as `--set` flags: 200 pt rows in one column, pages of 20 up to 600,
    page and image server times lognormal with `latency_median` (p95 twice it), 6 connections
    per host, decoding free, 60 Hz, the replay going on while the list is pinned at its end;
    `main_thread` (frame checks) sets `mainThread` fields and the decode's cost."""
    latency = json.dumps({"kind": "lognormal", "median": latency_median, "p95": latency_median * 2})
    settings = {
        "list.itemHeight": json.dumps({"kind": "fixed", "value": ROW_HEIGHT}), "list.columns": "1",
        "feed.kind": "append", "feed.pageSize": str(PAGE_SIZE), "feed.initialItems": str(PAGE_SIZE),
        "feed.totalItems": str(TOTAL_ITEMS),
        "network.page.latency": latency, "network.page.maxInFlight": "6",
        "network.content.latency": latency, "network.content.maxInFlight": "6",
        "cell.renderTime": json.dumps(render_time(main_thread.pop("decode_s", 0))),
        "display.refreshRate": "60", "stall.policy": "continue", "stall.giveUpAfter": "30",
    }
    for key, value in main_thread.items():
        settings[f"mainThread.{key}"] = value if isinstance(value, str) else json.dumps(value)
    return [argument for key, value in settings.items() for argument in ("--set", f"{key}={value}")]


class Scrollsim:
    """The scrollsim binary, with a folder for its intermediate files."""

    def __init__(self, binary, work):
        self.binary = binary
        self.work = work

    def __call__(self, *args):
        result = subprocess.run([self.binary, *args], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"scrollsim {' '.join(args)} failed: {result.stderr}")
        return result.stdout

    def path(self, name):
        return os.path.join(self.work, name)

    def draws(self, name, common):
        """The server's arguments for one configuration: the latencies and sizes scrollsim draws
        for its requests under the same scenario and seed, the page size, and the link's
        bandwidth."""
        draws = self.path(f"{name}-draws.csv")
        self("draws", *common, "--pages", str(TOTAL_ITEMS // PAGE_SIZE + 1), "--items", str(TOTAL_ITEMS), "-o", draws)
        link = json.loads(self("scenario", *common))["network"]["link"]
        return draws, PAGE_SIZE, link["downlinkMbps"]

    def feed(self, config, strategy, params, settings=(), density=None):
        """One feed configuration's prediction, its timeline and the trace it replays (the
        generated touches, or the offsets their flings produce); `settings` adds `--set` flags,
        `density` replaces the trace's device density (a page at that device pixel ratio)."""
        touches = self.path(f"{config.name}-touches.json")
        self("generate", "--profile", config.profile, "--duration", str(config.seconds), "--seed", str(SEED),
             "--refresh-rate", "60", "-o", touches)
        trace = touches
        if config.replay != "touch":
            trace = self.path(f"{config.name}.json")
            self("trace", "offsets", "--physics", "chromium", touches, "-o", trace)
        if density is not None:
            with open(trace) as f:
                document = json.load(f)
            document["device"]["density"] = density
            with open(trace, "w") as f:
                json.dump(document, f)
        common = [*scenario_settings(config.latency), *settings, "--network", NETWORK, "--seed", str(SEED)]
        events = self.path(f"{config.name}-events.jsonl")
        predicted = json.loads(self("run", "--strategy", strategy, *params, *common, "--physics", "chromium",
                                    "--format", "json", "--events", events, trace))
        # Requests sent (the server sees those; a request still queued at the end is not).
        sends = [json.loads(line) for line in open(events) if '"event":"send"' in line]
        predicted["contentRequests"] = sum(1 for e in sends if "item" in e)
        predicted["pageRequests"] = sum(1 for e in sends if "page" in e)
        predicted["restingOffset"] = resting_offset(events)
        return predicted, trace, common

    def frames(self, config, trace, strategy, params, decode_ms):
        """One frame check's run with these costs (ms), and its common arguments. `decode_ms` is
        one cost, or the costs a run timed: then each decode draws one of them (an empirical
        distribution), as the page's decodes spread over a vsync's edge that one median would
        fall on one side of."""
        if isinstance(decode_ms, list):
            decode = {"kind": "empirical", "samples": [ms / 1000 for ms in decode_ms]}
        else:
            decode = decode_ms / 1000
        settings = scenario_settings(
            config.latency, decode_s=decode if config.decode != "none" else 0,
            frameTime=FRAME_MS / 1000, inputTime=0, bindTime={"kind": "fixed", "value": config.bind_ms / 1000},
            layoutPageTime=LAYOUT_PAGE_MS / 1000, layoutRowTime=0, bind="synchronous",
            decode="main" if config.decode == "main" else "background")
        common = [*settings, "--network", NETWORK, "--seed", str(SEED)]
        return json.loads(self("run", "--strategy", strategy, *params, *common, "--format", "json", trace)), common

    def fling(self, fling):
        """Where the `chromium` preset rests a page after the fling's touches."""
        trace = self.path(f"{fling.name}.json")
        json.dump({"format": "scrollsim-trace", "version": 1,
                   "device": {"viewport": FLING_VIEWPORT, "refreshRate": 60, "physics": "chromium", "density": 1},
                   "touches": [{"t": t, "y": y, "phase": phase} for t, y, phase in fling.touches]}, open(trace, "w"))
        offsets = self.path(f"{fling.name}-offsets.json")
        self("trace", "offsets", "--physics", "chromium", trace, "-o", offsets)
        return json.load(open(offsets))["offsets"][-1]["offset"]


def strategy_of(rule, margin, engine="chromium"):
    """scrollsim's strategy for a page's image rule in an engine, and its parameters."""
    if rule == "lazy":
        # The engine's own loading="lazy" (Chromium is started with the same connection type).
        return {"chromium": ("sentinel+chromium-lazy", ["--param", "connection=4g"]),
                "firefox": ("sentinel+firefox-lazy", []),
                "webkit": ("sentinel+webkit-lazy", [])}[engine]
    # An app's own observer: the engine decides the order its image requests wait in.
    return "sentinel+intersection-observer", ["--param", f"rootMargin={margin}", "--param", f"engine={engine}"]


def resting_offset(events):
    """The offset of the last line of scrollsim's timeline."""
    last = None
    for line in open(events):
        last = line
    return json.loads(last)["offset"] if last else 0.0


def frame_trace(kind, path):
    """Writes the offsets of a frame check's trace at 60 Hz."""
    offsets = []
    for k in range(FRAME_SECONDS * REFRESH + 1):
        t = (k + 0.5) / REFRESH  # mid-interval: one sample for each frame, whatever the rounding
        if kind == "steady":
            offset = 800 * max(0.0, t - 0.5)
        else:
            glide, into = divmod(t, 2.0)
            offset = 1600 * glide + 1600 * (1 - math.exp(-into / 0.4))
        offsets.append({"t": round(t, 6), "offset": round(offset, 2)})
    json.dump({"format": "scrollsim-trace", "version": 1,
               "device": {"viewport": {"width": 390, "height": 844}, "refreshRate": REFRESH, "physics": "chromium",
                          "density": 1},
               "offsets": offsets}, open(path, "w"))


def trace_input(path):
    """A trace's offsets ([t, offset]) or touches ((t, y, phase)), and its viewport."""
    trace = json.load(open(path))
    if "offsets" in trace:
        return [[s["t"], s["offset"]] for s in trace["offsets"]], None, trace["device"]["viewport"]
    return None, [(s["t"], s["y"], s["phase"]) for s in trace["touches"]], trace["device"]["viewport"]
