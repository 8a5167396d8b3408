"""Write a scrollsim prefetch strategy in Python.

A strategy is a class with the callbacks it needs; ``run(MyStrategy)`` serves it to scrollsim
over stdin/stdout (protocol 2, ``docs/protocol.md``)::

    from scrollsim_strategy import Strategy, number, run

    class Lookahead(Strategy):
        name = "lookahead-py"
        parameters = [number("rows", 0, 100, 5, "rows past the screen to load")]

        def did_scroll(self, lst):
            last = lst.visible_items[-1] if lst.visible_items else 0
            for item in range(last + 1, min(lst.item_count, last + 1 + int(self.params["rows"]))):
                lst.load(item)

    if __name__ == "__main__":
        run(Lookahead)

    $ scrollsim compare --strategies 'threshold,process:python3 lookahead.py'

The list object (``ListView``) answers the same questions as Swift's ``ListContext`` from a copy
that scrollsim keeps current: each message carries what changed. Actions are sent back when the
callback returns, in the order called. Within one callback, reads after your own actions see
what the action will do as far as the SDK can tell (a requested page reads as requested, a
cached image as loaded); scrollsim's own account arrives with the next message.
"""

from __future__ import annotations

import bisect
import json
import os
import select
import sys
import time
import traceback
from typing import IO, Any, Dict, Iterable, Iterator, Optional, Sequence, Type, Union

PROTOCOL = 2

#: A parameter's declaration, as the handshake carries it.
Parameter = Dict[str, Any]
#: A message from scrollsim, or an answer to it.
Message = Dict[str, Any]

_EVENTS = {
    "listDidLoad": "list_did_load",
    "didScroll": "did_scroll",
    "willBeginDragging": "will_begin_dragging",
    "willEndDragging": "will_end_dragging",
    "didEndDragging": "did_end_dragging",
    "didEndDecelerating": "did_end_decelerating",
    "willDisplay": "will_display",
    "didEndDisplaying": "did_end_displaying",
    "requestDidComplete": "request_did_complete",
    "requestDidFail": "request_did_fail",
    "timerDidFire": "timer_did_fire",
    "frameDidFinish": "frame_did_finish",
}

# The facts an event carries when they change, and their names here.
_FACTS = {
    "time": "time", "contentOffset": "content_offset", "contentLength": "content_length",
    "targetContentOffset": "target_content_offset", "isTracking": "is_tracking", "isDragging": "is_dragging",
    "isDecelerating": "is_decelerating", "frameTimeRemaining": "frame_time_remaining",
    "averageBindTime": "average_bind_time", "itemCount": "item_count", "hasMoreData": "has_more_data",
    "nextPageIndex": "next_page_index", "pageRequestsOutstanding": "page_requests_outstanding",
    "lastFrameOffset": "last_frame_offset", "visibleItems": "visible_items",
}
_FACT_NAMES = {attribute: key for key, attribute in _FACTS.items()}
_FACT_KEYS = frozenset(_FACTS)

CONTENT, REQUESTED, CACHED, RENDERED = 1, 2, 4, 8
PAGE_LOADED, PAGE_REQUESTED = 1, 2


def number(name: str, minimum: float, maximum: float, default: float, help: str = "") -> Parameter:
    """A numeric parameter (``--param name=value``, ``sweep --grid name=a:b:step``)."""
    return {"name": name, "kind": "number", "min": minimum, "max": maximum, "default": default, "help": help}


def choice(name: str, values: Iterable[str], default: str, help: str = "") -> Parameter:
    """A parameter that takes one of ``values``."""
    return {"name": name, "kind": "choice", "values": list(values), "default": default, "help": help}


def flag(name: str, default: bool, help: str = "") -> Parameter:
    """A true/false parameter."""
    return {"name": name, "kind": "flag", "default": bool(default), "help": help}


