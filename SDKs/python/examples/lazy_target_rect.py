"""Seed 001's lazy-target-rect, ported from docs/strategies.md ("lazy-target-rect", To the
letter) and its declaration (`scrollsim strategies lazy-target-rect --format json`).

Load what the user will stop on: while decelerating, a row outside the target rect shows
only what the memory cache holds. `conformance.sh` checks it gives the built-in's metrics
exactly.
"""
from __future__ import annotations

from typing import Any, Optional

from scrollsim_strategy import ListView, Strategy, flag, number, run


class LazyTargetRect(Strategy):
    name = "lazy-target-rect-py"
    summary = "seed 001's target-rect rule, ported to Python from the docs"
    parameters = [
        number("remaining", 0, 100000, 19,
               "append feed: fetch the next page when a visible row is fewer than this many rows from the end"),
        flag("targetRect", True, "while decelerating, load only the target rect"),
    ]
    platform = {"decode": "main"}  # an image set as it arrives decodes at its first render

    def __init__(self, params: dict[str, Any], seed: int) -> None:
        super().__init__(params, seed)
        self.target: Optional[tuple[float, float]] = None

    def list_did_load(self, lst: ListView) -> None:
        self.fetch_page_if_near(lst, self.last_visible(lst))

    def will_begin_dragging(self, lst: ListView) -> None:
        self.settle(lst)

    def will_end_dragging(self, lst: ListView, velocity: float, target_content_offset: float) -> None:
        if not self.params["targetRect"]:
            return
        self.target = (target_content_offset, target_content_offset + lst.viewport_height)
        for item in lst.items_in_viewport_at(target_content_offset):
            lst.load(item)

    def did_end_dragging(self, lst: ListView, will_decelerate: bool) -> None:
        if not will_decelerate:
            self.settle(lst)

    def did_end_decelerating(self, lst: ListView) -> None:
        self.settle(lst)

    def will_display(self, lst: ListView, item: int) -> None:
        self.fetch_page_if_near(lst, item)
        if self.target is not None and lst.is_decelerating:
            frame = lst.frame(item)
            if frame is not None and not (frame.bottom > self.target[0] and frame.top < self.target[1]):
                lst.load_from_cache(item)  # flown over: only what memory already has
                return
        lst.load(item)

    def request_did_fail(self, lst: ListView, kind: str, index: int) -> None:
        if kind == "page":
            self.fetch_page_if_near(lst, self.last_visible(lst))

    @staticmethod
    def last_visible(lst: ListView) -> int:
        return lst.visible_items[-1] if lst.visible_items else 0

    def settle(self, lst: ListView) -> None:
        self.target = None
        for item in lst.visible_items:
            lst.load(item)

    def fetch_page_if_near(self, lst: ListView, item: int) -> None:
        if lst.feed_kind != "append" or not lst.has_more_data or lst.page_requests_outstanding != 0:
            return
        if lst.item_count - item < self.params["remaining"] or lst.content_length <= lst.viewport_height:
            lst.request_page(lst.next_page_index)


if __name__ == "__main__":
    run(LazyTargetRect)
