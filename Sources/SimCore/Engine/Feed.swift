/// The feed's pages: which are loaded, which are asked for, and how many rows exist.
///
/// Page `p` holds items `[p·pageSize, (p+1)·pageSize)`. On an append feed rows exist only once
/// their page and every page before it have landed (a page that overtakes an earlier one waits
/// for it); on a placeholder feed every row exists from the start and pages fill them in any
/// order.
struct Feed {
  /// The bookkeeping of one page.
  struct Page {
    var loaded = false
    var outstanding = 0
    /// At least one of its rows was on screen with its data.
    var shown = false
    /// Bytes-carrying responses that arrived for it.
    var responses = 0
  }

  /// What a page's arrival changed.
  enum Arrival {
    /// It was loaded already (a duplicate's response).
    case nothingNew
    /// Append feed: it was loaded, and rows were appended (`rowsAppended`) or not yet (an
    /// earlier page is still missing).
    case appended(rowsAppended: Bool)
    /// Placeholder feed: these rows now have their data.
    case filled(Range<Int>)
  }

  let kind: FeedKind
  let pageSize: Int
  /// Rows the server has; nil for an endless feed.
  let totalItems: Int?
  /// Pages loaded before the session starts (never counted as requests).
  let initialPages: Int
  // The queries below are inlined: called on the engine's stored `feed`, an outlined call
  // would copy the part (retaining its tables) each time, a tenth of a run's time.

  /// Rows that exist (append: loaded rows; placeholder: all rows).
  private(set) var itemCount: Int
  /// Rows whose data has arrived (append: every row; placeholder: the rows of loaded pages).
  private(set) var rowsWithData: Int
  /// Pages touched during the session; pages before `initialPages` are loaded without an
  /// entry (a placeholder list of millions of rows starts with thousands of pages).
  private(set) var pages = RowTable(defaultValue: Page())
  /// Page requests queued or in flight.
  private(set) var pageRequestsOutstanding = 0
  /// The latest request for each page (to move it up the queue when its rows show).
  private(set) var latestRequest: [Int: Int] = [:]

  init(spec: FeedSpec) {
    kind = spec.kind
    pageSize = spec.pageSize
    totalItems = spec.totalItems
    initialPages = spec.initialItems / spec.pageSize
    switch spec.kind {
    case .append: itemCount = min(spec.initialItems, spec.totalItems ?? Int.max)
    case .placeholder: itemCount = spec.totalItems ?? spec.initialItems
    }
    rowsWithData = min(itemCount, initialPages * pageSize)
  }

  @inline(__always) var hasMoreData: Bool { kind == .append && (totalItems == nil || itemCount < totalItems!) }

  /// The first page after the loaded rows that is not loaded yet.
  @inline(__always) var nextPageIndex: Int {
    var page = itemCount / pageSize
    while isPageLoaded(page) { page += 1 }
    return page
  }

  @inline(__always) var totalPages: Int? { totalItems.map { ($0 + pageSize - 1) / pageSize } }

  @inline(__always) func page(of item: Int) -> Int { item / pageSize }
  @inline(__always) func isPageLoaded(_ page: Int) -> Bool { page < initialPages || pages[page].loaded }
  @inline(__always) func isPageRequested(_ page: Int) -> Bool { pages[page].outstanding > 0 }
  @inline(__always) func hasData(_ item: Int) -> Bool {
    kind == .append ? item < itemCount : isPageLoaded(page(of: item))
  }

  /// Whether `page` is one the server has.
  @inline(__always) func exists(_ page: Int) -> Bool { page >= 0 && (totalPages.map { page < $0 } ?? true) }

  /// A request `id` for `page` went out.
  mutating func requested(_ page: Int, id: Int) {
    pages[page].outstanding += 1
    pageRequestsOutstanding += 1
    latestRequest[page] = id
  }

  /// A request for `page` failed for good.
  mutating func failed(_ page: Int) {
    pages[page].outstanding -= 1
    pageRequestsOutstanding -= 1
  }

  /// A response for `page` arrived.
  mutating func arrived(_ page: Int) -> Arrival {
    pages[page].outstanding -= 1
    pageRequestsOutstanding -= 1
    pages[page].responses += 1
    guard !isPageLoaded(page) else { return .nothingNew }
    pages[page].loaded = true
    switch kind {
    case .append:
      var count = itemCount
      while isPageLoaded(count / pageSize), count < (totalItems ?? Int.max) {
        count = min((count / pageSize + 1) * pageSize, totalItems ?? Int.max)
      }
      guard count > itemCount else { return .appended(rowsAppended: false) }
      itemCount = count
      rowsWithData = count
      return .appended(rowsAppended: true)
    case .placeholder:
      let first = page * pageSize
      let rows = first..<min(first + pageSize, itemCount)
      rowsWithData += rows.count
      return .filled(rows)
    }
  }

  /// One of `page`'s rows was on screen with its data.
  mutating func markShown(_ page: Int) { pages[page].shown = true }

  /// Pages fetched during the session whose rows were never on screen.
  var wastedPageRequests: Int {
    var wasted = 0
    pages.forEachStoredRow { index, page in
      if index >= initialPages && page.responses > 0 && !page.shown { wasted += 1 }
    }
    return wasted
  }
}

extension Feed {
  /// Its part of the metrics (`RunPart`): the pages' totals, at the session's end.
  func report(into metrics: inout RunMetrics) {
    metrics.wastedPageRequests = wastedPageRequests
  }
}
