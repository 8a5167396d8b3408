/// The web's infinite scroll: an IntersectionObserver watches a sentinel element after the last
/// row and asks for the next page when the sentinel starts to intersect the viewport grown by
/// `rootMargin`.
///
/// Source: the IntersectionObserver spec (w3c.github.io/IntersectionObserver: callbacks are
/// queued in the frame's "update the rendering" steps, only when a target's intersection
/// changes; `rootMargin` defaults to 0px). So the rule fires on the *transition* into the
/// margin: a sentinel that is still intersecting after a page lands (a short page, a large
/// margin) or after a failed page asks for nothing until it leaves and comes back, as in a
/// browser. Evaluated after the scroll of every drawn frame that scrolled, and in the first
/// frame after a page lands, after that frame's scroll (the spec's order: animation frame
/// callbacks and scrolling, then the intersection update): a list that jumps straight back to
/// its new end in that frame (an offsets replay pinned at the end) never sees the sentinel
/// leave, and asks for nothing more, as Chromium does (found by `Validation/`). On a
/// placeholder feed a row coming on screen asks for its page instead.
package final class SentinelStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "sentinel", aliases: ["io-sentinel"],
    summary: "Next page when a sentinel after the last row enters the viewport + rootMargin.",
    origin: "W3C IntersectionObserver; the usual web infinite-scroll pattern",
    parameters: [
      ParameterInfo("rootMargin", .number(0...1_000_000), default: "0", "px added below the viewport (API default 0px)")
    ],
    platform: .web, role: .pages, partner: "chromium-lazy")

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willDisplay, .requestDidComplete, .timerDidFire]
  }

  private let rootMargin: Double
  private var wasIntersecting = false
  /// A page landed and the next frame's intersection update has not run yet.
  private var checkPending = false

  package init(parameters: StrategyParameters) {
    rootMargin = parameters.number("rootMargin")
  }

  /// Whether the sentinel (a zero-height element at the end of the content) intersects.
  package static func intersects(
    contentOffset: Double, viewportHeight: Double, contentLength: Double, rootMargin: Double
  )
    -> Bool
  {
    contentLength <= contentOffset + viewportHeight + rootMargin
  }

  package func listDidLoad(_ list: any ListContext) { observe(list) }
  package func didScroll(_ list: any ListContext) { observe(list) }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .page, !checkPending else { return }
    // A timer just after the next frame stands for that frame's intersection update (a frame
    // that scrolls has already evaluated through didScroll by then).
    checkPending = true
    list.wakeUpAfterNextFrame()
  }

  package func timerDidFire(_ list: any ListContext) {
    guard checkPending else { return }
    checkPending = false
    observe(list)
  }

  package func willDisplay(_ list: any ListContext, item: Int) {
    if list.feedKind == .placeholder { list.load(item, content: false) }
  }

  private func observe(_ list: any ListContext) {
    guard list.feedKind == .append else { return }
    let now = Self.intersects(
      contentOffset: list.contentOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
      rootMargin: rootMargin)
    defer { wasIntersecting = now }
    if now && !wasIntersecting && list.hasMoreData && list.pageRequestsOutstanding == 0 {
      list.requestPage(list.nextPageIndex)
    }
  }
}