class Quiet:
    """What a strategy's ``quiet`` returns: its ``did_scroll`` and ``frame_did_finish`` would
    change nothing until one of these holds, so scrollsim need not ask (docs/protocol.md,
    "Quiet"). Each condition is optional:

    - ``offset_above`` / ``offset_below``: the content offset goes above / below this;
    - ``direction``: 1 wakes at a frame that steps back (its offset below
      ``last_frame_offset``), -1 at one that steps forward;
    - ``facts``: names of the list's facts (``"has_more_data"``, ``"visible_items"``, ...)
      whose change wakes it: their values now, as the copy holds them, are sent;
    - ``rows``: ``{item: mask}``: wakes when any of the mask's state bits of the row changes
      from what the copy holds now (``CONTENT | REQUESTED | CACHED | RENDERED``: any change).

    The promise is yours: skipping those frames must change nothing, your own state included.
    ``scrollsim conformance`` checks it for a port.
    """

    __slots__ = ("offset_above", "offset_below", "direction", "facts", "rows")

    def __init__(
        self,
        offset_above: Optional[float] = None,
        offset_below: Optional[float] = None,
        direction: int = 0,
        facts: Sequence[str] = (),
        rows: Optional[Dict[int, int]] = None,
    ) -> None:
        self.offset_above, self.offset_below, self.direction = offset_above, offset_below, direction
        self.facts, self.rows = facts, rows

    def _json(self, lst: ListView) -> Message:
        quiet: Message = {}
        if self.offset_above is not None:
            quiet["offsetAbove"] = self.offset_above
        if self.offset_below is not None:
            quiet["offsetBelow"] = self.offset_below
        if self.direction:
            quiet["direction"] = self.direction
        if self.facts:
            quiet["facts"] = {_FACT_NAMES[name]: getattr(lst, name) for name in self.facts}
        if self.rows:
            rows = lst._rows
            quiet["rows"] = [v for item, mask in self.rows.items() for v in (item, mask, rows.get(item, 0) & mask)]
        return quiet


class Frame:
    """Where a row sits: its column, top and height in points."""

    __slots__ = ("column", "top", "height")

    def __init__(self, column: int, top: float, height: float) -> None:
        self.column, self.top, self.height = column, top, height

    @property
    def bottom(self) -> float:
        return self.top + self.height


