#!/usr/bin/env python3
"""Opens `compare --html` pages (over traces, or a population's) in headless Chromium as a
reader would and checks that they answer first and work offline (issue 31):
- nothing but the page itself is requested, and its script raises no error;
- the verdict and the first wait chart are inside the first screen (1280 × 800);
- the replay has a screen per replayed strategy, and moving the scrubber redraws them (the
  canvases' pixels change between 0 s and the middle of the run);
- the long parts (other metrics, the table, the timelines) are folded.
With --png DIR it saves what it saw: the first screen and the replay at the middle of the run.

    Validation/.venv/bin/python Validation/html_report_check.py report.html [--png DIR]
"""
import argparse
import os
import sys

from playwright.sync_api import sync_playwright

FIRST_SCREEN = {"width": 1280, "height": 800}


def check(page, path, png):
    problems = []
    outside = []
    errors = []
    page.on("request", lambda request: outside.append(request.url)
            if not request.url.startswith(("file:", "data:", "about:")) else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("file://" + os.path.abspath(path))
    page.wait_for_load_state("load")
    if outside:
        problems.append(f"requested {len(outside)} outside address(es), e.g. {outside[0]}")
    if errors:
        problems.append(f"script error: {errors[0]}")
    verdict = page.query_selector("section.verdict")
    if verdict is None:
        problems.append("no verdict")
    else:
        box = verdict.bounding_box()
        if box["y"] + box["height"] > FIRST_SCREEN["height"]:
            problems.append(f"the verdict ends at {box['y'] + box['height']:.0f} px, below the first screen")
    chart = page.query_selector(".multiples svg")
    if chart is None or chart.bounding_box()["y"] > FIRST_SCREEN["height"] - 100:
        problems.append("the first wait chart does not start in the first screen")
    screens = page.query_selector_all("canvas.screen")
    if len(screens) < 2:
        problems.append(f"{len(screens)} replay screen(s), expected at least 2")
    else:
        grab = "Array.from(document.querySelectorAll('canvas.screen')).map(c => c.toDataURL()).join()"
        start = page.evaluate(grab)
        middle = page.evaluate("() => { const s = document.getElementById('scrub'); return +s.max / 2; }")
        page.evaluate(f"() => {{ const s = document.getElementById('scrub'); s.value = {middle};"
                      " s.dispatchEvent(new Event('input')); }")
        if page.evaluate(grab) == start:
            problems.append("the replay did not change when the scrubber moved")
        label = page.inner_text("#time")
        if not label.endswith(" s") or label == "0.00 s":
            problems.append(f"the time label reads {label!r}")
    folded = page.evaluate("Array.from(document.querySelectorAll('details')).filter(d => d.open).length")
    if folded:
        problems.append(f"{folded} section(s) open that should be folded")
    if png:
        name = os.path.basename(path)
        page.evaluate("() => { const s = document.getElementById('scrub'); if (s) { s.value = 0;"
                      " s.dispatchEvent(new Event('input')); } window.scrollTo(0, 0); }")
        page.screenshot(path=os.path.join(png, name + ".top.png"))
        replay = page.query_selector(".replay")
        if replay:
            page.evaluate("() => { const s = document.getElementById('scrub'); s.value = +s.max / 2;"
                          " s.dispatchEvent(new Event('input')); }")
            replay.scroll_into_view_if_needed()
            replay.screenshot(path=os.path.join(png, name + ".replay.png"))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--png")
    arguments = parser.parse_args()
    failed = False
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
        for path in arguments.pages:
            page = browser.new_page(viewport=FIRST_SCREEN)
            problems = check(page, path, arguments.png)
            page.close()
            if problems:
                failed = True
                print(f"FAIL {path}: " + "; ".join(problems))
            else:
                print(f"ok {path}: verdict and first chart in the first screen, replay redraws, long parts folded")
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
