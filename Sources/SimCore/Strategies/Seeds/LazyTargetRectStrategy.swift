/// Load only what the user will stop on.
///
/// Origin: seed 001 scheme 3 and seed 002's image loading. When a drag begins the target rect
/// is cleared and the visible cells load (seed 002's `scrollViewWillBeginDragging` calls
/// `loadImageForVisibleCells`: a fling caught by the finger loads what it stopped on); while
/// the finger drags, visible cells load. At `scrollViewWillEndDragging` the target rect
/// `(targetContentOffset, viewport size)` is set and its rows load; while decelerating, a cell
/// outside the target rect shows its content only if it is already in memory (no request for
/// cells that merely flash by). At `scrollViewDidEndDecelerating` (or at the end of a drag with
/// no momentum) the rect is cleared and every visible cell loads.
/// On a placeholder feed the target rect's pages are fetched by range. On an append feed pages
/// follow seed 002's logical rule: when a visible row is fewer than `remaining` rows from the
/// end (19 with 20 a page), fetch the next page, guarded against duplicates.
///
/// Seed 002 measured its result in frames: dropped frames while scrolling fell from about 15 to
/// 1–2. Images that cost the main thread are what that measures, so this strategy's platform
/// decodes on the main thread (`threading`: a `UIImage` set as it arrives decodes at first
/// render; Kingfisher's default, `backgroundDecode = false`, does the same); a memory-tier hit
/// is decoded already, so a flown-over cell costs no decode. `targetRect=false` is the
/// article's "before": every visible cell loads while decelerating. The direction holds on the
/// article's own scenario and flips on a first install over 4G (`docs/memory.md`, seed 002).
package final class LazyTargetRectStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "lazy-target-rect", aliases: ["lazy"],
    summary: "Load the deceleration target rect only; flown-over cells only from memory.",
    origin: "seed 001 scheme 3, seed 002 (image loading, page rule, duplicate guard)",
    parameters: [
      ParameterInfo(
        "remaining", .number(0...100_000), default: "19",
        "append feed: fetch the next page when a visible row is fewer than this many rows from the end"),
      ParameterInfo(
        "targetRect", .flag, default: "true",
        "while decelerating, load only the target rect (false: every visible cell, seed 002's \"before\")"),
    ],
    platform: .seeds)

  package static var callbacks: [StrategyCallback] {
    [
      .listDidLoad, .willBeginDragging, .willEndDragging, .didEndDragging, .didEndDecelerating, .willDisplay,
      .requestDidFail,
    ]
  }

  package var threading: RowThreading { RowThreading(bind: .synchronous, decode: .main) }

  private let remaining: Int
  private let usesTargetRect: Bool
  private var targetRect: ClosedRange<Double>?

  package init(parameters: StrategyParameters) {
    remaining = Int(parameters.number("remaining"))
    usesTargetRect = parameters.flag("targetRect")
  }

  package func listDidLoad(_ list: any ListContext) { fetchPageIfNear(list, item: list.visibleItems.last ?? 0) }

  package func willBeginDragging(_ list: any ListContext) { settle(list) }

  package func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    guard usesTargetRect else { return }
    targetRect = targetContentOffset...(targetContentOffset + list.viewportHeight)
    list.load(list.items(inViewportAt: targetContentOffset))
  }

  package func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    if !willDecelerate { settle(list) }
  }

  package func didEndDecelerating(_ list: any ListContext) { settle(list) }

  package func willDisplay(_ list: any ListContext, item: Int) {
    fetchPageIfNear(list, item: item)
    if let rect = targetRect, list.isDecelerating {
      let frame = list.frame(of: item)
      guard frame.bottom > rect.lowerBound && frame.top < rect.upperBound else {
        list.loadFromCache(item)  // flown over: only what memory already has
        return
      }
    }
    list.load(item)
  }

  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { fetchPageIfNear(list, item: list.visibleItems.last ?? 0) }
  }

  private func settle(_ list: any ListContext) {
    targetRect = nil
    list.load(list.visibleItems)
  }

  private func fetchPageIfNear(_ list: any ListContext, item: Int) {
    guard list.feedKind == .append, list.hasMoreData, list.pageRequestsOutstanding == 0 else { return }
    if list.itemCount - item < remaining || list.contentLength <= list.viewportHeight {
      list.requestPage(list.nextPageIndex)
    }
  }
}