class ListView:
    """What a strategy sees of the list and may ask of it (Swift's ``ListContext``). Its facts
    are set from each event (the first carries all of them)."""

    # The facts (``_FACTS``), kept current from the events.
    time: float
    content_offset: float
    content_length: float
    target_content_offset: Optional[float]
    is_tracking: bool
    is_dragging: bool
    is_decelerating: bool
    frame_time_remaining: float
    average_bind_time: float
    item_count: int
    has_more_data: bool
    next_page_index: int
    page_requests_outstanding: int
    last_frame_offset: float
    visible_items: list[int]

    def __init__(self, begin: Message) -> None:
        self.seed: int = begin["seed"]
        self.viewport_height: float = begin["viewportHeight"]
        self.frame_interval: float = begin["frameInterval"]
        self.network_latency: float = begin["networkLatency"]
        self.feed_kind: str = begin["feedKind"]
        self.page_size: int = begin["pageSize"]
        self._initial_pages: int = begin["initialPages"]
        self._columns: int = begin["columns"]
        # How rows are placed (docs/protocol.md, "heights"): a list or waterfall stacks each row
        # on its column, a grid fills rows of `columns`; gaps between rows, padding above.
        self._layout: str = begin.get("layout", "waterfall" if self._columns > 1 else "list")
        self._row_gap: float = begin.get("rowGap", 0)
        self._padding_top: float = begin.get("paddingTop", 0)
        self._bottoms = [self._padding_top] * self._columns
        self._row_top = self._padding_top
        self._row_height = 0.0
        #: Items side by side in one grid row (1 for a list or a waterfall).
        self.row_items: int = self._columns if self._layout == "grid" else 1
        self._tops: list[float] = []
        self._heights: list[float] = []
        self._column_of: list[int] = []
        self._tallest = 0.0
        self._rows: Dict[int, int] = {}
        self._pages: Dict[int, int] = {}
        self._actions: list[list[Any]] = []

    # -- facts: an event carries those that changed (the first carries all)
    def _update(self, m: Message) -> None:
        # Hot: once per message. The set intersection and dict.update run in C.
        d = self.__dict__
        for key in _FACT_KEYS.intersection(m):
            d[_FACTS[key]] = m[key]
        heights = m.get("heights")
        if heights:
            bottoms, columns, gap = self._bottoms, self._columns, self._row_gap
            grid = self._layout == "grid"
            for count, height in heights:
                for _ in range(count):
                    if grid:
                        column = len(self._tops) % columns
                        if column == 0 and self._tops:
                            self._row_top += self._row_height + gap
                            self._row_height = 0.0
                        self._row_height = max(self._row_height, height)
                        top = self._row_top
                    else:
                        column = 0
                        for c in range(1, columns):
                            if bottoms[c] < bottoms[column]:
                                column = c
                        top = bottoms[column] + (gap if gap > 0 and bottoms[column] > self._padding_top else 0)
                        bottoms[column] = top + height
                    self._tops.append(top)
                    self._heights.append(height)
                    self._column_of.append(column)
                    if height > self._tallest:
                        self._tallest = height
        rows = m.get("rows")
        if rows:
            self._rows.update(zip(rows[::2], rows[1::2]))
        pages = m.get("pages")
        if pages:
            self._pages.update(zip(pages[::2], pages[1::2]))

    # -- layout
    def frame(self, item: int) -> Optional[Frame]:
        """The row's frame, or None for a row not laid out yet."""
        if item < 0 or item >= len(self._tops):
            return None
        return Frame(self._column_of[item], self._tops[item], self._heights[item])

    def items(self, lower: float, upper: float) -> list[int]:
        """Rows intersecting [lower, upper) in content coordinates, in index order."""
        count = min(self.item_count, len(self._tops))
        if count <= 0 or upper <= lower:
            return []
        tops, heights = self._tops, self._heights
        first = bisect.bisect_right(tops, lower - self._tallest, 0, count)
        end = bisect.bisect_left(tops, upper, first, count)
        return [i for i in range(first, end) if tops[i] + heights[i] > lower]

    def items_in_viewport_at(self, offset: float) -> list[int]:
        return self.items(offset, offset + self.viewport_height)

    # -- pages and rows
    def page_of(self, item: int) -> int:
        return item // self.page_size

    def is_page_loaded(self, page: int) -> bool:
        return page < self._initial_pages or bool(self._pages.get(page, 0) & PAGE_LOADED)

    def is_page_requested(self, page: int) -> bool:
        return bool(self._pages.get(page, 0) & PAGE_REQUESTED)

    def has_data(self, item: int) -> bool:
        if self.feed_kind == "append":
            return item < self.item_count
        return self.is_page_loaded(item // self.page_size)

    def has_content(self, item: int) -> bool:
        return bool(self._rows.get(item, 0) & CONTENT)

    def is_cached(self, item: int) -> bool:
        return bool(self._rows.get(item, 0) & CACHED)

    def is_content_requested(self, item: int) -> bool:
        return bool(self._rows.get(item, 0) & REQUESTED)

    def is_rendered(self, item: int) -> bool:
        return bool(self._rows.get(item, 0) & RENDERED)

    def needs_content(self, item: int) -> bool:
        return not self.has_content(item) and not self.is_content_requested(item)

    # -- actions
    def request_page(self, page: int) -> None:
        self._actions.append(["requestPage", page])
        self._pages[page] = self._pages.get(page, 0) | PAGE_REQUESTED
        self.page_requests_outstanding += 1

    def request_content(self, item: int) -> None:
        self._actions.append(["requestContent", item])
        state = self._rows.get(item, 0)
        if state & CONTENT or not self.has_data(item):
            if not self.has_data(item):
                self._rows[item] = state | REQUESTED
            return
        self._rows[item] = state | (CONTENT if state & CACHED else REQUESTED)

    def load_from_cache(self, item: int) -> bool:
        self._actions.append(["loadFromCache", item])
        state = self._rows.get(item, 0)
        if 0 <= item < self.item_count and self.has_data(item) and state & CACHED:
            self._rows[item] = state | CONTENT
            return True
        return False

    def cancel_content(self, item: int) -> None:
        self._actions.append(["cancelContent", item])
        self._rows[item] = self._rows.get(item, 0) & ~REQUESTED

    def clear_content(self, item: int) -> None:
        self._actions.append(["clearContent", item])
        self._rows[item] = self._rows.get(item, 0) & ~(CONTENT | REQUESTED | RENDERED)

    def prepare_render(self, item: int) -> None:
        self._actions.append(["prepareRender", item])

    def discard_render(self, item: int) -> None:
        self._actions.append(["discardRender", item])
        self._rows[item] = self._rows.get(item, 0) & ~RENDERED

    def wake_up(self, seconds: float) -> None:
        """Calls ``timer_did_fire`` once, ``seconds`` from now."""
        self._actions.append(["wakeUp", seconds])

    def load(self, item: int, content: bool = True) -> None:
        """Requests the data (placeholder feed) and content the row is missing."""
        page = item // self.page_size
        if not self.is_page_loaded(page) and not self.is_page_requested(page):
            self.request_page(page)
        if content and self.needs_content(item):
            self.request_content(item)


class Strategy:
    """Subclass, set ``name`` (and ``parameters``, ``role``...), override the callbacks you use.

    ``self.params`` holds this run's parameter values, ``self.seed`` its seed. A fresh
    instance serves each run.
    """

    name = "my-strategy"
    summary = ""
    origin = ""
    role = "both"  # "pages", "content" or "both"
    partner: Optional[str] = None  # the built-in that decides the other half, for a one-role strategy
    parameters: list[Parameter] = []
    platform: Dict[str, Any] = {}  # {"memory": "glide", "bind": "synchronous", "decode": "background", ...}

    def __init__(self, params: Dict[str, Any], seed: int) -> None:
        self.params = params
        self.seed = seed

    def list_did_load(self, lst: ListView) -> None: pass
    def did_scroll(self, lst: ListView) -> None: pass
    def will_begin_dragging(self, lst: ListView) -> None: pass
    def will_end_dragging(self, lst: ListView, velocity: float, target_content_offset: float) -> None: pass
    def did_end_dragging(self, lst: ListView, will_decelerate: bool) -> None: pass
    def did_end_decelerating(self, lst: ListView) -> None: pass
    def will_display(self, lst: ListView, item: int) -> None: pass
    def did_end_displaying(self, lst: ListView, item: int) -> None: pass
    def request_did_complete(self, lst: ListView, kind: str, index: int) -> None: pass
    def request_did_fail(self, lst: ListView, kind: str, index: int) -> None: pass
    def timer_did_fire(self, lst: ListView) -> None: pass
    def frame_did_finish(self, lst: ListView) -> None: pass

    def quiet(self, lst: ListView) -> Optional[Quiet]:
        """Called after every callback: a ``Quiet`` saying until when the frame callbacks would
        change nothing, or None (the default: every frame is asked)."""
        return None


def describe(cls: Type[Strategy]) -> Message:
    """The handshake's answer for ``cls``: the callbacks it overrides are the ones it hears."""
    events = [e for e, m in _EVENTS.items() if getattr(cls, m) is not getattr(Strategy, m)]
    answer: Message = {"type": "strategy", "protocol": PROTOCOL, "name": cls.name, "role": cls.role,
              "parameters": cls.parameters, "events": events}
    for key in ("summary", "origin"):
        if getattr(cls, key):
            answer[key] = getattr(cls, key)
    if cls.partner:
        answer["partner"] = cls.partner
    if cls.platform:
        answer["platform"] = cls.platform
    return answer


def _call(strategy: Strategy, lst: ListView, m: Message) -> None:
    event = m["event"]
    method = getattr(strategy, _EVENTS[event])
    if event in ("willDisplay", "didEndDisplaying"):
        method(lst, m["item"])
    elif event in ("requestDidComplete", "requestDidFail"):
        method(lst, m["kind"], m["index"])
    elif event == "willEndDragging":
        method(lst, m["velocity"], m["target"])
    elif event == "didEndDragging":
        method(lst, m["willDecelerate"])
    else:
        method(lst)


def handle(cls: Type[Strategy], state: Dict[str, Any], line: Union[str, bytes]) -> Message:
    """One message in, one answer out (a dict); ``state`` keeps the run between messages."""
    m: Message = json.loads(line.decode() if isinstance(line, bytes) else line)
    kind = m["type"]
    if kind == "event":
        lst: ListView = state["list"]
        lst._update(m)
        lst._actions = []
        strategy: Strategy = state["strategy"]
        _call(strategy, lst, m)
        quiet = strategy.quiet(lst)
        if quiet is None:
            return {"actions": lst._actions}
        return {"actions": lst._actions, "quiet": quiet._json(lst)}
    if kind == "begin":
        state["spin"] = m.get("spin", 0)
        state["list"] = ListView(m)
        state["strategy"] = cls(m["parameters"], m["seed"])
        return {"type": "ready"}
    if kind == "hello":
        return describe(cls)
    return {"error": "unknown message type %r" % kind}


def run(cls: Type[Strategy], stdin: Optional[IO[Any]] = None, stdout: Optional[IO[Any]] = None) -> None:
    """Serves ``cls`` until scrollsim closes stdin. An exception in the strategy is reported
    to scrollsim (which stops the run and shows it) with its traceback on stderr. ``stdin`` and
    ``stdout`` default to the process's, read and written as bytes (text streams work too)."""
    source: IO[Any] = stdin or sys.stdin.buffer
    binary = stdout is None
    sink: IO[Any] = stdout or sys.stdout.buffer
    state: Dict[str, Any] = {}
    dumps = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode
    for line in _lines(source, state):
        try:
            answer = handle(cls, state, line)
        except Exception as error:  # reported, not swallowed: scrollsim fails the run with it
            traceback.print_exc(file=sys.stderr)
            answer = {"error": "%s: %s" % (type(error).__name__, error)}
        text = dumps(answer) + "\n"
        sink.write(text.encode() if binary else text)
        sink.flush()


def _lines(stdin: IO[Any], state: Dict[str, Any]) -> Iterator[Union[str, bytes]]:
    """The lines of ``stdin``. From a pipe, while the run's ``begin`` allows it (``spin``
    seconds, docs/protocol.md), the next line is read without blocking for up to that long
    before sleeping until it comes: it usually comes within microseconds, and a reader that is
    not asleep spares a scheduler wake-up on each (``threshold.py`` on 60 s of fling-stress:
    19.9 → 11.8 ms; docs/performance.md). ``os.sched_yield`` every 16 tries lets other work on
    the core run. Other streams (a file, a test's ``BytesIO``) are read as they are."""
    try:
        fd = stdin.fileno()
        os.set_blocking(fd, False)
    except (AttributeError, OSError, ValueError):
        yield from stdin
        return
    pending = b""
    read, clock = os.read, time.perf_counter
    while True:
        newline = pending.find(b"\n")
        if newline >= 0:
            line, pending = pending[: newline + 1], pending[newline + 1 :]
            yield line
            continue
        spin, start, tries = state.get("spin", 0), clock(), 0
        while True:
            try:
                chunk = read(fd, 1 << 16)
                break
            except BlockingIOError:
                tries += 1
                if spin <= 0 or (tries % 16 == 0 and clock() - start >= spin):
                    select.select([fd], [], [])
                elif tries % 16 == 0:
                    os.sched_yield()
        if not chunk:
            if pending:
                yield pending
            return
        pending += chunk
