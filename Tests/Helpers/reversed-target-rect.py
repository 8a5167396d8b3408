"""A wrong port for conformance's tests: seed 001's lazy-target-rect (SDKs/python/examples/
lazy_target_rect.py) that loads the rows of one decision in reverse order. The same rows are
asked for at the same instant, so on most runs every metric agrees; the decisions do not."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "SDKs", "python", "examples"))

from lazy_target_rect import LazyTargetRect  # noqa: E402
from scrollsim_strategy import ListView, run  # noqa: E402


class ReversedTargetRect(LazyTargetRect):
    name = "reversed-target-rect-py"

    def will_end_dragging(self, lst: ListView, velocity: float, target_content_offset: float) -> None:
        if not self.params["targetRect"]:
            return
        self.target = (target_content_offset, target_content_offset + lst.viewport_height)
        for item in reversed(lst.items_in_viewport_at(target_content_offset)):
            lst.load(item)

    def settle(self, lst: ListView) -> None:
        self.target = None
        for item in reversed(lst.visible_items):
            lst.load(item)


if __name__ == "__main__":
    run(ReversedTargetRect)
