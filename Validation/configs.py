"""What the validation runs (Validation/README.md), as named records: the feed configurations,
the frame checks and the touch flings, the quick subsets, and the constants both sides share.
`validate.py` runs them; `predict.py` asks scrollsim, `measure.py` the browser."""

import os
from dataclasses import dataclass

ROW_HEIGHT = 200
PAGE_SIZE = 20
TOTAL_ITEMS = 600
SEED = int(os.environ.get("SEED", 7))  # another seed: SEED=N Validation/run.sh …
NETWORK = "4g"
METRICS = ["blankCellSeconds", "contentRequests", "pageRequests", "stallSeconds"]


@dataclass(frozen=True)
class Feed:
    """One feed configuration: a generated trace (`profile`, `seconds`) replayed as `offsets` or
    as touches (`touch`, Chromium only), images by `rule` ("io": an IntersectionObserver with
    `margin` px, the sentinel's too; "lazy": the engine's loading="lazy"), every request's server
    time lognormal with median `latency` s. Grouped by trace, replay and latency, so that each
    group ranks the rules."""
    name: str
    profile: str
    seconds: int
    replay: str
    rule: str
    margin: int
    latency: float


FEEDS = [
    Feed("reader-io0-lat0.1", "reader", 30, "offsets", "io", 0, 0.1),
    Feed("reader-lazy-lat0.1", "reader", 30, "offsets", "lazy", 0, 0.1),
    Feed("skimmer-io0-lat0.5", "skimmer", 30, "offsets", "io", 0, 0.5),
    Feed("skimmer-io1000-lat0.5", "skimmer", 30, "offsets", "io", 1000, 0.5),
    Feed("skimmer-lazy-lat0.5", "skimmer", 30, "offsets", "lazy", 0, 0.5),
    Feed("flinger-io0-lat1.5", "flinger", 30, "offsets", "io", 0, 1.5),
    Feed("flinger-io3000-lat1.5", "flinger", 30, "offsets", "io", 3000, 1.5),
    Feed("flinger-lazy-lat1.5", "flinger", 30, "offsets", "lazy", 0, 1.5),
    Feed("stress-io0-lat0.5", "fling-stress", 20, "offsets", "io", 0, 0.5),
    Feed("stress-io1000-lat0.5", "fling-stress", 20, "offsets", "io", 1000, 0.5),
    Feed("stress-lazy-lat0.5", "fling-stress", 20, "offsets", "lazy", 0, 0.5),
    Feed("stress-io0-lat1.5", "fling-stress", 20, "offsets", "io", 0, 1.5),
    Feed("stress-io3000-lat1.5", "fling-stress", 20, "offsets", "io", 3000, 1.5),
    Feed("stress-lazy-lat1.5", "fling-stress", 20, "offsets", "lazy", 0, 1.5),
    Feed("stress-io2000-lat0.8", "fling-stress", 20, "offsets", "io", 2000, 0.8),
    Feed("skimmer-touch-io0-lat0.5", "skimmer", 30, "touch", "io", 0, 0.5),
    Feed("skimmer-touch-lazy-lat0.5", "skimmer", 30, "touch", "lazy", 0, 0.5),
    Feed("flinger-touch-io0-lat1.5", "flinger", 30, "touch", "io", 0, 1.5),
    Feed("flinger-touch-io3000-lat1.5", "flinger", 30, "touch", "io", 3000, 1.5),
]
QUICK_FEEDS = ["skimmer-io0-lat0.5", "stress-lazy-lat0.5", "flinger-touch-io0-lat1.5"]
# Firefox and WebKit (`--engine`): offsets replays only (touches go through Chromium's DevTools
# protocol, which neither speaks); their own loading="lazy" and an app's observer.
ENGINE_FEEDS = ["reader-lazy-lat0.1", "skimmer-io0-lat0.5", "skimmer-lazy-lat0.5", "flinger-io3000-lat1.5",
                "flinger-lazy-lat1.5", "stress-io0-lat0.5", "stress-lazy-lat0.5", "stress-io2000-lat0.8"]
QUICK_ENGINE_FEEDS = ["stress-lazy-lat0.5"]


@dataclass(frozen=True)
class Memory:
    """One check of decoded image memory (Chromium, `--memory`): a feed configuration (`feed`,
    a `Feed` of FEEDS' kind) whose images are `width` px wide with the rows' shape (390 x 200
    CSS px, so `width` / 390 is the decode's scale: above 2 a mip is made too), the page at
    device pixel ratio 1. scrollsim's `decodedMemoryAtEnd` against Chromium's `cc/image_memory`
    once the page has rested (`measure.SETTLE_SECONDS`), within MEMORY_TOLERANCE."""
    name: str
    feed: Feed
    width: int


