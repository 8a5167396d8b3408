// Seed 001's threshold rule (Sources/SimCore/Strategies/Seeds/ThresholdStrategy.swift), ported.
// Next page once (offset + viewport height) / content length passes a ratio; a row's content
// loads when it displays. conformance.sh checks it gives the built-in's metrics exactly. Its
// quiet spares scrollsim the frames far from the trigger: most of a run's didScrolls.
import { Fact, ListView, Quiet, Strategy, choice, flag, number, run } from "../index";

class Threshold extends Strategy {
  static strategyName = "threshold-ts";
  static summary = "seed 001's ratio rule, ported to TypeScript";
  static parameters = [
    choice("mode", ["static", "dynamic"], "static", "static: ratio of the whole list; dynamic: of the newest page"),
    number("threshold", 0, 1, 0.7, "the ratio"),
    flag("guard", true, "skip while a page request is outstanding"),
    flag("skipAtEnd", true, "scroll callbacks at the very end check nothing"),
  ];

  listDidLoad(list: ListView) {
    this.check(list);
  }
  didScroll(list: ListView) {
    if (this.params.skipAtEnd && list.contentOffset + list.viewportHeight >= list.contentLength) return;
    this.check(list);
  }
  willDisplay(list: ListView, item: number) {
    list.load(item);
  }
  requestDidFail(list: ListView, kind: "page" | "content") {
    if (kind === "page") this.check(list);
  }

  // didScroll acts only through check, which reads these facts and the offset: until they
  // change, it cannot act below the offset where the ratio reaches the trigger.
  quiet(list: ListView): Quiet {
    const facts: Fact[] = ["hasMoreData", "contentLength", "itemCount", "nextPageIndex", "pageRequestsOutstanding"];
    if (!this.armed(list)) return { facts };
    // (offset + viewport) / length >= ratio first holds near ratio * length - viewport: a
    // margin of a millionth keeps rounding on the side of asking.
    const trigger = this.triggerRatio(list) * list.contentLength - list.viewportHeight;
    const margin = 1e-6 * (Math.abs(trigger) + list.viewportHeight + list.contentLength);
    return { offsetAbove: trigger - margin, facts };
  }

  private triggerRatio(list: ListView): number {
    const threshold: number = this.params.threshold;
    if (this.params.mode !== "dynamic") return threshold;
    const perPage = list.pageSize;
    const currentPage = Math.ceil(list.itemCount / perPage) - 1;
    const needRead = perPage * threshold + currentPage * perPage;
    return needRead / (perPage * (currentPage + 1));
  }

  /**
   * Whether `check` may ask for a page at all: an append feed with more to load and a length,
   * and no page request outstanding under the guard (`quiet` reads it too).
   */
  private armed(list: ListView): boolean {
    if (list.feedKind !== "append" || !list.hasMoreData || !(list.contentLength > 0)) return false;
    return !(this.params.guard && list.pageRequestsOutstanding > 0);
  }

  private check(list: ListView) {
    if (!this.armed(list)) return;
    const ratio = (list.contentOffset + list.viewportHeight) / list.contentLength;
    if (ratio >= this.triggerRatio(list)) list.requestPage(list.nextPageIndex);
  }
}

run(Threshold);
