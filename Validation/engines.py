"""The three browser engines, driven the same small way: open a page at a viewport size, run a
script, close. Chromium through Playwright (CDP), Firefox through Marionette (Mozilla's
`marionette-driver`), WebKitGTK through W3C WebDriver (`WebKitWebDriver`, with Selenium) under
Xvfb. All headless or on a virtual display; every server and browser binds to loopback.
(../shared/reference/browsers.md has the commands this follows.)"""

import os
import shutil
import socket
import subprocess
import tempfile
import time

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")


async def memory_infra_dump(context, page):
    """The trace events of one detailed memory-infra dump of `page` (`Tracing.requestMemoryDump`
    over the DevTools protocol, category `disabled-by-default-memory-infra`): each process's
    allocator dumps are in the "v" events' `args.dumps.allocators`, sizes in hex."""
    import asyncio
    cdp = await context.new_cdp_session(page)
    events, done = [], asyncio.Event()
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.set())
    await cdp.send("Tracing.start", {"traceConfig": {
        "includedCategories": ["disabled-by-default-memory-infra"], "memoryDumpConfig": {"triggers": []}},
        "transferMode": "ReportEvents"})
    await cdp.send("Tracing.requestMemoryDump", {"deterministic": True, "levelOfDetail": "detailed"})
    await cdp.send("Tracing.end")
    await asyncio.wait_for(done.wait(), 60)
    return events


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Engine:
    """One browser, the one interface `validate.py` and `edges.py` drive all three with:
    `open(url, width, height)` shows a page with that viewport (CSS px); `run(script, arg)`
    runs `script` as a function body with `arg` as `arguments[0]` and returns its value (a
    promise's, awaited); `wait(expression, timeout)` polls until it is true; `close_page()`;
    `close()`; `version`. Chromium can also take touches (`Chromium.play_touches`)."""

    name = "?"

    def wait(self, expression, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.run(f"return !!({expression});"):
                return
            time.sleep(0.25)
        raise TimeoutError(f"{self.name}: {expression} still false after {timeout} s")

    def open(self, url, width, height):
        """Navigates, sizes the window to the viewport asked for, and loads the page afresh at
        that size (Firefox and WebKit: `navigate` and `resize_by`)."""
        self.navigate(url)
        self.fit_viewport(width, height, self.resize_by)
        self.navigate(url)

    def fit_viewport(self, width, height, resize):
        """Resizes the window until the page's inner height is the asked one (the browser's own
        chrome takes some of the window). The width is asked for too, but a window may not go
        that narrow (headless Firefox stops at 500 px); rows span the width, so a vertical list
        does not depend on it."""
        for _ in range(3):
            inner = self.run("return [innerWidth, innerHeight];")
            if inner[1] == height and inner[0] >= width:
                return
            resize(width - inner[0], height - inner[1])
        if inner[1] != height:
            raise RuntimeError(f"{self.name}: viewport {inner[0]}x{inner[1]}, not {width}x{height}")


class Chromium(Engine):
    """Chromium (Debian's, through `executable_path`) driven by Playwright. Playwright's async API
    runs in a loop of this driver's own, so that Chromium answers to the same calls as the other
    engines and can also be sent touches (`play_touches`) without waiting for each to be handled.
    Started with the connection type Chromium's loading="lazy" margin depends on, and with
    timers and renderers kept running in the background."""
    name = "chromium"

    def __init__(self):
        import asyncio
        from playwright.async_api import async_playwright
        self.loop = asyncio.new_event_loop()
        self.playwright = self.loop.run_until_complete(async_playwright().start())
        self.browser = self.loop.run_until_complete(self.playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--force-effective-connection-type=4G",
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding"]))
        self.context = self.page = None
        self.version = self.browser.version

    def _await(self, coroutine):
        return self.loop.run_until_complete(coroutine)

    def open(self, url, width, height, touch=False, html=None):
        """A fresh page at that viewport (`touch`: one that takes touches), showing `url` or the
        markup `html`."""
        self.context = self._await(self.browser.new_context(
            viewport={"width": int(width), "height": int(height)}, has_touch=touch, device_scale_factor=1))
        self.page = self._await(self.context.new_page())
        self._await(self.page.set_content(html) if html is not None else self.page.goto(url))

    def run(self, script, arg=None):
        return self._await(self.page.evaluate("([script, arg]) => (new Function(script))(arg)", [script, arg]))

    def play_touches(self, touches, viewport):
        """Sends (t, y, phase) touches through the DevTools protocol at their times from now, each
        stamped with its time, without waiting for one to be handled before the next goes (so
        Chromium's gesture detector, velocity tracker and fling see the trace's own timing), down
        the middle of the viewport."""
        import asyncio

        async def play():
            cdp = await self.context.new_cdp_session(self.page)
            base = time.time()
            sent = []
            x = viewport["width"] / 2
            kinds = {"began": "touchStart", "moved": "touchMove", "ended": "touchEnd"}
            for t, y, phase in touches:
                delay = base + t - time.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                points = [] if phase == "ended" else [{"x": x, "y": y}]
                sent.append(asyncio.ensure_future(cdp.send(
                    "Input.dispatchTouchEvent", {"type": kinds[phase], "touchPoints": points, "timestamp": base + t})))
            await asyncio.gather(*sent)

        self._await(play())

    def decoded_image_bytes(self):
        """The compositor's decoded images in the page's renderer, from one memory-infra dump
        (`memory_infra_dump`): the size of `cc/image_memory` (`cc/tiles/
        software_image_decode_cache.cc`: every decode it keeps, locked or not), summed over the
        processes that report one."""
        total = 0
        for event in self._await(memory_infra_dump(self.context, self.page)):
            if event.get("ph") != "v":
                continue
            size = event["args"]["dumps"].get("allocators", {}).get("cc/image_memory", {}).get("attrs", {}).get("size")
            if size:
                total += int(size["value"], 16)
        return total

    def close_page(self):
        self._await(self.context.close())

    def close(self):
        self._await(self.browser.close())
        self._await(self.playwright.stop())
        self.loop.close()


class Firefox(Engine):
    """Firefox ESR, headless, through Marionette on a free loopback port, with a fresh profile
    (removed on close)."""
    name = "firefox"

    def __init__(self):
        from marionette_driver.marionette import Marionette
        self.profile = tempfile.mkdtemp(prefix="scrollsim-firefox-")
        port = free_port()
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            f.write(f'user_pref("marionette.port", {port});\n')
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", self.profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.client = Marionette(host="127.0.0.1", port=port)
        self.client.DEFAULT_STARTUP_TIMEOUT = 60
        self.client.start_session()
        self.version = self.client.session_capabilities.get("browserVersion", "?")

    def navigate(self, url):
        self.client.navigate(url)

    def resize_by(self, dw, dh):
        rect = self.client.window_rect
        self.client.set_window_rect(width=rect["width"] + dw, height=rect["height"] + dh)

    def run(self, script, arg=None):
        return self.client.execute_script(script, script_args=[arg], sandbox=None)

    def close_page(self):
        self.client.navigate("about:blank")

    def close(self):
        try:
            self.client.delete_session()
        finally:
            self.process.terminate()
            self.process.wait(10)
            shutil.rmtree(self.profile, True)


class WebKit(Engine):
    """WebKitGTK's MiniBrowser through WebKitWebDriver, on an Xvfb display of its own."""
    name = "webkit"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        self.display = f":{100 + os.getpid() % 400}"
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        os.environ["DISPLAY"] = self.display
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self.driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBKIT_DRIVER))
        self.driver.set_script_timeout(120)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def navigate(self, url):
        self.driver.get(url)

    def resize_by(self, dw, dh):
        size = self.driver.get_window_size()
        self.driver.set_window_size(size["width"] + dw, size["height"] + dh)

    def run(self, script, arg=None):
        return self.driver.execute_script(script, arg)

    def close_page(self):
        self.driver.get("about:blank")

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()


ENGINES = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}
