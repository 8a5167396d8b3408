"""A team's own rule, the example of docs/strategies.md: load `rows` rows past the screen on
every scroll; after a failed page, ask again a second later."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from scrollsim_strategy import Strategy, number, run  # noqa: E402


class Lookahead(Strategy):
    name = "lookahead-py"
    parameters = [number("rows", 0, 100, 5, "rows past the screen to load")]

    def did_scroll(self, lst):
        last = lst.visible_items[-1] if lst.visible_items else 0
        for item in range(last + 1, min(lst.item_count, last + 1 + int(self.params["rows"]))):
            lst.load(item)
        if lst.has_more_data and lst.page_requests_outstanding == 0 and last + 1 + self.params["rows"] >= lst.item_count:
            lst.request_page(lst.next_page_index)

    def will_display(self, lst, item):
        lst.load(item)

    def request_did_fail(self, lst, kind, index):
        if kind == "page":
            lst.wake_up(1.0)  # try again in a second

    def timer_did_fire(self, lst):
        if lst.has_more_data and lst.page_requests_outstanding == 0:
            lst.request_page(lst.next_page_index)


if __name__ == "__main__":
    run(Lookahead)
