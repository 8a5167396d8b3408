// RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.
// After each frame that scrolled, one row past the leading edge is bound ahead (if the average
// bind fits in the frame's idle time, or the row is needed next frame); rows leaving the screen
// wait in a view cache of `viewCache` views. Content only: Paging 3 (built in) decides pages.
// conformance.sh checks gapworker-ts gives paging3+gapworker's metrics exactly.
import { ListView, Strategy, number, run } from "../index";

class GapWorker extends Strategy {
  static strategyName = "gapworker-ts";
  static summary = "RecyclerView's GapWorker, ported to TypeScript";
  static role = "content" as const;
  static partner = "paging3";
  static parameters = [number("viewCache", 0, 1000, 2, "views kept bound off screen (DEFAULT_CACHE_SIZE)")];
  static platform = { memory: "glide" };

  private previousOffset = 0;
  private cachedViews: number[] = [];

  listDidLoad(list: ListView) {
    this.previousOffset = list.contentOffset;
  }

  frameDidFinish(list: ListView) {
    const item = this.nextPrefetch(list);
    if (item === undefined) return;
    list.prepareRender(item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  willDisplay(list: ListView, item: number) {
    this.cachedViews = this.cachedViews.filter((row) => row !== item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  didEndDisplaying(list: ListView, item: number) {
    this.cachedViews.push(item);
    while (this.cachedViews.length > Math.trunc(this.params.viewCache)) {
      const recycled = this.cachedViews.shift()!;
      if (!list.hasContent(recycled)) list.cancelContent(recycled);
    }
  }

  private nextPrefetch(list: ListView): number | undefined {
    const dy = list.contentOffset - this.previousOffset;
    this.previousOffset = list.contentOffset;
    const visible = list.visibleItems;
    if (dy === 0 || visible.length === 0) return undefined;
    let item: number;
    let distance: number;
    if (dy > 0) {
      item = visible[visible.length - 1] + 1;
      if (item >= list.itemCount) return undefined;
      distance = list.frame(item)!.top - (list.contentOffset + list.viewportHeight);
    } else {
      item = visible[0] - 1;
      if (item < 0) return undefined;
      distance = list.contentOffset - list.frame(item)!.bottom;
    }
    const neededNextFrame = distance <= Math.abs(dy);
    const average = list.averageBindTime;
    if (!(neededNextFrame || average === 0 || average < list.frameTimeRemaining)) return undefined;
    return item;
  }
}

run(GapWorker);
