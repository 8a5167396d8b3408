/// Paging 3's page rule, shared by the strategies whose list reads its rows through Paging:
/// `paging3` (RecyclerView's binds are the reads) and `compose` (Paging Compose's
/// `LazyPagingItems[index]`, read by every item Compose composes).
///
/// Source (androidx/androidx, `paging/paging-common/src/commonMain/kotlin/androidx/paging/`):
/// `PagingConfig.kt` @0ee887e4 (`prefetchDistance` defaults to `pageSize`, `initialLoadSize`
/// to `3 × pageSize`); `PageFetcherSnapshot.kt` @087c334f `nextLoadKeyOrNull` (no load once
/// `presentedItemsBeyondAnchor >= prefetchDistance`; loads in one direction are sequential; a
/// failed load leaves the append in `LoadState.Error` until `retry()`); `HintHandler.kt` (the
/// hint with the fewest rows beyond it wins, so the anchor is the furthest row read).
/// `Paging3Strategy` says what is modelled and simplified.
struct PagingFetcher {
  /// The parameters of Paging's rule, as each strategy using it declares them.
  static let parameters = [
    ParameterInfo("prefetchDistance", .number(0...1_000_000), default: "0", "rows; 0 = pageSize (Paging's default)"),
    ParameterInfo(
      "initialLoadSize", .number(0...1_000_000), default: "0", "rows loaded before the first scroll; 0 = 3 × pageSize"
    ),
    ParameterInfo("retry", .flag, default: "false", "retry a failed page at once (Paging waits for retry())"),
  ]

  private let prefetchDistanceSetting: Int
  private let initialLoadSizeSetting: Int
  private let retryAtOnce: Bool
  /// The furthest row read so far.
  private(set) var anchor = -1
  private var failed = false
  /// Since the last frame, when the run's frames are recorded (`beginReports`): every row read,
  /// and every page asked for, in order.
  private var reads: [Int]?
  private var pagesAsked: [Int]?

  init(parameters: StrategyParameters) {
    prefetchDistanceSetting = Int(parameters.number("prefetchDistance"))
    initialLoadSizeSetting = Int(parameters.number("initialLoadSize"))
    retryAtOnce = parameters.flag("retry")
  }

  /// Whether Paging asks for the next page: rows loaded after the anchor fewer than the
  /// distance (`nextLoadKeyOrNull`).
  static func shouldAppend(anchor: Int, loadedRows: Int, prefetchDistance: Int) -> Bool {
    loadedRows - 1 - anchor < prefetchDistance
  }

  /// A row was read (`PagingDataPresenter.get`): a hint, which loads if it moves the anchor.
  mutating func access(_ item: Int, _ list: any ListContext) {
    reads?.append(item)
    guard item > anchor else { return }
    anchor = item
    load(list)
  }

  /// A request ended: a page that landed may call for the next one.
  mutating func requestDidComplete(_ list: any ListContext, kind: RequestKind) {
    if kind == .page { load(list) }
  }

  /// A page failed: the append waits for `retry()` unless the app retries at once.
  mutating func requestDidFail(_ list: any ListContext, kind: RequestKind) {
    guard kind == .page else { return }
    failed = !retryAtOnce
    load(list)
  }

  /// The rows loaded contiguously from the top (the append direction's end).
  private func loadedRows(_ list: any ListContext) -> Int {
    guard list.feedKind == .placeholder else { return list.itemCount }
    var page = 0
    while page * list.pageSize < list.itemCount && list.isPageLoaded(page) { page += 1 }
    return min(list.itemCount, page * list.pageSize)
  }

  /// Asks for the next page if none is in flight and the initial size or the distance calls
  /// for it.
  mutating func load(_ list: any ListContext) {
    guard !failed, list.pageRequestsOutstanding == 0 else { return }
    let rows = loadedRows(list)
    let distance = prefetchDistanceSetting > 0 ? prefetchDistanceSetting : list.pageSize
    let initial = initialLoadSizeSetting > 0 ? initialLoadSizeSetting : 3 * list.pageSize
    guard rows < initial || Self.shouldAppend(anchor: anchor, loadedRows: rows, prefetchDistance: distance) else {
      return
    }
    switch list.feedKind {
    case .append:
      if list.hasMoreData { ask(list.nextPageIndex, list) }
    case .placeholder:
      let page = rows / list.pageSize
      if page * list.pageSize < list.itemCount && !list.isPageRequested(page) { ask(page, list) }
    }
  }

  private mutating func ask(_ page: Int, _ list: any ListContext) {
    pagesAsked?.append(page)
    list.requestPage(page)
  }

  /// Keeps the reads and pages asked for from now on (`run --frames`).
  mutating func beginReports() {
    reads = []
    pagesAsked = []
  }

  /// The rows read and the pages asked for since the last call, for a frame's state.
  mutating func takeReports() -> JSONValue {
    defer {
      if reads != nil { (reads, pagesAsked) = ([], []) }
    }
    return .object([
      ("reads", .array((reads ?? []).map { .number(Double($0)) })),
      ("pages", .array((pagesAsked ?? []).map { .number(Double($0)) })),
    ])
  }
}
