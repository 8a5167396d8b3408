"""A team's own rule, the example of docs/strategies.md: load `rows` rows past the screen on
every scroll; after a failed page, ask again a second later."""
from scrollsim_strategy import ListView, Strategy, number, run


class Lookahead(Strategy):
    name = "lookahead-py"
    parameters = [number("rows", 0, 100, 5, "rows past the screen to load")]

    def did_scroll(self, lst: ListView) -> None:
        last = lst.visible_items[-1] if lst.visible_items else 0
        for item in range(last + 1, min(lst.item_count, last + 1 + int(self.params["rows"]))):
            lst.load(item)
        if lst.has_more_data and lst.page_requests_outstanding == 0 and last + 1 + self.params["rows"] >= lst.item_count:
            lst.request_page(lst.next_page_index)

    def will_display(self, lst: ListView, item: int) -> None:
        lst.load(item)

    def request_did_fail(self, lst: ListView, kind: str, index: int) -> None:
        if kind == "page":
            lst.wake_up(1.0)  # try again in a second

    def timer_did_fire(self, lst: ListView) -> None:
        if lst.has_more_data and lst.page_requests_outstanding == 0:
            lst.request_page(lst.next_page_index)


if __name__ == "__main__":
    run(Lookahead)
