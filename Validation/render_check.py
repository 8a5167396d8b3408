#!/usr/bin/env python3
"""Renders scrollsim's pictures (SVG, HTML) in headless Chromium and checks each is a picture:
it loads nothing but itself (any other request is counted and fails the check), is
not blank (at least 0.5% of its pixels are not white, in more than 3 colours), and is at least
400 px wide.

    Validation/.venv/bin/python Validation/render_check.py timeline.svg report.html [--png DIR]
"""
import argparse
import os
import struct
import sys
import zlib

from playwright.sync_api import sync_playwright


def pixels(png):
    """Decodes an 8-bit RGB(A) PNG (what Chromium's screenshots are) into rows of pixels."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, chunks, width, height, channels = 8, b"", 0, 0, 0
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        data = png[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", data[:10])
            assert depth == 8 and color in (2, 6), f"unexpected PNG depth {depth} colour {color}"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            chunks += data
        offset += 12 + length
    raw = zlib.decompress(chunks)
    stride = width * channels
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[position], bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    return width, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--png", help="also save each screenshot into this folder")
    args = parser.parse_args()
    failures = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True,
            args=["--no-sandbox", "--disable-gpu"])
        for path in args.files:
            page = browser.new_page(viewport={"width": 1100, "height": 800})
            url = "file://" + os.path.abspath(path)
            fetched = []
            page.on("request", lambda request: request.url != url and fetched.append(request.url))
            if path.endswith(".svg"):
                # An SVG document as the page hangs Chromium's screenshot; inline, it renders as
                # the same picture.
                page.set_content("<!doctype html><body style='margin:0'>" + open(path, encoding="utf-8").read())
            else:
                page.goto(url)
            png = page.screenshot(full_page=True)
            if args.png:
                open(os.path.join(args.png, os.path.basename(path) + ".png"), "wb").write(png)
            width, rows = pixels(png)
            colours = {}
            for row in rows:
                for pixel in row:
                    colours[pixel] = colours.get(pixel, 0) + 1
            total = sum(colours.values())
            inked = total - colours.get((255, 255, 255), 0)
            ok = width >= 400 and inked >= 0.005 * total and len(colours) > 3 and not fetched
            failures += not ok
            print(f"{'ok' if ok else 'FAIL'} {path}: {width}×{len(rows)} px, {inked / total:.1%} inked, "
                  f"{len(colours)} colours, {len(fetched)} outside requests")
            page.close()
        browser.close()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
