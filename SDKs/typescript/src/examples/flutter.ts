// Flutter's ListView.builder with infinite_scroll_pagination's page rule, ported from
// docs/strategies.md ("flutter", To the letter) and its declaration
// (`scrollsim strategies flutter --format json`) alone. conformance.sh checks it gives the
// built-in's metrics exactly (on traces of density 3: a port cannot tell an unset
// devicePixelRatio, which follows the trace's density, from its default, 3).
import { ListView, Strategy, number, run } from "../index";

class FlutterList extends Strategy {
  static strategyName = "flutter-ts";
  static summary = "Flutter's ListView.builder, ported to TypeScript from the docs";
  static parameters = [
    number("cacheExtent", 0, 1000000, 250, "px built beyond each edge"),
    number("devicePixelRatio", 0, 10, 3, "deferral bar in screens per second (0: off)"),
    number("invisibleItemsThreshold", 0, 10000, 3, "next page when this row from the end builds"),
    number("cacheWidth", 0, 100000, 0, "px each Image decodes at (0: not set)"),
  ];
  static platform = { memory: "flutter", keepsOffscreenCells: true };

  private built: number[] = [];
  private deferred = new Set<number>();
  private previous: { offset: number; time: number } | undefined;
  private velocity = 0;
  private requestedForCount = -1;

  listDidLoad(list: ListView) {
    this.previous = { offset: list.contentOffset, time: list.time };
    this.layout(list);
  }

  didScroll(list: ListView) {
    // The offset change over the time since the last didScroll (or listDidLoad).
    let measured: number | undefined;
    if (this.previous !== undefined && list.time > this.previous.time) {
      measured = (list.contentOffset - this.previous.offset) / (list.time - this.previous.time);
    }
    this.previous = { offset: list.contentOffset, time: list.time };
    // Momentum's velocity only; 0 under the finger or at rest.
    this.velocity = list.isDecelerating && !list.isTracking ? measured ?? this.velocity : 0;
    this.layout(list);
  }

  didEndDragging(list: ListView, willDecelerate: boolean) {
    if (!willDecelerate) this.settle(list);
  }

  didEndDecelerating(list: ListView) {
    this.settle(list);
  }

  requestDidComplete(list: ListView, kind: "page" | "content") {
    if (kind === "page") this.layout(list);
  }

  requestDidFail(list: ListView, kind: "page" | "content") {
    if (kind === "page") {
      this.requestedForCount = -1;
      this.layout(list);
    }
  }

  private settle(list: ListView) {
    this.velocity = 0;
    this.layout(list);
  }

  private fast(list: ListView): boolean {
    const ratio: number = this.params.devicePixelRatio;
    return ratio > 0 && Math.abs(this.velocity) > list.viewportHeight * ratio;
  }

  private layout(list: ListView) {
    const extent: number = this.params.cacheExtent;
    const start = list.contentOffset - extent;
    const now = list.items(start, list.contentOffset + list.viewportHeight + extent);
    const first = now[0];
    if (first !== undefined && first > 0 && this.built.includes(first - 1)) {
      const before = list.frame(first - 1);
      if (before !== undefined && before.top + before.height === start) now.unshift(first - 1);
    }
    const fast = this.fast(list);
    const same = now.length === this.built.length && now.every((item, index) => item === this.built[index]);
    if (!same) {
      const kept = new Set(now);
      for (const item of this.built) {
        if (kept.has(item)) continue;
        this.deferred.delete(item);
        list.clearContent(item);
        list.discardRender(item);
      }
      const before = new Set(this.built);
      for (const item of now) if (!before.has(item)) this.build(item, list);
      this.built = now;
    }
    if (fast || this.deferred.size === 0) return;
    for (const item of [...this.deferred].sort((a, b) => a - b)) {
      if (list.needsContent(item)) list.requestContent(item);
    }
    this.deferred.clear();
  }

  private build(item: number, list: ListView) {
    list.prepareRender(item);
    const threshold: number = this.params.invisibleItemsThreshold;
    if (list.feedKind === "placeholder") {
      list.load(item, false);
    } else if (
      item === Math.max(0, list.itemCount - Math.trunc(threshold)) && list.hasMoreData &&
      this.requestedForCount !== list.itemCount && list.pageRequestsOutstanding === 0
    ) {
      this.requestedForCount = list.itemCount;
      list.requestPage(list.nextPageIndex);
    }
    if (!list.needsContent(item)) return;
    if (this.fast(list)) this.deferred.add(item);
    else list.requestContent(item);
  }
}

run(FlutterList);
