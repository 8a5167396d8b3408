"""Seed 001's threshold rule (Sources/SimCore/Strategies/Seeds/ThresholdStrategy.swift), ported.

Next page once (offset + viewport height) / content length passes a ratio; a row's content
loads when it displays. `conformance.sh` checks it gives the built-in's metrics exactly. Its
`quiet` spares scrollsim the frames far from the trigger: most of a run's `didScroll`s.
"""
import math
from typing import Optional

from scrollsim_strategy import ListView, Quiet, Strategy, choice, flag, number, run


class Threshold(Strategy):
    name = "threshold-py"
    summary = "seed 001's ratio rule, ported to Python"
    parameters = [
        choice("mode", ["static", "dynamic"], "static", "static: ratio of the whole list; dynamic: of the newest page"),
        number("threshold", 0, 1, 0.7, "the ratio"),
        flag("guard", True, "skip while a page request is outstanding"),
        flag("skipAtEnd", True, "scroll callbacks at the very end check nothing"),
    ]

    def list_did_load(self, lst: ListView) -> None:
        self.check(lst)

    def did_scroll(self, lst: ListView) -> None:
        if self.params["skipAtEnd"] and lst.content_offset + lst.viewport_height >= lst.content_length:
            return
        self.check(lst)

    def will_display(self, lst: ListView, item: int) -> None:
        lst.load(item)

    def request_did_fail(self, lst: ListView, kind: str, index: int) -> None:
        if kind == "page":
            self.check(lst)

    def quiet(self, lst: ListView) -> Optional[Quiet]:
        """did_scroll acts only through check, which reads these facts and the offset: until
        they change, it cannot act below the offset where the ratio reaches the trigger."""
        facts = ("has_more_data", "content_length", "item_count", "next_page_index", "page_requests_outstanding")
        if not self.armed(lst):
            return Quiet(facts=facts)
        # (offset + viewport) / length >= ratio first holds near ratio * length - viewport: a
        # margin of a millionth keeps rounding on the side of asking.
        trigger = self.trigger_ratio(lst) * lst.content_length - lst.viewport_height
        margin = 1e-6 * (abs(trigger) + lst.viewport_height + lst.content_length)
        return Quiet(offset_above=trigger - margin, facts=facts)

    def trigger_ratio(self, lst: ListView) -> float:
        threshold: float = self.params["threshold"]
        if self.params["mode"] != "dynamic":
            return threshold
        per_page = float(lst.page_size)
        current_page = float(math.ceil(lst.item_count / per_page)) - 1
        need_read = per_page * threshold + current_page * per_page
        return need_read / (per_page * (current_page + 1))

    def armed(self, lst: ListView) -> bool:
        """Whether check may ask for a page at all: an append feed with more to load and a
        length, and no page request outstanding under the guard (quiet reads it too)."""
        if lst.feed_kind != "append" or not lst.has_more_data or not lst.content_length > 0:
            return False
        return not (self.params["guard"] and lst.page_requests_outstanding > 0)

    def check(self, lst: ListView) -> None:
        if not self.armed(lst):
            return
        ratio = (lst.content_offset + lst.viewport_height) / lst.content_length
        if ratio >= self.trigger_ratio(lst):
            lst.request_page(lst.next_page_index)


if __name__ == "__main__":
    run(Threshold)
