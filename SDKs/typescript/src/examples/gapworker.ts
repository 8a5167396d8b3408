// RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.
// After each frame that scrolled, one row past the leading edge is bound ahead (if the average
// bind fits in the frame's idle time, or the row is needed next frame); rows leaving the screen
// wait in a view cache of `viewCache` views. Content only: Paging 3 (built in) decides pages.
// conformance.sh checks gapworker-ts gives paging3+gapworker's metrics exactly. Its quiet
// spares scrollsim the frames that would bind again a row already bound ahead.
import { CACHED, CONTENT, Fact, ListView, Quiet, RENDERED, REQUESTED, Strategy, number, run } from "../index";

class GapWorker extends Strategy {
  static strategyName = "gapworker-ts";
  static summary = "RecyclerView's GapWorker, ported to TypeScript";
  static role = "content" as const;
  static partner = "paging3";
  static parameters = [number("viewCache", 0, 1000, 2, "views kept bound off screen (DEFAULT_CACHE_SIZE)")];
  static platform = { memory: "glide", layout: "whole-pixels" };

  private cachedViews: number[] = [];
  private readonly boundAhead = new Set<number>();

  frameDidFinish(list: ListView) {
    for (const item of this.nextPrefetch(list)) {
      list.prepareRender(item);
      this.boundAhead.add(item);
      if (list.needsContent(item)) list.requestContent(item);
    }
  }

  willDisplay(list: ListView, item: number) {
    this.cachedViews = this.cachedViews.filter((row) => row !== item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  didEndDisplaying(list: ListView, item: number) {
    this.boundAhead.delete(item); // a row that leaves the screen is unbound
    this.cachedViews.push(item);
    while (this.cachedViews.length > Math.trunc(this.params.viewCache)) {
      const recycled = this.cachedViews.shift()!;
      if (!list.hasContent(recycled)) list.cancelContent(recycled);
    }
  }

  // A frame that does not move binds nothing; one that moves binds the row past the edge it
  // moves towards, and binding again a row bound ahead that holds or awaits its content
  // changes nothing until that row's state changes (a bind settles the row's memory, which
  // then counts an image that came meanwhile). So frames are quiet while the list stands
  // still, or while the visible rows stay, it keeps moving the same way and that row, bound
  // ahead with its content, stays as it is.
  quiet(list: ListView): Quiet | undefined {
    const step = list.contentOffset - list.lastFrameOffset;
    const facts: Fact[] = ["visibleItems", "itemCount"];
    if (step === 0) return { offsetAbove: list.contentOffset, offsetBelow: list.contentOffset, facts };
    if (list.visibleItems.length === 0) return { facts };
    const rows: [number, number][] = [];
    for (const item of rowPastEdge(list, step)) {
      if (!this.boundAhead.has(item) || list.needsContent(item)) return undefined;
      rows.push([item, CONTENT | REQUESTED | CACHED | RENDERED]);
    }
    return { direction: step > 0 ? 1 : -1, facts, rows };
  }

  private nextPrefetch(list: ListView): number[] {
    const dy = list.contentOffset - list.lastFrameOffset;
    const row = rowPastEdge(list, dy);
    if (row.length === 0) return [];
    const distance =
      dy > 0
        ? list.frame(row[0])!.top - (list.contentOffset + list.viewportHeight)
        : list.contentOffset - list.frame(row[0])!.bottom;
    const neededNextFrame = distance <= Math.abs(dy) + 1e-6; // whole pixels: a tie within float rounding is a tie
    const average = list.averageBindTime;
    if (!(neededNextFrame || average === 0 || average < list.frameTimeRemaining)) return [];
    return row;
  }
}

/**
 * The row past the edge a frame's `step` moves towards: one item, or on a grid the next row's
 * `rowItems`, nearest first; empty if the list does not move, shows nothing, or ends there
 * (`nextPrefetch` and `quiet` both ask).
 */
function rowPastEdge(list: ListView, step: number): number[] {
  const visible = list.visibleItems;
  if (step === 0 || visible.length === 0) return [];
  const row: number[] = [];
  if (step > 0) {
    const item = visible[visible.length - 1] + 1;
    for (let i = item; i < Math.min(item + list.rowItems, list.itemCount); i++) row.push(i);
  } else {
    const item = visible[0] - 1;
    for (let i = item; i > Math.max(-1, item - list.rowItems); i--) row.push(i);
  }
  return row;
}

run(GapWorker);
