"""Android Paging 3's page rule (Sources/SimCore/Strategies/Android/Paging3Strategy.swift), ported
from docs/strategies.md ("paging3", to the letter) alone.

Pages load one after another while the furthest row accessed is fewer than `prefetchDistance`
rows from the end of what is loaded; a row is accessed when it displays and when GapWorker's
prefetch would bind it after a frame. Pages only: run it beside a content rule, as a second
helper (`process:python3 paging3.py+process:python3 gapworker.py`) or beside a built-in
(`process:python3 paging3.py+gapworker`). `conformance.sh` checks the two-helper pair gives
`paging3+gapworker`'s metrics and decisions exactly.
"""
from __future__ import annotations

from typing import Any

from scrollsim_strategy import ListView, Strategy, flag, number, run


class Paging3(Strategy):
    name = "paging3-py"
    summary = "Android Paging 3's page rule, ported to Python"
    role = "pages"
    partner = "gapworker"
    parameters = [
        number("prefetchDistance", 0, 1_000_000, 0, "rows; 0 = pageSize (Paging's default)"),
        number("initialLoadSize", 0, 1_000_000, 0, "rows loaded before the first scroll; 0 = 3 x pageSize"),
        flag("retry", False, "retry a failed page at once (Paging waits for retry())"),
    ]

    def __init__(self, params: dict[str, Any], seed: int) -> None:
        super().__init__(params, seed)
        self.anchor = -1
        self.failed = False
        self.previous_offset = 0.0

    def list_did_load(self, lst: ListView) -> None:
        self.previous_offset = lst.content_offset
        self.load(lst)

    def frame_did_finish(self, lst: ListView) -> None:
        row = self.prefetch(lst)
        if row:
            self.access(lst, max(row))

    def will_display(self, lst: ListView, item: int) -> None:
        self.access(lst, item)

    def request_did_complete(self, lst: ListView, kind: str, index: int) -> None:
        if kind == "page":
            self.load(lst)

    def request_did_fail(self, lst: ListView, kind: str, index: int) -> None:
        if kind == "page":
            self.failed = not self.params["retry"]
            self.load(lst)

    def access(self, lst: ListView, item: int) -> None:
        if item > self.anchor:
            self.anchor = item
            self.load(lst)

    def prefetch(self, lst: ListView) -> list[int]:
        """The row GapWorker binds ahead after this frame, if any (docs: gapworker's prefetch):
        one item, or on a grid the next row's row_items."""
        dy = lst.content_offset - self.previous_offset
        self.previous_offset = lst.content_offset
        if dy == 0 or not lst.visible_items:
            return []
        item = lst.visible_items[-1] + 1 if dy > 0 else lst.visible_items[0] - 1
        if not 0 <= item < lst.item_count:
            return []
        frame = lst.frame(item)
        if frame is None:
            return []
        if dy > 0:
            distance = frame.top - (lst.content_offset + lst.viewport_height)
            row = list(range(item, min(item + lst.row_items, lst.item_count)))
        else:
            distance = lst.content_offset - frame.bottom
            row = list(range(item, max(-1, item - lst.row_items), -1))
        average = lst.average_bind_time
        if distance <= abs(dy) + 1e-6 or average == 0 or average < lst.frame_time_remaining:
            return row
        return []

    def loaded_rows(self, lst: ListView) -> int:
        if lst.feed_kind != "placeholder":
            return lst.item_count
        page = 0
        while page * lst.page_size < lst.item_count and lst.is_page_loaded(page):
            page += 1
        return min(lst.item_count, page * lst.page_size)

    def load(self, lst: ListView) -> None:
        if self.failed or lst.page_requests_outstanding != 0:
            return
        rows = self.loaded_rows(lst)
        distance = int(self.params["prefetchDistance"]) or lst.page_size
        initial = int(self.params["initialLoadSize"]) or 3 * lst.page_size
        if not (rows < initial or rows - 1 - self.anchor < distance):
            return
        if lst.feed_kind == "placeholder":
            page = rows // lst.page_size
            if page * lst.page_size < lst.item_count and not lst.is_page_requested(page):
                lst.request_page(page)
        elif lst.has_more_data:
            lst.request_page(lst.next_page_index)


if __name__ == "__main__":
    run(Paging3)
