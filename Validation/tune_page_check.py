#!/usr/bin/env python3
"""Opens `tune --html` pages in headless Chromium and checks that they read as pages (issue 62):
- every report table is an HTML <table>: no text outside code looks like a Markdown table row;
- no <pre> holds anything but code (its one child is a <code>);
- every label of every chart lies inside its chart (each SVG <text>'s box inside its <svg>'s);
- it loads nothing but itself.

    Validation/.venv/bin/python Validation/tune_page_check.py tune.html [more.html …]
"""
import os
import re
import sys

from playwright.sync_api import sync_playwright

CHECKS = r"""() => {
  const problems = [];
  for (const pre of document.querySelectorAll('pre')) {
    const children = Array.from(pre.childNodes).filter(n => n.nodeType === 1 || n.textContent.trim());
    if (children.length !== 1 || children[0].nodeName !== 'CODE') problems.push('a <pre> holds something other than code');
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('pre, code, svg')) continue;
    for (const line of node.textContent.split('\n')) {
      if (/^\s*\|.*\|\s*$/.test(line)) { problems.push('a Markdown table row outside a table: ' + line.trim().slice(0, 60)); break; }
    }
  }
  const tables = document.querySelectorAll('table').length;
  if (tables < 3) problems.push(`${tables} HTML tables, expected the report's (at least 3)`);
  for (const svg of document.querySelectorAll('svg')) {
    const frame = svg.getBoundingClientRect();
    for (const text of svg.querySelectorAll('text')) {
      const box = text.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5) {
        problems.push(`the label "${text.textContent}" passes its chart's edge`);
      }
    }
  }
  return problems;
}"""


def main():
    failures = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True,
            args=["--no-sandbox", "--disable-gpu"])
        for path in sys.argv[1:]:
            page = browser.new_page(viewport={"width": 1100, "height": 800})
            url = "file://" + os.path.abspath(path)
            fetched = []
            page.on("request", lambda request: request.url != url and fetched.append(request.url))
            page.goto(url)
            problems = page.evaluate(CHECKS)
            if fetched:
                problems.append(f"requested {len(fetched)} other address(es), e.g. {fetched[0]}")
            for problem in problems:
                print(f"{path}: {problem}")
            failures += bool(problems)
            if not problems:
                print(f"{path}: a page — tables as tables, code alone in <pre>, every label inside its chart")
        browser.close()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
