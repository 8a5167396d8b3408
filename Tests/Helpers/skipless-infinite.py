"""A deliberately wrong port of infinite-list: it drops the skip docs/strategies.md describes
(a row that holds or awaits its content is not asked for again), so conformance must find the
first willDisplay where it asks anyway. For ProcessStrategyCommandTests.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "SDKs", "python"))
from scrollsim_strategy import Strategy, number, run  # noqa: E402


class Infinite(Strategy):
    name = "skipless-infinite-py"
    parameters = [number("slack", 0, 10000, 1, "pt")]

    def list_did_load(self, lst):
        self.check(lst)

    def did_scroll(self, lst):
        self.check(lst)

    def will_display(self, lst, item):
        lst.request_content(item)  # drops the skip: asks even for rows holding or awaiting content

    def request_did_complete(self, lst, kind, index):
        if kind == "page":
            self.check(lst)

    def request_did_fail(self, lst, kind, index):
        if kind == "page":
            self.check(lst)

    def check(self, lst):
        if lst.feed_kind != "append" or not lst.has_more_data or lst.page_requests_outstanding:
            return
        if lst.content_offset + lst.viewport_height >= lst.content_length - self.params["slack"]:
            lst.request_page(lst.next_page_index)


run(Infinite)
