"""Glide's ListPreloader over RecyclerView's binds, ported from docs/strategies.md ("glide, to
the letter", and gapworker's binds) and its declaration (`scrollsim strategies glide --format
json`) alone. A content rule: Paging 3 (built in) decides pages. `conformance.sh` checks that
`paging3+glide-py` gives `paging3+glide`'s metrics exactly (at the default parameters: the
handshake's pool is Glide's default 4 threads).
"""
from __future__ import annotations

from typing import Any

from scrollsim_strategy import ListView, Strategy, choice, number, run


class Glide(Strategy):
    name = "glide-py"
    summary = "Glide's ListPreloader, ported to Python from the docs"
    role = "content"
    partner = "paging3"
    parameters = [
        number("maxPreload", 0, 10000, 10, "rows preloaded ahead"),
        number("viewCache", 0, 1000, 2, "views kept bound off screen"),
        number("sourceThreads", 1, 64, 4, "images fetched at once (the handshake declares 4)"),
        choice("preloadPriority", ["normal", "low"], "normal", "low: preloads behind bound rows"),
        number("override", 0, 100000, 0, "px wide each image decodes at (not declarable: 0)"),
    ]
    platform = {"memory": "glide", "queue": "loader-pool", "poolThreads": 4, "lowPreloads": False, "layout": "whole-pixels"}

    def __init__(self, params: dict[str, Any], seed: int) -> None:
        super().__init__(params, seed)
        self.max_preload = int(params["maxPreload"])
        self.view_cache_size = int(params["viewCache"])
        self.view_cache: list[int] = []
        self.previous_offset = 0.0
        self.last_first = -1
        self.last_start = 0
        self.last_end = 0
        self.increasing = True
        self.targets: list[int] = []

    # RecyclerView's binds (gapworker's).
    def list_did_load(self, lst: ListView) -> None:
        self.previous_offset = lst.content_offset
        for item in lst.visible_items:
            if lst.needs_content(item):
                lst.request_content(item)
        self.step(lst)

    def did_scroll(self, lst: ListView) -> None:
        self.step(lst)

    def will_display(self, lst: ListView, item: int) -> None:
        if item in self.view_cache:
            self.view_cache.remove(item)
        if lst.needs_content(item):
            lst.request_content(item)

    def did_end_displaying(self, lst: ListView, item: int) -> None:
        self.view_cache.append(item)
        while len(self.view_cache) > self.view_cache_size:
            recycled = self.view_cache.pop(0)
            if not lst.has_content(recycled):
                lst.cancel_content(recycled)

    def frame_did_finish(self, lst: ListView) -> None:
        items = self.prefetch(lst)
        self.previous_offset = lst.content_offset
        for item in items:
            lst.prepare_render(item)
            if lst.needs_content(item):
                lst.request_content(item)

    def prefetch(self, lst: ListView) -> list[int]:
        """The row GapWorker binds ahead: one item, or on a grid the next row's row_items."""
        dy = lst.content_offset - self.previous_offset
        if dy == 0 or not lst.visible_items:
            return []
        if dy > 0:
            item = lst.visible_items[-1] + 1
            frame = lst.frame(item)
            if item >= lst.item_count or frame is None:
                return []
            distance = frame.top - (lst.content_offset + lst.viewport_height)
            row = list(range(item, min(item + lst.row_items, lst.item_count)))
        else:
            item = lst.visible_items[0] - 1
            frame = lst.frame(item)
            if item < 0 or frame is None:
                return []
            distance = lst.content_offset - frame.bottom
            row = list(range(item, max(-1, item - lst.row_items), -1))
        average = lst.average_bind_time
        if distance <= abs(dy) + 1e-6 or average == 0 or average < lst.frame_time_remaining:
            return row
        return []

    # The preloader.
    def step(self, lst: ListView) -> None:
        visible = lst.visible_items
        if not visible:
            return
        first, last = visible[0], visible[-1]
        count = last - first
        rows: list[int] = []
        cancel = False
        if first > self.last_first:
            rows, cancel = self.preload(first + count, True, lst.item_count)
        elif first < self.last_first:
            rows, cancel = self.preload(first, False, lst.item_count)
        self.last_first = first
        if cancel:
            for item in self.targets:
                if item not in visible:
                    lst.cancel_content(item)
            self.targets = []
        for item in rows:
            if len(self.targets) == self.max_preload + 1:
                oldest = self.targets.pop(0)
                if not lst.has_content(oldest) and oldest not in visible:
                    lst.cancel_content(oldest)
            self.targets.append(item)
            if lst.needs_content(item):
                lst.request_content(item)

    def preload(self, start: int, increasing: bool, total: int) -> tuple[list[int], bool]:
        cancel = self.increasing != increasing
        self.increasing = increasing
        to = start + (self.max_preload if increasing else -self.max_preload)
        if start < to:
            first, end = max(self.last_end, start), to
        else:
            first, end = to, min(self.last_start, start)
        end = min(total, end)
        first = min(total, max(0, first))
        rows = list(range(first, end)) if first < end else []
        self.last_start, self.last_end = first, end
        return (rows if start < to else rows[::-1]), cancel


if __name__ == "__main__":
    run(Glide)
