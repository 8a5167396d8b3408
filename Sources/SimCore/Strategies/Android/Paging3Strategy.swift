/// Android Paging 3: pages load one after another while the last accessed row is fewer than
/// `prefetchDistance` rows from the end of what is loaded.
///
/// Source (androidx/androidx, `paging/paging-common/src/commonMain/kotlin/androidx/paging/`):
/// - `PagingConfig.kt` @0ee887e4: `prefetchDistance` defaults to `pageSize`,
///   `initialLoadSize` to `3 × pageSize`, `enablePlaceholders` to true.
/// - `PagingDataPresenter.kt`, `ViewportHint.kt`, `HintHandler.kt`: every `get(index)` — every
///   bind, GapWorker's prefetch binds included — sends a hint with the rows loaded after it.
/// - `PageFetcherSnapshot.kt` @087c334f `nextLoadKeyOrNull`: no load once
///   `presentedItemsBeyondAnchor >= prefetchDistance`; loads in one direction are sequential
///   (the next starts when the previous returns) and count toward the distance; a load that
///   fails leaves the append in `LoadState.Error`, and nothing more loads until the app calls
///   `retry()`.
/// Modelled: the hint is the furthest row bound so far (HintHandler keeps the hint with the
/// fewest rows beyond it), and a row counts as bound when it displays or when GapWorker binds
/// it ahead (`GapWorkerPrefetch`, after the frame, against the main thread's remaining time and
/// average bind, as GapWorker decides). The initial load of `initialLoadSize` rows is one request
/// in Paging; scrollsim's feed serves pages, so it is the pages that cover it, one after
/// another. On a placeholder feed pages load in order from the top too: Paging 3 with
/// placeholders does not jump (`jumpThreshold` is off by default), so a fling far ahead shows
/// placeholders while the pages in between load. `retry=true` retries a failed page at once
/// (an app calling `retry()` itself). Alone it runs with GapWorker's content rule.
///
/// Checked against Paging's own `PageFetcherSnapshot` run on scrollsim's reads: every page asked
/// for on the same frame (`Reports/validation-platforms.md`). State (`takeFrameState`): `reads`,
/// every row read since the last frame (each displayed row, each GapWorker bind ahead's furthest
/// row) in order, and `pages`, the pages asked for since then.
package final class Paging3Strategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "paging3", aliases: ["paging"],
    summary: "Android Paging 3: sequential pages while the last bound row is < prefetchDistance from the end.",
    origin: "androidx paging PagingConfig.kt, PageFetcherSnapshot.kt, HintHandler.kt",
    parameters: PagingFetcher.parameters,
    platform: .android, role: .pages, partner: "gapworker")

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .willDisplay, .requestDidComplete, .requestDidFail, .frameDidFinish]
  }

  private var fetcher: PagingFetcher
  private var prefetch: GapWorkerPrefetch

  package init(parameters: StrategyParameters) {
    fetcher = PagingFetcher(parameters: parameters)
    prefetch = GapWorkerPrefetch()
  }

  /// Whether Paging asks for the next page: rows loaded after the anchor fewer than the
  /// distance (`nextLoadKeyOrNull`).
  package static func shouldAppend(anchor: Int, loadedRows: Int, prefetchDistance: Int) -> Bool {
    PagingFetcher.shouldAppend(anchor: anchor, loadedRows: loadedRows, prefetchDistance: prefetchDistance)
  }

  package func listDidLoad(_ list: any ListContext) {
    prefetch.start(list)
    fetcher.load(list)
  }

  /// GapWorker's binds ahead are accesses: on a grid the row's, so its furthest item.
  package func frameDidFinish(_ list: any ListContext) {
    guard let ahead = prefetch.ahead(list), GapWorkerPrefetch.fits(list, neededNextFrame: ahead.neededNextFrame),
      let furthest = ahead.items.max()  // a stride's: its last forward, its first backward
    else { return }
    fetcher.access(furthest, list)
  }

  package func willDisplay(_ list: any ListContext, item: Int) { fetcher.access(item, list) }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    fetcher.requestDidComplete(list, kind: kind)
  }

  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    fetcher.requestDidFail(list, kind: kind)
  }

  package func beginFrameReports() { fetcher.beginReports() }
  package func takeFrameState() -> JSONValue? { fetcher.takeReports() }
}
