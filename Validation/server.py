"""A loopback HTTP/1.1 server that answers each request with the latency and size scrollsim
drew for the same request under the same seed (`scrollsim draws`), through one downlink whose
bandwidth the transfers in progress share equally, as scrollsim's link does (docs/network.md).

Two ports, like two hosts (the browser's six-connections-per-host limit applies to each):
pages (`/page/N`, JSON, and the feed page itself) and images (`/img/N`, PNG; `?side=S` makes
it S x S pixels, `?side=W&h=H` W x H, `&vary=1` each image 16 px wider than the one before;
`/cal?side=S` answers one at once, unlogged, for a calibration). Each request
waits its drawn latency from arrival to the first byte, then its body goes through the shared
link. Every request is logged: kind, index, attempt, arrival, first byte, end, bytes sent, and
whether the client went away before the end (a cancelled request).
"""

import asyncio
import csv
import json
import os
import struct
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png_of_size(size, side=1, height=None):
    """A valid `side` x `height` PNG (square without `height`; one colour, so that a large one
    compresses to a few KB and costs its decoder the pixels, not the bytes) padded to `size`
    bytes with a tEXt chunk (decoders skip it)."""
    height = height or side
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, height, 8, 2, 0, 0, 0))
    body = chunk(b"IDAT", big_idat(side, height))
    end = chunk(b"IEND", b"")
    pad = max(0, int(size) - len(head) - len(body) - len(end) - 12 - 4)
    return head + chunk(b"tEXt", b"pad\x00" + b" " * pad) + body + end


_IDAT = {}


def big_idat(side, height):
    if (side, height) not in _IDAT:
        _IDAT[side, height] = zlib.compress((b"\x00" + b"\x80\x60\x40" * side) * height, 9)
    return _IDAT[side, height]


def page_of_size(page, page_size, size):
    rows = [{"id": page * page_size + k} for k in range(page_size)]
    text = json.dumps({"page": page, "rows": rows})
    return (text + " " * max(0, int(size) - len(text))).encode()


class Link:
    """Processor sharing: every `tick` seconds the bytes the link carries in that time are split
    equally among the transfers in progress (a transfer that needs less leaves the rest)."""

    def __init__(self, bytes_per_second, tick=0.002):
        self.rate = bytes_per_second
        self.tick = tick
        self.transfers = []  # [remaining bytes, writer, future]

    async def send(self, writer, data):
        if not self.rate:
            writer.write(data)
            await writer.drain()
            return
        done = asyncio.get_running_loop().create_future()
        self.transfers.append([data, 0, writer, done])
        await done

    async def run(self):
        last = time.monotonic()
        while True:
            await asyncio.sleep(self.tick)
            now = time.monotonic()
            budget = (self.rate or 0) * (now - last)
            last = now
            while budget > 0.5 and self.transfers:
                share = budget / len(self.transfers)
                for transfer in list(self.transfers):
                    data, sent, writer, done = transfer
                    n = min(len(data) - sent, max(1, int(share)))
                    try:
                        writer.write(data[sent:sent + n])
                    except Exception:
                        n = len(data) - sent
                    transfer[1] = sent + n
                    budget -= n
                    if transfer[1] >= len(data) or writer.is_closing():
                        self.transfers.remove(transfer)
                        if not done.done():
                            done.set_result(None)


