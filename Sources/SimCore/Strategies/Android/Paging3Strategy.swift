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
public final class Paging3Strategy: PrefetchStrategy {
  public static let info = StrategyInfo(
    name: "paging3", aliases: ["paging"],
    summary: "Android Paging 3: sequential pages while the last bound row is < prefetchDistance from the end.",
    origin: "androidx paging PagingConfig.kt, PageFetcherSnapshot.kt, HintHandler.kt",
    parameters: [
      ParameterInfo("prefetchDistance", .number(0...1_000_000), default: "0", "rows; 0 = pageSize (Paging's default)"),
      ParameterInfo(
        "initialLoadSize", .number(0...1_000_000), default: "0", "rows loaded before the first scroll; 0 = 3 × pageSize"
      ),
      ParameterInfo("retry", .flag, default: "false", "retry a failed page at once (Paging waits for retry())"),
    ],
    platform: .android, role: .pages, partner: "gapworker")

  public static var callbacks: [StrategyCallback] {
    [.listDidLoad, .willDisplay, .requestDidComplete, .requestDidFail, .frameDidFinish]
  }

  private let prefetchDistanceSetting: Int
  private let initialLoadSizeSetting: Int
  private let retryAtOnce: Bool
  private var prefetch: GapWorkerPrefetch
  /// The furthest row bound so far.
  private var anchor = -1
  private var failed = false

  public init(parameters: StrategyParameters) {
    prefetchDistanceSetting = Int(parameters.number("prefetchDistance"))
    initialLoadSizeSetting = Int(parameters.number("initialLoadSize"))
    retryAtOnce = parameters.flag("retry")
    prefetch = GapWorkerPrefetch()
  }

  /// Whether Paging asks for the next page: rows loaded after the anchor fewer than the
  /// distance (`nextLoadKeyOrNull`).
  public static func shouldAppend(anchor: Int, loadedRows: Int, prefetchDistance: Int) -> Bool {
    loadedRows - 1 - anchor < prefetchDistance
  }

  public func listDidLoad(_ list: any ListContext) {
    prefetch.start(list)
    load(list)
  }

  /// GapWorker's binds ahead are accesses: on a grid the row's, so its furthest item.
  public func frameDidFinish(_ list: any ListContext) {
    guard let ahead = prefetch.ahead(list), GapWorkerPrefetch.fits(list, neededNextFrame: ahead.neededNextFrame),
      let furthest = ahead.items.max()  // a stride's: its last forward, its first backward
    else { return }
    access(furthest, list)
  }

  public func willDisplay(_ list: any ListContext, item: Int) { access(item, list) }

  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { load(list) }
  }

  public func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .page else { return }
    failed = !retryAtOnce
    load(list)
  }

  private func access(_ item: Int, _ list: any ListContext) {
    guard item > anchor else { return }
    anchor = item
    load(list)
  }

  /// The rows loaded contiguously from the top (the append direction's end).
  private func loadedRows(_ list: any ListContext) -> Int {
    guard list.feedKind == .placeholder else { return list.itemCount }
    var page = 0
    while page * list.pageSize < list.itemCount && list.isPageLoaded(page) { page += 1 }
    return min(list.itemCount, page * list.pageSize)
  }

  private func load(_ list: any ListContext) {
    guard !failed, list.pageRequestsOutstanding == 0 else { return }
    let rows = loadedRows(list)
    let distance = prefetchDistanceSetting > 0 ? prefetchDistanceSetting : list.pageSize
    let initial = initialLoadSizeSetting > 0 ? initialLoadSizeSetting : 3 * list.pageSize
    guard rows < initial || Self.shouldAppend(anchor: anchor, loadedRows: rows, prefetchDistance: distance) else {
      return
    }
    switch list.feedKind {
    case .append:
      if list.hasMoreData { list.requestPage(list.nextPageIndex) }
    case .placeholder:
      let page = rows / list.pageSize
      if page * list.pageSize < list.itemCount && !list.isPageRequested(page) { list.requestPage(page) }
    }
  }
}
