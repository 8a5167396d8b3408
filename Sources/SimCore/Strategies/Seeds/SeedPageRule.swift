/// What seed 003's `ListPrefetcher` and seed 002's page rules share: checked on every scroll
/// callback, skipped there once the viewport's bottom has reached the end of the content (seed
/// 003: `guard offsetY < totalHeight` in its contentOffset observer), and guarded against a
/// second request while one is in flight (seed 002). After a failed page the app asks again
/// wherever the user is (the seeds do not handle failures; this is scrollsim's assumption). On
/// a placeholder feed a row coming on screen asks for its page.
protocol SeedPageRule: PrefetchStrategy {
  var inFlightGuard: Bool { get }
  /// Whether to request the next page now, given `offsetY` = contentOffset + viewport height.
  func shouldFetch(totalHeight: Double, offsetY: Double, rows: Int) -> Bool
}

extension SeedPageRule {
  /// The guard parameter each of these rules declares.
  static var guardParameter: ParameterInfo {
    ParameterInfo("guard", .flag, default: "true", "skip while a page request is outstanding (seed 002)")
  }

  package func didScroll(_ list: any ListContext) { check(list, skipAtEnd: true) }

  package func willDisplay(_ list: any ListContext, item: Int) {
    if list.feedKind == .placeholder { list.load(item, content: false) }
  }

  /// The app's spinner asks again when a page fails.
  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { check(list, skipAtEnd: false) }
  }

  func check(_ list: any ListContext, skipAtEnd: Bool) {
    guard list.feedKind == .append, list.hasMoreData, list.itemCount > 0 else { return }
    if inFlightGuard && list.pageRequestsOutstanding > 0 { return }
    let offsetY = list.contentOffset + list.viewportHeight
    if skipAtEnd && offsetY >= list.contentLength { return }
    if shouldFetch(totalHeight: list.contentLength, offsetY: offsetY, rows: list.itemCount) {
      list.requestPage(list.nextPageIndex)
    }
  }
}

extension SeedPageRule {
  package static var callbacks: [StrategyCallback] { [.didScroll, .willDisplay, .requestDidFail] }
}