class Server:
    def __init__(self):
        self.draws = {}
        self.page_size = 20
        self.link = Link(None)
        self.attempts = {}
        self.log = []
        self.t0 = time.monotonic()
        self.loop = None
        self.ports = None

    def load(self, draws_csv, page_size, link_mbps):
        """The next run's draws, page size and downlink; clears the log and the clock."""
        def update():
            self.draws = {}
            with open(draws_csv) as f:
                for row in csv.DictReader(f):
                    key = (row["kind"], int(row["index"]), int(row["attempt"]))
                    self.draws[key] = (float(row["latency"]), float(row["bytes"]))
            self.page_size = page_size
            self.link.rate = link_mbps * 1e6 / 8 if link_mbps else None
            self.link.transfers.clear()
            self.attempts.clear()
            self.log = []
            self.t0 = time.monotonic()
        async def run():
            update()
        asyncio.run_coroutine_threadsafe(run(), self.loop).result()

    def draw(self, kind, index):
        attempt = self.attempts.get((kind, index), 0) + 1
        self.attempts[(kind, index)] = attempt
        key = (kind, index, attempt)
        if key not in self.draws:  # beyond the exported attempts: reuse the last one
            key = (kind, index, max(a for (k, i, a) in self.draws if k == kind and i == index))
        return attempt, self.draws[key]

    async def handle(self, reader, writer):
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                method, path, _ = line.decode("latin-1").split(" ", 2)
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                await self.answer(path, writer)
        except (ConnectionError, ValueError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            try:
                writer.close()
            except RuntimeError:
                pass

    async def answer(self, path, writer):
        arrival = time.monotonic() - self.t0
        parts = path.split("?")[0].strip("/").split("/")
        query = dict(p.split("=", 1) for p in path.partition("?")[2].split("&") if "=" in p)
        side = int(query.get("side", "1")) if query.get("side", "1").isdigit() else 1
        height = int(query["h"]) if query.get("h", "").isdigit() else None
        if parts[0] == "cal":  # an image for the decode calibration, at once and not logged
            body = png_of_size(0, side)
            writer.write((f"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: {len(body)}\r\n"
                          "Cache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\n\r\n").encode() + body)
            await writer.drain()
            return
        if parts[0] in ("page", "img") and len(parts) == 2 and parts[1].isdigit():
            kind = "page" if parts[0] == "page" else "content"
            index = int(parts[1])
            attempt, (latency, size) = self.draw(kind, index)
            if query.get("vary") == "1":  # each image 16 px wider than the last: a decode names its row
                side += 16 * index
            # Built off the event loop: a large image's first compression takes tens of ms, which
            # would hold back other requests' arrival and the link's ticks.
            body = await asyncio.get_running_loop().run_in_executor(
                None, lambda: page_of_size(index, self.page_size, size) if kind == "page"
                else png_of_size(size, side, height))
            mime = "application/json" if kind == "page" else "image/png"
            entry = {"kind": kind, "index": index, "attempt": attempt, "arrival": arrival, "bytes": len(body)}
            self.log.append(entry)
            await asyncio.sleep(max(0.0, latency - (time.monotonic() - self.t0 - arrival)))
            entry["firstByte"] = time.monotonic() - self.t0
            head = (f"HTTP/1.1 200 OK\r\nContent-Type: {mime}\r\nContent-Length: {len(body)}\r\n"
                    "Cache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\nTiming-Allow-Origin: *\r\n\r\n").encode()
            writer.write(head)
            await self.link.send(writer, body)
            await writer.drain()
            entry["end"] = time.monotonic() - self.t0
            entry["aborted"] = writer.is_closing()
        else:
            name = os.path.join(HERE, parts[-1] or "feed.html")
            if not os.path.isfile(name) or not name.endswith(".html"):
                writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                return
            body = open(name, "rb").read()
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nCache-Control: no-store\r\n"
                         + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            await writer.drain()

    def start(self):
        """Serves on two loopback ports in a thread; returns (page port, image port)."""
        ready = threading.Event()

        def main():
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)
            pages = self.loop.run_until_complete(asyncio.start_server(self.handle, "127.0.0.1", 0))
            images = self.loop.run_until_complete(asyncio.start_server(self.handle, "127.0.0.1", 0))
            self.ports = (pages.sockets[0].getsockname()[1], images.sockets[0].getsockname()[1])
            self.loop.create_task(self.link.run())
            ready.set()
            self.loop.run_forever()

        threading.Thread(target=main, daemon=True).start()
        ready.wait()
        return self.ports

    def reset_clock(self):
        self.t0 = time.monotonic()

    def stop(self):
        """Closes every connection and ends the thread's loop."""
        async def shutdown():
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()
        if self.loop:
            asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result()
            self.loop.call_soon_threadsafe(self.loop.stop)
