/// The baseline: no preloading at all.
///
/// Origin: seed 001, scheme 1 ("infinite scroll list"): the next page is requested only when
/// the user reaches the bottom of the loaded list, and waits for it. Cell content is requested
/// when a cell is about to display (UIKit's usual `cellForRow` image load). On a placeholder
/// feed, a visible row whose page is missing requests it.
package final class InfiniteListStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "infinite-list", aliases: ["infinite"],
    summary: "Next page only at the bottom; content when a cell displays.",
    origin: "seed 001 scheme 1 (baseline)",
    parameters: [
      ParameterInfo("slack", .number(0...10_000), default: "1", "pt from the end of content that count as reached")
    ],
    platform: .seeds)

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willDisplay, .requestDidComplete, .requestDidFail]
  }

  private let slack: Double

  package init(parameters: StrategyParameters) {
    slack = parameters.number("slack")
  }

  package func listDidLoad(_ list: any ListContext) { fetchIfAtEnd(list) }
  package func didScroll(_ list: any ListContext) { fetchIfAtEnd(list) }

  package func willDisplay(_ list: any ListContext, item: Int) {
    list.load(item, content: true)
  }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { fetchIfAtEnd(list) }
  }

  /// The spinner at the bottom asks again when a page fails.
  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { fetchIfAtEnd(list) }
  }

  private func fetchIfAtEnd(_ list: any ListContext) {
    guard list.feedKind == .append, list.hasMoreData, list.pageRequestsOutstanding == 0 else { return }
    if list.contentOffset + list.viewportHeight >= list.contentLength - slack {
      list.requestPage(list.nextPageIndex)
    }
  }
}
