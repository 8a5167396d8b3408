"""The browser's side of the validation: the feed page run in an engine (`engines.py`, the same
calls for all three) over the loopback server (`server.py`), a touch fling's rest in Chromium,
and a frame check's dropped frames. What the page measures is in `feed.html`."""

import itertools
import time

from configs import FLING_VIEWPORT, IMAGE_SIDE, PAGE_SIZE, REFRESH, ROW_HEIGHT, TOTAL_ITEMS

# How long a page rests after its run before a memory dump: the last arrivals are decoded and
# the compositor's raster has settled (dumps taken 0.5 s after a load varied).
SETTLE_SECONDS = 2

FLING_PAGE = "<html><body style='margin:0'><div style='height:1000000px'></div></body></html>"


def page_config(rule, margin, **extra):
    """What `startRun` in feed.html is told: the list, the image rule and its margins."""
    return dict({"rowHeight": ROW_HEIGHT, "pageSize": PAGE_SIZE, "initialItems": PAGE_SIZE,
                 "totalItems": TOTAL_ITEMS, "rule": rule, "rootMargin": margin,
                 "sentinelMargin": margin if rule == "io" else 0}, **extra)


RUNS = itertools.count(1)


def feed(engine, server, config, viewport, duration, offsets=None, touches=None, settled=None):
    """One run of the feed page with `config`: scrolled to `offsets` in requestAnimationFrame,
    or moved by `touches` sent to Chromium; the page's measurements and what the server saw in
    the first `duration` s (`settled`: a function of the engine whose value, read once the run
    is over and the page has rested for SETTLE_SECONDS, joins the result as "settled")."""
    pages, images = server.ports
    engine.open(f"http://127.0.0.1:{pages}/feed.html", viewport["width"], viewport["height"],
                **({"touch": True} if touches is not None else {}))
    server.reset_clock()
    # A new tag per run in every image URL: the engine's memory cache must not hold the last
    # run's images (WebKit loads a cached image at once, lazy or not: ImageLoader.cpp).
    engine.run("startRun(arguments[0]); return true;", dict(
        config, offsets=offsets, duration=duration, pageOrigin=f"http://127.0.0.1:{pages}",
        imageOrigin=f"http://127.0.0.1:{images}", run=next(RUNS)))
    if touches is not None:
        engine.play_touches(touches, viewport)
    engine.wait("window.done === true", duration + 60)
    result = engine.run("return window.result;")
    if settled is not None:
        time.sleep(SETTLE_SECONDS)
        result["settled"] = settled(engine)
    engine.close_page()
    return server_results(server, duration, result)


def server_results(server, duration, result):
    """Adds what the server saw in the run's first `duration` s to the page's result."""
    log = list(server.log)
    result["serverLog"] = log
    log = [e for e in log if e["arrival"] <= duration]
    result["contentRequests"] = sum(1 for e in log if e["kind"] == "content")
    result["pageRequests"] = sum(1 for e in log if e["kind"] == "page")
    result["cancelled"] = sum(1 for e in log if e.get("aborted") or "end" not in e)
    result["bytes"] = sum(e["bytes"] for e in log if "end" in e)
    return result


def fling_rest(chromium, touches):
    """Where Chromium rests a tall page after the touches: scrollY once it has not moved for
    0.5 s."""
    chromium.open(None, FLING_VIEWPORT["width"], FLING_VIEWPORT["height"], touch=True, html=FLING_PAGE)
    chromium.play_touches(touches, FLING_VIEWPORT)
    last, still = None, 0
    for _ in range(100):
        time.sleep(0.1)
        y = chromium.run("return scrollY;")
        still = still + 1 if y == last else 0
        last = y
        if still >= 5:
            break
    chromium.close_page()
    return last


def decode_times(engine, server, count=15):
    """Main-thread decode times (ms) of IMAGE_SIDE px images in this browser, on this machine."""
    pages, images = server.ports
    engine.open(f"http://127.0.0.1:{pages}/feed.html", 1280, 720)
    times = engine.run(f"return calibrateDecode(arguments[0], {count});",
                       f"http://127.0.0.1:{images}/cal?side={IMAGE_SIDE}")
    engine.close_page()
    return sorted(times)


def dropped_frames(result):
    """Vsyncs at which no frame began, over the frames in which the list moved: each gap
    between rAF timestamps (vsync times) beyond one interval, counted for the frame before it."""
    times, moved = result["frameTimes"], result["frameMoved"]
    interval = 1000 / REFRESH
    return sum(max(0, round((times[k + 1] - times[k]) / interval) - 1) for k in range(len(times) - 1) if moved[k])
