"""RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.

After each frame that scrolled, one row past the leading edge is bound ahead (if the average
bind fits in the frame's idle time, or the row is needed next frame); rows leaving the screen
wait in a view cache of `viewCache` views. Content only: Paging 3 (built in) decides pages.
`conformance.sh` checks `gapworker-py` gives `paging3+gapworker`'s metrics exactly. Its
`quiet` spares scrollsim the frames that would bind again a row already bound ahead.
"""
from __future__ import annotations

from typing import Any, Optional

from scrollsim_strategy import CACHED, CONTENT, RENDERED, REQUESTED, ListView, Quiet, Strategy, number, run


class GapWorker(Strategy):
    name = "gapworker-py"
    summary = "RecyclerView's GapWorker, ported to Python"
    role = "content"
    partner = "paging3"
    parameters = [number("viewCache", 0, 1000, 2, "views kept bound off screen (DEFAULT_CACHE_SIZE)")]
    platform = {"memory": "glide", "layout": "whole-pixels"}

    def __init__(self, params: dict[str, Any], seed: int) -> None:
        super().__init__(params, seed)
        self.cached_views: list[int] = []
        self.bound_ahead: set[int] = set()

    def frame_did_finish(self, lst: ListView) -> None:
        for item in self.next_prefetch(lst):
            lst.prepare_render(item)
            self.bound_ahead.add(item)
            if lst.needs_content(item):
                lst.request_content(item)

    def will_display(self, lst: ListView, item: int) -> None:
        if item in self.cached_views:
            self.cached_views.remove(item)
        if lst.needs_content(item):
            lst.request_content(item)

    def did_end_displaying(self, lst: ListView, item: int) -> None:
        self.bound_ahead.discard(item)  # a row that leaves the screen is unbound
        self.cached_views.append(item)
        while len(self.cached_views) > int(self.params["viewCache"]):
            recycled = self.cached_views.pop(0)
            if not lst.has_content(recycled):
                lst.cancel_content(recycled)

    def quiet(self, lst: ListView) -> Optional[Quiet]:
        """A frame that does not move binds nothing; one that moves binds the row past the edge
        it moves towards, and binding again a row bound ahead that holds or awaits its content
        changes nothing until that row's state changes (a bind settles the row's memory, which
        then counts an image that came meanwhile). So frames are quiet while the list stands
        still, or while the visible rows stay, it keeps moving the same way and that row, bound
        ahead with its content, stays as it is."""
        step = lst.content_offset - lst.last_frame_offset
        facts = ("visible_items", "item_count")
        if step == 0:
            return Quiet(offset_above=lst.content_offset, offset_below=lst.content_offset, facts=facts)
        if not lst.visible_items:
            return Quiet(facts=facts)
        row = self.row_past_edge(lst, step)
        rows = {}
        for item in row:
            if item not in self.bound_ahead or lst.needs_content(item):
                return None
            rows[item] = CONTENT | REQUESTED | CACHED | RENDERED
        return Quiet(direction=1 if step > 0 else -1, facts=facts, rows=rows)

    @staticmethod
    def row_past_edge(lst: ListView, step: float) -> list[int]:
        """The row past the edge a frame's step moves towards (one item, or on a grid the next
        row's row_items, nearest first); empty if the list does not move, shows nothing, or ends
        there (next_prefetch and quiet both ask)."""
        if step == 0 or not lst.visible_items:
            return []
        if step > 0:
            item = lst.visible_items[-1] + 1
            return list(range(item, min(item + lst.row_items, lst.item_count)))
        item = lst.visible_items[0] - 1
        return list(range(item, max(-1, item - lst.row_items), -1))

    def next_prefetch(self, lst: ListView) -> list[int]:
        dy = lst.content_offset - lst.last_frame_offset
        row = self.row_past_edge(lst, dy)
        if not row:
            return []
        frame = lst.frame(row[0])
        if frame is None:  # not laid out yet: nothing to bind
            return []
        if dy > 0:
            distance = frame.top - (lst.content_offset + lst.viewport_height)
        else:
            distance = lst.content_offset - frame.bottom
        needed_next_frame = distance <= abs(dy) + 1e-6  # whole pixels: a tie within float rounding is a tie
        average = lst.average_bind_time
        if not (needed_next_frame or average == 0 or average < lst.frame_time_remaining):
            return []
        return row


if __name__ == "__main__":
    run(GapWorker)
