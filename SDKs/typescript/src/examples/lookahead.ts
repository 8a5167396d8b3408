// A team's own rule, the example of docs/strategies.md: load `rows` rows past the screen on
// every scroll; after a failed page, ask again a second later.
import { ListView, Strategy, number, run } from "../index";

class Lookahead extends Strategy {
  static strategyName = "lookahead-ts";
  static parameters = [number("rows", 0, 100, 5, "rows past the screen to load")];

  didScroll(list: ListView) {
    const last = list.visibleItems[list.visibleItems.length - 1] ?? 0;
    const end = Math.min(list.itemCount, last + 1 + this.params.rows);
    for (let item = last + 1; item < end; item++) list.load(item);
    if (list.hasMoreData && list.pageRequestsOutstanding === 0 && last + 1 + this.params.rows >= list.itemCount) {
      list.requestPage(list.nextPageIndex);
    }
  }

  willDisplay(list: ListView, item: number) {
    list.load(item);
  }

  requestDidFail(list: ListView, kind: "page" | "content") {
    if (kind === "page") list.wakeUp(1.0); // try again in a second
  }

  timerDidFire(list: ListView) {
    if (list.hasMoreData && list.pageRequestsOutstanding === 0) list.requestPage(list.nextPageIndex);
  }
}

run(Lookahead);
