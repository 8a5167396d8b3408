@testable import SimCore

/// A list a test sets by hand (offset, rows, loaded pages, phase), so that a strategy's trigger
/// can be checked against numbers worked out from its source, one callback at a time. It
/// records what the strategy asks for.
final class FakeList: ListContext {
  var time = 0.0
  var viewportHeight: Double
  var density = 3.0
  var contentOffset = 0.0
  var isTracking = false
  var isDragging = false
  var isDecelerating = false
  var targetContentOffset: Double?
  var frameInterval = 1.0 / 60
  var frameTimeRemaining = 1.0 / 60
  var averageBindTime = 0.0
  var networkLatency = 0.165
  var seed: UInt64 = 0
  var feedKind = FeedKind.append
  var pageSize: Int
  var itemCount: Int
  var hasMoreData = true
  var pageRequestsOutstanding = 0
  let layout: ListLayout

  /// Pages asked for, in order; content asked for, cancelled, cleared.
  var pagesRequested: [Int] = []
  var contentRequested: [Int] = []
  var contentCancelled: [Int] = []
  var contentCleared: [Int] = []
  var rendersPrepared: [Int] = []
  var loadedPages: Set<Int> = []
  var content: Set<Int> = []
  var inFlight: Set<Int> = []
  /// Rows whose image the memory cache holds; `loadFromCache` takes it, noted in order.
  var cached: Set<Int> = []
  var loadedFromCache: [Int] = []

  /// `list`: a layout of its own (a grid: its rows of `rowItems`); one column without.
  /// `heightOf`: each row's height, where rows differ (`rowHeight` otherwise).
  init(
    rowHeight: Double = 100, viewportHeight: Double = 800, pageSize: Int = 20, itemCount: Int = 20,
    list: ListSpec? = nil, heightOf: ((Int) -> Double)? = nil
  ) {
    self.viewportHeight = viewportHeight
    self.pageSize = pageSize
    self.itemCount = itemCount
    layout = ListLayout(columns: list?.columns ?? 1, heightOf: heightOf ?? { _ in rowHeight }, spec: list)
    loadedPages = Set(0..<((itemCount + pageSize - 1) / pageSize))
  }

  var contentLength: Double { layout.contentLength(itemCount: itemCount) }
  var rowItems: Int { layout.rowItems }
  var nextPageIndex: Int { (itemCount + pageSize - 1) / pageSize }
  var visibleItems: [Int] { items(from: contentOffset, to: contentOffset + viewportHeight) }
  func items(from lower: Double, to upper: Double) -> [Int] {
    layout.items(from: lower, to: upper, itemCount: itemCount)
  }
  func items(in band: inout ListBand, from lower: Double, to upper: Double) -> [Int] {
    band.update(from: lower, to: upper, layout: layout, count: itemCount)
  }
  func frame(of item: Int) -> ListLayout.Frame { layout.frame(of: item) }
  func page(of item: Int) -> Int { item / pageSize }
  func isPageLoaded(_ page: Int) -> Bool { loadedPages.contains(page) }
  func isPageRequested(_ page: Int) -> Bool { pagesRequested.contains(page) && !loadedPages.contains(page) }
  func hasData(_ item: Int) -> Bool { loadedPages.contains(page(of: item)) }
  func hasContent(_ item: Int) -> Bool { content.contains(item) }
  func isCached(_ item: Int) -> Bool { cached.contains(item) }
  func isContentRequested(_ item: Int) -> Bool { inFlight.contains(item) }
  func isRendered(_ item: Int) -> Bool { false }

  func requestPage(_ page: Int) {
    pagesRequested.append(page)
    pageRequestsOutstanding += 1
  }
  func requestContent(_ item: Int) {
    contentRequested.append(item)
    inFlight.insert(item)
  }
  func loadFromCache(_ item: Int) -> Bool {
    guard cached.contains(item) else { return false }
    loadedFromCache.append(item)
    content.insert(item)
    return true
  }
  func cancelContent(_ item: Int) {
    if inFlight.remove(item) != nil { contentCancelled.append(item) }
  }
  func clearContent(_ item: Int) {
    if content.remove(item) != nil { contentCleared.append(item) }
  }
  func prepareRender(_ item: Int) { rendersPrepared.append(item) }
  func discardRender(_ item: Int) {}
  /// Wake-ups asked for, as absolute times, due ones first.
  var wakeUps: [Double] = []
  func wakeUp(after seconds: Double) {
    wakeUps.append(time + seconds)
    wakeUps.sort()
  }

  /// Moves the clock to `time`, firing the wake-ups due by then in order.
  func advance(to time: Double, strategy: any ListCallbacks) {
    while let due = wakeUps.first, due <= time + 1e-12 {
      wakeUps.removeFirst()
      self.time = max(self.time, due)
      strategy.timerDidFire(self)
    }
    self.time = max(self.time, time)
  }

  /// A page request returns: its rows are appended (append feed) and the strategy is told.
  func completePage(_ page: Int, strategy: any ListCallbacks) {
    pageRequestsOutstanding -= 1
    loadedPages.insert(page)
    if feedKind == .append { itemCount = max(itemCount, (page + 1) * pageSize) }
    strategy.requestDidComplete(self, kind: .page, index: page)
  }

  /// A content request returns.
  func completeContent(_ item: Int, strategy: any ListCallbacks) {
    inFlight.remove(item)
    content.insert(item)
    strategy.requestDidComplete(self, kind: .content, index: item)
  }

  /// Scrolls to `offset` and makes the `didScroll` callback, as a drawn frame does.
  func scroll(to offset: Double, strategy: any ListCallbacks, dt: Double? = nil) {
    time += dt ?? frameInterval
    contentOffset = offset
    strategy.didScroll(self)
  }
}

extension StrategyChoice {
  /// A fresh instance of a built-in by name, for trigger tests.
  static func make(_ name: String, _ parameters: [String] = []) throws -> any ListCallbacks {
    try StrategyChoice(name: name, parameters: parameters).make()
  }
}
