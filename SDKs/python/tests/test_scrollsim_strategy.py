"""Unit tests of the Python SDK: the handshake, the list's copy and the actions (no scrollsim
needed). `conformance.sh` checks the ports against scrollsim itself."""
import contextlib
import io
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import scrollsim_strategy as sdk  # noqa: E402

BEGIN = {"type": "begin", "seed": 7, "parameters": {"rows": 3}, "viewportHeight": 100, "frameInterval": 0.0167,
         "networkLatency": 0.1, "feedKind": "placeholder", "pageSize": 10, "initialPages": 1, "columns": 2}


def event(name, **fields):
    message = {"type": "event", "event": name, "time": 1.0, "contentOffset": 0, "contentLength": 500,
               "targetContentOffset": None, "isTracking": False, "isDragging": False, "isDecelerating": False,
               "frameTimeRemaining": 0.01, "averageBindTime": 0, "itemCount": 30, "hasMoreData": False,
               "nextPageIndex": 1, "pageRequestsOutstanding": 0, "visibleItems": [0, 1]}
    message.update(fields)
    return message


class Loader(sdk.Strategy):
    name = "loader"
    parameters = [sdk.number("rows", 0, 10, 2)]

    def will_display(self, lst, item):
        lst.load(item)
        lst.load(item)  # a second load of the same row asks for nothing more

    def timer_did_fire(self, lst):
        lst.wake_up(0.25)


class Pager(sdk.Strategy):
    name = "pager"

    def did_scroll(self, lst):
        if lst.content_offset > 200 and lst.page_requests_outstanding == 0:
            lst.request_page(lst.next_page_index)

    def quiet(self, lst):
        return sdk.Quiet(offset_above=200, direction=1, facts=("page_requests_outstanding", "visible_items"),
                         rows={4: sdk.CONTENT | sdk.REQUESTED})


class SdkTests(unittest.TestCase):
    def session(self, *messages):
        stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in messages))
        stdout = io.StringIO()
        sdk.run(Loader, stdin=stdin, stdout=stdout)
        return [json.loads(line) for line in stdout.getvalue().splitlines()]

    def test_handshake_lists_only_the_callbacks_overridden(self):
        answer = self.session({"type": "hello", "protocol": 1})[0]
        self.assertEqual(answer["name"], "loader")
        self.assertEqual(answer["protocol"], 2)
        self.assertEqual(sorted(answer["events"]), ["timerDidFire", "willDisplay"])
        self.assertEqual(answer["parameters"][0]["default"], 2)

    def test_load_asks_for_the_page_and_the_content_once(self):
        answers = self.session(BEGIN, event("willDisplay", item=12), event("timerDidFire"))
        self.assertEqual(answers[0], {"type": "ready"})
        # Row 12 is on page 1 (not loaded): the page, and the content that waits for it.
        self.assertEqual(answers[1]["actions"], [["requestPage", 1], ["requestContent", 12]])
        self.assertEqual(answers[2]["actions"], [["wakeUp", 0.25]])

    def test_quiet_sends_the_facts_as_the_copy_holds_them_after_the_actions(self):
        stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in (
            BEGIN, event("didScroll", contentOffset=100), event("didScroll", contentOffset=300))))
        stdout = io.StringIO()
        sdk.run(Pager, stdin=stdin, stdout=stdout)
        answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
        self.assertEqual(answers[1], {"actions": [], "quiet": {
            "offsetAbove": 200, "direction": 1, "facts": {"pageRequestsOutstanding": 0, "visibleItems": [0, 1]},
            "rows": [4, 3, 0]}})
        self.assertEqual(answers[2]["actions"], [["requestPage", 1]])
        self.assertEqual(answers[2]["quiet"]["facts"]["pageRequestsOutstanding"], 1)
        # A strategy without quiet answers with actions alone.
        self.assertNotIn("quiet", self.session(BEGIN, event("timerDidFire"))[1])

    def test_an_exception_is_reported_not_swallowed(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            answers = self.session(BEGIN, event("willDisplay"))  # no "item"
        self.assertIn("KeyError", answers[1]["error"])
        self.assertIn("Traceback", stderr.getvalue())  # for the person reading scrollsim's message

    def test_waterfall_layout_and_band_queries(self):
        lst = sdk.ListView(BEGIN)
        lst._update(event("didScroll", heights=[[1, 100], [1, 50], [2, 30]]))
        # Column 0 gets row 0 (0-100), column 1 row 1 (0-50), then row 2 (50-80), row 3 (80-110).
        self.assertEqual([(f.column, f.top) for f in map(lst.frame, range(4))], [(0, 0), (1, 0), (1, 50), (1, 80)])
        self.assertIsNone(lst.frame(4))
        self.assertEqual(lst.items(0, 50), [0, 1])
        self.assertEqual(lst.items(50, 51), [0, 2])  # row 1 ends at 50: no sliver
        self.assertEqual(lst.items(80, 80), [])  # an empty band
        self.assertEqual(lst.items(100, 1000), [3])

    def test_change_lists_and_reads_after_actions(self):
        lst = sdk.ListView(BEGIN)
        lst._update(event("didScroll", rows=[3, sdk.CACHED, 4, sdk.CONTENT], pages=[2, sdk.PAGE_LOADED]))
        self.assertTrue(lst.is_cached(3) and lst.has_content(4) and lst.is_page_loaded(2) and lst.is_page_loaded(0))
        self.assertFalse(lst.is_page_loaded(1))
        self.assertTrue(lst.load_from_cache(3))  # cached and its page 0 has data
        self.assertTrue(lst.has_content(3))
        self.assertFalse(lst.load_from_cache(5))
        lst.request_content(6)
        self.assertTrue(lst.is_content_requested(6))
        lst.cancel_content(6)
        self.assertTrue(lst.needs_content(6))
        lst.request_page(1)
        self.assertTrue(lst.is_page_requested(1))
        self.assertEqual(lst.page_requests_outstanding, 1)


if __name__ == "__main__":
    unittest.main()
