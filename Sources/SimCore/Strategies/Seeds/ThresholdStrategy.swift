/// Fetch the next page once the user has scrolled past a ratio of the list.
///
/// Origin: seed 001 scheme 2 (Zhihu's client). On every scroll callback
/// `ratio = (contentOffset + viewportHeight) / contentLength`.
/// - `static`: fire when `ratio >= threshold` (0.7). Its known flaw: 70% of the whole list, so
///   with 10 items a page it fires at items 7, 14, 21, 28, 35 — ever earlier in the newest page.
/// - `dynamic`: with `currentPage` = pages loaded − 1,
///   `needRead = pageSize·threshold + currentPage·pageSize`, `total = pageSize·(currentPage+1)`,
///   fire when `ratio >= needRead / total` (items 7, 17, 27, …).
/// An in-flight guard (seed 002: "guard against duplicate requests") skips the check while a
/// page request is outstanding; `guard=false` shows what happens without it. Like seed 003's
/// prefetcher, a scroll callback skips the check once the viewport's bottom has reached the end
/// of the content (`guard offsetY < totalHeight`; `skipAtEnd=false` turns it off); the first
/// check and the retry after a failed page are not skipped. Content loads
/// when a cell displays; on a placeholder feed, a visible row whose page is missing
/// requests it (the ratio rule needs a growing list, so it does nothing there).
package final class ThresholdStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "threshold", aliases: [],
    summary: "Next page when (offset + height) / contentLength passes a ratio.",
    origin: "seed 001 scheme 2 (Zhihu), dynamic variant from seeds 001/003, guard from seed 002",
    parameters: [
      ParameterInfo(
        "mode", .choice(["static", "dynamic"]), default: "static",
        "static: ratio of the whole list; dynamic: of the newest page"),
      ParameterInfo("threshold", .number(0...1), default: "0.7", "the ratio"),
      ParameterInfo("guard", .flag, default: "true", "skip while a page request is outstanding"),
      ParameterInfo("skipAtEnd", .flag, default: "true", "scroll callbacks at the very end check nothing (seed 003)"),
    ],
    platform: .seeds)

  package static var callbacks: [StrategyCallback] { [.listDidLoad, .didScroll, .willDisplay, .requestDidFail] }

  private let dynamic: Bool
  private let threshold: Double
  private let inFlightGuard: Bool
  private let skipAtEnd: Bool

  package init(parameters: StrategyParameters) {
    dynamic = parameters.string("mode") == "dynamic"
    threshold = parameters.number("threshold")
    inFlightGuard = parameters.flag("guard")
    skipAtEnd = parameters.flag("skipAtEnd")
  }

  package func listDidLoad(_ list: any ListContext) { check(list) }
  package func didScroll(_ list: any ListContext) {
    if skipAtEnd && list.contentOffset + list.viewportHeight >= list.contentLength { return }
    check(list)
  }

  package func willDisplay(_ list: any ListContext, item: Int) {
    list.load(item, content: true)
  }

  /// A failed page clears the in-flight guard; the ratio is checked again.
  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { check(list) }
  }

  /// The ratio at which the next page is requested, given the rows loaded now.
  package static func triggerRatio(dynamic: Bool, threshold: Double, pageSize: Int, itemCount: Int) -> Double {
    guard dynamic else { return threshold }
    let perPage = Double(pageSize)
    let currentPage = (Double(itemCount) / perPage).rounded(.up) - 1
    let needRead = perPage * threshold + currentPage * perPage
    let total = perPage * (currentPage + 1)
    return needRead / total
  }

  private func check(_ list: any ListContext) {
    guard list.feedKind == .append, list.hasMoreData, list.contentLength > 0 else { return }
    if inFlightGuard && list.pageRequestsOutstanding > 0 { return }
    let ratio = (list.contentOffset + list.viewportHeight) / list.contentLength
    let trigger = Self.triggerRatio(
      dynamic: dynamic, threshold: threshold, pageSize: list.pageSize, itemCount: list.itemCount)
    if ratio >= trigger {
      list.requestPage(list.nextPageIndex)
    }
  }
}
