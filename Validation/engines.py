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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Engine:
    """One browser: `open(url, width, height)` shows a page with that viewport (CSS px);
    `run(script, arg)` runs `script` as a function body with `arg` as `arguments[0]` and returns
    its value; `wait(expression, timeout)` polls until it is true; `close()`."""

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
    name = "chromium"

    def __init__(self):
        from playwright.sync_api import sync_playwright
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--force-effective-connection-type=4G"])
        self.page = None
        self.version = self.browser.version

    def open(self, url, width, height):
        self.context = self.browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.page.goto(url)

    def run(self, script, arg=None):
        return self.page.evaluate("([script, arg]) => (new Function(script))(arg)", [script, arg])

    def close_page(self):
        self.context.close()

    def close(self):
        self.browser.close()
        self.playwright.stop()


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