MEMORY = [
    Memory("memory-skimmer-lazy-540", Feed("memory-skimmer-lazy", "skimmer", 30, "offsets", "lazy", 0, 0.5), 540),
    Memory("memory-flinger-io0-1080", Feed("memory-flinger-io0", "flinger", 30, "offsets", "io", 0, 0.5), 1080),
    Memory("memory-flinger-io3000-1080",
           Feed("memory-flinger-io3000", "flinger", 30, "offsets", "io", 3000, 0.5), 1080),
    Memory("memory-stress-lazy-540", Feed("memory-stress-lazy", "fling-stress", 20, "offsets", "lazy", 0, 0.5), 540),
    Memory("memory-stress-io1000-1620",
           Feed("memory-stress-io1000", "fling-stress", 20, "offsets", "io", 1000, 0.5), 1620),
    Memory("memory-skimmer-io1000-810",
           Feed("memory-skimmer-io1000", "skimmer", 30, "offsets", "io", 1000, 0.5), 810),
    Memory("memory-reader-lazy-1200", Feed("memory-reader-lazy", "reader", 30, "offsets", "lazy", 0, 0.1), 1200),
    Memory("memory-skimmer-io1000-2000",
           Feed("memory-skimmer-io1000", "skimmer", 30, "offsets", "io", 1000, 0.5), 2000),
    Memory("memory-flinger-lazy-2400", Feed("memory-flinger-lazy", "flinger", 30, "offsets", "lazy", 0, 1.5), 2400),
]
QUICK_MEMORY = ["memory-flinger-io3000-1080"]
MEMORY_TOLERANCE = 0.25
# The check holds when at least this many configurations (all, in a smaller run) are within
# the tolerance: all nine, as issue 59 asks. The fling-stress sessions once missed: the model
# decoded two rows whose images arrived behind a fast fling, which Chromium's raster order
# never reaches (docs/memory.md, "Behind a fling").
MEMORY_WITHIN = 9
# Chromium's discardable memory on a desktop (`GetDefaultMaxBytes`: 512 MiB, at most a quarter
# of RAM), where the decodes it keeps live: the prediction's memory tier gets the same.
DESKTOP_DECODE_BUDGET = 512 * 1024 * 1024


@dataclass(frozen=True)
class Frames:
    """One frame check: offsets replays (the page scrolls in requestAnimationFrame, so the scroll
    waits for the main thread, as scrollsim's frames do) of a `trace` ("steady" scrolls 800 px/s;
    "glides" eases 1600 px every 2 s: offset = start + 1600 (1 - e^(-t/0.4 s))), `bind_ms` of
    script per row created (20 land at once), and images of IMAGE_SIDE px decoded on the main
    thread in the first frame that shows their row ("main"), off it before they go into the
    row ("offthread": HTMLImageElement.decode()), or 1 px images ("none": only the binds cost
    frames). Main-thread costs well above this machine's noise and away from the vsync edges."""
    name: str
    trace: str
    margin: int
    latency: float
    bind_ms: int
    decode: str


FRAMES = [
    Frames(f"frames-{trace}-bind{bind}-{decode}", trace, 1000, 0.5, bind, decode)
    for trace in ("steady", "glides") for bind, decode in ((0, "offthread"), (6, "none"), (0, "main"), (6, "main"))
]
QUICK_FRAMES = ["frames-steady-bind6-main"]  # binds and main-thread decodes, the steadiest (docs/main-thread.md)
FRAMES_WITHIN = 0.75  # the share of frame configurations that must be within the tolerance
FRAME_SECONDS = 20
REPEATS = int(os.environ.get("REPEATS", 3))
IMAGE_SIDE = int(os.environ.get("IMAGE_SIDE", 2400))
REFRESH = 60
# The page's own main-thread work per frame (rAF, style, layout, paint, commit) and an appended
# page's insertion: not measurable from script; assumptions, small beside the costs above.
FRAME_MS = 1.0
LAYOUT_PAGE_MS = 1.0


@dataclass(frozen=True)
class Fling:
    """A touch gesture for the `chromium` preset: (t, y, phase) samples, y the finger in a
    FLING_VIEWPORT."""
    name: str
    touches: list


FLING_VIEWPORT = {"width": 390, "height": 844}


def flick(v, start=0.1, moves=8, rate=60):
    """A flick at `v` px/s: eight moves from y = 700, lifted with the last."""
    return [(start, 700.0, "began")] + [(start + k / rate, 700.0 - v * k / rate, "moved") for k in range(1, moves + 1)] \
        + [(start + moves / rate, 700.0 - v * moves / rate, "ended")]


# Flicks at 60 Hz, an accelerating flick at 120 Hz, a drag held still before lifting (no
# fling), and three flicks a second apart (Chromium boosts the second and third).
FLINGS = [Fling(f"flick-{v}", flick(v)) for v in (500, 1000, 2000, 4000, 8000)] + [
    Fling("flick-accelerating-120hz", [(0.1, 760.0, "began")] + [(0.1 + k / 120, 760.0 - 2.5 * k * k, "moved")
                                                                for k in range(1, 13)] + [(0.2, 400.0, "ended")]),
    Fling("drag-held", flick(600)[:-1] + [(0.5, 620.0, "ended")]),
    Fling("three-flicks-boosted", flick(3000, 0.1, 8, 120) + flick(3000, 1.1, 8, 120) + flick(3000, 2.1, 8, 120)),
]
QUICK_FLINGS = ["flick-2000", "three-flicks-boosted"]


def chosen(records, quick_names, quick, only):
    """The records a run takes: all, the quick ones, or the one named."""
    return [r for r in records if (not quick or r.name in quick_names) and (not only or r.name == only)]
